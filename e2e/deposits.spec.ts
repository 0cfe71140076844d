import { expect } from '@playwright/test';
import { expectNoAxeViolations, institutionOrigin, signIn, signInAtSummit, test } from './fixtures';

const PHONE = { width: 390, height: 844 };

test.describe('the deposits area', () => {
  test('on a phone: the menu leads to what is available, the next maturity, each account and recent activity', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, 'jordan.rivers');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Deposits' }).click();
    await expect(page).toHaveURL(/#\/myaccount\/deposits$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Deposits and investments' }),
    ).toBeVisible();

    // What matters first: what the checking and savings accounts make available, and when the
    // certificate comes free.
    const available = page.getByRole('region', { name: 'Available in your deposit accounts' });
    await expect(available).toContainText(/\$\d{1,3}(,\d{3})*\.\d{2}/);
    await expect(available).toContainText(
      /12-Month Certificate of Deposit \*{4}\d{4} matures on \d{2}\/\d{2}\/\d{4}/,
    );

    // The dashboard's phone cards, a loan nowhere among them.
    const deposits = page.getByRole('list', { name: 'Deposits' });
    await expect(deposits.getByRole('listitem', { name: 'Everyday Checking' })).toBeVisible();
    await expect(deposits.getByRole('listitem', { name: 'High-Yield Savings' })).toBeVisible();
    await expect(page.getByRole('listitem', { name: 'Home Equity Loan' })).toHaveCount(0);
    await expect(
      page
        .getByRole('list', { name: 'Investments' })
        .getByRole('listitem', { name: '12-Month Certificate of Deposit' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Recent activity' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);

    // Nothing runs off the side of a phone.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);

    // Each account opens its own page.
    await deposits
      .getByRole('listitem', { name: 'High-Yield Savings' })
      .getByRole('link', { name: 'High-Yield Savings' })
      .click();
    await expect(page).toHaveURL(/#\/myaccount\/deposits\/depositDetails\//);
    await expect(page.getByRole('heading', { level: 1, name: 'High-Yield Savings' })).toBeVisible();
  });

  test('in the dark scheme (Summit follows the device) the deposits area keeps its contrast', async ({
    page,
    baseURL,
  }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAtSummit(page, institutionOrigin(baseURL, 'summit'), 'jordan.rivers');
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Deposits' })
      .click();
    await expect(page.getByRole('table', { name: 'Deposits' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Investments' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Recent activity' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
