// What a borrower's browser receives for the sign-in page, measured in Chromium: the bytes on
// the wire (CDP's encodedDataLength, so compressed sizes and headers as sent, cold cache) and
// Lighthouse's mobile performance score (median of RUNS), and the same score for the dashboard
// of a signed-in borrower (the session cookie sent with every request). Starts the built server (`npm run
// build`) on a throwaway PGlite data directory and prints one JSON line. A benchmark, not a test.
//
//   npx tsx scripts/bench-sign-in-page.ts      (BENCH_PAGE_PORT, default 3105; CHROME_PATH)
//   npx tsx scripts/bench-sign-in-page.ts --pages=document-center,locations,public-locations
//     other pages' scores instead (PAGES below); the sign-in page's bytes only with `sign-in`.
//   BENCH_LIGHTHOUSE_DUMP=<folder> keeps each run's whole Lighthouse report there (JSON).
import { chromium } from '@playwright/test';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const PORT = Number(process.env.BENCH_PAGE_PORT ?? 3105);
const PAGE = `http://localhost:${PORT}/#/home/login`;
const DASHBOARD = `http://localhost:${PORT}/#/myaccount/dashboard`;
const PROFILE = `http://localhost:${PORT}/#/myaccount/profile`;

/** The pages scored, by the name `--pages=` takes; without it the first three. */
const PAGES = {
  'sign-in': { url: PAGE, signedIn: false },
  dashboard: { url: DASHBOARD, signedIn: true },
  profile: { url: PROFILE, signedIn: true },
  // Jordan's auto loan (demo data): its page and its Make Payment, two of issue 23's four pages.
  'loan-details': {
    url: `http://localhost:${PORT}/#/myaccount/loanDetails/001-100234-1`,
    signedIn: true,
  },
  'make-payment': {
    url: `http://localhost:${PORT}/#/myaccount/payment/001-100234-1`,
    signedIn: true,
  },
  'document-center': {
    url: `http://localhost:${PORT}/#/myaccount/document-center`,
    signedIn: true,
  },
  locations: { url: `http://localhost:${PORT}/#/myaccount/locations`, signedIn: true },
  'public-locations': { url: `http://localhost:${PORT}/#/home/locations`, signedIn: false },
} as const;
type PageName = keyof typeof PAGES;
const isPageName = (name: string): name is PageName => name in PAGES;
const pagesArgument = process.argv.find((arg) => arg.startsWith('--pages='));
const CHOSEN: PageName[] = pagesArgument
  ? pagesArgument
      .slice('--pages='.length)
      .split(',')
      .map((name) => {
        if (!isPageName(name)) {
          throw new Error(`unknown page ${name}; known: ${Object.keys(PAGES).join(', ')}`);
        }
        return name;
      })
  : ['sign-in', 'dashboard', 'loan-details', 'make-payment', 'profile'];
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
/** A folder to keep each run's whole Lighthouse report in (its diagnostics: long tasks, scripts). */
const DUMP = process.env.BENCH_LIGHTHOUSE_DUMP;

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

/** Bytes Chromium received to show the sign-in form, from a cold cache. */
async function bytesReceived(): Promise<{ bytes: number; requests: number; decoded: number }> {
  const browser = await chromium.launch({ executablePath: CHROME, args: FLAGS.slice(1) });
  try {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    let bytes = 0;
    let requests = 0;
    let decoded = 0;
    cdp.on('Network.loadingFinished', (event) => {
      bytes += event.encodedDataLength;
      requests += 1;
    });
    cdp.on('Network.dataReceived', (event) => {
      decoded += event.dataLength;
    });
    await page.goto(PAGE, { waitUntil: 'networkidle' });
    await page
      .getByRole('button', { name: /sign in|log in/i })
      .first()
      .waitFor();
    return { bytes, requests, decoded };
  } finally {
    await browser.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** A demo borrower's session cookie (a fresh session each time: sessions limit their calls). */
async function signedInCookie(): Promise<string> {
  const answer = await fetch(`http://127.0.0.1:${PORT}/api/login/userlogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'portal' },
    body: JSON.stringify({ username: 'jordan.rivers', password: 'Demo-Pass-2024' }),
  });
  const cookie = /portal_session=[^;]+/.exec(answer.headers.get('set-cookie') ?? '')?.[0];
  if (!cookie) throw new Error(`bench sign-in failed: ${answer.status}`);
  return cookie;
}

/**
 * Lighthouse 12 defaults: mobile form factor, simulated slow 4G and a 4x slower CPU. A run that
 * ends on another route (a guard sent it away) fails the benchmark rather than scoring the wrong
 * page: always for a signed-in page, and for a public one with `stays`.
 */
interface PageRuns {
  scores: number[];
  /** Largest contentful paint and total blocking time of each run, in ms. */
  lcp: number[];
  tbt: number[];
}

async function lighthouseScores(url: string, signedIn = false, stays = false): Promise<PageRuns> {
  const scores: number[] = [];
  const lcp: number[] = [];
  const tbt: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const chrome = await launch({ chromePath: CHROME, chromeFlags: FLAGS });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        onlyCategories: ['performance'],
        logLevel: 'error',
        output: 'json',
        ...(signedIn ? { extraHeaders: { Cookie: await signedInCookie() } } : {}),
      });
      const route = new URL(url).hash.replace(/^#/, '');
      if ((signedIn || stays) && !result?.lhr.finalDisplayedUrl.includes(route)) {
        throw new Error(`the ${route} run ended at ${result?.lhr.finalDisplayedUrl}`);
      }
      if (DUMP && result) {
        const name = route.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
        writeFileSync(join(DUMP, `${name}-${run + 1}.json`), JSON.stringify(result.lhr));
      }
      const score = result?.lhr.categories.performance?.score;
      if (typeof score === 'number') scores.push(Math.round(score * 100));
      const audits = result?.lhr.audits;
      const lcpMs = audits?.['largest-contentful-paint']?.numericValue;
      const tbtMs = audits?.['total-blocking-time']?.numericValue;
      if (typeof lcpMs === 'number') lcp.push(Math.round(lcpMs));
      if (typeof tbtMs === 'number') tbt.push(Math.round(tbtMs));
    } finally {
      chrome.kill();
    }
  }
  return { scores, lcp, tbt };
}

const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-page-'));
const server = startServer(dataDir);
try {
  await waitReady(server);
  const figures: Record<string, unknown> = {};
  if (CHOSEN.includes('sign-in')) {
    const wire = await bytesReceived();
    figures.signInBytesReceived = wire.bytes;
    figures.signInBytesDecoded = wire.decoded;
    figures.signInRequests = wire.requests;
  }
  const pages: Record<
    string,
    { scores: number[]; median: number; lcpMedian: number; tbtMedian: number }
  > = {};
  for (const name of CHOSEN) {
    const { url, signedIn } = PAGES[name];
    const runs = await lighthouseScores(url, signedIn, name !== 'sign-in');
    pages[name] = {
      scores: runs.scores,
      median: median(runs.scores),
      lcpMedian: median(runs.lcp),
      tbtMedian: median(runs.tbt),
    };
  }
  // The names bench.mjs has always read for the first three.
  const legacy = {
    'sign-in': 'lighthouse',
    dashboard: 'dashboardLighthouse',
    profile: 'profileLighthouse',
  };
  for (const [name, prefix] of Object.entries(legacy)) {
    const page = pages[name];
    if (!page) continue;
    figures[`${prefix}Scores`] = page.scores;
    figures[`${prefix}Median`] = page.median;
  }
  console.log(JSON.stringify({ ...figures, pages }));
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
