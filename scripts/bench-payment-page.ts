// The JavaScript a borrower's browser receives for the payment route beyond what the sign-in
// route loaded (issue 10's target: at most 60 KB brotli), measured in Chromium as
// bench-sign-in-page.ts measures the sign-in page: bytes on the wire from CDP (encodedDataLength,
// so compressed, as sent; cold cache). Starts the built server (`npm run build`) on a throwaway
// PGlite data directory and prints one JSON line. A benchmark, not a test.
//
//   npx tsx scripts/bench-payment-page.ts      (BENCH_PAYMENT_PAGE_PORT, default 3106; CHROME_PATH)
//
// The measure: the sign-in page opened from a cold cache (the files it loads are "the sign-in
// route"); then, in a fresh browser with a demo borrower's session cookie (a sign-in through the
// API, as the form makes it), #/myaccount/payment/<loan> opened from a cold cache until its main
// landmark shows and the network is idle. The payment route's JavaScript beyond the sign-in route
// is what the second load received in files the first did not load (the signed-in shell
// included: the payment page needs it). Decision: a fresh load rather than following the sign-in
// form, which always goes to the dashboard first and would count the dashboard's files as the
// payment route's or hide the shared ones. The dashboard is measured the same way, for reference.
//
// Brotli: Chromium asks for it ('Accept-Encoding: gzip, deflate, br'); the built server sends the
// build's precompressed .br files. The encoding each file came with is reported.
import { chromium, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const PORT = Number(process.env.BENCH_PAYMENT_PAGE_PORT ?? 3106);
const ORIGIN = `http://localhost:${PORT}`;
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** Jordan Rivers's home equity loan (Harbor's demo data): current, paid by card or bank. */
const LOAN = '001-100235-2';

function startServer(dataDir: string): ChildProcess {
  return spawn(process.execPath, [join(root, 'server/dist/main.js')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
  });
}

async function waitReady(child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error('server exited during start');
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('server did not become ready');
}

async function sessionCookie(): Promise<{ name: string; value: string }> {
  const answer = await fetch(`http://127.0.0.1:${PORT}/api/login/userlogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'portal' },
    body: JSON.stringify({ username: 'jordan.rivers', password: 'Demo-Pass-2024' }),
  });
  const match = /(portal_session)=([^;]+)/.exec(answer.headers.get('set-cookie') ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`bench sign-in failed: ${answer.status}`);
  return { name: match[1], value: match[2] };
}

interface ScriptBytes {
  bytes: number;
  decoded: number;
  files: string[];
  encodings: Set<string>;
}

/** Counts the JavaScript responses from now on, until `stop()`. */
async function watchScripts(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const scripts = new Map<string, { url: string; encoding: string }>();
  const fresh = () => ({
    bytes: 0,
    decoded: 0,
    files: [] as string[],
    encodings: new Set<string>(),
    sizes: new Map<string, number>(),
  });
  let current = fresh();
  const decodedById = new Map<string, number>();
  cdp.on('Network.responseReceived', (event) => {
    const isScript = event.type === 'Script' || /javascript/.test(event.response.mimeType ?? '');
    if (!isScript) return;
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), value]),
    );
    scripts.set(event.requestId, {
      url: event.response.url,
      encoding: String(headers['content-encoding'] ?? 'identity'),
    });
  });
  cdp.on('Network.dataReceived', (event) => {
    decodedById.set(event.requestId, (decodedById.get(event.requestId) ?? 0) + event.dataLength);
  });
  cdp.on('Network.loadingFinished', (event) => {
    const script = scripts.get(event.requestId);
    if (!script) return;
    const file = new URL(script.url).pathname.split('/').pop() ?? script.url;
    current.bytes += event.encodedDataLength;
    current.decoded += decodedById.get(event.requestId) ?? 0;
    current.files.push(file);
    current.sizes.set(file, event.encodedDataLength);
    current.encodings.add(script.encoding);
  });
  return {
    /** What arrived since the last call, and a fresh count from now. */
    take() {
      const taken = current;
      current = fresh();
      return taken;
    },
  };
}

/** The JavaScript Chromium receives opening `path` from a cold cache (signed in or not). */
async function scriptsOf(
  path: string,
  ready: (page: Page) => Promise<void>,
  cookie?: { name: string; value: string },
): Promise<ScriptBytes & { sizes: Map<string, number> }> {
  const browser = await chromium.launch({
    executablePath: CHROME,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const context = await browser.newContext();
    if (cookie) await context.addCookies([{ ...cookie, url: ORIGIN }]);
    const page = await context.newPage();
    const scripts = await watchScripts(page);
    await page.goto(`${ORIGIN}/#${path}`, { waitUntil: 'networkidle' });
    await ready(page);
    await page.waitForLoadState('networkidle');
    // Requests started by the page's last render finish before counting.
    await page.waitForTimeout(500);
    if (!page.url().includes(path)) throw new Error(`the page went to ${page.url()}`);
    return scripts.take();
  } finally {
    await browser.close();
  }
}

