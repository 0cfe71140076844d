import { expectNoAxeViolations } from '@portal/web-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recurringPaymentFixture } from '../../../testing/payment-info-fixture';
import {
  LOAN,
  TODAY,
  chooseFrequency,
  chooseMethod,
  fixTheDate,
  paymentInfo,
  renderPayment,
  typeDate,
  type PaymentUi,
} from '../../../testing/payment-page-harness';

beforeEach(fixTheDate);
afterEach(() => {
  vi.useRealTimers();
});

const PAYOFF = 'Pay off the full amount';

async function oneTimeByCard(ui: PaymentUi, date = TODAY) {
  await chooseMethod(ui, 'Card', 'card_1');
  await chooseFrequency(ui, 'OneTime');
  await typeDate(ui, 'Payment Date', date);
}

function errorOf(label: string): string | null {
  const field = screen.getByLabelText(label);
  const id = (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .find((part) => part.endsWith('-error'));
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

function dayChoices(): string[] {
  return within(screen.getByRole('combobox', { name: 'Day(s) before due date' }))
    .getAllByRole('option')
    .map((option) => option.getAttribute('value') ?? '')
    .filter(Boolean);
}

describe('the one-time payment date', { timeout: 40_000 }, () => {
  it.each([
    ['', 'Payment date is required'],
    ['2026-11-20', 'Payment date cannot be in the past'],
    ['2026-11-26', 'Payment cannot be made on a holiday.'],
    ['2026-11-28', 'Payment date cannot be on a Saturday'],
    ['2026-11-29', 'Payment date cannot be on a Sunday'],
    ['2026-12-28', 'Payment date cannot be scheduled over this many days: 30'],
  ])('refuses %j with %j, keeping the amount and offering no submit', async (date, message) => {
    const ui = renderPayment();
    await oneTimeByCard(ui, date);
    expect(errorOf('Payment Date')).toBe(message);
    // Issue 20 item 2: the amount stays on screen while the date is refused; the total waits.
    expect(screen.getByRole('textbox', { name: 'Amount' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Make Payment|Schedule Payment/ })).toBeNull();
    expect(screen.queryByText(/^Payment Total:/)).toBeNull();
  });

  it('allows Saturdays and Sundays when the settings do', async () => {
    const ui = renderPayment({
      settings: {
        'paymentSchedulingOptions.allowSaturdayPaymentsOption': 'true',
        'paymentSchedulingOptions.allowSundayPaymentsOption': 'true',
      },
    });
    await oneTimeByCard(ui, '2026-11-28');
    expect(errorOf('Payment Date')).toBeNull();
    await typeDate(ui, 'Payment Date', '2026-11-29');
    expect(errorOf('Payment Date')).toBeNull();
    expect(await screen.findByLabelText('Amount')).toBeVisible();
  });

  it('refuses a listed non-payment day as a holiday', async () => {
    const ui = renderPayment({ info: paymentInfo({ NonPaymentDays: ['2026-12-01T00:00:00'] }) });
    await oneTimeByCard(ui, '2026-12-01');
    expect(errorOf('Payment Date')).toBe('Payment cannot be made on a holiday.');
  });

  it('blocks the small-dollar window: 4 days ahead for mail preference 1', async () => {
    const ui = renderPayment({
      settings: { 'paymentSchedulingOptions.useSmallDollarRuleOption': 'true' },
      info: paymentInfo({ MailPreference: 1 }),
    });
    await oneTimeByCard(ui, '2026-11-27');
    expect(errorOf('Payment Date')).toBe('Payment cannot be made on this date.');
    await typeDate(ui, 'Payment Date', '2026-11-30');
    expect(errorOf('Payment Date')).toBeNull();
  });

  it('holds immediate ACH past the cutoff to a future date', async () => {
    const ui = renderPayment({
      info: paymentInfo({ BlockImmediateACHPaymentsAfterCutoffTime: true }),
    });
    await chooseMethod(ui, 'E-Check', 'ach_1');
    await chooseFrequency(ui, 'OneTime');
    await typeDate(ui, 'Payment Date', TODAY);
    expect(errorOf('Payment Date')).toBe('ACH payments can only be scheduled for a future date.');
    await typeDate(ui, 'Payment Date', '2026-11-25');
    expect(errorOf('Payment Date')).toBeNull();
  });

  it('warns that an overdue loan can only be paid today, and fixes the date to today', async () => {
    const ui = renderPayment({
      settings: { 'paymentSchedulingOptions.blockSchedulingWhenPastDueOption': 'true' },
      info: paymentInfo({ DueDate: '2026-11-02' }),
      accounts: undefined,
    });
    await chooseMethod(ui, 'Card', 'card_1');
    await chooseFrequency(ui, 'OneTime');
    expect(screen.getByText('Overdue loan payment can only be made today')).toBeVisible();
    const date = screen.getByLabelText('Payment Date');
    expect(date).toBeDisabled();
    expect(date).toHaveValue(TODAY);
    // Already late: today is not said to be 'after your due date' and 'may be late'.
    expect(screen.queryByText(/This date is after your due date/)).toBeNull();
  });

  it('shows no overdue warning for a loan that is not past due', async () => {
    const ui = renderPayment({
      settings: { 'paymentSchedulingOptions.blockSchedulingWhenPastDueOption': 'true' },
    });
    await chooseMethod(ui, 'Card', 'card_1');
    await chooseFrequency(ui, 'OneTime');
    expect(screen.queryByText('Overdue loan payment can only be made today')).toBeNull();
    expect(screen.getByLabelText('Payment Date')).toBeEnabled();
  });
});

describe('why only One Time today is offered', { timeout: 40_000 }, () => {
  const RECURRING_TEXT =
    'This loan has a recurring payment, so another payment can only be made today.';

  async function offeredFrequencies(): Promise<(string | null)[]> {
    return within(await screen.findByRole('combobox', { name: 'Payment Frequency' }))
      .getAllByRole('option')
      .map((option) => option.getAttribute('value'))
      .filter(Boolean);
  }

  it('says the loan has a recurring payment, under the frequency and with the locked date', async () => {
    const ui = renderPayment({
      info: paymentInfo({ RecurringPayment: recurringPaymentFixture() }),
    });
    await chooseMethod(ui, 'E-Check', 'ach_1');
    expect(await offeredFrequencies()).toEqual(['OneTime']);
    expect(screen.getByText(RECURRING_TEXT)).toBeVisible();
    await chooseFrequency(ui, 'OneTime');
    expect(screen.getByText(RECURRING_TEXT)).toBeVisible();
    expect(screen.getByLabelText('Payment Date')).toBeDisabled();
    await expectNoAxeViolations();
  });

  it('reads the recurring reason from its setting', async () => {
    const ui = renderPayment({
      settings: {
        'recurringPaymentTexts.schedulingBlockedByRecurringText': 'Autopay is on: pay today only.',
      },
      info: paymentInfo({ RecurringPayment: recurringPaymentFixture() }),
    });
    await chooseMethod(ui, 'Card', 'card_1');
    expect(await screen.findByText('Autopay is on: pay today only.')).toBeVisible();
    expect(screen.queryByText(RECURRING_TEXT)).toBeNull();
  });

  it('says the scheduled-payment quota is met', async () => {
    const ui = renderPayment({
      info: paymentInfo({
        ScheduledPayments: [
          {
            EncryptedString: 'pending-1',
            IsCard: true,
            AccountNumber: '4242',
            PaymentDate: '2026-12-01T00:00:00',
            PaymentAmount: 100,
            CanDelete: true,
            HasBeenPosted: false,
            Status: 'scheduled',
          },
        ],
      }),
    });
    await chooseMethod(ui, 'Card', 'card_1');
    expect(
      await screen.findByText(
        'You have scheduled the maximum amount of payments at this time. Cannot create another.',
      ),
    ).toBeVisible();
  });

  it('says scheduled payments are not allowed when only immediate payments are', async () => {
    const ui = renderPayment({
      info: paymentInfo({ RestrictionCode: 'InterestTooHighForDelayedPayment' }),
    });
    await chooseMethod(ui, 'E-Check', 'ach_1');
    expect(
      await screen.findByText('Scheduled ACH payments are not allowed for this account.'),
    ).toBeVisible();
  });

  it('adds nothing to the overdue warning of a past-due loan', async () => {
    const ui = renderPayment({
      settings: { 'paymentSchedulingOptions.blockSchedulingWhenPastDueOption': 'true' },
      info: paymentInfo({ DueDate: '2026-11-02', RecurringPayment: recurringPaymentFixture() }),
    });
    await chooseMethod(ui, 'Card', 'card_1');
    await chooseFrequency(ui, 'OneTime');
    expect(screen.getByText('Overdue loan payment can only be made today')).toBeVisible();
    expect(screen.queryByText(RECURRING_TEXT)).toBeNull();
  });

  it('says nothing when the payment may be scheduled', async () => {
    const ui = renderPayment();
    await chooseMethod(ui, 'Card', 'card_1');
    expect((await offeredFrequencies()).length).toBeGreaterThan(1);
    await chooseFrequency(ui, 'OneTime');
    expect(screen.getByLabelText('Payment Date')).toBeEnabled();
    expect(screen.queryByText(RECURRING_TEXT)).toBeNull();
    expect(screen.queryByText(/maximum amount of payments/)).toBeNull();
  });
});

describe('pay-off', { timeout: 40_000 }, () => {
  it('says a payoff already scheduled will not be made when this one pays the loan off', async () => {
    const scheduledPayoff = {
      EncryptedString: 'payoff-1',
      IsCard: false,
      AccountNumber: '6789',
      PaymentDate: '2026-12-10T00:00:00',
      PaymentAmount: 19050.4,
      CanDelete: true,
      HasBeenPosted: false,
      Status: 'scheduled' as const,
      IsPayoff: true,
    };
    const ui = renderPayment({
      info: paymentInfo({ ScheduledPayments: [scheduledPayoff] }),
      settings: { 'paymentSchedulingOptions.maxScheduledPaymentsAllowed': '2' },
    });
    await oneTimeByCard(ui);
    const said =
      'A payoff of $19,050.40 is already scheduled for 12/10/2026. If this payment pays the ' +
      'loan off, that one will not be made (you will be told on its date); you can delete it ' +
      'under Scheduled Payments.';
    expect(screen.queryByText(said)).toBeNull();
    await ui.user.click(screen.getByRole('checkbox', { name: PAYOFF }));
    expect(await screen.findByText(said)).toBeVisible();
    await expectNoAxeViolations();
    // Unticked, it goes.
    await ui.user.click(screen.getByRole('checkbox', { name: PAYOFF }));
    expect(screen.queryByText(said)).toBeNull();
  });

  it('pays off today at the payoff amount, skipping the amount step', async () => {
    const ui = renderPayment();
    await oneTimeByCard(ui);
    await ui.user.click(screen.getByRole('checkbox', { name: PAYOFF }));
    expect(screen.getByText('Pay off as of today: $18,990.12')).toBeVisible();
    expect(screen.queryByLabelText('Amount')).toBeNull();
    // $18,990.12 and the debit card fee of $2.50.
    expect(await screen.findByText('Payment Total: $18,992.62')).toBeVisible();
    expect(ui.server.requestsTo('GET /api/PaymentInformation/GetPayOffQuote')).toHaveLength(0);
  });

  it('asks for a quote for a future date, with a spinner, and pays the quote', async () => {
    let answer: (value: { body: unknown }) => void = () => {};
    const ui = renderPayment({
      routes: {
        'GET /api/PaymentInformation/GetPayOffQuote': () =>
          new Promise((resolve) => {
            answer = resolve;
          }),
      },
    });
    await oneTimeByCard(ui, '2026-11-30');
    await ui.user.click(screen.getByRole('checkbox', { name: PAYOFF }));
    expect(await screen.findByRole('progressbar', { name: 'Loading' })).toBeVisible();
    expect(screen.queryByText(/Payment Total/)).toBeNull();
    const [request] = ui.server.requestsTo('GET /api/PaymentInformation/GetPayOffQuote');
    expect(new URLSearchParams(request?.search)).toEqual(
      new URLSearchParams({ AccountNumber: LOAN, PayOffDate: '2026-11-30' }),
    );
    answer({ body: { HasNoErrors: true, Errors: [], PayOffQuoteAmount: 19001 } });
    expect(await screen.findByText('Pay off as of 11/30/2026: $19,001.00')).toBeVisible();
    expect(await screen.findByText('Payment Total: $19,003.50')).toBeVisible();
    await expectNoAxeViolations();
  });

  it('unticks pay-off and says so when the quote fails', async () => {
    const ui = renderPayment({
      routes: {
        'GET /api/PaymentInformation/GetPayOffQuote': {
          body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'PayOffQuote' }] },
        },
      },
    });
    await oneTimeByCard(ui, '2026-11-30');
    await ui.user.click(screen.getByRole('checkbox', { name: PAYOFF }));
    expect(await screen.findByText('Could not get payoff quote')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: PAYOFF })).not.toBeChecked();
    expect(screen.queryByText(/Pay off as of/)).toBeNull();
  });

  it('stays unticked after a failed quote: a new date asks no quote and ticks nothing', async () => {
    const ui = renderPayment({
      routes: {
        'GET /api/PaymentInformation/GetPayOffQuote': {
          body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'PayOffQuote' }] },
        },
      },
    });
    await oneTimeByCard(ui, '2026-11-30');
    await ui.user.click(screen.getByRole('checkbox', { name: PAYOFF }));
    expect(await screen.findByText('Could not get payoff quote')).toBeVisible();
    await typeDate(ui, 'Payment Date', '2026-12-01');
    expect(screen.getByRole('checkbox', { name: PAYOFF })).not.toBeChecked();
    expect(ui.server.requestsTo('GET /api/PaymentInformation/GetPayOffQuote')).toHaveLength(1);
    // Not a pay-off: the amount step is back, with the regular amount.
    expect(await screen.findByLabelText('Amount')).toHaveValue('$471.60');
    expect(screen.queryByText(/Pay off as of/)).toBeNull();
  });

  it('asks again when ticked again after a failure, and unticks again if that fails too', async () => {
    const ui = renderPayment({
      routes: {
        'GET /api/PaymentInformation/GetPayOffQuote': {
          body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'PayOffQuote' }] },
        },
      },
    });
    await oneTimeByCard(ui, '2026-11-30');
    await ui.user.click(screen.getByRole('checkbox', { name: PAYOFF }));
    expect(await screen.findByText('Could not get payoff quote')).toBeVisible();
    await ui.user.click(screen.getByRole('checkbox', { name: PAYOFF }));
    await waitFor(() =>
      expect(ui.server.requestsTo('GET /api/PaymentInformation/GetPayOffQuote')).toHaveLength(2),
    );
    expect(await screen.findByText('Could not get payoff quote')).toBeVisible();
    await waitFor(() => expect(screen.getByRole('checkbox', { name: PAYOFF })).not.toBeChecked());
  });

  it('reads a max payoff percent of 0 as unset, as the server does (domain paymentRulesOf)', async () => {
    const ui = renderPayment({ settings: { 'paymentAmountOptions.maxPayoffPercent': '0' } });
    await oneTimeByCard(ui);
    await ui.user.click(screen.getByRole('checkbox', { name: PAYOFF }));
    expect(screen.getByText('Pay off as of today: $18,990.12')).toBeVisible();
    expect(await screen.findByText('Payment Total: $18,992.62')).toBeVisible();
  });

  it('is not offered when the max payoff percent is set below 1', async () => {
    const ui = renderPayment({ settings: { 'paymentAmountOptions.maxPayoffPercent': '0.9' } });
    await oneTimeByCard(ui);
    expect(screen.queryByRole('checkbox', { name: PAYOFF })).toBeNull();
  });
});

