import { expect, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures';
import { journeyToday } from './journey-clock';
import { isBusinessDay } from '../domain/src/rules/business-days';
import { addDays } from '../domain/src/rules/calendar';

// The payment journeys of spec 001 (issue 10 "Must show"), against the real server, the built-in
// core, card processor and ACH processor, and the demo database the run seeds.
//
// The journeys are two files, payments-jordan.spec.ts and payments-others.spec.ts, each run one
// journey after the other in one worker, beside the other files in the other worker, all on one
// demo database; this file holds their helpers. Each journey works on its own loan (or leaves
// nothing behind), so that none depends on another having run and none blocks another:
// - jordan.rivers's Home Equity Loan 001-100235-2: pay now by card (journey 1) and a payoff for
//   a future date (4, a scheduled payoff: immediate payments are not blocked by it);
// - jordan.rivers's Personal Line of Credit 001-300120-7: a scheduled ACH payment (2), a declined
//   card (5, makes nothing) and the double click (7, an immediate payment);
// - sky.bennett's Auto Loan 001-100640-2 (first-party fees): the recurring ACH payment and its
//   authorization (3); sky.bennett's RV Loan 900-100641-1: the third-party route (8);
// - casey.morgan's Commercial Real Estate Loan 001-900001-1: a scheduled and a recurring card
//   payment made and deleted (6), and a payment on a phone (9);
// - casey.morgan at Summit (which follows the device's colour scheme): a declined card in the
//   dark scheme (5b). jordan.rivers's Auto Loan is left alone: accounts.spec.ts expects it past
//   due, and jordan.rivers at Summit gets a new password in account-flows.spec.ts.
// Amounts are typed where an earlier journey may have paid the amount due.

export const HOME_EQUITY = '001-100235-2';
export const LINE_OF_CREDIT = '001-300120-7';
export const SKY_AUTO = '001-100640-2';
export const SKY_RV = '900-100641-1';
export const CASEY_LOAN = '001-900001-1';
export const HARBOR_BANK_ROUTING = '011099990';
export const THIRD_PARTY_URL = 'https://pay.harbor-partner.example/loans';

/** The names the journeys type on a card, per borrower. */
export const HOLDERS = {
  jordan: { firstName: 'Jordan', lastName: 'Rivers' },
  casey: { firstName: 'Casey', lastName: 'Morgan' },
} as const;

/** The public test cards the built-in card processor knows (builtin-card-processor.ts). */
export const CARDS = {
  visa: '4242 4242 4242 4242',
  mastercard: '5555 5555 5555 4444',
  declined: '4000 0000 0000 0002',
} as const;

/**
 * axe on the page once its CSS transitions ended: a dialog's fade-in caught halfway shows its
 * buttons at part opacity, a contrast failure of the moment (spinners animate on; they are
 * animations, not transitions).
 */
export async function axe(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running',
      ),
  );
  await expectNoAxeViolations(page);
}

/**
 * A business day at least `days` ahead of the institution's today (past the small-dollar window
 * of 7 days and within the payment period), on or before the 28th so it serves every recurring
 * frequency as well. The demo institutions take no weekend dates (`allowSaturdayPaymentsOption`
 * and `allowSundayPaymentsOption` are off) and no Federal Reserve holiday.
 */
export function businessDayAhead(days: number, timeZone = 'America/New_York'): string {
  let date = addDays(journeyToday(timeZone), days);
  while (!isBusinessDay(date) || Number(date.slice(8)) > 28) date = addDays(date, 1);
  return date;
}

/** 'YYYY-MM-DD' as the portal shows dates: MM/dd/yyyy. */
export function usDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${month}/${day}/${year}`;
}

export async function openPaymentScreen(page: Page, account: string) {
  await page.goto(`/#/myaccount/payment/${account}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Make Payment' })).toBeVisible();
  // The choice names the loan with its number masked (issue 20, item 5); its value is the number.
  await expect(page.getByRole('combobox', { name: 'Loan Account' })).toHaveValue(account);
}