/**
 * The journey a signed-in borrower makes: the dashboard first (where signing in lands), then its
 * Make Payment link; what the browser receives for that click until the payment page is ready.
 */
async function paymentAfterDashboard(cookie: {
  name: string;
  value: string;
}): Promise<ScriptBytes & { sizes: Map<string, number> }> {
  const browser = await chromium.launch({
    executablePath: CHROME,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const context = await browser.newContext();
    await context.addCookies([{ ...cookie, url: ORIGIN }]);
    const page = await context.newPage();
    const scripts = await watchScripts(page);
    await page.goto(`${ORIGIN}/#/myaccount/dashboard`, { waitUntil: 'networkidle' });
    await page.getByRole('main').first().waitFor();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    scripts.take();
    await page.getByRole('main').getByRole('link', { name: 'Make Payment' }).first().click();
    await page.waitForURL(/myaccount\/payment/);
    await page.getByRole('main').first().waitFor();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    return scripts.take();
  } finally {
    await browser.close();
  }
}

/** What `route` loads that `before` did not (by file), as received. */
function beyond(route: ScriptBytes & { sizes: Map<string, number> }, before: ScriptBytes) {
  const loaded = new Set(before.files);
  const files = route.files.filter((file) => !loaded.has(file));
  return {
    bytes: files.reduce((total, file) => total + (route.sizes.get(file) ?? 0), 0),
    files,
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-payment-page-'));
const server = startServer(dataDir);
try {
  await waitReady(server);
  const signIn = await scriptsOf('/home/login', async (page) => {
    await page
      .getByRole('button', { name: /sign in|log in/i })
      .first()
      .waitFor();
  });
  // Ready: the page's main landmark is there and the network has gone quiet (its data and any
  // chunk its first render asked for have arrived).
  const mainShown = async (page: Page) => {
    await page.getByRole('main').first().waitFor();
  };
  const payment = await scriptsOf(`/myaccount/payment/${LOAN}`, mainShown, await sessionCookie());
  const dashboard = await scriptsOf('/myaccount/dashboard', mainShown, await sessionCookie());
  const profile = await scriptsOf('/myaccount/profile', mainShown, await sessionCookie());
  const profileBeyond = beyond(profile, signIn);
  const paymentBeyond = beyond(payment, signIn);
  const dashboardBeyond = beyond(dashboard, signIn);
  const afterDashboard = await paymentAfterDashboard(await sessionCookie());
  console.log(
    JSON.stringify({
      paymentJsBytes: paymentBeyond.bytes,
      paymentJsFiles: paymentBeyond.files.length,
      paymentJsNames: paymentBeyond.files,
      paymentJsEncoding: [...payment.encodings].join(', ') || 'none',
      paymentRouteJsBytes: payment.bytes,
      paymentRouteJsDecoded: payment.decoded,
      signInJsBytes: signIn.bytes,
      signInJsFiles: signIn.files.length,
      signInJsNames: signIn.files,
      dashboardJsBytes: dashboardBeyond.bytes,
      profileJsBytes: profileBeyond.bytes,
      profileJsFiles: profileBeyond.files.length,
      profileJsEncoding: [...profile.encodings].join(', ') || 'none',
      profileJsSizes: Object.fromEntries(
        profileBeyond.files.map((file) => [file, profile.sizes.get(file) ?? 0]),
      ),
      paymentJsSizes: Object.fromEntries(
        paymentBeyond.files.map((file) => [file, payment.sizes.get(file) ?? 0]),
      ),
      afterDashboardJsBytes: afterDashboard.bytes,
      afterDashboardJsFiles: afterDashboard.files.length,
    }),
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
