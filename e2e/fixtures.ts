import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test as base, expect, type Frame, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { journeyNow } from './journey-clock';

/**
 * Every journey comes from its own client address (X-Forwarded-For, trusted from the loopback
 * proxy only: e2e/start-server.mjs sets TRUST_PROXY). The sign-in limits count per address and
 * per institution, so journeys running side by side must not share one address, as real
 * borrowers do not; the limits themselves are tested in server/src/modules/auth.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    const n = hash(testInfo.testId) % 250;
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': `198.51.100.${n + 1}` });
  },
  // Pages read the server's time (e2e/journey-clock.ts); it runs on in real time.
  context: async ({ context }, use) => {
    await context.clock.install({ time: journeyNow() });
    await use(context);
  },
});

function hash(text: string): number {
  let value = 0;
  for (const char of text) value = (value * 31 + char.charCodeAt(0)) % 65_521;
  return value;
}

/** Demo borrowers of the seed (server/src/demo/README.md). */
export const DEMO_PASSWORD = 'Demo-Pass-2024';
export const DEMO_USERS = {
  jordan: { username: 'jordan.rivers', personalName: 'Jordan Rivers' },
  casey: { username: 'casey.morgan' },
  pat: { username: 'pat.lee' },
} as const;

/** axe-core's browser build, read once per worker. */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * Puts axe-core in a frame unless it is there already (it stays until the frame loads another
 * document). @axe-core/playwright's legacy mode sent and ran the whole 560 KB script twice into
 * every frame on every check, a fifth of a check's time; the journeys check the same document
 * several times (light and dark, each dialog).
 */
async function withAxe(frame: Frame): Promise<void> {
  try {
    const present = await frame.evaluate(() => 'axe' in window);
    if (!present) {
      await frame.evaluate(AXE_SOURCE);
      // As @axe-core/playwright's legacy mode: frames of the page's own origin are checked with
      // it; another origin's (the admin's preview of the portal) by its own app's journeys.
      await frame.evaluate(() => {
        (window as unknown as { axe: { configure(spec: object): void } }).axe.configure({
          allowedOrigins: ['<same_origin>'],
        });
      });
    }
  } catch {
    // A frame gone or not scriptable (another origin's): axe.run reports it if it matters.
  }
}

/**
 * Fails with the list of violations when axe finds any on the page as it is now: axe.run in the
 * page, with every rule, its same-origin frames included (what @axe-core/playwright's legacy mode
 * runs; its default mode also opened a blank page per check to merge frame results, 10 to 20 s a
 * check on a busy 2-core machine). Written over axe-core's own API rather than through that
 * package to load axe once per document (`withAxe`).
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // A served portal page is the app's only after its code has run (after the first paint): its
  // controls change then (the sign-in button is enabled, its colour easing in). Wait for that,
  // and a few tasks for the renders it sets off (through a message channel, as React's scheduler:
  // a journey's paused clock holds timers and frames), before measuring.
  await page.waitForFunction(
    () =>
      !document.getElementById('portal-code') ||
      (window as { __portalHydrated?: boolean }).__portalHydrated === true,
  );
  await page.evaluate(async () => {
    for (let hop = 0; hop < 3; hop += 1) {
      await new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          channel.port1.close();
          resolve();
        };
        channel.port2.postMessage(undefined);
      });
    }
  });
  // Colours still easing in (a scheme just switched, a dialog fading in) are measured half-way
  // and fail contrast by chance: wait until the page's CSS transitions have ended. Transitions
  // only: a spinner's animation never ends.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running',
      ),
  );
  for (const frame of page.frames()) await withAxe(frame);
  const options: RunOptions = { resultTypes: ['violations'] };
  const results = await page.evaluate(
    (runOptions) =>
      (
        window as unknown as {
          axe: { run(context: Document, options: RunOptions): Promise<AxeResults> };
        }
      ).axe.run(document, runOptions),
    options,
  );
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}

/**
 * Signs in and waits for the dashboard. Through the sign-in call the login form makes, not the
 * form: a journey starts where the borrower is signed in (the form itself, its errors and steps
 * are the sign-in journeys' own: sign-in.spec.ts, issue20-security.spec.ts); typing into the
 * form took a quarter of a short journey. `signInThroughForm` types.
 */
export async function signIn(
  page: Page,
  username: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  // From a page of the institution's origin, as the form sends it: the browser keeps the cookie
  // (and resolves an institution's *.localhost host, which Node's resolver does not).
  await page.goto('/readyz');
  const answer = await page.evaluate(
    async (credentials) => {
      const response = await fetch('/api/login/userlogin', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'portal' },
        body: JSON.stringify(credentials),
      });
      const body = (await response.json()) as { IsLoggedIn?: boolean; PendingSteps?: unknown[] };
      return { status: response.status, loggedIn: body.IsLoggedIn, steps: body.PendingSteps };
    },
    { username, password },
  );
  // A user with a step to take first (a code, terms) signs in through the form's journeys.
  expect(answer).toEqual({ status: 200, loggedIn: true, steps: [] });
  await page.goto('/#/myaccount/dashboard');
  await settledDashboard(page);
}

