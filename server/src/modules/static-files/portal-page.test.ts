import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/databases';
import { publishSettingsChange } from '../../testing/settings';
import { signIn, startTestApp, type TestApp } from '../../testing/test-app';
import { BOOT_SCRIPT, PORTAL_PAGE_POLICY, scriptJson } from './portal-page';

// The portal's real builds (`npm run build`, the first stage of `npm test`): the browser's and the
// server's render of the same code.
const PORTAL_DIST = resolve(
  fileURLToPath(new URL('.', import.meta.url)),
  '../../../../portal/dist',
);
const SERVER_ENTRY = resolve(PORTAL_DIST, '../dist-ssr/entry-server.js');
if (!existsSync(SERVER_ENTRY)) {
  throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` before this file`);
}

/** The JSON the page hands to the browser's query cache. */
function servedState(html: string): { queries: { queryHash: string; state: { data: unknown } }[] } {
  const match = /<script id="portal-state" type="application\/json">([^<]*)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('The page has no served state');
  return JSON.parse(match[1]) as { queries: { queryHash: string; state: { data: unknown } }[] };
}

describe('scriptJson', () => {
  it('keeps a text from closing the script element or opening a comment', () => {
    const json = scriptJson({ text: '</script><!-- & \u2028 \u2029' });
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual({ text: '</script><!-- & \u2028 \u2029' });
  });
});

