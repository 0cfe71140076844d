import { expectNoAxeViolations } from '@portal/web-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  recurringPaymentFixture,
  scheduledPaymentFixture,
} from '../../../testing/payment-info-fixture';
import { stubViewportWidth } from '../../../testing/match-media';
import {
  TODAY,
  chooseFrequency,
  chooseMethod,
  fixTheDate,
  listItem,
  paymentInfo,
  renderPayment,
  typeDate,
  type PaymentUi,
} from '../../../testing/payment-page-harness';

const SUBMITTED = { body: { HasNoErrors: true, Errors: [], ReferenceNumber: 'REF-2002' } };

beforeEach(fixTheDate);
afterEach(() => {
  vi.useRealTimers();
});

async function oneTimeByCard(ui: PaymentUi) {
  await chooseMethod(ui, 'Card', 'card_1');
  await chooseFrequency(ui, 'OneTime');
  // With a scheduled or recurring payment the date is today and cannot be changed.
  if (screen.getByLabelText('Payment Date').hasAttribute('disabled')) return;
  await typeDate(ui, 'Payment Date', TODAY);
}

function amountError(label = 'Amount'): string | null {
  const field = screen.getByLabelText(label);
  const id = (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .find((part) => part.endsWith('-error'));
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe('the payment amount', { timeout: 40_000 }, () => {
  it('is required, kept between the bounds, stripped of symbols and shown as currency on blur', async () => {
    const ui = renderPayment();
    await oneTimeByCard(ui);
    const amount = await screen.findByLabelText('Amount');
    await ui.user.clear(amount);
    await ui.user.tab();
    expect(amountError()).toBe('Payment amount is required');
    expect(screen.queryByRole('button', { name: 'Make Payment' })).toBeNull();
    await ui.user.type(amount, '20000');
    await ui.user.tab();
    expect(amountError()).toBe('Payment amount cannot be greater than $18,990.12');
    // Each mistake in its own words (issue 20, item 3), the text kept as typed.
    for (const [typed, error, kept] of [
      ['abc', 'Enter the amount as a number, like 250.00', 'abc'],
      ['100.005', 'The amount cannot have more than two decimal places', '100.005'],
      ['0', 'Payment amount must be at least $0.01', '$0.00'],
    ] as const) {
      await ui.user.clear(amount);
      await ui.user.type(amount, typed);
      await ui.user.tab();
      expect(amountError()).toBe(error);
      expect(amount).toHaveValue(kept);
      expect(screen.queryByRole('button', { name: 'Make Payment' })).toBeNull();
    }
    await ui.user.clear(amount);
    await ui.user.type(amount, '$1,234.5');
    await ui.user.tab();
    expect(amount).toHaveValue('$1,234.50');
    expect(amountError()).toBeNull();
    expect(screen.getByText('Payment Total: $1,237.00')).toBeVisible();
  });

  it('lowers an amount due above the card maximum, with the warning', async () => {
    const ui = renderPayment({
      settings: { 'paymentAmountOptions.maximumCardPaymentAmount': '300' },
    });
    await oneTimeByCard(ui);
    expect(await screen.findByLabelText('Amount')).toHaveValue('$300.00');
    expect(
      screen.getByText(
        'Your total due amount of $471.60 exceeds the max amount allowed to pay with this payment method. Please select a different payment method to pay your total due.',
      ),
    ).toBeVisible();
  });

  it('allows only ACH when the amount that must be paid reaches the card maximum', async () => {
    const ui = renderPayment({
      settings: {
        'paymentAmountOptions.maximumCardPaymentAmount': '400',
        'paymentAmountOptions.forceTotalDueOption': 'true',
      },
    });
    await oneTimeByCard(ui);
    await screen.findByLabelText('Amount');
    expect(amountError()).toBe(
      'Only payment by ACH is allowed at this time. Your amount due is greater than the payment amount allowed by card.',
    );
    expect(screen.queryByRole('button', { name: 'Make Payment' })).toBeNull();
  });

  it('offers Pay Amount Due for recurring payments, ticked from the start: it fills the regular amount', async () => {
    const ui = renderPayment();
    await chooseMethod(ui, 'Card', 'card_1');
    await chooseFrequency(ui, 'MonthlyOnDate');
    await typeDate(ui, 'First Payment Date', '2026-11-30');
    const amount = await screen.findByLabelText('Amount');
    const payDue = screen.getByRole('checkbox', { name: 'Pay Amount Due' });
    expect(payDue).toBeChecked();
    expect(amount).toHaveValue('$471.60');
    expect(amount).toBeDisabled();
    // Unticked, the amount is the borrower's to type; ticked again, the regular amount.
    await ui.user.click(payDue);
    await ui.user.clear(amount);
    await ui.user.type(amount, '100');
    await ui.user.tab();
    expect(amount).toHaveValue('$100.00');
    await ui.user.click(payDue);
    expect(amount).toHaveValue('$471.60');
    expect(amount).toBeDisabled();
  });

  it('leaves Pay Amount Due unticked when an amount was typed before choosing a recurring payment', async () => {
    const ui = renderPayment();
    await chooseMethod(ui, 'Card', 'card_1');
    await chooseFrequency(ui, 'OneTime');
    const amount = await screen.findByLabelText('Amount');
    await ui.user.clear(amount);
    await ui.user.type(amount, '100');
    await ui.user.tab();
    await chooseFrequency(ui, 'MonthlyOnDate');
    await typeDate(ui, 'First Payment Date', '2026-11-30');
    expect(await screen.findByRole('checkbox', { name: 'Pay Amount Due' })).not.toBeChecked();
    expect(screen.getByLabelText('Amount')).toHaveValue('$100.00');
  });

  it('takes an amount longer than 15 characters and words it, never cutting it short', async () => {
    const ui = renderPayment();
    await oneTimeByCard(ui);
    const amount = await screen.findByLabelText('Amount');
    await ui.user.clear(amount);
    await ui.user.type(amount, '$1,000,000,000.00');
    await ui.user.tab();
    expect(amount).toHaveValue('$1,000,000,000.00');
    expect(amountError()).toBe('Payment amount cannot be greater than $18,990.12');
    await ui.user.clear(amount);
    await ui.user.type(amount, '1000000000000000000000');
    await ui.user.tab();
    expect(amount).toHaveValue('1000000000000000000000');
    expect(amountError()).toBe('Payment amount cannot be greater than $18,990.12');
    await ui.user.clear(amount);
    await ui.user.type(amount, '12345678901234567x');
    await ui.user.tab();
    expect(amountError()).toBe('Enter the amount as a number, like 250.00');
  });

  it('forces Pay Amount Due on for days-before-due ACH with additional principal but no custom amount', async () => {
    const ui = renderPayment({
      settings: { 'paymentAmountOptions.allowAdditionalPrincipalOnRecurringAchOption': 'true' },
    });
    await chooseMethod(ui, 'E-Check', 'ach_1');
    await chooseFrequency(ui, 'DaysBeforeDue');
    await ui.user.selectOptions(
      screen.getByRole('combobox', { name: 'Day(s) before due date' }),
      '2',
    );
    const payDue = await screen.findByRole('checkbox', { name: 'Pay Amount Due' });
    expect(payDue).toBeChecked();
    expect(payDue).toBeDisabled();
    expect(screen.getByLabelText('Amount')).toBeDisabled();
  });

  it('adds additional principal to a recurring ACH payment and sends it', async () => {
    const ui = renderPayment({
      settings: { 'paymentAmountOptions.allowAdditionalPrincipalOnRecurringAchOption': 'true' },
      routes: { 'POST /api/PaymentRecurring/SubmitAch': SUBMITTED },
    });
    await chooseMethod(ui, 'E-Check', 'ach_1');
    await chooseFrequency(ui, 'MonthlyOnDate');
    await typeDate(ui, 'First Payment Date', '2026-11-30');
    const principal = await screen.findByLabelText('Additional Principal Amount');
    await ui.user.type(principal, '25');
    await ui.user.tab();
    expect(principal).toHaveValue('$25.00');
    expect(screen.getByText('Payment Total: $496.60')).toBeVisible();
    await ui.user.click(screen.getByRole('button', { name: 'Schedule Payment' }));
    await ui.user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Submit' }),
    );
    await waitFor(() =>
      expect(ui.server.requestsTo('POST /api/PaymentRecurring/SubmitAch')).toHaveLength(1),
    );
    expect(ui.server.requestsTo('POST /api/PaymentRecurring/SubmitAch')[0]?.body).toMatchObject({
      Payment: {
        Details: { PaymentAmount: 471.6, AdditionalPrincipalAmount: 25, PaymentDate: '2026-11-30' },
        RecurringDetails: { RecurringOption: 'DayOfMonth' },
      },
    });
    await waitFor(() => expect(window.location.hash).toBe('#/myaccount/paymentConfirm'));
  });

  it('holds additional principal to the payoff limit less the amount, saying the range', async () => {
    // Half the payoff of $18,990.12 is $9,495.06; less the amount of $471.60 leaves $9,023.46.
    const ui = renderPayment({
      settings: {
        'paymentAmountOptions.allowAdditionalPrincipalOnRecurringAchOption': 'true',
        'paymentAmountOptions.maxPayoffPercent': '0.5',
      },
    });
    await chooseMethod(ui, 'E-Check', 'ach_1');
    await chooseFrequency(ui, 'MonthlyOnDate');
    await typeDate(ui, 'First Payment Date', '2026-11-30');
    const principal = await screen.findByLabelText('Additional Principal Amount');
    const range = 'Payment amount must be between $0.01 and $9,023.46';
    await ui.user.type(principal, '1.2.3');
    await ui.user.tab();
    expect(amountError('Additional Principal Amount')).toBe(
      'Enter the amount as a number, like 250.00',
    );
    expect(screen.queryByRole('button', { name: 'Schedule Payment' })).toBeNull();
    await ui.user.clear(principal);
    await ui.user.type(principal, '9023.47');
    await ui.user.tab();
    expect(amountError('Additional Principal Amount')).toBe(range);
    expect(screen.queryByRole('button', { name: 'Schedule Payment' })).toBeNull();
    await ui.user.clear(principal);
    await ui.user.type(principal, '9023.46');
    await ui.user.tab();
    expect(amountError('Additional Principal Amount')).toBeNull();
    expect(screen.getByText('Payment Total: $9,495.06')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Schedule Payment' })).toBeVisible();
  });

  it('offers no additional principal to a recurring card payment', async () => {
    const ui = renderPayment({
      settings: { 'paymentAmountOptions.allowAdditionalPrincipalOnRecurringAchOption': 'true' },
    });
    await chooseMethod(ui, 'Card', 'card_1');
    await chooseFrequency(ui, 'MonthlyOnDate');
    await typeDate(ui, 'First Payment Date', '2026-11-30');
    await screen.findByLabelText('Amount');
    expect(screen.queryByLabelText('Additional Principal Amount')).toBeNull();
  });

  it('sends 0 for a recurring line of credit paying total due, and says it is calculated then', async () => {
    const ui = renderPayment({
      accounts: [listItem({ Type: 9 })],
      info: paymentInfo({ accountType: 9 }),
      routes: { 'POST /api/PaymentRecurring/SubmitAch': SUBMITTED },
    });
    await chooseMethod(ui, 'E-Check', 'ach_1');
    await chooseFrequency(ui, 'MonthlyOnDate');
    await typeDate(ui, 'First Payment Date', '2026-11-30');
    // Pay Amount Due is ticked from the start.
    expect(await screen.findByRole('checkbox', { name: 'Pay Amount Due' })).toBeChecked();
    // Said where the total would be, and in the summary's amount row.
    expect(
      screen.getAllByText('The amount due will be calculated at the time of each payment.'),
    ).toHaveLength(2);
    expect(screen.queryByText(/Payment Total:/)).toBeNull();
    await ui.user.click(screen.getByRole('button', { name: 'Schedule Payment' }));
    await ui.user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Submit' }),
    );
    await waitFor(() =>
      expect(ui.server.requestsTo('POST /api/PaymentRecurring/SubmitAch')).toHaveLength(1),
    );
    expect(ui.server.requestsTo('POST /api/PaymentRecurring/SubmitAch')[0]?.body).toMatchObject({
      Payment: { Details: { PaymentAmount: 0 } },
    });
    await waitFor(() => expect(window.location.hash).toBe('#/myaccount/paymentConfirm'));
  });

  it('allows only ACH for a recurring line of credit paying a total due above the card maximum', async () => {
    // The total due is $471.60; a card may pay $400.00 at most.
    const ui = renderPayment({
      accounts: [listItem({ Type: 9 })],
      info: paymentInfo({ accountType: 9 }),
      settings: { 'paymentAmountOptions.maximumCardPaymentAmount': '400' },
    });
    await chooseMethod(ui, 'Card', 'card_1');
    await chooseFrequency(ui, 'MonthlyOnDate');
    await typeDate(ui, 'First Payment Date', '2026-11-30');
    // Pay Amount Due is ticked from the start.
    expect(await screen.findByRole('checkbox', { name: 'Pay Amount Due' })).toBeChecked();
    expect(
      await screen.findByText(
        'Only payment by ACH is allowed at this time. Your amount due is greater than the payment amount allowed by card.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Schedule Payment' })).toBeNull();
  });
});

