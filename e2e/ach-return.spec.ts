import { writeFileSync } from 'node:fs';
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import {
  expectNoAxeViolations,
  institutionOrigin,
  newestDemoMailId,
  signIn,
  staffSignIn,
  test,
  waitForDemoMail,
} from './fixtures';
import { makeDataDir, removeDataDir, startOwnServer, type OwnServer } from './own-server';
import {
  HOME_EQUITY,
  chooseFrequency,
  confirmationRows,
  openNewMethod,
  openPaymentScreen,
  submitAndConfirm,
  typeAmount,
} from './payment-journeys';

/*
 * Issue 24, "Must show": an ACH payment from the built-in processor's insufficient-funds test
 * account (000222222227, README "ACH: the day's NACHA file") is Processing until the day's ACH
 * file sends its debit, then posted, then returned two banking days later: the loan is restored,
 * the borrower is told by e-mail, the payment shows Returned in the portal and in the admin's
 * payments search.
 *
 * Time has to pass, and the shared journey server keeps one demo clock, so this journey runs a
 * server of its own (e2e/own-server.ts) on a throwaway data directory:
 * - Monday 11/23/2026 10:00 in New York: jordan.rivers pays $1,500.00 on the Home Equity Loan by
 *   a new bank account (the test bank's insufficient-funds account): accepted, Processing, the
 *   loan not credited yet. Harbor's publisher makes the day's ACH file (a debit goes to the bank
 *   only in a file; at 17:00, the cut-off, the sealing job would make it), and the payment posts
 *   within seconds (the file's posts are queued at once), credited as of Monday.
 * - The server stops and starts again on the same data with its clock at Friday 11/27/2026 10:00:
 *   the debit settled on Tuesday the 24th, and the test bank's return arrives two banking days
 *   later (Wednesday the 25th, Thanksgiving on the 26th skipped: Friday the 27th). The returns job
 *   (payments.returns, every 15 minutes) is a schedule of the job queue, whose first poll queues
 *   the current period's run at once (job-queue.ts `schedule`), so the return is acted on within
 *   seconds of the start: the journey waits for what the borrower sees.
 */

const PORT = Number(process.env.E2E_RETURN_PORT ?? 3411);
const LOCAL = `http://localhost:${PORT}`;
const HARBOR = institutionOrigin(LOCAL, 'harbor');
const PUBLISHER = 'publisher@harbor.example';
const JORDAN_EMAIL = 'jordan.rivers@example.test';

/** Monday 11/23/2026, 10:00 in New York; Friday 11/27/2026, 10:00 in New York. */
const PAY_DAY = new Date('2026-11-23T15:00:00Z');
const RETURN_DAY = new Date('2026-11-27T15:00:00Z');
const PAY_DATE_SHOWN = '11/23/2026';

/** The built-in processor's test bank account that comes back R01 (insufficient funds). */
const INSUFFICIENT_FUNDS = { routing: '011099990', account: '000222222227' } as const;
const AMOUNT = '1,500.00';

let dataDir = '';
let server: OwnServer | undefined;
/** Each start's output, attached when the journey fails. */
const serverOutputs: string[] = [];
const contexts: BrowserContext[] = [];

/** A desktop-width browser context at `origin`, its clock the server's (pages read the time). */
async function openContext(browser: Browser, origin: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: origin,
    viewport: { width: 1280, height: 900 },
  });
  contexts.push(context);
  if (server) await context.clock.install({ time: server.now() });
  return context.newPage();
}

async function closeContexts() {
  for (const context of contexts.splice(0)) await context.close().catch(() => undefined);
}

