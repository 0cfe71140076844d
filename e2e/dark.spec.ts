import { expect, type Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  expectNoAxeViolations,
  institutionOrigin,
  newestDemoMailId,
  test,
  waitForDemoMail,
} from './fixtures';

// Summit follows the device's colour scheme (themeOptions.colorScheme 'system'): this browser
// prefers dark, so every screen of the accounts area is checked by axe, colour contrast
// included, in the dark palette. (Summit takes no consumer applications: the application screen
// is checked in the light scheme only, in accounts.spec.)
test.use({ colorScheme: 'dark' });

async function signInAtSummit(page: Page, origin: string, username: string) {
  const email = `${username}@example.test`;
  const before = await newestDemoMailId(page, origin, email);
  await page.goto(`${origin}/#/home/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Security Code' })).toBeVisible();
  const mail = await waitForDemoMail(page, origin, email, { afterId: before });
  await page
    .getByRole('textbox', { name: 'Security Code' })
    .fill(/\b(\d{6})\b/.exec(mail.body)?.[1] ?? '');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/#\/myaccount\/dashboard/);
  await expect(page.getByRole('status', { name: 'Loading accounts' })).toHaveCount(0);
}

test('the accounts area in the dark scheme: dashboard, loan and its payoff dialog, deposit, login history', async ({
  page,
  baseURL,
}) => {
  const summit = institutionOrigin(baseURL, 'summit');
  await signInAtSummit(page, summit, 'jordan.rivers');
  await expect(page.locator('html')).toHaveClass(/dark/);
  const loans = page.getByRole('table', { name: 'Loans' });
  await expect(loans).toBeVisible();
  await page.getByRole('switch', { name: 'Show closed accounts' }).check();
  await expectNoAxeViolations(page);

  await loans.getByRole('link', { name: /Home Equity Loan/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Loan Information' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Loan history' }).getByRole('row').nth(1),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Payoff Quote' }).click();
  const payoff = page.getByRole('dialog', { name: 'Payoff Quote' });
  const date = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  await payoff.getByLabel('Payoff date').fill(date);
  await payoff.getByRole('button', { name: 'Get Quote' }).click();
  await expect(payoff.getByRole('status')).toContainText('Your payoff amount as of');
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(payoff).toHaveCount(0);

  await page.goBack();
  await page
    .getByRole('table', { name: 'Deposits' })
    .getByRole('link', { name: /High-Yield Savings/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'High-Yield Savings' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Account history' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goBack();
  await page.getByRole('link', { name: 'Login History' }).click();
  await expect(page.getByRole('table', { name: 'Login History' })).toBeVisible();
  await expectNoAxeViolations(page);
});
