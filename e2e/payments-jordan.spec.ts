import { expect } from '@playwright/test';
import { signIn, test } from './fixtures';
import { journeyToday } from './journey-clock';
import {
  HOME_EQUITY,
  LINE_OF_CREDIT,
  CARDS,
  axe,
  businessDayAhead,
  usDate,
  openPaymentScreen,
  addNewCard,
  addNewBankAccount,
  payWithDeclinedCard,
  chooseFrequency,
  typeAmount,
  submitAndConfirm,
  confirmationRows,
  HOLDERS,
} from './payment-journeys';

// Payment journeys on jordan.rivers's Home Equity Loan and Line of Credit at Harbor (the loans each journey uses: e2e/payment-journeys.ts).

test.describe('payments by jordan.rivers', () => {
  // Each journey takes 15-40 s on a quiet machine; a stuck one fails well before the default.
  test.describe.configure({ timeout: 90_000 });

  test('1. pay now by card with a new card saved: the confirmation, then the dashboard', async ({
    page,
  }) => {
    // Every answer of the server is kept: none may carry the card number.
    const answers: Promise<string>[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/')) {
        answers.push(response.text().catch(() => ''));
      }
    });
    await signIn(page, 'jordan.rivers');
    const row = page
      .getByRole('table', { name: 'Loans' })
      .getByRole('row', { name: /Home Equity/ });
    const before = await row.innerText();

    await openPaymentScreen(page, HOME_EQUITY);
    await axe(page);
    await addNewCard(page, { number: CARDS.visa, ...HOLDERS.jordan, save: true });
    // To be saved with the payment (issue 20 item 9): it is the payment's new method.
    await expect(
      page.getByText('New payment method, saved when you make this payment: Visa 4242'),
    ).toBeVisible();
    await chooseFrequency(page, 'One Time');
    await expect(page.getByLabel('Payment Date')).toHaveValue(journeyToday());
    await typeAmount(page, '125.00');
    const total = page.getByRole('region', { name: 'Payment Total' });
    await expect(total).toContainText('Payment Total: $125.00');
    await axe(page);
    await submitAndConfirm(page, 'Make Payment');

    const rows = await confirmationRows(page);
    expect(rows['Confirmation Number']).toMatch(/^[A-Z0-9]{6,}$/);
    expect(rows).toMatchObject({
      'Loan Number': HOME_EQUITY,
      Card: 'Visa ****4242',
      Frequency: 'One Time',
      'Payment Date': usDate(journeyToday()),
      Amount: '$125.00',
      'Processing Fee': '$0.00',
      Total: '$125.00',
    });
    // Not a scheduled payment: no scheduled warning.
    await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
    await axe(page);
    // The card number and security code are nowhere on the page.
    await expect(page.locator('body')).not.toContainText('4242 4242');

    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(page).toHaveURL(/#\/myaccount\/dashboard/);
    // The payment posted to the core at once: the loan's balance and amount due moved.
    await expect(row).not.toHaveText(before);
    const bodies = await Promise.all(answers);
    expect(bodies.length).toBeGreaterThan(5);
    for (const body of bodies) {
      expect(body).not.toContain('4242424242424242');
      expect(body).not.toContain(CARDS.visa);
    }
  });

  test('2. schedule an ACH payment with a new bank account and the ACH terms; it is listed', async ({
    page,
  }) => {
    await signIn(page, 'jordan.rivers');
    await openPaymentScreen(page, LINE_OF_CREDIT);
    // Saving a bank account asks for the ACH terms first where the institution has any (spec 001
    // section 2): Harbor has none.
    await addNewBankAccount(page, { owner: 'Jordan Rivers', number: '20480113', save: true });
    // Saved with the payment (issue 20 item 9), not on Continue.
    await expect(
      page.getByText('New payment method, saved when you make this payment: Checking 0113'),
    ).toBeVisible();

    const date = businessDayAhead(10);
    await chooseFrequency(page, 'One Time');
    await page.getByLabel('Payment Date').fill(date);
    await typeAmount(page, '40.00');
    await axe(page);
    await submitAndConfirm(page, 'Schedule Payment');

    const rows = await confirmationRows(page);
    expect(rows).toMatchObject({
      'Loan Number': LINE_OF_CREDIT,
      Account: 'Checking ****0113',
      Frequency: 'One Time',
      'Payment Date': usDate(date),
      Amount: '$40.00',
      Total: '$40.00',
      'Total Payment to Draft': '$40.00',
    });
    await expect(page.getByRole('main').getByRole('alert')).toContainText(
      'Your payment has been scheduled',
    );
    await axe(page);

    await openPaymentScreen(page, LINE_OF_CREDIT);
    const scheduled = page.getByRole('table', { name: 'Scheduled Payments' });
    await expect(scheduled.getByRole('row', { name: new RegExp(usDate(date)) })).toContainText(
      '0113',
    );
    await expect(scheduled).toContainText('$40.00');
    await axe(page);
  });

  test('4. pay off a loan with a quote for a future date', async ({ page }) => {
    await signIn(page, 'jordan.rivers');
    await openPaymentScreen(page, HOME_EQUITY);
    await addNewCard(page, { number: CARDS.mastercard, ...HOLDERS.jordan, save: true });
    await chooseFrequency(page, 'One Time');
    const date = businessDayAhead(10);
    await page.getByRole('checkbox', { name: 'Pay off the full amount' }).check();
    await page.getByLabel('Payment Date').fill(date);
    const frequency = page.getByRole('region', { name: 'Payment Frequency' });
    const quote = frequency.getByRole('status').filter({ hasText: 'Pay off as of' });
    await expect(quote).toHaveText(
      new RegExp(`^Pay off as of ${usDate(date)}: \\$[\\d,]+\\.\\d{2}$`),
    );
    const payoff = /\$[\d,]+\.\d{2}/.exec(await quote.innerText())?.[0] ?? '';
    // The amount is the quote: the amount step is skipped.
    await expect(page.getByRole('region', { name: 'Payment Amount' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Payment Total' })).toContainText(
      `Payment Total: ${payoff}`,
    );
    await axe(page);
    await submitAndConfirm(page, 'Schedule Payment');

    const rows = await confirmationRows(page);
    expect(rows).toMatchObject({
      'Loan Number': HOME_EQUITY,
      Card: 'Mastercard ****4444',
      'Payment Date': usDate(date),
      // The confirmation says it is a payoff, beside its amount.
      Amount: `${payoff} (Payoff)`,
      Total: payoff,
    });
    await axe(page);
  });

  test('5. a declined card: Transaction Declined., the card unselected and what next offered', async ({
    page,
  }) => {
    await signIn(page, 'jordan.rivers');
    await openPaymentScreen(page, LINE_OF_CREDIT);
    const refusal = await payWithDeclinedCard(page, HOLDERS.jordan);
    // Issue 20 item 4: the declined card is unselected and the method step says what next.
    await expect(refusal).toContainText('Use another card');
    await expect(page.getByRole('button', { name: 'Make Payment' })).toHaveCount(0);
    await expect(page).toHaveURL(/#\/myaccount\/payment\//);
    await axe(page);
  });

  test('7. a double click on submit makes one payment', async ({ page }) => {
    await signIn(page, 'jordan.rivers');
    await openPaymentScreen(page, LINE_OF_CREDIT);
    await addNewCard(page, { number: CARDS.visa, ...HOLDERS.jordan, save: false });
    await chooseFrequency(page, 'One Time');
    await typeAmount(page, '17.31');
    const submits: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/PaymentImmediate/')) {
        submits.push(request.url());
      }
    });
    // A double click on Make Payment opens the confirm dialog, whose backdrop takes the second
    // click and keeps it open; the button that sends is its Submit: double clicked, it sends once.
    await page.getByRole('button', { name: 'Make Payment' }).dblclick();
    const confirm = page.getByRole('dialog', { name: 'Are you sure you want to submit?' });
    await expect(confirm).toBeVisible();
    await page.waitForTimeout(300);
    await expect(confirm).toBeVisible();
    expect(submits).toHaveLength(0);
    await confirm.getByRole('button', { name: 'Submit' }).dblclick();
    const rows = await confirmationRows(page);
    expect(rows).toMatchObject({ 'Loan Number': LINE_OF_CREDIT, Amount: '$17.31' });
    // Whatever reached the server, it made one payment: one submit went out.
    expect(submits).toHaveLength(1);
    expect(submits[0]).toContain('/api/PaymentImmediate/SubmitCard');

    // The loan's history lists the payment once.
    await page.goto(`/#/myaccount/loanDetails/${LINE_OF_CREDIT}`);
    const history = page.getByRole('table', { name: 'Loan history' });
    await expect(history.getByRole('row').nth(1)).toBeVisible();
    await expect(history.getByRole('row').filter({ hasText: '$17.31' })).toHaveCount(1);
  });
});
