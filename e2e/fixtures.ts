import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Demo borrowers of the seed (server/src/db/seed/README.md). */
export const DEMO_PASSWORD = 'Demo-Pass-2024';
export const DEMO_USERS = {
  jordan: { username: 'jordan.rivers', personalName: 'Jordan Rivers' },
  casey: { username: 'casey.morgan' },
  pat: { username: 'pat.lee' },
} as const;

/** Fails with the list of violations when axe finds any on the page as it is now. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}

/** Signs in through the login form and waits for the dashboard. */
export async function signIn(
  page: Page,
  username: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  await page.goto('/#/home/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/#\/myaccount\/dashboard/);
}
