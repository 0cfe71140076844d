import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/databases';
import { signedInStaff } from '../../testing/staff';
import { PORTAL_WRITE_HEADERS, startTestApp, type TestApp } from '../../testing/test-app';

const SVG_OPEN = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">';

/** An upload of the admin app's branding form, as multipart. */
function multipart(kind: string, fileName: string, data: string) {
  const boundary = '----svg-upload-boundary';
  return {
    boundary,
    body: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`,
      ),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: image/svg+xml\r\n\r\n`,
      ),
      Buffer.from(data),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

describe.each(testDatabases())('SVG uploads with CSS escapes on $name', (testDatabase) => {
  let test: TestApp;
  let cdnDir: string;
  let editor: string;

  beforeAll(async () => {
    cdnDir = mkdtempSync(join(tmpdir(), 'portal-svg-upload-'));
    test = await startTestApp(testDatabase, { cdnDir });
    editor = await signedInStaff(test, {
      email: 'svg.editor@harbor.test',
      host: 'localhost',
      role: 'editor',
    });
  }, 120_000);
  afterAll(async () => {
    await test?.close();
    rmSync(cdnDir, { recursive: true, force: true });
  });

  const upload = (svg: string) => {
    const { boundary, body } = multipart('logoIcon', 'icon.svg', svg);
    return test.app.inject({
      method: 'POST',
      url: '/admin-api/institutions/harbor/assets',
      headers: {
        ...PORTAL_WRITE_HEADERS,
        cookie: editor,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: body,
    });
  };

  it.each([
    ['@\\69mport', `${SVG_OPEN}<style>@\\69mport "https://evil.example/x.css";</style></svg>`],
    ['u\\72l(', `${SVG_OPEN}<style>rect{fill:u\\72l(https://evil.example/p)}</style></svg>`],
    [
      'an escaped url( in a style attribute',
      `${SVG_OPEN}<rect style="fill:\\75 rl(//evil.example/p)"/></svg>`,
    ],
  ])('refuses a logo whose style hides %s, and stores nothing', async (_name, svg) => {
    const answer = await upload(svg);
    expect(answer.statusCode).toBe(422);
    expect(answer.body).toContain('its styles load external content or scripts');
  });

  it('still takes a logo whose styles reference only its own parts, and serves it loading nothing', async () => {
    const answer = await upload(
      `${SVG_OPEN}<defs><linearGradient id="g"/></defs><style>rect{fill:u\\72l(#g)}</style><rect width="10" height="10"/></svg>`,
    );
    expect(answer.statusCode).toBe(200);
    const served = await test.app.inject({ url: answer.json().path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
  });
});
