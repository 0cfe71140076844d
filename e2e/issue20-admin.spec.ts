import { expect, type Locator, type Page } from '@playwright/test';
import {
  expectNoAxeViolations,
  getAtInstitution,
  institutionOrigin,
  staffSignIn,
  test,
} from './fixtures';

/*
 * Issue 20, admin app (items 20 to 26), at desktop width. Journeys that change a draft work on
 * Summit (admin.spec.ts works on Harbor), and leave its published settings as they found them.
 */

/**
 * These journeys only edit drafts and preview at Harbor: Harbor's editor signs in for them, as
 * admin.spec.ts signs its publisher in meanwhile on the other worker (a staff member's newer
 * sign-in code replaces the older, so two journeys must not sign the same one in at once).
 */
const HARBOR_EDITOR = 'editor@harbor.example';
const SUMMIT_PUBLISHER = 'publisher@summit.example';
/** admin.spec.ts signs implementer@portal.example in on the other worker: this is the second one. */
const IMPLEMENTER = 'onboarding@portal.example';
const PREVIEW = 'iframe[title="Portal preview with the draft settings"]';

/**
 * The widest solid outline (px) drawn on a switch: its input's box and everything in it, found by
 * computed style rather than by the component library's class names.
 */
function widestOutline(toggle: Locator): Promise<number> {
  return toggle.evaluate((input) => {
    const drawn = input.parentElement?.parentElement;
    if (!drawn) return 0;
    const widths = [drawn, ...drawn.querySelectorAll('*')].map((element) => {
      const style = getComputedStyle(element);
      return style.outlineStyle === 'solid' ? parseFloat(style.outlineWidth) : 0;
    });
    return Math.max(0, ...widths);
  });
}

async function openSetting(page: Page, key: string, title: string) {
  await page.getByRole('searchbox', { name: 'Search settings' }).fill(key);
  const field = page.getByRole('group', { name: title });
  await expect(field).toBeVisible();
  return field;
}

async function publish(page: Page, comment: string) {
  await page.getByRole('link', { name: 'Review and publish' }).click();
  await page.getByLabel('Comment').fill(comment);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(/Published as version \d+/)).toBeVisible();
}

async function publishedTheme(page: Page, baseURL: string | undefined) {
  const response = await getAtInstitution(
    page,
    institutionOrigin(baseURL, 'summit'),
    '/api/setup/ApplicationOptions',
  );
  const body = (await response.json()) as {
    gassySettings: { shared: { themeOptions?: Record<string, string> } };
  };
  return body.gassySettings.shared.themeOptions ?? {};
}

const LOGO = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="#ffffff"/><text x="8" y="26" font-size="16">Summit E2E</text></svg>',
);

test.describe.configure({ mode: 'serial' });