describe('payments posted today', { timeout: 40_000 }, () => {
  const POSTED = {
    EncryptedString: 'posted-1',
    IsCard: true,
    AccountNumber: '4242',
    PaymentDate: '2026-11-24T00:00:00',
    PaymentAmount: 100,
    CanDelete: false,
    HasBeenPosted: true,
    Status: 'posted' as const,
  };
  const PENDING = {
    ...POSTED,
    EncryptedString: 'pending-1',
    HasBeenPosted: false,
    Status: 'scheduled' as const,
  };

  it('do not count towards the scheduled-payment quota or block a recurring payment', async () => {
    const ui = renderPayment({ info: paymentInfo({ ScheduledPayments: [POSTED] }) });
    await chooseMethod(ui, 'E-Check', 'ach_1');
    const frequencies = within(await screen.findByRole('combobox', { name: 'Payment Frequency' }))
      .getAllByRole('option')
      .map((option) => option.getAttribute('value'));
    expect(frequencies).toContain('DaysBeforeDue');
    await chooseFrequency(ui, 'OneTime');
    expect(screen.getByLabelText('Payment Date')).toBeEnabled();
  });

  it('while a pending one does (the quota of 1 is met)', async () => {
    const ui = renderPayment({ info: paymentInfo({ ScheduledPayments: [PENDING] }) });
    await chooseMethod(ui, 'E-Check', 'ach_1');
    const frequencies = within(await screen.findByRole('combobox', { name: 'Payment Frequency' }))
      .getAllByRole('option')
      .map((option) => option.getAttribute('value'));
    expect(frequencies).not.toContain('DaysBeforeDue');
    await chooseFrequency(ui, 'OneTime');
    expect(screen.getByLabelText('Payment Date')).toBeDisabled();
  });

  it('do not disable payments after the ACH cutoff', async () => {
    renderPayment({
      info: paymentInfo({
        ScheduledPayments: [POSTED],
        BlockImmediateACHPaymentsAfterCutoffTime: true,
      }),
    });
    expect(await screen.findByRole('radio', { name: 'E-Check' })).toBeInTheDocument();
    expect(screen.queryByText(/past today's payment cutoff time/)).toBeNull();
  });
});

describe('the third-party fee', { timeout: 40_000 }, () => {
  it('is fetched once the frequency is valid, with a spinner, and added to the processing fee', async () => {
    // Every fee request waits (the method step asks the debit and credit fees too, issue 20
    // item 6; the frequency step's request for a debit card paid today is the same one).
    const waiting: ((value: { body: unknown }) => void)[] = [];
    const answer = (value: { body: unknown }) =>
      waiting.splice(0).forEach((resolve) => resolve(value));
    const ui = renderPayment({
      settings: { 'paymentAmountOptions.useThirdPartyFeeOption': 'true' },
      routes: {
        'POST /api/PaymentInformation/GetThirdPartyFee': () =>
          new Promise((resolve) => {
            waiting.push(resolve);
          }),
      },
    });
    await oneTimeByCard(ui);
    expect(await screen.findByRole('progressbar', { name: 'Loading' })).toBeVisible();
    // The amount shows while the fee loads; the total waits for the fee.
    expect(screen.getByLabelText('Amount')).toBeVisible();
    expect(screen.queryByText(/^Payment Total:/)).toBeNull();
    expect(ui.server.requestsTo('POST /api/PaymentInformation/GetThirdPartyFee')[0]?.body).toEqual({
      IsAch: false,
      IsCreditCard: false,
      IsDebitCard: true,
      IsImmediate: true,
      IsOneTime: true,
      IsRecurring: false,
      LoanNumber: LOAN,
    });
    answer({ body: { HasNoErrors: true, Errors: [], ThirdPartyFeeAmount: 1.25 } });
    // The debit card fee of $2.50 and the third-party fee of $1.25.
    expect(await screen.findByText('Processing Fee: $3.75')).toBeVisible();
    expect(screen.getByText('Payment Total: $475.35')).toBeVisible();
  });

  it('shows the fee error and goes no further when the fee fails', async () => {
    const ui = renderPayment({
      settings: { 'paymentAmountOptions.useThirdPartyFeeOption': 'true' },
      routes: {
        'POST /api/PaymentInformation/GetThirdPartyFee': {
          body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'Error' }] },
        },
      },
    });
    await oneTimeByCard(ui);
    expect(
      await screen.findByText(
        'There was a problem calculating the fee for this payment. Please try again.',
      ),
    ).toBeVisible();
    expect(screen.queryByText(/^Payment Total:/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Make Payment' })).toBeNull();
  });

  it('is not asked for when the setting is off', async () => {
    const ui = renderPayment();
    await oneTimeByCard(ui);
    expect(await screen.findByText('Processing Fee: $2.50')).toBeVisible();
    expect(ui.server.requestsTo('POST /api/PaymentInformation/GetThirdPartyFee')).toHaveLength(0);
  });
});

describe('recurring dates', { timeout: 40_000 }, () => {
  it('takes a first date for Monthly, within 31 days and in the future', async () => {
    const ui = renderPayment();
    await chooseMethod(ui, 'E-Check', 'ach_1');
    await chooseFrequency(ui, 'MonthlyOnDate');
    expect(
      screen.getByText('This payment will repeat on the schedule you choose until you cancel it.'),
    ).toBeVisible();
    await typeDate(ui, 'First Payment Date', TODAY);
    expect(errorOf('First Payment Date')).toBe('Payment date must be in the future');
    await typeDate(ui, 'First Payment Date', '2026-12-28');
    expect(errorOf('First Payment Date')).toBe('First payment date must be within 30 days');
    // The amount stays while the date is refused (issue 20 item 2); submit waits.
    expect(screen.getByLabelText('Amount')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Schedule Payment' })).toBeNull();
    await typeDate(ui, 'First Payment Date', '2026-11-30');
    expect(errorOf('First Payment Date')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Schedule Payment' })).toBeVisible();
    // Monthly says nothing about a second date.
    expect(screen.queryByText(/the second/)).toBeNull();
  });

  it('says how Twice a Month works, and refuses a day after the 28th', async () => {
    const ui = renderPayment();
    await chooseMethod(ui, 'E-Check', 'ach_1');
    await chooseFrequency(ui, 'SemiMonthly');
    expect(
      screen.getByText(/Your first payment will be made on the date you choose/),
    ).toBeVisible();
    await typeDate(ui, 'First Payment Date', '2026-11-30');
    expect(errorOf('First Payment Date')).toBe('That date is not allowed.');
    await typeDate(ui, 'First Payment Date', '2026-12-01');
    expect(errorOf('First Payment Date')).toBeNull();
  });

  it('hides the Twice a Month text when its setting says so', async () => {
    const ui = renderPayment({ settings: { 'paymentOptions.hideSemiMonthlyInfoOption': 'true' } });
    await chooseMethod(ui, 'E-Check', 'ach_1');
    await chooseFrequency(ui, 'SemiMonthly');
    expect(screen.getByLabelText('First Payment Date')).toBeVisible();
    expect(screen.queryByText(/Your first payment will be made on the date you choose/)).toBeNull();
  });
});

describe('days before due', { timeout: 40_000 }, () => {
  it('offers 1 to 9 days less Thanksgiving and dates before tomorrow (due 12/02)', async () => {
    const ui = renderPayment();
    await chooseMethod(ui, 'E-Check', 'ach_1');
    await chooseFrequency(ui, 'DaysBeforeDue');
    // 6 days before is 11/26 (Thanksgiving); 8 and 9 days before are today and yesterday.
    expect(dayChoices()).toEqual(['1', '2', '3', '4', '5', '7']);
  });

  it('offers 1 to 3 days when the loan is not billed monthly', async () => {
    const ui = renderPayment({ info: paymentInfo({ LoanBillingFrequency: 'biweekly' }) });
    await chooseMethod(ui, 'E-Check', 'ach_1');
    await chooseFrequency(ui, 'DaysBeforeDue');
    expect(dayChoices()).toEqual(['1', '2', '3']);
  });

  it('leaves out the listed non-payment days, and still every date before tomorrow', async () => {
    const ui = renderPayment({ info: paymentInfo({ NonPaymentDays: ['2026-11-30T00:00:00'] }) });
    await chooseMethod(ui, 'E-Check', 'ach_1');
    await chooseFrequency(ui, 'DaysBeforeDue');
    // 2 days before is 11/30 (listed), 6 is Thanksgiving; 8 and 9 days before are today and
    // yesterday, which could never be drawn on time (decided: both filters always apply).
    expect(dayChoices()).toEqual(['1', '3', '4', '5', '7']);
  });

  it('needs a choice before the next step', async () => {
    const ui = renderPayment();
    await chooseMethod(ui, 'E-Check', 'ach_1');
    await chooseFrequency(ui, 'DaysBeforeDue');
    expect(screen.queryByText(/Payment Total/)).toBeNull();
    await ui.user.selectOptions(
      screen.getByRole('combobox', { name: 'Day(s) before due date' }),
      '2',
    );
    await waitFor(() => expect(screen.getByText('Payment Total: $471.60')).toBeVisible());
  });
});

describe('a date after the due date', { timeout: 40_000 }, () => {
  const WARNING =
    'This date is after your due date of 12/02/2026: the payment may be late, and a late charge may apply.';

  it('is allowed, and said to be late beside the one-time date; not a date on or before it', async () => {
    const ui = renderPayment();
    await oneTimeByCard(ui, '2026-12-02');
    const date = screen.getByLabelText('Payment Date');
    expect(screen.queryByText(WARNING)).toBeNull();
    await typeDate(ui, 'Payment Date', '2026-12-04');
    expect(await screen.findByText(WARNING)).toHaveRole('status');
    expect(date).toHaveAccessibleDescription(WARNING);
    expect(date).not.toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByRole('button', { name: 'Schedule Payment' })).toBeVisible();
    await expectNoAxeViolations();
  });

  it('is said again in the review before Submit', async () => {
    const ui = renderPayment();
    await oneTimeByCard(ui, '2026-12-04');
    await ui.user.click(await screen.findByRole('button', { name: 'Schedule Payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to submit?' });
    expect(within(dialog).getByText(WARNING)).toBeVisible();
    await expectNoAxeViolations();
  });

  it('is not in the review of a date on or before the due date', async () => {
    const ui = renderPayment();
    await oneTimeByCard(ui, '2026-12-02');
    await ui.user.click(await screen.findByRole('button', { name: 'Schedule Payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to submit?' });
    expect(within(dialog).queryByText(WARNING)).toBeNull();
  });

  it('is said beside the first recurring date too', async () => {
    const ui = renderPayment();
    await chooseMethod(ui, 'Card', 'card_1');
    await chooseFrequency(ui, 'MonthlyOnDate');
    await typeDate(ui, 'First Payment Date', '2026-12-04');
    expect(await screen.findByText(WARNING)).toBeVisible();
    expect(screen.getByLabelText('First Payment Date')).toHaveAccessibleDescription(WARNING);
  });
});

// Issue 20 item 6: each choice's fee where it is chosen. A bank-account payment's fee depends on
// its kind, so the frequency choice says it; a card's does not (it was shown with the card).
describe('the fee of each frequency', { timeout: 40_000 }, () => {
  function frequencyOptions(): string[] {
    return within(screen.getByRole('combobox', { name: 'Payment Frequency' }))
      .getAllByRole('option')
      .map((option) => option.textContent ?? '')
      .filter(Boolean);
  }

  function withAchFees(fees: { ECheck: number; Scheduled: number; Recurring: number }) {
    const base = paymentInfo();
    return paymentInfo({
      PaymentOptions: {
        ...base.PaymentOptions,
        FirstPartyFees: {
          ...base.PaymentOptions.FirstPartyFees,
          ECheckFeeAmount: fees.ECheck,
          ScheduledAchFee: fees.Scheduled,
          RecurringAchFee: fees.Recurring,
        },
      },
    });
  }

  it("names each bank-account frequency's fee: today's and a later date's, and a recurring one's", async () => {
    const ui = renderPayment({ info: withAchFees({ ECheck: 2.5, Scheduled: 1.5, Recurring: 0 }) });
    await chooseMethod(ui, 'E-Check', 'ach_1');
    await waitFor(() =>
      expect(frequencyOptions()).toContain('One Time (fee $2.50 today, $1.50 on a later date)'),
    );
    expect(frequencyOptions()).toContain('Weekly (no fee)');
    await expectNoAxeViolations();
  });

  it('says nothing of fees when no bank-account payment has one, nor for a card', async () => {
    const ui = renderPayment({ info: withAchFees({ ECheck: 0, Scheduled: 0, Recurring: 0 }) });
    await chooseMethod(ui, 'E-Check', 'ach_1');
    await waitFor(() => expect(frequencyOptions()).toContain('One Time'));
    expect(frequencyOptions().some((text) => text.includes('fee'))).toBe(false);
    await chooseMethod(ui, 'Card', 'card_1');
    await waitFor(() => expect(frequencyOptions()).toContain('One Time'));
    expect(frequencyOptions().some((text) => text.includes('fee'))).toBe(false);
  });
});
