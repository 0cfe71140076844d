import { expect, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations, institutionOrigin, test } from './fixtures';
import { journeyToday } from './journey-clock';

// The FAQ (spec 002 "FAQ page") on a phone, logged out and logged in, at Cedar Credit Union: its
// FAQ is on and no journey changes its settings. Harbor's is not dependable: admin.spec.ts's
// first journey publishes Harbor with the FAQ off, and it runs before this file; Summit's is off.
// Cedar signs borrowers in through single sign-on only, so its home page forwards to the identity
// provider and offers no FAQ link: the logged-out FAQ is opened at its address (home/faq, where
// the sign-in screen's FAQ link leads), and its Back to Login goes home, that is to the provider.

const PHONE = { width: 390, height: 844 };
const SECTIONS = ['General', 'Security', 'Account', 'Rates', 'Holidays'];
const CEDAR_TIME_ZONE = 'America/Chicago';

/** The phone's menu of sections (a native select named by the page heading). */
async function sectionMenu(page: Page): Promise<Locator> {
  const menu = page.getByRole('combobox', { name: 'FAQ' });
  await expect(menu).toBeVisible();
  await expect(menu.locator('option')).toHaveText(SECTIONS);
  // On a phone the menu stands in for the wide screen's list of sections.
  await expect(page.getByRole('navigation', { name: 'FAQ' })).toHaveCount(0);
  return menu;
}

/** The section shown: a region named by its level-2 heading. */
function section(page: Page, name: string): Locator {
  return page.getByRole('region', { name });
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Chooses Holidays from the menu and checks this year's Federal Reserve holidays are listed. */
async function chooseHolidays(page: Page, menu: Locator, path: RegExp) {
  await menu.selectOption({ label: 'Holidays' });
  await expect(page).toHaveURL(path);
  const holidays = section(page, 'Holidays');
  await expect(
    holidays.getByText('Payments are not processed on federal banking holidays.'),
  ).toBeVisible();
  const year = journeyToday(CEDAR_TIME_ZONE).slice(0, 4);
  const list = holidays.getByRole('list', { name: `Federal Reserve holidays in ${year}` });
  await expect(list).toBeVisible();
  // Thanksgiving is always a Thursday, so it is observed every year.
  await expect(list.getByRole('listitem').filter({ hasText: 'Thanksgiving Day' })).toHaveText(
    new RegExp(`^11/2\\d/${year}\\s*Thanksgiving Day$`),
  );
}

test.describe('the FAQ on a phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('logged out: the logo, the sections from the menu, linkable, and Back to Login', async ({
    page,
    baseURL,
  }) => {
    const cedar = institutionOrigin(baseURL, 'cedar');
    await page.goto(`${cedar}/#/home/faq`);
    await expect(page.getByRole('heading', { level: 1, name: 'FAQ' })).toBeVisible();
    await expect(page).toHaveTitle('Payments - FAQ');
    await expect(page.getByRole('img', { name: 'Cedar Credit Union' })).toBeVisible();

    // General comes first and shows first.
    const menu = await sectionMenu(page);
    await expect(menu).toHaveValue('general');
    await expect(
      section(page, 'General').getByRole('heading', { level: 3, name: 'What can I do online?' }),
    ).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);

    await chooseHolidays(page, menu, /#\/home\/faq\?section=holidays$/);
    await expect(section(page, 'General')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);

    // The section is in the address: a reload (or a shared link) opens it again.
    await page.reload();
    await expect(section(page, 'Holidays')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'FAQ' })).toHaveValue('holidays');

    // Back to Login goes home: at Cedar, its identity provider.
    await page.getByRole('link', { name: 'Back to Login' }).click();
    await expect(page).toHaveURL(`${cedar}/demo/idp`);
  });

  test('logged in, in the dark scheme: FAQ from the menu, sections switched with the FAQ menu, Back returns', async ({
    page,
    baseURL,
  }) => {
    // Cedar follows the device's scheme.
    await page.emulateMedia({ colorScheme: 'dark' });
    const cedar = institutionOrigin(baseURL, 'cedar');
    await page.goto(`${cedar}/#/home/login`);
    await expect(page).toHaveURL(`${cedar}/demo/idp`);
    await page.getByRole('button', { name: 'Sign in as quinn.harper' }).click();
    await expect(page).toHaveURL(`${cedar}/#/myaccount/dashboard`);
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading accounts' })).toHaveCount(0);
    await expect(page.locator('html')).toHaveClass(/dark/);

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(`${cedar}/#/myaccount/faq`);
    await expect(page.getByRole('heading', { level: 1, name: 'FAQ' })).toBeVisible();
    // The logged-in page has the header's way out, not Back to Login.
    await expect(page.getByRole('link', { name: 'Back to Login' })).toHaveCount(0);

    const menu = await sectionMenu(page);
    await expect(section(page, 'General')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);

    await menu.selectOption({ label: 'Security' });
    await expect(page).toHaveURL(/#\/myaccount\/faq\?section=security$/);
    await expect(
      section(page, 'Security').getByRole('heading', {
        level: 3,
        name: 'How is my information protected?',
      }),
    ).toBeVisible();

    await chooseHolidays(page, menu, /#\/myaccount\/faq\?section=holidays$/);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);

    // The browser's Back returns to the section before.
    await page.goBack();
    await expect(section(page, 'Security')).toBeVisible();
    await expect(menu).toHaveValue('security');
  });
});