describe.each(testDatabases())('the server-rendered portal page on $name', (testDatabase) => {
  let test: TestApp;
  const logLines: string[] = [];

  beforeAll(async () => {
    test = await startTestApp(testDatabase, {
      portalDist: PORTAL_DIST,
      // inject's own address: the proxy whose forwarded host a test names.
      trustProxy: '127.0.0.1',
      logger: { level: 'debug', stream: { write: (line) => void logLines.push(line) } },
    });
  });
  afterAll(async () => {
    await test?.close();
  });

  const page = (cookie?: string, host = 'localhost') =>
    test.app.inject({ url: '/', headers: { host, ...(cookie ? { cookie } : {}) } });

  it('paints the sign-in form for a visitor, in the institution’s words and theme', async () => {
    const answer = await page();
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.body).toContain('data-ssr-path="/home/login"');
    expect(answer.body).toMatch(/<label[^>]*>Username<\/label>/);
    expect(answer.body).toMatch(/<input[^>]*name="password"/);
    expect(answer.body).toContain('<title>Payments - Login</title>');
    // Harbor's brand colour in the page's own styles (no flash of an unbranded page).
    expect(answer.body).toMatch(/<style data-emotion="css[^"]*"[^>]*>[^<]*#0b3d91/i);
    // A visitor's page holds no session: no profile among the served queries.
    const hashes = servedState(answer.body).queries.map((query) => query.queryHash);
    expect(hashes).toContain('["setup","applicationOptions"]');
    expect(hashes).not.toContain('["profile","detail"]');
  });

  it('paints the signed-in borrower’s dashboard with the data the browser then reads from it', async () => {
    const jordan = await signIn(test.app, { username: 'jordan.rivers' });
    const answer = await page(jordan.cookie);
    expect(answer.body).toContain('data-ssr-path="/myaccount/dashboard"');
    expect(answer.body).toContain('Welcome, Jordan Rivers');
    const hashes = servedState(answer.body).queries.map((query) => query.queryHash);
    expect(hashes).toEqual(expect.arrayContaining(['["profile","detail"]', '["accounts","list"]']));
    // Every account of the list is on the page (masked as the dashboard shows it).
    const list = servedState(answer.body).queries.find(
      (query) => query.queryHash === '["accounts","list"]',
    )?.state.data as { Accounts: { Number: string; Status: string; Type: number }[] };
    // Open loans and lines of credit (deposits have their own page; closed ones are folded away).
    const open = list.Accounts.filter(
      (account) => account.Status !== 'Closed' && (account.Type === 0 || account.Type === 9),
    );
    expect(open.length).toBeGreaterThan(0);
    for (const account of open) {
      expect(answer.body).toContain(`****${account.Number.replaceAll('-', '').slice(-4)}`);
    }
  });

  it('is never kept by a browser or a shared cache, and allows only its own boot script', async () => {
    const jordan = await signIn(test.app, { username: 'jordan.rivers' });
    for (const answer of [await page(), await page(jordan.cookie)]) {
      expect(answer.headers['cache-control']).toBe('private, no-store');
      expect(answer.headers.vary).toBe('Cookie');
      expect(answer.headers['content-security-policy']).toBe(PORTAL_PAGE_POLICY);
      const hash = createHash('sha256').update(BOOT_SCRIPT).digest('base64');
      expect(PORTAL_PAGE_POLICY).toContain(`'sha256-${hash}'`);
      const scripts = PORTAL_PAGE_POLICY.split(';').find((part) => part.includes('script-src'));
      expect(scripts).not.toContain('unsafe-inline');
      // The only inline script is the boot script; the served state is data, not code.
      const inline = [...answer.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map(
        (match) => match[1] ?? '',
      );
      expect(inline.filter((attributes) => !attributes.includes('application/json'))).toHaveLength(
        1,
      );
      expect(answer.body).toContain(`<script>${BOOT_SCRIPT}</script>`);
    }
  });

  it('starts the app only after the first paint: its code waits in a template, the logo leads', async () => {
    const manifest = JSON.parse(
      readFileSync(resolve(PORTAL_DIST, '.vite/manifest.json'), 'utf8'),
    ) as Record<string, { file: string }>;
    const entry = manifest['index.html']?.file ?? 'missing entry';
    const { body } = await page();
    const head = body.slice(0, body.indexOf('</head>'));
    // No script that runs as the page is parsed: the boot script imports the entry later.
    expect(body).not.toMatch(/<script type="module"/);
    const template = /<template id="portal-code">([\s\S]*?)<\/template>/.exec(head)?.[1] ?? '';
    expect(template).toContain(
      `<link rel="modulepreload" crossorigin href="./${entry}" data-app-entry>`,
    );
    // Every preload of the page is in the template (none downloads before the first paint),
    // each file once.
    const outside = head.replace(/<template id="portal-code">[\s\S]*?<\/template>/, '');
    expect(outside).not.toContain('<link rel="modulepreload"');
    const files = [...template.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
    expect(files.length).toBeGreaterThan(5);
    expect(new Set(files).size).toBe(files.length);
    // The institution's logo (the page's largest paint) is asked for first, in the head.
    const logo = head.indexOf('<link rel="preload" as="image"');
    expect(logo).toBeGreaterThan(-1);
    expect(logo).toBeLessThan(head.indexOf('<script>'));
    expect(body.slice(body.indexOf('<div id="root">'))).not.toContain('rel="preload"');
  });

  it('preloads the code of the screen it rendered with the page', async () => {
    const manifest = JSON.parse(
      readFileSync(resolve(PORTAL_DIST, '.vite/manifest.json'), 'utf8'),
    ) as Record<string, { file: string }>;
    const file = (key: string) => manifest[key]?.file ?? `missing ${key}`;
    const visitor = await page();
    expect(visitor.body).toContain(
      `<link rel="modulepreload" href="./${file('src/features/auth/components/login-page.tsx')}">`,
    );
    const jordan = await signIn(test.app, { username: 'jordan.rivers' });
    const dashboard = await page(jordan.cookie);
    for (const key of [
      'src/app/layouts/logged-in-layout.tsx',
      'src/features/accounts/components/dashboard-page.tsx',
    ]) {
      expect(dashboard.body).toContain(`<link rel="modulepreload" href="./${file(key)}">`);
    }
    expect(dashboard.body).not.toContain(file('src/features/auth/components/login-page.tsx'));
  });

  it('keeps a signed-in page’s other screens’ code for the boot script, by route, inert', async () => {
    const manifest = JSON.parse(
      readFileSync(resolve(PORTAL_DIST, '.vite/manifest.json'), 'utf8'),
    ) as Record<string, { file: string }>;
    const file = (key: string) => manifest[key]?.file ?? `missing ${key}`;
    const jordan = await signIn(test.app, { username: 'jordan.rivers' });
    const { body } = await page(jordan.cookie);
    const head = body.slice(0, body.indexOf('</head>') + '</head>'.length);
    const loan = /<template data-route-code="\/myaccount\/loanDetails">([\s\S]*?)<\/template>/.exec(
      head,
    )?.[1];
    expect(loan).toContain(
      `<link rel="modulepreload" href="./${file('src/features/loan-details/components/loan-details-page.tsx')}">`,
    );
    const payment = /<template data-route-code="\/myaccount\/payment">([\s\S]*?)<\/template>/.exec(
      head,
    )?.[1];
    expect(payment).toContain(file('src/features/payments/components/make-payment-page.tsx'));
    // Nothing the boot script does not put in downloads: every preload is in a template.
    const outside = head.replace(/<template[^>]*>[\s\S]*?<\/template>/g, '');
    expect(outside).not.toContain('<link rel="modulepreload"');
    // A visitor's page names no signed-in screen's code.
    expect((await page()).body).not.toContain('<template data-route-code');
  });

  it('renders the dashboard once: a read the page needs suspends its part, not the whole page', async () => {
    const jordan = await signIn(test.app, { username: 'jordan.rivers' });
    logLines.length = 0;
    const answer = await page(jordan.cookie);
    // The account list, then each loan's payment information: read as the render meets them.
    const hashes = servedState(answer.body).queries.map((query) => query.queryHash);
    expect(hashes).toEqual(
      expect.arrayContaining(['["accounts","list"]', '["payments","info","001-100234-1"]']),
    );
    const renders = logLines
      .map((line) => JSON.parse(line) as { msg?: string; path?: string; passes?: number })
      .filter((line) => line.passes !== undefined);
    expect(renders).toEqual([
      expect.objectContaining({
        path: '/myaccount/dashboard',
        passes: 1,
        msg: 'The portal page was rendered',
      }),
    ]);
  });

  it('reports a read that failed while rendering, and serves the page without it at once', async () => {
    const jordan = await signIn(test.app, { username: 'jordan.rivers' });
    // The application list's table out of reach: its read answers 500.
    await sql`alter table core_applications rename to core_applications_away`.execute(
      test.database.db,
    );
    logLines.length = 0;
    let answer;
    try {
      answer = await page(jordan.cookie);
    } finally {
      await sql`alter table core_applications_away rename to core_applications`.execute(
        test.database.db,
      );
    }
    expect(answer.body).toContain('data-ssr-path="/myaccount/dashboard"');
    const hashes = servedState(answer.body).queries.map((query) => query.queryHash);
    expect(hashes).toContain('["accounts","list"]');
    expect(hashes).not.toContain('["applications","list"]');
    const failed = logLines
      .map((line) => JSON.parse(line) as { msg?: string; queryKey?: unknown; status?: number })
      .filter((line) => line.msg?.startsWith('A read of the portal page failed'));
    // Once, not retried by the server (the browser reads it again).
    expect(failed).toEqual([
      expect.objectContaining({ queryKey: ['applications', 'list'], status: 500 }),
    ]);
  });

  it('holds no other borrower’s data', async () => {
    const jordan = await signIn(test.app, { username: 'jordan.rivers' });
    const casey = await signIn(test.app, { username: 'casey.morgan' });
    const jordanPage = await page(jordan.cookie);
    const caseyPage = await page(casey.cookie);
    const accounts = (html: string) =>
      (
        servedState(html).queries.find((query) => query.queryHash === '["accounts","list"]')?.state
          .data as { Accounts: { Number: string }[] }
      ).Accounts.map((account) => account.Number);
    const jordans = accounts(jordanPage.body);
    const caseys = accounts(caseyPage.body);
    expect(caseys.length).toBeGreaterThan(0);
    expect(caseyPage.body).not.toContain('Jordan Rivers');
    for (const number of jordans) {
      if (!caseys.includes(number)) expect(caseyPage.body).not.toContain(number);
    }
    expect(jordanPage.body).not.toContain('Casey Morgan');
    // A visitor after them: the sign-in page, nobody's data.
    const visitor = await page();
    expect(visitor.body).not.toContain('Jordan Rivers');
    expect(visitor.body).not.toContain('Casey Morgan');
    for (const number of [...jordans, ...caseys]) expect(visitor.body).not.toContain(number);
  });

  it('answers a session that has ended with the sign-in page', async () => {
    const jordan = await signIn(test.app, { username: 'jordan.rivers' });
    const logout = await test.app.inject({
      method: 'POST',
      url: '/api/Login/Logout',
      headers: { cookie: jordan.cookie, 'x-requested-with': 'portal' },
      payload: {},
    });
    expect(logout.statusCode).toBeLessThan(500);
    const answer = await page(jordan.cookie);
    expect(answer.body).toContain('data-ssr-path="/home/login"');
    expect(answer.body).not.toContain('Jordan Rivers');
  });

  it('shows a published change of the settings on the very next page', async () => {
    const before = await page();
    expect(before.body).not.toContain('Welcome aboard, visitor');
    const restore = await publishSettingsChange(test.app, 'localhost', {
      english: { loginTexts: { topHeadingText: 'Welcome aboard, visitor' } },
    });
    try {
      const after = await page();
      expect(after.body).toContain('Welcome aboard, visitor');
    } finally {
      await restore();
    }
  });

  it('behind a trusted proxy, renders the forwarded host’s institution: its settings and its reads alike', async () => {
    const jordan = await signIn(test.app, { username: 'jordan.rivers', host: 'summit.localhost' });
    const answer = await test.app.inject({
      url: '/',
      headers: {
        host: 'portal.internal:3000',
        'x-forwarded-host': 'summit.localhost',
        cookie: jordan.cookie,
      },
    });
    expect(answer.body).toContain('data-ssr-path="/myaccount/dashboard"');
    expect(answer.body).toContain('/cdn/summit/');
    expect(answer.body).not.toContain('/cdn/harbor/');
    const hashes = servedState(answer.body).queries.map((query) => query.queryHash);
    expect(hashes).toEqual(expect.arrayContaining(['["profile","detail"]', '["accounts","list"]']));
  });

  it('paints each institution in its own brand', async () => {
    const summit = await page(undefined, 'summit.localhost');
    expect(summit.body).toContain('/cdn/summit/');
    expect(summit.body).not.toContain('/cdn/harbor/');
  });

  it('leaves the admin’s preview to the browser (it follows a draft)', async () => {
    const answer = await test.app.inject({
      url: '/?previewToken=abc',
      headers: { host: 'localhost' },
    });
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.body).not.toContain('portal-state');
  });
});
