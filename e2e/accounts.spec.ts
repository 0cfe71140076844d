import { readFile } from 'node:fs/promises';
import { type Download, expect, type Page } from '@playwright/test';
import { pdfText } from '../server/src/testing/pdf-text';
import { expectNoAxeViolations, signIn, test } from './fixtures';
import { journeyNow } from './journey-clock';

// The demo seed generates every account from its opening to today through the built-in core.

/**
 * The file a click opens in a new tab. The tab's download listener is attached as the tab is
 * created: awaiting the popup first could miss a download that starts at once.
 */
async function downloadFrom(page: Page, click: () => Promise<void>) {
  const started = new Promise<Download>((resolve) => {
    page.context().once('page', (tab) => tab.once('download', resolve));
  });
  await click();
  const download = await started;
  const path = await download.path();
  return { name: download.suggestedFilename(), body: await readFile(path) };
}

/** A PDF's text line by line, each line's spaces and tabs as one space. */
function textLines(text: string): string[] {
  return text.split('\n').map((line) => line.replace(/\s+/g, ' ').trim());
}

test.describe('the accounts area', () => {
  test('the dashboard shows the four lists, sorts them and toggles closed accounts', async ({
    page,
  }) => {
    await signIn(page, 'jordan.rivers');
    const loans = page.getByRole('table', { name: 'Loans' });
    await expect(loans).toBeVisible();
    for (const name of ['Lines of Credit', 'Deposits', 'Investments']) {
      await expect(page.getByRole('table', { name })).toBeVisible();
    }
    // Spec 002 "Dashboard": loans, deposits, lines of credit, investments (then applications).
    const order = ['Loans', 'Deposits', 'Lines of Credit', 'Investments'];
    for (const [index, name] of order.entries()) {
      await expect(page.getByRole('table').nth(index)).toHaveAccessibleName(name);
    }
    // The past-due auto loan says so; the hidden escrow account is not listed.
    await expect(loans.getByRole('row', { name: /Auto Loan/ })).toContainText('Past Due');
    await expect(page.getByText('Escrow Sub-Account')).toHaveCount(0);
    await expect(loans.getByText('Boat Loan')).toHaveCount(0);
    await page.getByRole('switch', { name: 'Show closed accounts' }).check();
    await expect(loans.getByRole('row', { name: /Boat Loan/ })).toContainText('Closed');

    const balance = loans.getByRole('columnheader', { name: 'Balance' });
    await balance.getByRole('button').click();
    await expect(balance).toHaveAttribute('aria-sort', 'ascending');
    await balance.getByRole('button').click();
    await expect(balance).toHaveAttribute('aria-sort', 'descending');
    await expect(page.getByRole('table', { name: 'Application Status' })).toContainText('Approved');
    await expectNoAxeViolations(page);
  });

  test('a loan: address with the ZIP check, history as CSV and PDF, a payoff quote and its breakdown', async ({
    page,
  }) => {
    await signIn(page, 'jordan.rivers');
    await page
      .getByRole('table', { name: 'Loans' })
      .getByRole('link', { name: /Home Equity Loan/ })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Loan Information' })).toBeVisible();
    await expectNoAxeViolations(page);

    // The address form opens behind its control (issue 20 item 12).
    await page.getByRole('button', { name: 'Change mailing address' }).click();
    const form = page.getByRole('form', { name: 'Mailing address' });
    await form.getByLabel('City').fill('Denver');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('City is not found within the specified zip code.')).toBeVisible();
    await form.getByLabel('City').fill('Portland');
    await form.getByLabel('Address').fill('12 Harbor View Road');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByRole('img', { name: 'Saved' })).toBeVisible();

    // Paperless with Harbor's consent text (jordan accepted the E-Sign disclosure long ago).
    const paperless = page.getByRole('switch', { name: 'Receive statements electronically' });
    await expect(paperless).not.toBeChecked();
    await paperless.click();
    const consent = page.getByRole('dialog', { name: 'E-Statements' });
    await expect(consent).toContainText(/consent/i);
    await expectNoAxeViolations(page);
    await consent.getByRole('button', { name: 'Agree' }).click();
    await expect(paperless).toBeChecked();

    const history = page.getByRole('table', { name: 'Loan history' });
    await page.getByRole('button', { name: '90', exact: true }).click();
    const firstRow = history.getByRole('row').nth(1);
    await expect(firstRow).toBeVisible();
    // The table's first row as shown: date, description, five amounts, time.
    const shown = (await firstRow.locator('th, td').allInnerTexts()).map((cell) => cell.trim());
    expect(shown).toHaveLength(8);
    const [rowDate = '', description = '', ...rest] = shown;
    const amounts = rest.slice(0, 5);
    const time = rest[5] ?? '';
    const csv = await downloadFrom(page, () =>
      page.getByRole('button', { name: 'Download CSV' }).click(),
    );
    // In the institution's name.
    expect(csv.name).toMatch(/^Harbor Community Bank history 001-100235-2 \d{4}-\d{2}-\d{2}\.csv$/);
    const lines = csv.body.toString('utf8').trim().split('\n');
    expect(lines[0]).toBe('Date,Time,Description,Principal,Interest,Other,Total,Principal Balance');
    expect(lines.some((line) => line.includes('Payment received'))).toBe(true);
    // The table's row is in the file, its amounts as plain dollars ('$1,234.56' is 1234.56).
    const plain = amounts.map((amount) => amount.replace(/[$,]/g, ''));
    const fileRow = lines.find(
      (line) => line.startsWith(`${rowDate},`) && line.endsWith([description, ...plain].join(',')),
    );
    expect(fileRow).toBeDefined();
    // Its time: the core's 'HH:MM:SS' in the file (for programs), in words in the table ('11:59 PM
    // EST'); blank in both where the core gives the date only (not midnight).
    const fileTime = fileRow?.split(',')[1] ?? '';
    if (fileTime === '') {
      expect(time).toBe('');
    } else {
      const [hours = 0, minutes = 0] = fileTime.split(':').map(Number);
      expect(time).toBe(
        `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'} ${time.split(' ')[2] ?? ''}`,
      );
      expect(time).toMatch(/ E[SD]T$/);
    }
    const pdf = await downloadFrom(page, () =>
      page.getByRole('button', { name: 'Download PDF' }).click(),
    );
    expect(pdf.name).toMatch(/^Harbor Community Bank history 001-100235-2 \d{4}-\d{2}-\d{2}\.pdf$/);
    const historyText = await pdfText(pdf.body);
    expect(historyText).toContain('Harbor Community Bank');
    expect(historyText).toContain('Account History');
    expect(historyText).toContain('Home Equity Loan 001-100235-2');
    // The same row, as the table shows it.
    expect(textLines(historyText)).toContain([rowDate, description, ...amounts].join(' '));

    await page.getByRole('button', { name: 'Payoff Quote' }).click();
    const dialog = page.getByRole('dialog', { name: 'Payoff Quote' });
    const date = new Date(journeyNow().getTime() + 10 * 86_400_000).toISOString().slice(0, 10);
    await dialog.getByLabel('Payoff date').fill(date);
    await dialog.getByRole('button', { name: 'Get Quote' }).click();
    const quote = dialog.getByRole('status');
    await expect(quote).toContainText('Your payoff amount as of');
    await expectNoAxeViolations(page);
    const quoted = /is (\$[\d,]+\.\d{2})\./.exec(await quote.innerText())?.[1];
    expect(quoted).toBeDefined();
    const breakdown = await downloadFrom(page, () =>
      dialog.getByRole('button', { name: 'Download Breakdown' }).click(),
    );
    // The breakdown of the quote the dialog showed, for the date asked.
    const breakdownText = await pdfText(breakdown.body);
    expect(breakdownText).toContain('Payoff Quote');
    expect(breakdownText).toContain('Home Equity Loan 001-100235-2');
    expect(breakdownText).toContain(
      `Good through ${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`,
    );
    expect(textLines(breakdownText)).toContain(`Total payoff amount ${quoted}`);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Insurance' }).click();
    const insurance = page.getByRole('dialog', { name: 'Insurance Information' });
    await expect(insurance).toContainText('Joint');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');

    // The balance chart and the payoff projection with extra principal.
    const balance = page.getByRole('region', { name: 'Balance and Payoff' });
    await expect(balance.locator('svg').first()).toBeVisible();
    const summary = balance.getByText(/^At the regular payment the loan is paid off on/);
    await expect(summary).toBeVisible();
    await balance.getByLabel('Extra principal each payment').fill('250');
    await expect(summary).toContainText('With $250.00 more each payment, it is paid off on');
    await balance.getByRole('button', { name: /as a table/ }).click();
    await expect(balance.getByRole('table', { name: 'Balance by year' })).toContainText(
      'With extra principal',
    );
    await expectNoAxeViolations(page);
  });

  test('a user without e-mail: the warning, alerts saved, paper statements kept, a statement PDF', async ({
    page,
  }) => {
    await signIn(page, 'sky.bennett');
    await expect(page.getByText(/e-mail address/i).first()).toBeVisible();
    await page
      .getByRole('table', { name: 'Loans' })
      .getByRole('link', { name: /Auto Loan/ })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Loan Information' })).toBeVisible();

    // Alerts: Save appears with a change and leaves a check mark.
    await page.getByLabel('Loan is delinquent (e-mail)').check();
    const alerts = page.getByRole('region', { name: 'Alert Preferences' });
    await alerts.getByRole('button', { name: 'Save' }).click();
    await expect(alerts.getByRole('img', { name: 'Saved' })).toBeVisible();

    // No address, no paperless: the prompt says why and the switch stays off.
    await expect(
      page.getByText('Please add an email address to your profile to receive e-statements.'),
    ).toBeVisible();
    const paperless = page.getByRole('switch', { name: 'Receive statements electronically' });
    await expect(paperless).toBeDisabled();
    await expect(paperless).not.toBeChecked();
    await expectNoAxeViolations(page);

    // The built-in statement opens inline in a new tab.
    const statements = page.getByRole('list', { name: /^Statements of/ });
    // Waited for on the context, before the click: the new tab's first response can come before
    // the tab is handed to the test.
    const statement = page
      .context()
      .waitForEvent('response', (response) =>
        response.url().includes('/api/AccountEstatements/ViewStatement'),
      );
    const popup = page.waitForEvent('popup');
    await statements.getByRole('button').first().click();
    const tab = await popup;
    const opened = await statement;
    // Chromium shows it in its PDF viewer, which hides the response's headers and body from
    // Playwright now and then; the server tests read the PDF's type and text.
    expect(opened.status()).toBe(200);
    await tab.close();

    // The loan's documents, kept by the built-in file services, open the same way.
    const documents = page.getByRole('region', { name: 'Documents' });
    const document = page
      .context()
      .waitForEvent('response', (response) =>
        response.url().includes('/api/Documents/ViewDocument'),
      );
    const documentTab = page.waitForEvent('popup');
    await documents.getByRole('button', { name: /^Truth in Lending Disclosure/ }).click();
    await documentTab;
    const shown = await document;
    expect(shown.status()).toBe(200);
  });

  test('hiding an account removes it from the dashboard; login history and an application open', async ({
    page,
  }) => {
    await signIn(page, 'pat.lee');
    const lines = page.getByRole('table', { name: 'Lines of Credit' });
    await lines.getByRole('link', { name: /Overdraft Line of Credit/ }).click();
    await page.getByRole('button', { name: 'Hide Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hide Account' });
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog.getByRole('status')).toContainText('Success.');
    await expect(page).toHaveURL(/#\/myaccount\/dashboard/, { timeout: 10_000 });
    await expect(page.getByRole('table', { name: 'Deposits' })).toBeVisible();
    await expect(page.getByText('Overdraft Line of Credit')).toHaveCount(0);

    await page.getByRole('link', { name: 'Login History' }).click();
    await expect(page.getByRole('table', { name: 'Login History' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('application details open from the dashboard', async ({ page }) => {
    await signIn(page, 'jordan.rivers');
    await page
      .getByRole('table', { name: 'Application Status' })
      .getByRole('link', { name: 'A-240275' })
      .click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Application Information' }),
    ).toBeVisible();
    await expect(page.getByRole('main')).toContainText('$8,500.00');
    // Harbor has file services on: the approval letter opens in a new tab, as a loan's do.
    const letter = page.getByRole('button', { name: 'Loan Approval Letter A-240275' });
    await expect(letter).toBeVisible();
    await expectNoAxeViolations(page);
    const letterShown = page
      .context()
      .waitForEvent('response', (response) =>
        response.url().includes('/api/Documents/ViewDocument'),
      );
    const tab = page.waitForEvent('popup');
    await letter.click();
    await tab;
    const shown = await letterShown;
    expect(shown.status()).toBe(200);
  });

  test('a deposit opens its balances, history and statements', async ({ page }) => {
    await signIn(page, 'jordan.rivers');
    await page
      .getByRole('table', { name: 'Deposits' })
      .getByRole('link', { name: /High-Yield Savings/ })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'High-Yield Savings' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Account history' })).toContainText(
      'Interest paid',
    );
    await expect(page.getByRole('list', { name: /^Statements of/ })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('on a phone the dashboard lists accounts as cards and the history is an accordion', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'jordan.rivers');
    await expect(page.getByRole('table', { name: 'Loans' })).toHaveCount(0);
    const loans = page.getByRole('list', { name: 'Loans' });
    await expect(loans).toBeVisible();
    await expectNoAxeViolations(page);

    // Opened afresh (a reload, a bookmark), the page fills in without moving: the header's rows
    // do not change when the logo arrives and the lists, applications and footer show at once.
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { layoutShifts: shifts });
      new PerformanceObserver((entries) => {
        for (const entry of entries.getEntries()) {
          shifts.push((entry as PerformanceEntry & { value: number }).value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.reload();
    await expect(loans).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Application Status' })).toBeVisible();
    const shifts = await page.evaluate(
      () => (window as unknown as { layoutShifts: number[] }).layoutShifts,
    );
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);

    await loans.getByRole('link', { name: /Home Equity Loan/ }).click();
    const history = page.getByRole('list', { name: 'Loan history' });
    await page.getByRole('button', { name: '90', exact: true }).click();
    const first = history.getByRole('button', { name: /^Date:/ }).first();
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(history.getByRole('region').first()).toContainText('Principal Balance');
    await expectNoAxeViolations(page);
  });
});