test.describe('issue 20: the admin app', () => {
  test('item 20: a logo upload is part of the draft: reviewed, published, versioned and restored', async ({
    page,
    baseURL,
  }) => {
    await staffSignIn(page, SUMMIT_PUBLISHER, baseURL);
    // The logo borrowers get now (the schema's default: Summit never published one).
    const before = (await publishedTheme(page, baseURL)).logoFullPath;
    expect(before).toBe('branding/logos/logoFullWhite.svg');
    await page.goto('/admin/#/i/summit/theme');
    await expect(page.getByRole('heading', { name: 'Logos and images' })).toBeVisible();
    // The picker offers only what the server takes for a logo.
    await expect(page.getByLabel('Full logo file')).toHaveAttribute('accept', 'image/svg+xml,.svg');
    await expect(page.getByText('SVG', { exact: true }).first()).toBeVisible();

    await page
      .getByLabel('Full logo file')
      .setInputFiles({ name: 'summit-e2e.svg', mimeType: 'image/svg+xml', buffer: LOGO });
    const status = page.getByText(/^Uploaded and put in the draft \(branding\/logos\/logoFull-/);
    await expect(status).toBeVisible();
    const file = /\((branding\/logos\/logoFull-[0-9a-f]{12}\.svg)\)/.exec(
      (await status.textContent()) ?? '',
    )?.[1];
    expect(file).toBeDefined();
    // Exactly 'Saved': the field's description ('Saved to the … when changed.') matched at once.
    await expect(
      page.getByRole('group', { name: 'Full logo path' }).getByText('Saved', { exact: true }),
    ).toBeVisible();
    // Nothing live changed: borrowers still get the published logo.
    expect((await publishedTheme(page, baseURL)).logoFullPath).toBe(before);

    // Reviewed: the review lists the new logo file, and shows it.
    await page.getByRole('link', { name: 'Review and publish' }).click();
    await expect(page.getByText('themeOptions.logoFullPath')).toBeVisible();
    await expect(page.getByRole('img', { name: `Full logo path: ${file}` })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel('Comment').fill('New Summit logo (e2e)');
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText(/Published as version \d+/)).toBeVisible();
    const published = Number(
      /version (\d+)/.exec((await page.getByText(/Published as version/).textContent()) ?? '')?.[1],
    );

    // Published: the portal names the new file, and serves it on Summit's host.
    expect((await publishedTheme(page, baseURL)).logoFullPath).toBe(file);
    const served = await getAtInstitution(
      page,
      institutionOrigin(baseURL, 'summit'),
      `/cdn/summit/${file}`,
    );
    expect(served.status()).toBe(200);

    // Versioned and restored: the version before brings the old logo back.
    await page.getByRole('link', { name: 'History' }).click();
    await page.getByRole('button', { name: `Restore version ${published - 1}` }).click();
    await page
      .getByRole('dialog', { name: `Restore version ${published - 1}?` })
      .getByRole('button', { name: 'Restore as the draft' })
      .click();
    await expect(page.getByText(`Version ${published - 1} is now the draft.`)).toBeVisible();
    await publish(page, 'Back to the old Summit logo (e2e)');
    expect((await publishedTheme(page, baseURL)).logoFullPath).toBe(before);
  });

  test('item 21: the Make Payment preview reads saved methods, and a change answers the preview notice', async ({
    page,
    baseURL,
  }) => {
    await staffSignIn(page, HARBOR_EDITOR, baseURL);
    await page.getByRole('link', { name: /Harbor Community Bank/ }).click();
    await page.getByRole('checkbox', { name: 'Follow the selected setting' }).uncheck();
    const field = await openSetting(page, 'paymentTexts.savedMethodsLabel', 'Saved methods label');
    await field.getByRole('button', { name: /Show in preview/ }).click();
    const preview = page.frameLocator(PREVIEW);
    await expect(preview.getByRole('heading', { level: 1, name: 'Make Payment' })).toBeVisible();
    // A payment setting opens Make Payment on the sample loan, where its steps show.
    // The picker names the loan (issue 20 item 5); its value is the account number.
    await expect(preview.getByRole('combobox', { name: 'Loan Account' })).toHaveValue(
      '000-900001-1',
    );
    // GetPaymentMethods is a read: the sample borrower's saved card is offered.
    await preview.getByRole('radio', { name: 'Card' }).check();
    const saved = preview.getByRole('combobox', { name: 'Saved Payment Methods' });
    await expect(saved).toContainText('4242');
    // A single-use card is a change: the preview says so instead of "An error occurred."
    await preview.getByRole('button', { name: 'New payment method' }).click();
    const dialog = preview.getByRole('dialog', { name: 'Payment Details' });
    await dialog.getByLabel('First Name').fill('Sample');
    await dialog.getByLabel('Last Name').fill('Borrower');
    await dialog.getByLabel('Card Number').fill('4242 4242 4242 4242');
    await dialog.getByLabel('Expiration (MM/YY)').fill('12/29');
    await dialog.getByLabel('CVV/CVC').fill('123');
    await dialog.getByLabel('Zip Code').fill('04101');
    await dialog.getByRole('checkbox', { name: 'Save Payment Profile' }).setChecked(false);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(preview.getByText(/This is a preview: nothing was saved or sent\./)).toBeVisible();
    await expect(preview.getByText('An error occurred.')).toHaveCount(0);
  });

  test('item 22: Cedar, single sign-on only, is previewed as the sample borrower', async ({
    page,
    baseURL,
  }) => {
    await staffSignIn(page, IMPLEMENTER, baseURL);
    await page.goto('/admin/#/i/cedar/settings');
    const preview = page.frameLocator(PREVIEW);
    // The first preview at an institution makes its sample borrower (accounts in the core, saved
    // methods) before the frame signs in: on a busy two-core machine that took over 10 s once.
    await expect(
      preview.getByRole('heading', { level: 1, name: 'Welcome, Sample Borrower' }),
    ).toBeVisible({ timeout: 30_000 });
    expect(page.frames().some((frame) => frame.url().includes('/demo/idp'))).toBe(false);
  });

  test('item 23: the import check lists every problem on its own line, range errors beside type errors', async ({
    page,
    baseURL,
  }) => {
    await staffSignIn(page, SUMMIT_PUBLISHER, baseURL);
    await page.goto('/admin/#/i/summit/transfer');
    await page.getByLabel('Configuration (JSON)').fill(
      JSON.stringify({
        shared: {
          globalOptions: { useFAQOption: 'maybe' },
          securityPolicyOptions: { lockoutMinutes: '-1', maxFailedLoginAttempts: '2.5' },
        },
        english: {
          agreementTexts: {
            agreementSetup:
              'ftp://x|2024-01-01|Terms|login\nhttps://example.com/b|2024-13-45|Privacy|sometimes',
          },
        },
      }),
    );
    await page.getByRole('button', { name: 'Check the import' }).click();
    const problems = page.getByRole('status').filter({ hasText: 'Validation problems' });
    await expect(problems).toBeVisible();
    const items = problems.getByRole('listitem');
    await expect(items.filter({ hasText: 'globalOptions.useFAQOption' })).toHaveCount(1);
    await expect(
      items.filter({ hasText: 'securityPolicyOptions.lockoutMinutes' }).filter({
        hasText: 'must be at least 0',
      }),
    ).toHaveCount(1);
    await expect(
      items.filter({ hasText: 'securityPolicyOptions.maxFailedLoginAttempts' }).filter({
        hasText: 'must be a whole number',
      }),
    ).toHaveCount(1);
    // Each agreement problem is its own line.
    const agreementLines = items.filter({ hasText: 'agreementTexts.agreementSetup' });
    expect(await agreementLines.count()).toBeGreaterThanOrEqual(3);
    await expect(page.getByRole('button', { name: 'Apply as the draft' })).toBeDisabled();
    await expectNoAxeViolations(page);
  });

  test('item 24: a copy takes the source’s theme and warns about each of its own values; names are unique', async ({
    page,
    baseURL,
  }) => {
    await staffSignIn(page, IMPLEMENTER, baseURL);
    await page.getByRole('link', { name: 'New institution' }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Summit Lending');
    await page.getByLabel('Host names').fill('summit-two.localhost');
    await page.getByLabel('Start from').selectOption({ label: 'A copy of Summit Lending' });
    const warnings = page.getByRole('status', { name: /values are Summit Lending’s own/ });
    await expect(warnings).toBeVisible();
    await expect(
      warnings.getByRole('listitem').filter({ hasText: '/cdn/summit/agreements/ach-terms.html' }),
    ).toHaveCount(1);
    await expect(
      warnings
        .getByRole('listitem')
        .filter({ hasText: 'https://www.summit-lending.example/locations' }),
    ).toHaveCount(1);
    // Summit's green, not Harbor's navy.
    await expect(page.getByLabel('Primary colour', { exact: true })).toHaveValue('#1b5e20');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Create institution' }).click();
    await expect(page.getByRole('alert')).toContainText(
      '"Summit Lending" is the name of another institution (summit)',
    );
  });

  test('item 25: show in preview opens the sample loan; the draft’s scheme shows; the logo is in the contrast check', async ({
    page,
    baseURL,
  }) => {
    await staffSignIn(page, SUMMIT_PUBLISHER, baseURL);
    await page.goto('/admin/#/i/summit/settings');
    const preview = page.frameLocator(PREVIEW);
    await page.getByRole('checkbox', { name: 'Follow the selected setting' }).uncheck();
    const field = await openSetting(
      page,
      'loanDetailsTexts.balanceFactsHeadingText',
      'Balance facts heading',
    );
    await field.getByRole('button', { name: /Show in preview/ }).click();
    await expect(
      page.getByText('Showing the draft at /myaccount/loanDetails/000-900001-1'),
    ).toBeVisible();
    await expect(preview.getByText('Sample Auto Loan').first()).toBeVisible();

    // The draft's colour scheme, with the toggle untouched.
    await page.goto('/admin/#/i/summit/theme');
    const scheme = page.getByRole('group', { name: 'Colour scheme' }).getByRole('combobox');
    const before = await scheme.inputValue();
    await scheme.selectOption('dark');
    await expect(page.getByRole('button', { name: 'Dark', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(preview.locator('html')).toHaveClass(/dark/);

    // The white logo on a yellow header fails the check, in words.
    const primary = page.getByRole('group', { name: 'Primary colour' });
    // The hex field (the native colour picker beside it is a textbox too in Chromium).
    const colour = primary.getByRole('textbox').last();
    const primaryBefore = await colour.inputValue();
    await colour.fill('#ffeb3b');
    await expect(
      primary.getByText(/The white logo on it is 1\.\d+:1: a logo needs 3:1\./),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    // Leave Summit's draft as it was.
    await colour.fill(primaryBefore);
    await scheme.selectOption(before);
    await expect(primary.getByText(/Contrast passes WCAG AA/)).toBeVisible();
  });

  test('item 26: the group list is one tab stop with arrow keys, and an off switch shows its focus', async ({
    page,
    baseURL,
  }) => {
    await staffSignIn(page, HARBOR_EDITOR, baseURL);
    await page.goto('/admin/#/i/harbor/settings?group=sign-in');
    const tablist = page.getByRole('tablist', { name: 'Groups' });
    const selected = tablist.getByRole('tab', { selected: true });
    await expect(selected).toHaveAccessibleName(/^Sign-in/);
    await expect(tablist.locator('[tabindex="0"]')).toHaveCount(1);
    await expectNoAxeViolations(page);
    await selected.focus();
    await page.keyboard.press('ArrowDown');
    const focusedRole = () => page.evaluate(() => document.activeElement?.getAttribute('role'));
    expect(await focusedRole()).toBe('tab');
    await expect(selected).not.toBeFocused();
    // Tab leaves the list at once: one stop, not one per group.
    await page.keyboard.press('Tab');
    expect(await focusedRole()).not.toBe('tab');

    // A switch that is off shows a focus ring when reached by keyboard.
    const faq = await openSetting(
      page,
      'loginOptions.hideAnnouncementOption',
      'Hide the announcement',
    );
    const toggle = faq.getByRole('switch');
    if (await toggle.isChecked()) throw new Error('expected an off switch');
    await toggle.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(toggle).toBeFocused();
    // A solid outline of at least 2 px on the drawn switch, then none once focus moves on.
    expect(await widestOutline(toggle)).toBeGreaterThanOrEqual(2);
    await page.keyboard.press('Tab');
    await expect(toggle).not.toBeFocused();
    expect(await widestOutline(toggle)).toBe(0);
  });
});