/**
 * Picks the payment type and opens the new-method modal: at once when nothing is saved for the
 * type (spec 001 section 4), else through 'New payment method'.
 */
export async function openNewMethod(page: Page, type: 'Card' | 'E-Check'): Promise<Locator> {
  await page.getByRole('radio', { name: type }).check();
  const dialog = page.getByRole('dialog', { name: 'Payment Details' });
  const newMethod = page.getByRole('button', { name: 'New payment method' });
  await expect(dialog.or(newMethod).first()).toBeVisible();
  // The saved methods may still be arriving: the modal opens by itself when there are none, and
  // it may do so while the button is being clicked (its backdrop then takes the click, which
  // waits forever). Click only while no dialog shows, briefly, until the dialog is there.
  await expect(async () => {
    if (!(await dialog.isVisible())) await newMethod.click({ timeout: 1_000 });
    await expect(dialog).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  return dialog;
}

export async function fillCard(
  page: Page,
  dialog: Locator,
  card: { number: string; firstName: string; lastName: string; save: boolean },
) {
  await dialog.getByLabel('First Name').fill(card.firstName);
  await dialog.getByLabel('Last Name').fill(card.lastName);
  await dialog.getByLabel('Card Number').fill(card.number);
  await dialog.getByLabel('Expiration (MM/YY)').fill('12/29');
  await dialog.getByLabel('CVV/CVC').fill('123');
  await dialog.getByLabel('Zip Code').fill('04101');
  await dialog.getByRole('checkbox', { name: 'Save Payment Profile' }).setChecked(card.save);
  await axe(page);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toHaveCount(0);
}

/** Opens the new-method modal for Card and adds the card (fillCard). */
export async function addNewCard(
  page: Page,
  card: { number: string; firstName: string; lastName: string; save: boolean },
) {
  await fillCard(page, await openNewMethod(page, 'Card'), card);
}

/**
 * Types a bank account into the new-method modal: Harbor's routing number (the bank lookup after
 * the 300 ms pause names the bank), the account number twice, and Save Payment Profile ticked when
 * it is to be saved (unticked until the borrower ticks it, issue 20 item 9).
 */
export async function typeBankAccount(
  dialog: Locator,
  account: { owner: string; number: string; save: boolean },
) {
  await dialog.getByLabel('Owner Name').fill(account.owner);
  await dialog.getByLabel('Routing Number').fill(HARBOR_BANK_ROUTING);
  await expect(dialog).toContainText('Harbor Community Bank');
  await dialog.getByLabel('Account Number', { exact: true }).fill(account.number);
  await dialog.getByLabel('Confirm Account Number').fill(account.number);
  if (account.save) await dialog.getByRole('checkbox', { name: 'Save Payment Profile' }).check();
}

/** The ACH terms modal, asked when a bank account is saved (spec 001 section 2). */
export function achTermsDialog(page: Page): Locator {
  return page.getByRole('dialog', {
    name: 'In order to add an ACH payment you must agree to the Terms and Conditions.',
  });
}

/**
 * Agrees to the ACH terms as a borrower must (issue 20 item 7): Agree waits until each agreement
 * was opened, so each link is opened in its tab (closed again), then Agree.
 */
export async function agreeToAchTerms(page: Page, terms: Locator) {
  const agree = terms.getByRole('button', { name: 'Agree', exact: true });
  await expect(agree).toBeDisabled();
  for (const link of await terms.getByRole('link').all()) {
    const tab = page.waitForEvent('popup');
    await link.click();
    await (await tab).close();
  }
  await axe(page);
  await agree.click();
  await expect(terms).toHaveCount(0);
}

/**
 * Types a bank account (typeBankAccount) and continues; a bank account to save meets the ACH
 * terms when the institution has ACH agreements this borrower has yet to accept.
 */
export async function fillBankAccount(
  page: Page,
  dialog: Locator,
  account: { owner: string; number: string; save: boolean },
) {
  await typeBankAccount(dialog, account);
  await axe(page);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const terms = achTermsDialog(page);
  // The terms open above the modal (hiding it from the accessibility tree), or the modal closes.
  await expect
    .poll(async () => (await terms.isVisible()) || (await dialog.count()) === 0)
    .toBe(true);
  if (await terms.isVisible()) await agreeToAchTerms(page, terms);
  await expect(dialog).toHaveCount(0);
}

/** Opens the new-method modal for E-Check and adds the bank account (fillBankAccount). */
export async function addNewBankAccount(
  page: Page,
  account: { owner: string; number: string; save: boolean },
) {
  await fillBankAccount(page, await openNewMethod(page, 'E-Check'), account);
}

/**
 * Pays now with the card the processor declines, typed for this payment only, and answers the
 * refusal the method step shows (issue 20 item 4).
 */
export async function payWithDeclinedCard(
  page: Page,
  holder: { firstName: string; lastName: string },
): Promise<Locator> {
  await addNewCard(page, { number: CARDS.declined, ...holder, save: false });
  // Not saved: the single-use box.
  await expect(page.getByText('Single-Use Payment Method: Visa 0002')).toBeVisible();
  await chooseFrequency(page, 'One Time');
  await typeAmount(page, '30.00');
  await submitAndConfirm(page, 'Make Payment');
  return page.getByRole('alert').filter({ hasText: 'Transaction Declined.' });
}

/** Picks a saved method of the saved-methods dropdown by its label. */
export async function chooseSaved(page: Page, label: string) {
  const select = page.getByRole('combobox', { name: 'Saved Payment Methods' });
  await select.selectOption({ label });
}

/**
 * Chooses a frequency by its words. A bank-account payment's choices say their fee after the
 * words ('One Time (fee $1.00)', issue 20 item 6), so the option is found by how it starts.
 */
export async function chooseFrequency(page: Page, frequency: string) {
  const select = page.getByRole('combobox', { name: 'Payment Frequency' });
  const words = frequency.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const option = select.locator('option').filter({ hasText: new RegExp(`^${words}( \\(.*\\))?$`) });
  await expect(option.first()).toBeAttached();
  await select.selectOption((await option.first().getAttribute('value')) ?? frequency);
}

export async function typeAmount(page: Page, amount: string) {
  const region = page.getByRole('region', { name: 'Payment Amount' });
  const field = region.getByRole('textbox', { name: 'Amount' });
  // A recurring payment starts with Pay Amount Due ticked (issue 20): typing an amount unticks it.
  await expect(field).toBeVisible();
  const payDue = region.getByRole('checkbox', { name: 'Pay Amount Due' });
  if ((await payDue.count()) > 0 && (await payDue.isChecked())) await payDue.uncheck();
  await field.fill(amount);
  await field.blur();
}

/** Clicks the submit button and answers the confirm-before-submit dialog (400 px) with Submit. */
export async function submitAndConfirm(page: Page, label: 'Make Payment' | 'Schedule Payment') {
  await page.getByRole('button', { name: label }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure you want to submit?' });
  await expect(confirm).toBeVisible();
  await axe(page);
  await confirm.getByRole('button', { name: 'Submit' }).click();
}

/** The confirmation screen's rows (term: definition). */
export async function confirmationRows(page: Page): Promise<Record<string, string>> {
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Confirmation' })).toBeVisible();
  const main = page.getByRole('main');
  const terms = await main.getByRole('term').allInnerTexts();
  const definitions = await main.getByRole('definition').allInnerTexts();
  return Object.fromEntries(
    terms.map((term, index) => [term.trim(), definitions[index]?.trim() ?? '']),
  );
}

/** 1st, 2nd, 3rd, 4th, 11th, 21st: the day of a monthly schedule as the portal names it. */
export function ordinal(day: number): string {
  const teen = day % 100 >= 11 && day % 100 <= 13;
  const suffix = teen ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10];
  return `${day}${suffix ?? 'th'}`;
}
