import { expect, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations, signIn, test } from './fixtures';

// The Document Center (spec 002 "Document Center", "File uploader") at Harbor, which has the
// Document Center and file services on, as jordan.rivers: README's borrower with documents (each
// installment loan's promissory note and Truth in Lending disclosure, the approved application's
// letter). The uploads go to Jordan's own (profile) documents, of which the demo seed holds none
// and which no other journey reads; the loans' lists are only read here.

const PHONE = { width: 390, height: 844 };
/** Jordan's Home Equity Loan 001-100235-2, as the account picker names it (masked). */
const HOME_EQUITY = 'Home Equity Loan ****2352';

/** A one-page PDF (the server tells a PDF by its first bytes, %PDF-). */
const PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj',
    '2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj',
    '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>> endobj',
    'trailer <</Root 1 0 R>>',
    '%%EOF',
    '',
  ].join('\n'),
);
/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Opens the Document Center from the main menu (behind the Menu button on a phone). */
async function openFromMenu(page: Page) {
  const menu = page.getByRole('button', { name: 'Menu' });
  const entry = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Document Center' });
  // One of the two shows once the layout has its screen size (a loaded machine can ask before).
  await expect(menu.or(entry).first()).toBeVisible();
  if (await menu.isVisible()) await menu.click();
  await entry.click();
  await expect(page).toHaveURL(/#\/myaccount\/document-center$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Document Center' })).toBeVisible();
  await expect(page).toHaveTitle('Payments - Document Center');
}

/** Chooses a tab and returns its panel (the other panels are hidden). */
async function chooseTab(page: Page, name: string): Promise<Locator> {
  const tab = page.getByRole('tab', { name });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  return page.getByRole('tabpanel', { name });
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('the Document Center', () => {
  test('two profile documents uploaded with their types, listed as new, one opened in a new tab', async ({
    page,
  }) => {
    await signIn(page, 'jordan.rivers');
    await openFromMenu(page);
    // Account Documents is the first tab, chosen as the page opens.
    await expect(page.getByRole('tab', { name: 'Account Documents' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    const panel = await chooseTab(page, 'Profile Documents');
    const documents = panel.getByRole('region', { name: 'Documents' });
    await expect(documents).toBeVisible();

    await panel.getByLabel('Add Files').setInputFiles([
      { name: 'proof-of-address.pdf', mimeType: 'application/pdf', buffer: PDF },
      { name: 'id-card-scan.png', mimeType: 'image/png', buffer: PNG },
    ]);
    const queue = panel.getByRole('list', { name: 'Files to upload' });
    await expect(queue.getByRole('listitem')).toHaveCount(2);
    const types: [string, string][] = [
      ['proof-of-address.pdf', 'Correspondence'],
      ['id-card-scan.png', 'Identification'],
    ];
    for (const [file, type] of types) {
      await queue
        .getByRole('listitem')
        .filter({ hasText: file })
        .getByRole('combobox', { name: /^File type/ })
        .selectOption({ label: type });
    }
    await panel.getByRole('button', { name: 'Upload File(s)' }).click();
    // Each file leaves the queue once kept; the list is fetched again and marks both new.
    await expect(queue).toHaveCount(0);
    for (const name of ['proof-of-address', 'id-card-scan']) {
      const document = documents.getByRole('button', { name, exact: true });
      await expect(document).toBeVisible();
      await expect(document).toHaveAccessibleDescription('New');
    }
    const marked = documents.getByRole('status');
    await expect(marked).toContainText('proof-of-address');
    await expect(marked).toContainText('id-card-scan');
    await expectNoAxeViolations(page);

    // A document opens in a new tab with a single-use token, served as the PNG it is.
    // Listened for on the whole context before the click: the new tab may have its answer before
    // a listener on the tab itself could be attached.
    const served = page
      .context()
      .waitForEvent('response', (response) =>
        response.url().includes('/api/Documents/ViewDocument'),
      );
    const popup = page.waitForEvent('popup');
    await documents.getByRole('button', { name: 'id-card-scan', exact: true }).click();
    await popup;
    const shown = await served;
    expect(shown.status()).toBe(200);
    expect(shown.headers()['content-type']).toBe('image/png');
  });

  test.describe('on a phone', () => {
    test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

    test('Account Documents: a loan chosen from the native picker, its documents, nothing off the side', async ({
      page,
    }) => {
      await signIn(page, 'jordan.rivers');
      await openFromMenu(page);

      const panel = page.getByRole('tabpanel', { name: 'Account Documents' });
      const picker = panel.getByRole('combobox', { name: 'Account Number' });
      await expect(picker).toBeVisible();
      // Jordan has several loans: none is chosen until Jordan picks one.
      await expect(picker).toHaveValue('');
      await picker.selectOption({ label: HOME_EQUITY });

      const documents = panel.getByRole('region', { name: 'Documents' });
      await expect(
        documents.getByRole('button', { name: /^Truth in Lending Disclosure 001-100235-2/ }),
      ).toBeVisible();
      await expect(
        documents.getByRole('button', { name: /^Promissory Note and Loan Agreement 001-100235-2/ }),
      ).toBeVisible();
      await expect(panel.getByText('Add Files')).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);

      // The tabs scroll sideways rather than run off the page: the last one is reached and shown.
      const applications = await chooseTab(page, 'Applications Documents');
      await expect(page.getByRole('tab', { name: 'Applications Documents' })).toBeInViewport();
      await expect(
        applications.getByRole('combobox', { name: 'Application Number' }),
      ).toBeVisible();
      await expectNoSidewaysScroll(page);
    });
  });
});
