import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolations, signIn, staffSignIn, test } from './fixtures';

/*
 * Issue 22: an uploaded document reaches a person. Jordan (Harbor) uploads two files to the Home
 * Equity Loan from the Document Center, each with its file type and its progress bar; both are
 * listed as new, and each is an item of Harbor's work queue, where Harbor's viewer (in no other
 * journey; a viewer reads the queue and may open its documents) opens one: the file downloads as
 * it was sent, and the audit log names who opened it.
 */

const STAFF = 'viewer@harbor.example';
/** Jordan's Home Equity Loan 001-100235-2, as the account picker names it (masked). */
const HOME_EQUITY = 'Home Equity Loan ****2352';

/** A PDF of about 1.5 MB (the server tells a PDF by its first bytes, %PDF-). */
function largePdf(): Buffer {
  const filler = Buffer.alloc(1_500_000, ' ');
  for (let at = 0; at < filler.length; at += 80) filler.write('% filler line\n', at);
  return Buffer.concat([
    Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n'),
    filler,
    Buffer.from(
      '2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
    ),
  ]);
}
/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Opens the Document Center from the main menu (behind the Menu button on a phone). */
async function openDocumentCenter(page: Page) {
  const menu = page.getByRole('button', { name: 'Menu' });
  const entry = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Document Center' });
  // One of the two shows once the layout has its screen size (a loaded machine can ask before).
  await expect(menu.or(entry).first()).toBeVisible();
  if (await menu.isVisible()) await menu.click();
  await entry.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Document Center' })).toBeVisible();
}

/**
 * Records every value the queue's progress bars take (by their names), from now on: the bars
 * move between two looks at the page, so a watcher in the page keeps them.
 */
async function recordProgress(page: Page) {
  await page.evaluate(() => {
    const seen: [string, string][] = [];
    new MutationObserver((changes) => {
      for (const change of changes) {
        if (!(change.target instanceof Element)) continue;
        if (change.target.getAttribute('role') !== 'progressbar') continue;
        seen.push([
          change.target.getAttribute('aria-label') ?? '',
          change.target.getAttribute('aria-valuenow') ?? '',
        ]);
        document.documentElement.dataset.uploadProgress = JSON.stringify(seen);
      }
    }).observe(document.body, {
      subtree: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  });
}

async function progressSeen(page: Page, label: string): Promise<number[]> {
  const recorded = await page.evaluate(
    () => document.documentElement.dataset.uploadProgress ?? '[]',
  );
  const entries: unknown = JSON.parse(recorded);
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((entry: unknown) =>
    Array.isArray(entry) && entry[0] === label ? [Number(entry[1])] : [],
  );
}

test.describe('uploaded documents', () => {
  test('a borrower uploads two files with their progress bars; staff find them in the work queue and open one', async ({
    page,
    baseURL,
  }) => {
    // Names of this run's own, to tell its items from any other.
    const run = Date.now() % 1_000_000;
    const pdfName = `insurance-declarations-${run}.pdf`;
    const pngName = `proof-of-income-${run}.png`;
    const pdf = largePdf();

    await test.step('the borrower uploads two files to a loan, each with its type and progress', async () => {
      await signIn(page, 'jordan.rivers');
      await openDocumentCenter(page);
      const panel = page.getByRole('tabpanel', { name: 'Account Documents' });
      await panel.getByRole('combobox', { name: 'Account Number' }).selectOption({
        label: HOME_EQUITY,
      });
      const documents = panel.getByRole('region', { name: 'Documents' });
      await expect(
        documents.getByRole('button', { name: /^Truth in Lending Disclosure 001-100235-2/ }),
      ).toBeVisible();

      await panel.getByLabel('Add Files').setInputFiles([
        { name: pdfName, mimeType: 'application/pdf', buffer: pdf },
        { name: pngName, mimeType: 'image/png', buffer: PNG },
      ]);
      const queue = panel.getByRole('list', { name: 'Files to upload' });
      await expect(queue.getByRole('listitem')).toHaveCount(2);
      const types: [string, string][] = [
        [pdfName, 'Insurance'],
        [pngName, 'Income Verification'],
      ];
      for (const [file, type] of types) {
        const item = queue.getByRole('listitem').filter({ hasText: file });
        await expect(
          item.getByRole('progressbar', { name: `Upload progress of ${file}` }),
        ).toHaveAttribute('aria-valuenow', '0');
        await item.getByRole('combobox', { name: /^File type/ }).selectOption({ label: type });
      }
      await expectNoAxeViolations(page);

      await recordProgress(page);
      await panel.getByRole('button', { name: 'Upload File(s)' }).click();
      // Each file leaves the queue once kept; the list is fetched again and marks both new.
      await expect(queue).toHaveCount(0);
      // The first file's bar was full while the second went (the last one's full bar and its
      // leaving the queue may be drawn at once).
      expect(await progressSeen(page, `Upload progress of ${pdfName}`)).toContain(100);
      for (const name of [pdfName, pngName].map((file) => file.replace(/\.\w+$/, ''))) {
        const document = documents.getByRole('button', { name, exact: true });
        await expect(document).toBeVisible();
        await expect(document).toHaveAccessibleDescription('New');
      }
    });

    await test.step('staff find both in the work queue and open one', async () => {
      await staffSignIn(page, STAFF, baseURL);
      await page.goto('/admin/#/i/harbor/work-queue');
      await expect(page.getByRole('heading', { level: 1, name: 'Work queue' })).toBeVisible();
      await page.getByRole('combobox', { name: 'Kind' }).selectOption('document');
      await page.getByRole('combobox', { name: 'Status' }).selectOption('new');
      await expect(page).toHaveURL(/kind=document&status=new/);
      const table = page.getByRole('table', { name: 'Work queue items, newest first' });
      const pdfItem = table.getByRole('link', {
        name: `Insurance: ${pdfName} for account ****2352`,
      });
      await expect(pdfItem).toBeVisible();
      await expect(
        table.getByRole('link', { name: `Income Verification: ${pngName} for account ****2352` }),
      ).toBeVisible();
      // No loan number in full in the queue.
      await expect(table).not.toContainText('001-100235-2');
      await expectNoAxeViolations(page);

      await pdfItem.click();
      await expect(
        page.getByRole('heading', { level: 1, name: `Insurance: ${pdfName} for account ****2352` }),
      ).toBeVisible();
      const sent = page.getByRole('region', { name: 'What was sent' });
      await expect(sent.getByText(pdfName)).toBeVisible();
      await expect(sent.getByText('****2352')).toBeVisible();
      await expectNoAxeViolations(page);

      const download = page.waitForEvent('download');
      await sent.getByRole('link', { name: 'Open document' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(pdfName);
      expect((await readFile(await file.path())).equals(pdf)).toBe(true);

      // The audit log names who opened it, and the borrower's upload.
      await page
        .getByRole('navigation', { name: 'Institution sections' })
        .getByRole('link', { name: 'Audit log' })
        .click();
      await expect(
        page.getByRole('heading', { name: `Opened a borrower’s document · ${STAFF}` }).first(),
      ).toBeVisible();
      await expect(
        page
          .getByRole('heading', { name: 'A borrower uploaded a document · borrower jordan.rivers' })
          .first(),
      ).toBeVisible();
    });
  });
});
