import { expect, type Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  expectNoAxeViolations,
  getAtInstitution,
  institutionOrigin,
  newestDemoMailId,
  signInThroughForm,
  waitForDemoMail,
  test,
} from './fixtures';

// Sign-ins from one address are rate-limited per institution; the journeys of this file run one
// at a time in one worker (fullyParallel is off).

const DASHBOARD = /#\/myaccount\/dashboard/;

async function fillSignIn(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const answered = page.waitForResponse((response) =>
    response.url().includes('/api/login/userlogin'),
  );
  await page.getByRole('button', { name: 'Sign In' }).click();
  await answered;
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await page
    .getByRole('dialog', { name: 'Are you sure you want to logout?' })
    .getByRole('button', { name: 'Logout' })
    .click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
}

test.describe('sign-in', () => {
  test('the login screen has no axe violations, and sign-in keeps the token from page scripts', async ({
    page,
  }) => {
    await page.goto('/#/home/login');
    await expect(page.getByRole('heading', { level: 2, name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Register' })).toHaveAttribute(
      'href',
      '#/home/register',
    );
    await expectNoAxeViolations(page);

    await signInThroughForm(page, 'pat.lee');
    const exposed = await page.evaluate(() => ({
      cookie: document.cookie,
      local: JSON.stringify(localStorage),
      session: JSON.stringify(sessionStorage),
    }));
    expect(exposed.cookie).not.toContain('portal_session');
    expect(exposed.local).not.toMatch(/portal_session|UserToken/i);
    expect(exposed.session).not.toMatch(/portal_session|UserToken/i);
    const cookies = await page.context().cookies();
    const session = cookies.find((cookie) => cookie.name === 'portal_session');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Strict');
  });

  test('a security code from the mailbox, trusting the device, then a sign-in without a code', async ({
    page,
    baseURL,
  }) => {
    const summit = institutionOrigin(baseURL, 'summit');
    const email = 'casey.morgan@example.test';
    const before = await newestDemoMailId(page, summit, email);
    await page.goto(`${summit}/#/home/login`);
    await fillSignIn(page, 'casey.morgan');

    await expect(page.getByRole('heading', { level: 2, name: 'Security Code' })).toBeVisible();
    await expectNoAxeViolations(page);
    const mail = await waitForDemoMail(page, summit, email, { afterId: before });
    const code = /\b(\d{6})\b/.exec(mail.body)?.[1];
    expect(code).toBeDefined();
    await page.getByRole('textbox', { name: 'Security Code' }).fill(code ?? '');
    await page.getByRole('checkbox', { name: 'Trust this device' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(DASHBOARD);

    // The trusted-device token is kept; the session token is not.
    const stored = await page.evaluate(() => JSON.stringify(localStorage));
    expect(stored).toContain('casey.morgan');
    expect(stored).not.toContain('portal_session');

    await logOut(page);
    const afterFirst = await newestDemoMailId(page, summit, email);
    await fillSignIn(page, 'casey.morgan');
    await expect(page).toHaveURL(DASHBOARD);
    expect(await newestDemoMailId(page, summit, email)).toBe(afterFirst);
  });

  test('a user who must change the password does so before the dashboard', async ({ page }) => {
    await page.goto('/#/home/login');
    await fillSignIn(page, 'riley.chen');
    await expect(
      page.getByRole('heading', { level: 2, name: 'Change Your Password' }),
    ).toBeVisible();
    // Issue 20 item 16: the step lists the password rules although Harbor does not turn the
    // rule-list option on (spec 000: 'new password with confirmation and the rule list').
    const rules = page.getByRole('list', { name: 'Password requirements' });
    await expect(rules).toBeVisible();
    expect(await rules.getByRole('listitem').count()).toBeGreaterThan(1);
    await page.getByLabel('New Password', { exact: true }).fill('short');
    await expect(rules.getByRole('listitem').first()).toContainText('not met');
    await expectNoAxeViolations(page);
    await page.getByLabel('New Password', { exact: true }).fill('Riley-Fresh-2025');
    await page.getByLabel('Confirm New Password', { exact: true }).fill('Riley-Fresh-2026');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Passwords Do Not Match')).toBeVisible();
    await page.getByLabel('Confirm New Password', { exact: true }).fill('Riley-Fresh-2025');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(DASHBOARD);

    // The new password is the one that works now.
    await logOut(page);
    await fillSignIn(page, 'riley.chen');
    await expect(page.getByText('Username or password is invalid.')).toBeVisible();
    await fillSignIn(page, 'riley.chen', 'Riley-Fresh-2025');
    await expect(page).toHaveURL(DASHBOARD);
  });

  test('a user with a new agreement accepts it before the dashboard', async ({ page }) => {
    await page.goto('/#/home/login');
    await fillSignIn(page, 'avery.stone');
    await expect(page.getByRole('heading', { level: 2, name: 'Agreements' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('You must select all agreements.')).toBeVisible();
    await page
      .getByRole('checkbox', { name: 'I have read and agree to the Online Banking Agreement' })
      .check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(DASHBOARD);

    // Accepted once, not asked again.
    await logOut(page);
    await fillSignIn(page, 'avery.stone');
    await expect(page).toHaveURL(DASHBOARD);
  });

  test('single sign-on at Cedar: the identity provider token signs the user in', async ({
    page,
    baseURL,
  }) => {
    const cedar = institutionOrigin(baseURL, 'cedar');
    await page.goto(`${cedar}/#/home/login`);
    // Cedar uses single sign-on only: the login screen forwards to its identity provider.
    await expect(page).toHaveURL(`${cedar}/demo/idp`);
    await page.getByRole('button', { name: 'Sign in as quinn.harper' }).click();
    await expect(page).toHaveURL(`${cedar}/#/myaccount/dashboard`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Welcome, Quinn Harper' }),
    ).toBeVisible();
  });

  test('a used single sign-on token does not sign in again', async ({ page, baseURL }) => {
    const cedar = institutionOrigin(baseURL, 'cedar');
    const minted = await getAtInstitution(page, cedar, '/demo/idp?user=quinn.harper', {
      maxRedirects: 0,
    });
    const location = minted.headers()['location'] ?? '';
    expect(location).toContain('#/home/sso/');
    await page.goto(`${cedar}${location}`);
    await expect(page).toHaveURL(`${cedar}/#/myaccount/dashboard`);
    await page.context().clearCookies();
    // A new visit with the used link (from the dashboard it would be a hash change only, and the
    // page still signed in would race its own sign-out against the refusal).
    await page.goto('about:blank');
    await page.goto(`${cedar}${location}`);
    // Refused: back to the identity provider, which says why.
    await expect(page).toHaveURL(/\/demo\/idp\?reason=(notLoggedIn|error)/);
  });

  test('locks the login after the configured number of failures', async ({ page, baseURL }) => {
    // Summit keeps the default of 5 failed sign-ins.
    const summit = institutionOrigin(baseURL, 'summit');
    await page.goto(`${summit}/#/home/login`);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await fillSignIn(page, 'pat.lee', `Wrong-Pass-${attempt}`);
      await expect(page.getByText('Username or password is invalid.')).toBeVisible();
    }
    const locked =
      'You have exceeded the maximum number of login attempts. Please contact your institution.';
    await fillSignIn(page, 'pat.lee', 'Wrong-Pass-5');
    await expect(page.getByText(locked)).toBeVisible();
    // Even the right password is refused while the lock lasts.
    await fillSignIn(page, 'pat.lee');
    await expect(page.getByText(locked)).toBeVisible();
    await expect(page).toHaveURL(/#\/home\/login/);
  });
});
