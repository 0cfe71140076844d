import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/databases';
import { signedInStaff } from '../../testing/staff';
import { PORTAL_WRITE_HEADERS, startTestApp, type TestApp } from '../../testing/test-app';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '../../..');

describe.each(testDatabases())('preview tokens for the exact admin origin on $name', (database) => {
  let test: TestApp;
  let editor: string;

  beforeAll(async () => {
    test = await startTestApp(database);
    editor = await signedInStaff(test, {
      email: 'origin.editor@harbor.test',
      host: 'localhost',
      role: 'editor',
    });
  }, 120_000);
  afterAll(async () => {
    await test?.close();
  });

  /** A preview-token request that reached the server at `host` over `protocol`. */
  const askToken = (adminOrigin: string, host = 'localhost:3000', protocol = 'http') =>
    test.app.inject({
      method: 'POST',
      url: '/admin-api/institutions/harbor/preview-token',
      headers: {
        ...PORTAL_WRITE_HEADERS,
        cookie: editor,
        host,
        'content-type': 'application/json',
        // What a proxy in front says (TRUST_PROXY is not set here, so it is ignored).
        'x-forwarded-proto': protocol,
      },
      payload: JSON.stringify({ adminOrigin }),
    });

  it('gives a token to the admin app at the address the request came to', async () => {
    const answer = await askToken('http://localhost:3000');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().portalUrl).toMatch(/^http:\/\/localhost:3000\/\?previewToken=/);
  });

  it.each([
    ['another port on the same host', 'http://localhost:9999'],
    ['the other scheme on the same host', 'https://localhost:3000'],
    ['the default port when the server listens on another', 'http://localhost'],
    ['another host', 'http://summit.localhost:3000'],
  ])('refuses %s', async (_name, origin) => {
    const answer = await askToken(origin);
    expect(answer.statusCode).toBe(403);
    expect(answer.body).not.toContain('previewToken');
  });

  it('refuses an Origin header on another port when the app claims none', async () => {
    const answer = await test.app.inject({
      method: 'POST',
      url: '/admin-api/institutions/harbor/preview-token',
      headers: {
        ...PORTAL_WRITE_HEADERS,
        cookie: editor,
        host: 'localhost:3000',
        origin: 'http://localhost:9999',
        'content-type': 'application/json',
      },
      payload: '{}',
    });
    expect(answer.statusCode).toBe(403);
  });
});

describe('the server refuses to start when TRUST_PROXY trusts everyone', () => {
  it.each(['0.0.0.0/0', '::/0'])(
    'exits with TRUST_PROXY=%s, naming it',
    (value) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'portal-trust-proxy-'));
      try {
        const run = spawnSync(
          join(serverDir, '../node_modules/.bin/tsx'),
          [join(serverDir, 'src/main.ts')],
          {
            env: { ...process.env, TRUST_PROXY: value, DATA_DIR: dataDir, PORT: '0' },
            encoding: 'utf8',
            timeout: 60_000,
          },
        );
        expect(run.status).toBe(1);
        expect(run.stderr).toContain('TRUST_PROXY');
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    70_000,
  );
});