/** Signs in through the login form, as a borrower types it, and waits for the dashboard. */
export async function signInThroughForm(
  page: Page,
  username: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  await page.goto('/#/home/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/#\/myaccount\/dashboard/);
  await settledDashboard(page);
}

async function settledDashboard(page: Page): Promise<void> {
  // The logged-in layout (and its idle-timeout watcher) is lazy-loaded after the URL changes.
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  // The dashboard fills in at once when its lists arrive; a test starts from the settled page
  // (a layout change under the resting mouse pointer counts as activity for the idle timer).
  await expect(page.getByRole('status', { name: 'Loading accounts' })).toHaveCount(0);
  // The served page shows all of that before the app runs (it starts after the first paint):
  // the journey goes on once the page is the app's (portal/src/main.tsx `AfterHydration`).
  await page.waitForFunction(
    () => (window as { __portalHydrated?: boolean }).__portalHydrated === true,
  );
}

/** The address of another demo institution on the same server (`summit`, `cedar`). */
export function institutionOrigin(baseURL: string | undefined, slug: string): string {
  const url = new URL(baseURL ?? 'http://localhost:3100');
  url.hostname = `${slug}.localhost`;
  return url.origin;
}

export interface DemoMail {
  id: number;
  to: string;
  subject: string;
  body: string;
}

function isDemoMail(value: unknown): value is DemoMail {
  if (typeof value !== 'object' || value === null) return false;
  const mail: Record<string, unknown> = { ...value };
  return (
    typeof mail.id === 'number' &&
    typeof mail.to === 'string' &&
    typeof mail.subject === 'string' &&
    typeof mail.body === 'string'
  );
}

/**
 * GET from the test runner at an institution's origin. Node does not resolve `*.localhost` as
 * Chromium does, so the request goes to 127.0.0.1 with the institution's Host header.
 */
export function getAtInstitution(
  page: Page,
  origin: string,
  path: string,
  options: { maxRedirects?: number } = {},
) {
  const url = new URL(path, origin);
  const host = url.host;
  url.hostname = '127.0.0.1';
  return page.request.get(url.toString(), { ...options, headers: { Host: host } });
}

async function demoMailTo(page: Page, origin: string, to: string): Promise<DemoMail[]> {
  const response = await getAtInstitution(
    page,
    origin,
    `/demo/mailbox.json?to=${encodeURIComponent(to)}`,
  );
  expect(response.ok()).toBe(true);
  const answer: unknown = await response.json();
  const messages =
    typeof answer === 'object' && answer !== null && 'messages' in answer ? answer.messages : [];
  return Array.isArray(messages) ? messages.filter(isDemoMail) : [];
}

/**
 * The newest message of the demo mailbox (GET /demo/mailbox.json?to=) to an address with an id
 * above `afterId`, waiting for the outbox job to deliver it.
 */
export async function waitForDemoMail(
  page: Page,
  origin: string,
  to: string,
  options: { afterId?: number } = {},
): Promise<DemoMail> {
  let newest: DemoMail | undefined;
  await expect
    .poll(
      async () => {
        newest = (await demoMailTo(page, origin, to))
          .filter((message) => message.id > (options.afterId ?? 0))
          .sort((a, b) => b.id - a.id)[0];
        return newest !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  if (!newest) throw new Error(`no mail to ${to}`);
  return newest;
}

/** The id of the newest message to an address so far (0 when none). */
export async function newestDemoMailId(page: Page, origin: string, to: string): Promise<number> {
  const messages = await demoMailTo(page, origin, to);
  return Math.max(0, ...messages.map((message) => message.id));
}

/**
 * The password account-flows.spec.ts's recovery journey gives jordan.rivers at Summit. The
 * journeys share one server and run in no fixed order across the two workers, so a later journey
 * signing jordan in at Summit may meet either password.
 */
export const SUMMIT_RECOVERED_PASSWORD = 'Summit-Reset-2025';

/** Signs in at Summit, which asks for a security code from the demo mailbox. */
export async function signInAtSummit(
  page: Page,
  origin: string,
  username: string,
  { settled = true }: { settled?: boolean } = {},
) {
  const email = `${username}@example.test`;
  const before = await newestDemoMailId(page, origin, email);
  await page.goto(`${origin}/#/home/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  const codeStep = page.getByRole('heading', { level: 2, name: 'Security Code' });
  const refused = page.getByText('Username or password is invalid.');
  await expect(codeStep.or(refused)).toBeVisible();
  if (username === 'jordan.rivers' && (await refused.isVisible())) {
    await page.getByLabel('Password', { exact: true }).fill(SUMMIT_RECOVERED_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
  }
  await expect(codeStep).toBeVisible();
  const mail = await waitForDemoMail(page, origin, email, { afterId: before });
  await page
    .getByRole('textbox', { name: 'Security Code' })
    .fill(/\b(\d{6})\b/.exec(mail.body)?.[1] ?? '');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/#\/myaccount\/dashboard/);
  // `settled: false`: a test that holds the account list back looks at the dashboard loading.
  if (settled) await expect(page.getByRole('status', { name: 'Loading accounts' })).toHaveCount(0);
}

/** Signs a staff member in to the admin app with the password and the code e-mailed to the demo mailbox. */
export async function staffSignIn(
  page: Page,
  email: string,
  baseURL: string | undefined,
): Promise<void> {
  const origin = new URL(baseURL ?? 'http://localhost:3103').origin;
  const afterId = await newestDemoMailId(page, origin, email);
  await page.goto('/admin/#/sign-in');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(`We e-mailed a code to ${email}`)).toBeVisible();
  const mail = await waitForDemoMail(page, origin, email, { afterId });
  const code = /\b(\d{4,8})\b/.exec(mail.body)?.[1] ?? '';
  await page.getByLabel('Security code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Institutions' })).toBeVisible();
}
