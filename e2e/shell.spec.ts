import { expect } from '@playwright/test';
import { DEMO_USERS, expectNoAxeViolations, signIn, test } from './fixtures';

test.describe('portal shell', () => {
  test('serves the login page in the institution theme with security headers', async ({ page }) => {
    const response = await page.goto('/#/home/login');
    const headers = response?.headers() ?? {};
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(headers['strict-transport-security']).toContain('max-age=');
    expect(headers['x-content-type-options']).toBe('nosniff');

    await expect(page).toHaveTitle('Payments - Login');
    const signInButton = page.getByRole('button', { name: 'Sign In' });
    await expect(signInButton).toBeVisible();
    // Harbor's primary colour #0b3d91.
    await expect(signInButton).toHaveCSS('background-color', 'rgb(11, 61, 145)');
    await expectNoAxeViolations(page);
  });

  test('another host name gets the other institution and its theme', async ({ page, baseURL }) => {
    const summit = new URL(baseURL ?? 'http://localhost:3100');
    summit.hostname = 'summit.localhost';
    await page.goto(`${summit.origin}/#/home/login`);
    // Summit's primary colour #1b5e20.
    await expect(page.getByRole('button', { name: 'Sign In' })).toHaveCSS(
      'background-color',
      'rgb(27, 94, 32)',
    );
  });

  test('an unknown hash route goes home', async ({ page }) => {
    await page.goto('/#/no/such/page');
    await expect(page).toHaveURL(/#\/home\/login$/);
    await page.goto('/');
    await expect(page).toHaveURL(/#\/home\/login$/);
  });

  test('a myaccount route without a session goes home', async ({ page }) => {
    await page.goto('/#/myaccount/dashboard');
    await expect(page).toHaveURL(/#\/home\/login$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  test('the disclosures are hidden at first and toggle open and closed', async ({ page }) => {
    await page.goto('/#/home/login');
    const toggle = page.getByRole('button', { name: 'Show Disclosures' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText('Equal Housing Lender', { exact: false })).toBeHidden();
    await toggle.click();
    const hide = page.getByRole('button', { name: 'Hide Disclosures' });
    await expect(hide).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('Equal Housing Lender', { exact: false })).toBeVisible();
    await hide.click();
    await expect(page.getByRole('button', { name: 'Show Disclosures' })).toBeVisible();
    await expect(page.getByText('Equal Housing Lender', { exact: false })).toBeHidden();
  });

  test('a settings load failure shows the Error500 page', async ({ page }) => {
    await page.route('**/api/setup/ApplicationOptions', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    // The page as the server sends it when its own read of the settings failed: without the
    // served settings, so the browser asks for them itself (and is refused).
    await page.route(
      (url) => url.pathname === '/',
      async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replace(
          /<script id="portal-state"[\s\S]*?<\/script>/,
          '',
        );
        await route.fulfill({ response, body });
      },
    );
    await page.goto('/#/home/login');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/error/i);
    await expect(page.getByRole('button', { name: 'Sign In' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('keeps the session token away from page scripts', async ({ page }) => {
    await signIn(page, DEMO_USERS.jordan.username);
    const exposed = await page.evaluate(() => ({
      cookie: document.cookie,
      local: JSON.stringify(localStorage),
      session: JSON.stringify(sessionStorage),
    }));
    expect(exposed.cookie).not.toContain('portal_session');
    expect(exposed.local).not.toMatch(/token/i);
    expect(exposed.session).not.toMatch(/token/i);
  });
});

test.describe('idle timeout', () => {
  test('warns after 3 idle minutes, counts down, Resume keeps the session, 0 logs out', async ({
    page,
  }) => {
    // The dialog code loads when first needed; the watcher fetches it halfway through the idle
    // time (or at sign-in, if a dialog opened there).
    const dialogCodeLoaded = page.waitForResponse((response) =>
      /\/portal-dialog-frame-[^/]*\.js$/.test(new URL(response.url()).pathname),
    );
    // The page's clock is Playwright's (e2e/fixtures.ts installs it), so the test can move it.
    await signIn(page, DEMO_USERS.jordan.username);
    await expect(page.getByRole('banner').getByText(DEMO_USERS.jordan.personalName)).toBeVisible();

    // The page's clock also runs in real time, and on a loaded machine seconds pass between two
    // steps of the test: the clock stops here, so the 179 s below are exactly 179 s. A pointer
    // move restarts the watch (it began when the dashboard mounted).
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await page.mouse.move(1, 1);
    await page.mouse.move(2, 2);
    await page.clock.runFor(179_000);
    await dialogCodeLoaded;
    // A connection that dropped while the borrower was away does not keep the warning from showing.
    await page.context().setOffline(true);
    const dialog = page.getByRole('dialog', { name: 'Your session is about to expire!' });
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.clock.runFor(1_000);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('You will be logged out in 2 minutes 0 seconds');
    await page.clock.runFor(1_000);
    await expect(dialog).toContainText('You will be logged out in 1 minutes 59 seconds');
    await page.clock.runFor(60_000);
    await expect(dialog).toContainText('You will be logged out in 0 minutes 59 seconds');

    // Time flows again for the rest (the dialog's exit transition runs on timers).
    await page.context().setOffline(false);
    await page.clock.resume();
    await dialog.getByRole('button', { name: 'Resume' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/#\/myaccount\/dashboard/);
    await expect(page.getByRole('banner').getByText(DEMO_USERS.jordan.personalName)).toBeVisible();

    await page.clock.runFor(180_000);
    await expect(dialog).toBeVisible();
    await page.clock.runFor(120_000);
    await expect(page).toHaveURL(/#\/home\/login/);
    await expect(page.getByText('Your session has expired!')).toBeVisible();

    // The server revoked the session: the dashboard now sends the visitor home.
    await page.goto('/#/myaccount/dashboard');
    await expect(page).toHaveURL(/#\/home\/login/);
  });

  test('does not watch for idleness on logged-out pages', async ({ page }) => {
    await page.goto('/#/home/login');
    await page.clock.runFor(400_000);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