describe('the confirm dialog', { timeout: 40_000 }, () => {
  it('is 400 px wide and has no axe violations in the dark scheme', async () => {
    const ui = renderPayment({ settings: { 'themeOptions.colorScheme': 'dark' } });
    await oneTimeByCard(ui);
    await ui.user.click(await screen.findByRole('button', { name: 'Make Payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to submit?' });
    expect(within(dialog).getByRole('button', { name: 'No' })).toBeVisible();
    expect(getComputedStyle(dialog).width).toBe('400px');
    await expectNoAxeViolations(dialog);
  });
});

describe('deleting a scheduled or recurring payment', { timeout: 40_000 }, () => {
  it('returns to the method step after a scheduled payment is deleted', async () => {
    let deleted = false;
    const ui = renderPayment({
      routes: {
        'GET /api/PaymentInformation/GetPaymentInfo': () => ({
          body: paymentInfo({ ScheduledPayments: deleted ? [] : [scheduledPaymentFixture()] }),
        }),
        'POST /api/PaymentScheduled/DeleteAch': () => {
          deleted = true;
          return { body: { HasNoErrors: true, Errors: [], Token: 't' } };
        },
      },
    });
    await oneTimeByCard(ui);
    expect(await screen.findByLabelText('Amount')).toBeVisible();
    await ui.user.click(
      await screen.findByRole('button', {
        name: 'Delete the scheduled payment of $100.00 on 12/15/2026',
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Are you sure you want to delete this scheduled payment?',
    });
    await ui.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Scheduled Payments' })).toBeNull(),
    );
    expect(screen.queryByRole('combobox', { name: 'Payment Frequency' })).toBeNull();
    expect(screen.queryByLabelText('Amount')).toBeNull();
    // Back at the method step: the type stays, the method is to be chosen again.
    expect(screen.getByRole('combobox', { name: 'Saved Payment Methods' })).toHaveValue('');
  });

  it('returns to the method step after the recurring payment is deleted', async () => {
    let deleted = false;
    const ui = renderPayment({
      routes: {
        'GET /api/PaymentInformation/GetPaymentInfo': () => ({
          body: paymentInfo({ RecurringPayment: deleted ? null : recurringPaymentFixture() }),
        }),
        'POST /api/PaymentRecurring/DeleteAch': () => {
          deleted = true;
          return { body: { HasNoErrors: true, Errors: [], Token: 't' } };
        },
      },
    });
    await oneTimeByCard(ui);
    expect(await screen.findByLabelText('Amount')).toBeVisible();
    await ui.user.click(screen.getByRole('button', { name: 'Delete recurring payment' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Are you sure you want to delete your recurring payment?',
    });
    await ui.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Recurring Payment' })).toBeNull(),
    );
    expect(screen.queryByRole('combobox', { name: 'Payment Frequency' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Saved Payment Methods' })).toHaveValue('');
  });
});

describe('the phone layout', { timeout: 40_000 }, () => {
  it('can be completed by keyboard alone at 375 px, with no axe violations', async () => {
    stubViewportWidth(375);
    vi.stubGlobal('innerWidth', 375);
    const ui = renderPayment({
      settings: { 'paymentOptions.confirmBeforeSubmitOption': 'false' },
      info: paymentInfo({ ScheduledPayments: [scheduledPaymentFixture()] }),
      routes: { 'POST /api/PaymentImmediate/SubmitCard': SUBMITTED },
    });
    const { user } = ui;
    const card = await screen.findByRole('radio', { name: 'Card' });
    // Every step's control is reached with Tab from the one before, and used with the keyboard.
    async function tabTo(element: HTMLElement) {
      for (let presses = 0; presses < 40 && document.activeElement !== element; presses += 1) {
        await user.tab();
      }
      expect(document.activeElement).toBe(element);
    }
    // The payment type radios are one tab stop (the first radio while none is checked).
    await tabTo(card);
    await user.keyboard(' ');
    expect(card).toBeChecked();
    const methods = await screen.findByRole('combobox', { name: 'Saved Payment Methods' });
    await tabTo(methods);
    await user.selectOptions(methods, 'card_1');
    const frequency = await screen.findByRole('combobox', { name: 'Payment Frequency' });
    await tabTo(frequency);
    await user.selectOptions(frequency, 'OneTime');
    // The scheduled payment uses the quota: the date is today, disabled, and skipped by Tab.
    expect(screen.getByLabelText('Payment Date')).toBeDisabled();
    await tabTo(await screen.findByLabelText('Amount'));
    const submit = await screen.findByRole('button', { name: 'Make Payment' });
    await tabTo(submit);
    // The scheduled list's delete button comes after the submit button, still reachable.
    await tabTo(
      await screen.findByRole('button', {
        name: 'Delete the scheduled payment of $100.00 on 12/15/2026',
      }),
    );
    await expectNoAxeViolations();
    submit.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(window.location.hash).toBe('#/myaccount/paymentConfirm'));
  });
});