async function openLoan(page: Page) {
  await page.goto(`/#/myaccount/loanDetails/${HOME_EQUITY}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Loan Information' })).toBeVisible();
}

/** The loan page's facts of a section, 'Loan balance' by default (term: definition). */
async function loanBalance(page: Page, name = 'Loan balance'): Promise<Record<string, string>> {
  const section = page.getByRole('region', { name, exact: true });
  await expect(section.getByRole('term').first()).toBeVisible();
  const terms = await section.getByRole('term').allInnerTexts();
  const definitions = await section.getByRole('definition').allInnerTexts();
  return Object.fromEntries(
    terms.map((term, index) => [term.trim(), definitions[index]?.trim() ?? '']),
  );
}

function cents(text: string | undefined): number {
  return Math.round(Number((text ?? '').replace(/[$,]/g, '')) * 100);
}

test.describe.configure({ mode: 'serial' });

/** The servers' output as a file under test-results/, beside the screenshot of a failure. */
async function attachServerOutput() {
  if (server) serverOutputs.push(server.output());
  const file = test.info().outputPath('server-output.txt');
  writeFileSync(file, serverOutputs.join('\n---- restart ----\n'));
  await test.info().attach('server output', { path: file, contentType: 'text/plain' });
}

test.afterAll(async () => {
  await closeContexts();
  await server?.stop();
  server = undefined;
  if (dataDir) removeDataDir(dataDir);
});

test('an ACH payment from the insufficient-funds account is Processing until its file is made, then posts, comes back two banking days later and is returned everywhere', async ({
  browser,
}) => {
  // Two server starts (the first seeds the demo data, ~30 s), two sign-ins each side.
  test.setTimeout(240_000);
  try {
    await journey(browser);
  } catch (error) {
    await attachServerOutput();
    throw error;
  }
});

async function journey(browser: Browser) {
  dataDir = makeDataDir();
  let confirmation = '';
  let principalBefore = 0;
  let principalAfterPayment = 0;
  /** The borrower's newest e-mail before the payment: its receipt comes after. */
  let mailBeforePayment = 0;

  await test.step('Monday 11/23/2026: start the server on its own data directory', async () => {
    server = await startOwnServer({ port: PORT, dataDir, clockStart: PAY_DAY });
  });

  await test.step('jordan.rivers pays $1,500.00 now from the insufficient-funds account', async () => {
    const page = await openContext(browser, HARBOR);
    await signIn(page, 'jordan.rivers');
    mailBeforePayment = await newestDemoMailId(page, HARBOR, JORDAN_EMAIL);
    await openLoan(page);
    const before = await loanBalance(page);
    principalBefore = cents(before['Principal balance']);
    expect(principalBefore).toBeGreaterThan(150_000);
    // Nothing returned yet.
    await expect(page.getByText(/was returned by your bank/)).toHaveCount(0);

    await openPaymentScreen(page, HOME_EQUITY);
    const dialog = await openNewMethod(page, 'E-Check');
    await dialog.getByLabel('Owner Name').fill('Jordan Rivers');
    await dialog.getByLabel('Routing Number').fill(INSUFFICIENT_FUNDS.routing);
    await expect(dialog).toContainText('Harbor Community Bank');
    await dialog.getByLabel('Account Number', { exact: true }).fill(INSUFFICIENT_FUNDS.account);
    await dialog.getByLabel('Confirm Account Number').fill(INSUFFICIENT_FUNDS.account);
    const checking = dialog.getByRole('radio', { name: 'Checking' });
    if ((await checking.count()) > 0) await checking.check();
    // A bank account for this payment only (Save Payment Profile stays unticked).
    await expect(dialog.getByRole('checkbox', { name: 'Save Payment Profile' })).not.toBeChecked();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog).toHaveCount(0);
    await chooseFrequency(page, 'One Time');
    await expect(page.getByLabel('Payment Date')).toHaveValue('2026-11-23');
    await typeAmount(page, AMOUNT);
    await expect(page.getByRole('region', { name: 'Payment Total' })).toContainText(
      `Payment Total: $${AMOUNT}`,
    );
    await submitAndConfirm(page, 'Make Payment');

    const rows = await confirmationRows(page);
    expect(rows).toMatchObject({
      'Loan Number': HOME_EQUITY,
      Account: 'Checking ****2227',
      Frequency: 'One Time',
      'Payment Date': PAY_DATE_SHOWN,
      Amount: `$${AMOUNT}`,
      Total: `$${AMOUNT}`,
    });
    confirmation = rows['Confirmation Number'] ?? '';
    expect(confirmation).toMatch(/^[A-Z0-9]{6,}$/);

    // Not posted before its debit is sent: the loan is as it was, the payment Processing.
    // (A fresh page: the portal keeps the loan it read a moment ago.)
    await openLoan(page);
    await page.reload();
    expect(cents((await loanBalance(page))['Principal balance'])).toBe(principalBefore);
    // Listed among the loan's recent payments: a Pay Now payment is listed nowhere else.
    await expect(
      page
        .getByRole('table', { name: 'Recent Payments' })
        .getByRole('row')
        .filter({ hasText: `$${AMOUNT}` }),
    ).toContainText('Processing');
    await page.context().close();
  });

  await test.step("Harbor's publisher makes the day's ACH file", async () => {
    const page = await openContext(browser, LOCAL);
    await staffSignIn(page, PUBLISHER, LOCAL);
    await page.getByRole('link', { name: /Harbor Community Bank/ }).click();
    await page
      .getByRole('navigation', { name: 'Institution sections' })
      .getByRole('link', { name: 'ACH files' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'ACH files' })).toBeVisible();
    const day = page.getByRole('row').filter({
      has: page.getByRole('rowheader', { name: 'Monday, November 23, 2026' }),
    });
    await expect(day).toContainText(`$${AMOUNT}`);
    // The button reads "Make file"; its name says which day's file it makes.
    await day.getByRole('button', { name: /^Make file: the next ACH file of / }).click();
    // It asks first: the file is sealed and sent once.
    const confirm = page.getByRole('dialog', { name: /^Make the next ACH file of / });
    await expect(confirm).toContainText('Monday, November 23, 2026');
    await confirm.getByRole('button', { name: 'Make file' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: /File A of .* is made/ }),
    ).toContainText('Monday, November 23, 2026');
    await expect(day).toContainText('File A');
    await expect(day.getByRole('button', { name: /^Make file: the next ACH file/ })).toHaveCount(0);
    await page.context().close();
  });

  await test.step('its debit sent, the payment posts: the loan is credited, the payment Posted', async () => {
    const page = await openContext(browser, HARBOR);
    await signIn(page, 'jordan.rivers');
    await openLoan(page);
    const recent = page
      .getByRole('table', { name: 'Recent Payments' })
      .getByRole('row')
      .filter({ hasText: `$${AMOUNT}` });
    // The file's posts are queued when it is made and run within seconds; the page reads the
    // loan once: each try loads it again.
    await expect(async () => {
      if (!(await recent.textContent())?.includes('Posted')) await page.reload();
      await expect(recent).toContainText('Posted', { timeout: 3_000 });
    }).toPass({ timeout: 60_000, intervals: [2_000] });
    principalAfterPayment = cents((await loanBalance(page))['Principal balance']);
    expect(principalAfterPayment).toBeLessThan(principalBefore);
    // Credited as of the day it was made.
    expect(await loanBalance(page, 'Payments')).toMatchObject({
      'Last payment date': PAY_DATE_SHOWN,
      'Last payment amount': `$${AMOUNT}`,
    });
    test.info().annotations.push({
      type: 'payment',
      description: `confirmation ${confirmation}; principal ${principalBefore / 100} before, ${principalAfterPayment / 100} after`,
    });
    // Its receipt, e-mailed when the debit was accepted, saying it is processing (no second one
    // at posting; docs/decisions/bank-payment-emails.md), the loan number masked, in no whole
    // form (issue 20 item 31).
    const receipt = await waitForDemoMail(page, HARBOR, JORDAN_EMAIL, {
      afterId: mailBeforePayment,
    });
    expect(receipt.subject).toContain(confirmation);
    expect(receipt.body).toContain('Loan: ****2352');
    expect(receipt.body).toContain('Your bank payment is processing');
    for (const whole of [HOME_EQUITY, '0011002352', '100235']) {
      expect(`${receipt.subject}\n${receipt.body}`).not.toContain(whole);
    }
    await page.context().close();
  });

  await test.step('the server stops and starts again on the same data on Friday 11/27/2026', async () => {
    await closeContexts();
    await server?.stop();
    if (server) serverOutputs.push(server.output());
    server = await startOwnServer({ port: PORT, dataDir, clockStart: RETURN_DAY });
  });

  const borrower =
    await test.step('jordan.rivers sees the payment returned first on the loan page, and the loan restored', async () => {
      const page = await openContext(browser, HARBOR);
      await signIn(page, 'jordan.rivers');
      const notice = page.getByRole('alert').filter({ hasText: 'was returned by your bank' });
      // The returns job runs at the start (its schedule's first period) and every 15 minutes.
      // The page reads the loan once: each try loads it again.
      await openLoan(page);
      await expect(async () => {
        if (!(await notice.isVisible())) await page.reload();
        await expect(notice).toBeVisible({ timeout: 3_000 });
      }).toPass({ timeout: 60_000, intervals: [2_000] });
      await expect(notice).toContainText(
        `Your payment of $${AMOUNT} on ${PAY_DATE_SHOWN} from the account ending in 2227 was returned by your bank (Insufficient funds). It has been taken off your loan: what it had paid is owed again, and your amount due includes it.`,
      );
      // Its details: a Pay Now payment's states, Returned last.
      await notice.getByRole('button', { name: /^View details of the payment of/ }).click();
      const details = page.getByRole('dialog', { name: 'Payment details' });
      await expect(
        details.getByText(`Payment of ${PAY_DATE_SHOWN}: Returned by your bank`),
      ).toBeVisible();
      await expect(
        details.getByRole('list', { name: 'What happened' }).getByRole('listitem').last(),
      ).toContainText('Returned by your bank');
      await expectNoAxeViolations(page);
      await details.getByRole('button', { name: 'Okay' }).click();
      await expect(details).toHaveCount(0);
      // First on the page: before the amount due and the loan's figures.
      const first = page
        .getByRole('main')
        .getByRole('alert')
        .or(page.getByRole('region', { name: 'Amount due' }))
        .first();
      await expect(first).toContainText('was returned by your bank');

      expect(cents((await loanBalance(page))['Principal balance'])).toBe(principalBefore);
      const history = page.getByRole('table', { name: 'Loan history' });
      const returnedLine = history
        .getByRole('row')
        .filter({ hasText: 'Payment returned: insufficient funds (R01)' });
      await expect(returnedLine).toBeVisible();
      // Taken back: the amount reads negative.
      await expect(returnedLine).toContainText(`-$${AMOUNT}`);
      // The recent payments say where it is now.
      await expect(
        page
          .getByRole('table', { name: 'Recent Payments' })
          .getByRole('row')
          .filter({ hasText: `$${AMOUNT}` }),
      ).toContainText('Returned by your bank');
      await expectNoAxeViolations(page);

      // Make Payment says it as well.
      await openPaymentScreen(page, HOME_EQUITY);
      await expect(
        page
          .getByRole('alert')
          .filter({ hasText: 'was returned by your bank (Insufficient funds)' }),
      ).toBeVisible();

      // And the dashboard, first in the payments summary, named for its loan.
      await page.getByRole('link', { name: 'Dashboard' }).first().click();
      const summary = page.getByRole('region', { name: 'Your payments' });
      const returnedNotice = summary
        .getByRole('alert')
        .filter({ hasText: 'was returned by your bank (Insufficient funds)' });
      await expect(returnedNotice).toContainText('Home Equity Loan ****2352');
      await expect(summary.getByRole('alert').first()).toContainText('was returned by your bank');
      await expectNoAxeViolations(page);
      return page;
    });

  await test.step('the demo mailbox has the e-mail: the payment was returned by the bank', async () => {
    const mail = await waitForDemoMail(borrower, HARBOR, JORDAN_EMAIL);
    expect(mail.subject).toBe('Harbor Community Bank: your payment was returned by your bank');
    expect(mail.body).toContain(`Confirmation number: ${confirmation}`);
    expect(mail.body).toContain('Insufficient funds');
    await borrower.goto(`${HARBOR}/demo/mailbox?to=${encodeURIComponent(JORDAN_EMAIL)}`);
    const message = borrower.getByRole('article').filter({
      has: borrower.getByRole('heading', { name: /your payment was returned by your bank/ }),
    });
    await expect(message).toContainText(`Confirmation number: ${confirmation}`);
    await expect(message).toContainText(`$${AMOUNT}`);
  });

  await test.step("staff find it Returned in the admin's payments search, Returned last on its timeline", async () => {
    const page = await openContext(browser, LOCAL);
    await staffSignIn(page, PUBLISHER, LOCAL);
    await page.getByRole('link', { name: /Harbor Community Bank/ }).click();
    const sections = page.getByRole('navigation', { name: 'Institution sections' });
    await sections.getByRole('link', { name: 'Payments' }).click();
    const form = page.getByRole('search', { name: 'Search the payments' });
    await form.getByLabel('Confirmation number').fill(confirmation);
    await form.getByRole('button', { name: 'Search' }).click();
    const found = page.getByRole('table', { name: 'Payments found' });
    const row = found.getByRole('row').filter({ hasText: confirmation });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Returned');
    await expect(row).toContainText(`$${AMOUNT}`);
    await expectNoAxeViolations(page);

    await row.getByRole('link', { name: confirmation }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: `Payment ${confirmation}` }),
    ).toBeVisible();
    const timeline = page.getByRole('table', { name: 'Timeline' });
    const events = timeline.getByRole('row');
    await expect(events.last()).toContainText('Returned');
    await expect(events.last()).toContainText('R01');
    await expect(timeline).toContainText('Posted');

    // The day's reconciliation balances: the return is in the portal, the core and the processor.
    await sections.getByRole('link', { name: 'Reconciliation' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reconciliation' })).toBeVisible();
    const run = page.getByRole('form', { name: 'Reconcile a day' });
    await run.getByLabel('Day to reconcile').fill('2026-11-23');
    await run.getByRole('button', { name: 'Reconcile' }).click();
    await expect(run.getByRole('status').or(run.getByRole('alert')).first()).toContainText(
      '11/23/2026 is reconciled: Balanced',
    );
    // The day's return, as each system has it: all three agree.
    await run.getByRole('link', { name: 'Open the day' }).click();
    const totals = page.getByRole('table', { name: 'Totals of the day' });
    for (const side of [
      'Returned in the portal (with fees)',
      'ACH returns',
      'Core reversals (without fees)',
    ]) {
      await expect(totals.getByRole('row').filter({ hasText: side })).toContainText(`1$${AMOUNT}`);
    }
    await expectNoAxeViolations(page);
  });
}
