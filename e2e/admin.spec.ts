import { expect, type Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  DEMO_USERS,
  expectNoAxeViolations,
  institutionOrigin,
  staffSignIn,
  test,
} from './fixtures';

/** Demo staff of the seed (server/src/demo/staff.demo.ts); password as borrowers'. */
const PUBLISHER = 'publisher@harbor.example';
const IMPLEMENTER = 'implementer@portal.example';
const PREVIEW = 'iframe[title="Portal preview with the draft settings"]';

async function openSetting(page: Page, key: string, title: string) {
  const search = page.getByRole('searchbox', { name: 'Search settings' });
  await search.fill(key);
  const field = page.getByRole('group', { name: title });
  await expect(field).toBeVisible();
  return field;
}

test.describe.configure({ mode: 'serial' });

test.describe('admin app', () => {
  test('a publisher changes the heading and the FAQ menu, previews both, publishes, and borrowers see it', async ({
    page,
    browser,
    baseURL,
  }) => {
    await staffSignIn(page, PUBLISHER, baseURL);
    await page.getByRole('link', { name: /Harbor Community Bank/ }).click();
    await expect(page.getByRole('navigation', { name: 'Setting groups' })).toBeVisible();
    await expectNoAxeViolations(page);

    const preview = page.frameLocator(PREVIEW);
    await page.getByRole('checkbox', { name: 'Follow the selected setting' }).uncheck();
    await expect(preview.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(preview.getByRole('link', { name: 'FAQ' })).toBeVisible();

    const heading = await openSetting(page, 'loginTexts.topHeadingText', 'Top heading');
    await heading.getByRole('textbox').fill('Welcome to Harbor, E2E');
    await expect(heading.getByText('Saved', { exact: true })).toBeVisible();

    const faq = await openSetting(page, 'globalOptions.useFAQOption', 'FAQ pages');
    await faq.getByRole('switch').uncheck();
    await expect(faq.getByText('Saved', { exact: true })).toBeVisible();

    // Both draft changes in the preview at once, before anything is published.
    await expect(
      preview.getByRole('heading', { level: 1, name: 'Welcome to Harbor, E2E' }),
    ).toBeVisible();
    await expect(preview.getByRole('link', { name: 'FAQ' })).toHaveCount(0);

    // A borrower without the preview token still sees the published settings.
    const borrower = await browser.newContext();
    const borrowerPage = await borrower.newPage();
    await borrowerPage.goto('/#/home/login');
    await expect(borrowerPage.getByRole('link', { name: 'FAQ' })).toBeVisible();
    await expect(borrowerPage.getByText('Welcome to Harbor, E2E')).toHaveCount(0);

    await page.getByRole('link', { name: 'Review and publish' }).click();
    await expect(page.getByText('loginTexts.topHeadingText')).toBeVisible();
    await expect(page.getByText('globalOptions.useFAQOption')).toBeVisible();
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(
      page.getByText('Say what changed and why; the comment is required.'),
    ).toBeVisible();
    await page.getByLabel('Comment').fill('New welcome heading; FAQ off for the spring');
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText(/Published as version \d+/)).toBeVisible();
    await expectNoAxeViolations(page);

    await borrowerPage.goto('/#/home/login');
    await borrowerPage.reload();
    await expect(
      borrowerPage.getByRole('heading', { level: 1, name: 'Welcome to Harbor, E2E' }),
    ).toBeVisible();
    await borrowerPage.getByLabel('Username').fill(DEMO_USERS.jordan.username);
    await borrowerPage.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await borrowerPage.getByRole('button', { name: 'Sign In' }).click();
    await expect(borrowerPage).toHaveURL(/#\/myaccount\/dashboard/);
    await expect(borrowerPage.getByRole('link', { name: 'Messages' }).first()).toBeVisible();
    await expect(borrowerPage.getByRole('link', { name: 'FAQ' })).toHaveCount(0);
    await borrower.close();
  });

  test('an invalid agreement setup string is refused with its message', async ({
    page,
    baseURL,
  }) => {
    await staffSignIn(page, PUBLISHER, baseURL);
    await page.goto('/admin/#/i/harbor/settings');
    const setup = await openSetting(page, 'agreementTexts.agreementSetup', 'Agreement setup');
    await setup.getByRole('button', { name: 'Edit as text' }).click();
    await setup
      .getByRole('textbox', { name: /Setup text/ })
      .fill('https://example.com/terms|2024-01-01|Terms of use|sometimes');
    await expect(setup.getByText(/Invalid agreement type/).first()).toBeVisible();
    await expect(setup.getByText('Not saved: fix the problem first')).toBeVisible();

    // The server refuses the same value, naming the key.
    const response = await page.request.patch('/admin-api/institutions/harbor/draft', {
      headers: { 'X-Requested-With': 'portal' },
      data: {
        changes: [
          {
            set: 'english',
            key: 'agreementTexts.agreementSetup',
            value: 'https://example.com/terms|2024-01-01|Terms of use|sometimes',
          },
        ],
      },
    });
    expect(response.status()).toBeGreaterThanOrEqual(400);
    const body = (await response.json()) as {
      error: { details?: { key: string; message: string }[] };
    };
    expect(body.error.details?.[0]?.key).toBe('agreementTexts.agreementSetup');
    expect(body.error.details?.[0]?.message).toContain('Invalid agreement type');
  });

  test('an old version is restored as the draft', async ({ page, baseURL }) => {
    await staffSignIn(page, PUBLISHER, baseURL);
    await page.goto('/admin/#/i/harbor/history');
    await expect(page.getByRole('table', { name: 'Published versions' })).toBeVisible();
    await page.getByRole('button', { name: 'Restore version 1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Restore version 1?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Restore as the draft' }).click();
    await expect(page.getByText('Version 1 is now the draft.')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole('link', { name: 'Review and publish' }).click();
    // The first journey's heading is published; version 1 as the draft takes it back.
    await expect(page.getByText('loginTexts.topHeadingText')).toBeVisible();
    await expect(page.getByText('Welcome to Harbor, E2E')).toBeVisible();

    await page.getByRole('link', { name: 'Audit log' }).click();
    await expect(page.getByText(/Restored a version as the draft/).first()).toBeVisible();
    await expect(
      page.getByText(/New welcome heading; FAQ off for the spring/).first(),
    ).toBeVisible();
  });

  test('a signed-in setting is previewed as the built-in sample borrower', async ({
    page,
    baseURL,
  }) => {
    await staffSignIn(page, PUBLISHER, baseURL);
    await page.getByRole('link', { name: /Harbor Community Bank/ }).click();
    const field = await openSetting(
      page,
      'globalOptions.useBranchLocatorOption',
      'Branch locator page',
    );
    await field.getByRole('button', { name: /Show in preview/ }).click();
    const preview = page.frameLocator(PREVIEW);
    await expect(
      preview.getByRole('heading', { level: 1, name: 'Welcome, Sample Borrower' }),
    ).toBeVisible();
    await expect(preview.getByRole('link', { name: 'Messages' }).first()).toBeVisible();
  });

  test('an implementer creates an institution that answers on its host name with its theme', async ({
    page,
    baseURL,
  }) => {
    await staffSignIn(page, IMPLEMENTER, baseURL);
    await page.getByRole('link', { name: 'New institution' }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Birch Lending');
    await expect(page.getByLabel('Short name (slug)')).toHaveValue('birch-lending');
    await page.getByLabel('Host names').fill('birch.localhost');
    await page.getByLabel('Primary colour', { exact: true }).fill('#6a1b9a');
    await expect(page.getByText(/Contrast passes WCAG AA/).first()).toBeVisible();
    await page.getByLabel('Corner radius (pixels)').fill('12');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Create institution' }).click();
    await expect(page.getByRole('navigation', { name: 'Setting groups' })).toBeVisible();

    const portal = await page.context().newPage();
    await portal.goto(`${institutionOrigin(baseURL, 'birch')}/#/home/login`);
    await expect(portal.getByRole('button', { name: 'Sign In' })).toHaveCSS(
      'background-color',
      'rgb(106, 27, 154)',
    );
    await portal.close();

    // The preview shows the new institution's portal (its own host), in the frame and in a
    // window of its own, and both follow the draft as it is typed.
    const preview = page.frameLocator(PREVIEW);
    await page.getByRole('checkbox', { name: 'Follow the selected setting' }).uncheck();
    await expect(preview.getByRole('button', { name: 'Sign In' })).toHaveCSS(
      'background-color',
      'rgb(106, 27, 154)',
    );
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Open the preview in a window' }).click();
    const popup = await popupOpened;
    await expect(popup.getByRole('button', { name: 'Sign In' })).toBeVisible();
    const heading = await openSetting(page, 'loginTexts.topHeadingText', 'Top heading');
    await heading.getByRole('textbox').fill('Birch says hello');
    await expect(
      preview.getByRole('heading', { level: 1, name: 'Birch says hello' }),
    ).toBeVisible();
    await expect(popup.getByRole('heading', { level: 1, name: 'Birch says hello' })).toBeVisible();
  });
});
