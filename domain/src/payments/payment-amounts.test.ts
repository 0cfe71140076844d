import { describe, expect, it } from 'vitest';
import {
  aboveMaximumWarningText,
  amountStepSkipped,
  DEFAULT_PAYMENT_AMOUNT_SETTINGS,
  fixedPaymentAmount,
  initialPaymentAmount,
  parseAdditionalPrincipalInput,
  parsePaymentAmountInput,
  PAYMENT_AMOUNT_ERROR_KEY,
  readPaymentAmountInput,
  payAmountDue,
  paymentAmountBounds,
  paymentAmountEditing,
  paymentAmountIssue,
  paymentAmountIssueText,
  payoffCapCents,
  payoffOffered,
  submittedPaymentAmountIssue,
  type PaymentAmountContext,
  type PaymentAmountLoan,
  type PaymentAmountSettings,
} from './payment-amounts';
import type { PaymentFrequency } from './payment-eligibility';

const TODAY = '2026-03-10';
const LOAN: PaymentAmountLoan = {
  regularPaymentCents: 25_000,
  amountDueCents: 25_000,
  totalDueCents: 40_000,
  payoffCents: 500_000,
  delinquent: false,
  lineOfCredit: false,
};

function context(
  overrides: Partial<Omit<PaymentAmountContext, 'loan' | 'settings'>> & {
    loan?: Partial<PaymentAmountLoan>;
    settings?: Partial<PaymentAmountSettings>;
  } = {},
): PaymentAmountContext {
  const { loan, settings, ...rest } = overrides;
  return {
    method: 'ACH',
    frequency: 'OneTime',
    paymentDate: TODAY,
    today: TODAY,
    isPayoff: false,
    ...rest,
    loan: { ...LOAN, ...loan },
    settings: { ...DEFAULT_PAYMENT_AMOUNT_SETTINGS, ...settings },
  };
}

const RECURRING: PaymentFrequency[] = [
  'Weekly',
  'TwoWeeks',
  'SemiMonthly',
  'MonthlyOnDate',
  'DaysBeforeDue',
  'OnDueDate',
];

describe('payment amount bounds', () => {
  it('defaults to one cent up to the payoff amount, for ACH and card alike', () => {
    for (const method of ['ACH', 'Card'] as const) {
      expect(paymentAmountBounds(context({ method }))).toEqual({
        minimumCents: 1,
        maximumCents: 500_000,
        achOnly: false,
      });
    }
  });

  it('takes the configured minimum of the chosen method only', () => {
    const settings = { minimumAchPaymentCents: 1_000, minimumCardPaymentCents: 2_500 };
    expect(paymentAmountBounds(context({ settings })).minimumCents).toBe(1_000);
    expect(paymentAmountBounds(context({ method: 'Card', settings })).minimumCents).toBe(2_500);
  });

  it('holds a card to the card maximum, and to the payoff amount when that is lower', () => {
    const card = (maximumCardPaymentCents: number) =>
      paymentAmountBounds(context({ method: 'Card', settings: { maximumCardPaymentCents } }));
    expect(card(100_000).maximumCents).toBe(100_000);
    expect(card(499_999).maximumCents).toBe(499_999);
    expect(card(500_000).maximumCents).toBe(500_000);
    expect(card(500_001).maximumCents).toBe(500_000);
    expect(card(0).maximumCents).toBe(500_000);
    // The card maximum is not an ACH limit.
    expect(
      paymentAmountBounds(context({ settings: { maximumCardPaymentCents: 100_000 } })).maximumCents,
    ).toBe(500_000);
  });

  it('multiplies the payoff amount by the max payoff percent, rounding down to the cent', () => {
    const bounds = (maxPayoffPercent: number | undefined, payoffCents = 500_000) =>
      paymentAmountBounds(context({ loan: { payoffCents }, settings: { maxPayoffPercent } }))
        .maximumCents;
    expect(bounds(undefined)).toBe(500_000);
    expect(bounds(1)).toBe(500_000);
    expect(bounds(0.9)).toBe(450_000);
    expect(bounds(1.1)).toBe(550_000);
    // 100.05 × 1.5 = 150.075: rounded down, never up past the cap.
    expect(bounds(1.5, 10_005)).toBe(15_007);
    // 0.29 × 100.00 is 28.999999999999996 in floating point; the cap is exactly 29.00.
    expect(bounds(0.29, 10_000)).toBe(2_900);
    expect(payoffCapCents(33_333, 0.5)).toBe(16_666);
  });

  it('refuses a max payoff percent that is not a positive number, naming the setting', () => {
    for (const percent of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => payoffCapCents(100, percent)).toThrow(/paymentAmountOptions\.maxPayoffPercent/);
    }
  });

  it('holds a recurring payment to the regular amount unless the additional amount is allowed', () => {
    for (const frequency of RECURRING) {
      for (const method of ['ACH', 'Card'] as const) {
        expect(paymentAmountBounds(context({ frequency, method })).maximumCents).toBe(25_000);
        expect(
          paymentAmountBounds(
            context({ frequency, method, settings: { allowAdditionalAmountOnRecurring: true } }),
          ).maximumCents,
        ).toBe(500_000);
      }
    }
    // A card maximum below the regular amount still applies.
    expect(
      paymentAmountBounds(
        context({
          frequency: 'Weekly',
          method: 'Card',
          settings: { maximumCardPaymentCents: 20_000 },
        }),
      ).maximumCents,
    ).toBe(20_000);
  });

  it('asks a delinquent loan for the total due when the delinquent setting is on', () => {
    const delinquent = { delinquent: true };
    const on = { requireTotalDueWhenDelinquent: true };
    expect(paymentAmountBounds(context({ loan: delinquent, settings: on })).minimumCents).toBe(
      40_000,
    );
    expect(paymentAmountBounds(context({ loan: delinquent })).minimumCents).toBe(1);
    expect(paymentAmountBounds(context({ settings: on })).minimumCents).toBe(1);
    // The larger of the total due and the configured minimum.
    expect(
      paymentAmountBounds(
        context({ loan: delinquent, settings: { ...on, minimumAchPaymentCents: 40_001 } }),
      ).minimumCents,
    ).toBe(40_001);
    // It applies to a future date and to recurring payments too (held to the maximum there).
    expect(
      paymentAmountBounds(context({ paymentDate: '2026-03-20', loan: delinquent, settings: on }))
        .minimumCents,
    ).toBe(40_000);
    expect(
      paymentAmountBounds(context({ frequency: 'Weekly', loan: delinquent, settings: on })),
    ).toEqual({ minimumCents: 25_000, maximumCents: 25_000, achOnly: false });
    // The delinquent rule wins over the minimum-payment setting.
    expect(
      paymentAmountBounds(
        context({ loan: delinquent, settings: { ...on, useMinimumPayment: true } }),
      ).minimumCents,
    ).toBe(40_000);
  });

  it('takes the smallest of amount due, total due and payoff for a payment dated today with the minimum-payment setting', () => {
    const on = { useMinimumPayment: true };
    const minimum = (loan: Partial<PaymentAmountLoan>, paymentDate: string | undefined = TODAY) =>
      paymentAmountBounds(context({ loan, paymentDate, settings: on })).minimumCents;
    expect(minimum({})).toBe(25_000);
    expect(minimum({ amountDueCents: 50_000 })).toBe(40_000);
    expect(minimum({ amountDueCents: 50_000, totalDueCents: 60_000, payoffCents: 45_000 })).toBe(
      45_000,
    );
    // Never below the method minimum (an account paid ahead owes 0).
    expect(minimum({ amountDueCents: 0, totalDueCents: 0 })).toBe(1);
    // Not for a date in the future (one day ahead is enough), nor for days-before-due.
    expect(minimum({}, '2026-03-11')).toBe(1);
    expect(
      paymentAmountBounds(
        context({
          frequency: 'DaysBeforeDue',
          paymentDate: undefined,
          settings: { ...on, allowAdditionalAmountOnRecurring: true },
        }),
      ).minimumCents,
    ).toBe(1);
    expect(minimum({}, '2026-03-09')).toBe(25_000);
    // Off: the method minimum.
    expect(paymentAmountBounds(context()).minimumCents).toBe(1);
  });

  it('asks one-time payments for the total due under force-total-due, but not recurring ones', () => {
    const on = { forceTotalDue: true, allowAdditionalAmountOnRecurring: true };
    expect(paymentAmountBounds(context({ settings: on })).minimumCents).toBe(40_000);
    expect(
      paymentAmountBounds(context({ paymentDate: '2026-04-01', settings: on })).minimumCents,
    ).toBe(40_000);
    for (const frequency of RECURRING) {
      expect(paymentAmountBounds(context({ frequency, settings: on })).minimumCents).toBe(1);
    }
    // The minimum-payment setting comes first for a payment dated today.
    expect(
      paymentAmountBounds(context({ settings: { ...on, useMinimumPayment: true } })).minimumCents,
    ).toBe(25_000);
    // ...but not for a future date, where force-total-due applies.
    expect(
      paymentAmountBounds(
        context({ paymentDate: '2026-03-11', settings: { ...on, useMinimumPayment: true } }),
      ).minimumCents,
    ).toBe(40_000);
  });

  it('never lets the minimum exceed the maximum', () => {
    expect(
      paymentAmountBounds(
        context({ loan: { totalDueCents: 600_000 }, settings: { forceTotalDue: true } }),
      ),
    ).toEqual({ minimumCents: 500_000, maximumCents: 500_000, achOnly: false });
    expect(
      paymentAmountBounds(
        context({ loan: { payoffCents: 50 }, settings: { minimumAchPaymentCents: 100 } }),
      ),
    ).toEqual({ minimumCents: 50, maximumCents: 50, achOnly: false });
  });

  it('allows only ACH when a card’s minimum is at or above the card maximum', () => {
    const achOnly = (totalDueCents: number, method: 'ACH' | 'Card' = 'Card') =>
      paymentAmountBounds(
        context({
          method,
          loan: { totalDueCents },
          settings: { forceTotalDue: true, maximumCardPaymentCents: 40_000 },
        }),
      ).achOnly;
    expect(achOnly(39_999)).toBe(false);
    expect(achOnly(40_000)).toBe(true);
    expect(achOnly(40_001)).toBe(true);
    expect(achOnly(40_001, 'ACH')).toBe(false);
    // The delinquent rule blocks cards the same way.
    expect(
      paymentAmountBounds(
        context({
          method: 'Card',
          loan: { delinquent: true },
          settings: { requireTotalDueWhenDelinquent: true, maximumCardPaymentCents: 39_999 },
        }),
      ).achOnly,
    ).toBe(true);
    // No card maximum, no block.
    expect(
      paymentAmountBounds(
        context({
          method: 'Card',
          loan: { totalDueCents: 900_000 },
          settings: { forceTotalDue: true },
        }),
      ).achOnly,
    ).toBe(false);
  });

  it('refuses figures and settings that are not whole cents, naming them', () => {
    expect(() => paymentAmountBounds(context({ loan: { payoffCents: 10.5 } }))).toThrow(
      /loan\.payoffCents/,
    );
    expect(() => paymentAmountBounds(context({ loan: { totalDueCents: -1 } }))).toThrow(
      /loan\.totalDueCents/,
    );
    expect(() =>
      paymentAmountBounds(context({ settings: { maximumCardPaymentCents: -100 } })),
    ).toThrow(/paymentAmountOptions\.maximumCardPaymentAmount/);
  });
});

describe('the amount the step starts with', () => {
  it('is the regular amount when it lies within the bounds', () => {
    expect(initialPaymentAmount(context())).toEqual({ amountCents: 25_000 });
  });

  it('starts a one-time payment from the amount due when something is due, a recurring one from the regular amount', () => {
    // Past due: three installments due.
    const pastDue = { loan: { amountDueCents: 75_000, totalDueCents: 77_500 } };
    expect(initialPaymentAmount(context(pastDue))).toEqual({ amountCents: 75_000 });
    // Part of the installment paid already.
    const partlyPaid = { loan: { amountDueCents: 10_000 } };
    expect(initialPaymentAmount(context(partlyPaid))).toEqual({ amountCents: 10_000 });
    // Paid ahead: nothing due, the regular amount.
    expect(initialPaymentAmount(context({ loan: { amountDueCents: 0 } }))).toEqual({
      amountCents: 25_000,
    });
    for (const frequency of RECURRING) {
      expect(
        initialPaymentAmount(context({ ...pastDue, frequency, paymentDate: undefined })),
      ).toEqual({ amountCents: 25_000 });
    }
  });

  it('raises the regular amount to the minimum, without a warning', () => {
    expect(initialPaymentAmount(context({ settings: { forceTotalDue: true } }))).toEqual({
      amountCents: 40_000,
    });
    expect(initialPaymentAmount(context({ settings: { minimumAchPaymentCents: 25_001 } }))).toEqual(
      { amountCents: 25_001 },
    );
  });

  it('lowers it to the maximum with the warning, at one cent over and not at the maximum', () => {
    const card = (maximumCardPaymentCents: number) =>
      initialPaymentAmount(context({ method: 'Card', settings: { maximumCardPaymentCents } }));
    expect(card(25_000)).toEqual({ amountCents: 25_000 });
    expect(card(24_999)).toEqual({
      amountCents: 24_999,
      aboveMaximumWarning: { amountCents: 25_000 },
    });
    // Raised to the total due first, then lowered: the warning names the total due.
    expect(
      initialPaymentAmount(
        context({
          method: 'Card',
          settings: { forceTotalDue: true, maximumCardPaymentCents: 30_000 },
        }),
      ),
    ).toEqual({ amountCents: 30_000, aboveMaximumWarning: { amountCents: 40_000 } });
  });

  it('words the warning with the amount as currency', () => {
    expect(aboveMaximumWarningText(123_456)).toBe(
      'Your total due amount of $1,234.56 exceeds the max amount allowed to pay with this payment method. Please select a different payment method to pay your total due.',
    );
    expect(aboveMaximumWarningText(500, 'Too much: {amount}')).toBe('Too much: $5.00');
  });
});

describe('a typed payment amount', () => {
  it('drops the dollar sign, commas and spaces, and reads a text of any length', () => {
    expect(parsePaymentAmountInput('$1,234.56')).toBe(123_456);
    expect(parsePaymentAmountInput(' 250 ')).toBe(25_000);
    expect(parsePaymentAmountInput('12a3.4')).toBeUndefined();
    expect(parsePaymentAmountInput('.5')).toBe(50);
    expect(parsePaymentAmountInput('0.01')).toBe(1);
    expect(parsePaymentAmountInput('')).toBeUndefined();
    expect(parsePaymentAmountInput('$')).toBeUndefined();
    expect(parsePaymentAmountInput('1.2.3')).toBeUndefined();
    expect(parsePaymentAmountInput('1.234')).toBeUndefined();
    expect(parsePaymentAmountInput('$123,456,789.01')).toBe(12_345_678_901);
    // Past the spec's 15 characters, still read (issue 20): not cut to a smaller amount.
    expect(parsePaymentAmountInput('$1,234,567,890.10')).toBe(123_456_789_010);
  });

  it('tells an empty field, a text that is not a number and a third decimal apart', () => {
    expect(readPaymentAmountInput('')).toEqual({ kind: 'empty' });
    expect(readPaymentAmountInput(' $ ')).toEqual({ kind: 'empty' });
    expect(readPaymentAmountInput('abc')).toEqual({ kind: 'notANumber' });
    expect(readPaymentAmountInput('12a')).toEqual({ kind: 'notANumber' });
    expect(readPaymentAmountInput('1.2.3')).toEqual({ kind: 'notANumber' });
    expect(readPaymentAmountInput('.')).toEqual({ kind: 'notANumber' });
    expect(readPaymentAmountInput('1'.repeat(13))).toEqual({
      kind: 'amount',
      cents: 111_111_111_111_100,
    });
    expect(readPaymentAmountInput('1'.repeat(16))).toEqual({ kind: 'tooLarge' });
    expect(readPaymentAmountInput('9'.repeat(30))).toEqual({ kind: 'tooLarge' });
    expect(readPaymentAmountInput('12345678901234567a')).toEqual({ kind: 'notANumber' });
    expect(readPaymentAmountInput('100.005')).toEqual({ kind: 'tooManyDecimals' });
    expect(readPaymentAmountInput('$1,000.129')).toEqual({ kind: 'tooManyDecimals' });
    expect(readPaymentAmountInput('250')).toEqual({ kind: 'amount', cents: 25_000 });
    expect(readPaymentAmountInput('-5')).toEqual({ kind: 'amount', cents: -500 });
  });

  it('gives each mistake its own issue: not a number, decimals, below and above the bounds', () => {
    const settings = { minimumAchPaymentCents: 1_000 };
    const issue = (text: string) =>
      paymentAmountIssue(context({ settings }), readPaymentAmountInput(text))?.key;
    expect(issue('')).toBe('amountRequired');
    expect(issue('abc')).toBe('notANumber');
    expect(issue('100.005')).toBe('tooManyDecimals');
    expect(issue('9.99')).toBe('belowMinimum');
    expect(issue('-5')).toBe('belowMinimum');
    expect(issue('1,000,000')).toBe('aboveMaximum');
    // Longer than the spec's 15 characters: worded, not cut (issue 20).
    expect(issue('$1,000,000,000,000.00')).toBe('aboveMaximum');
    expect(issue('9'.repeat(40))).toBe('aboveMaximum');
    expect(issue('1000000000000000abc')).toBe('notANumber');
    expect(issue('250')).toBeUndefined();
  });

  it('is required', () => {
    expect(paymentAmountIssue(context(), undefined)).toEqual({ key: 'amountRequired' });
  });

  it('must lie between the minimum and the maximum, inclusive', () => {
    const settings = { minimumAchPaymentCents: 1_000 };
    const issue = (cents: number) => paymentAmountIssue(context({ settings }), cents)?.key;
    expect(issue(999)).toBe('belowMinimum');
    expect(issue(1_000)).toBeUndefined();
    expect(issue(1_001)).toBeUndefined();
    expect(issue(499_999)).toBeUndefined();
    expect(issue(500_000)).toBeUndefined();
    expect(issue(500_001)).toBe('aboveMaximum');
    expect(issue(0)).toBe('belowMinimum');
    expect(paymentAmountIssue(context({ settings }), 500_001)).toEqual({
      key: 'aboveMaximum',
      minimumCents: 1_000,
      maximumCents: 500_000,
    });
  });

  it('never takes 0, even with a zero minimum configured', () => {
    expect(paymentAmountIssue(context({ settings: { minimumAchPaymentCents: 0 } }), 0)?.key).toBe(
      'belowMinimum',
    );
    expect(paymentAmountIssue(context({ settings: { minimumAchPaymentCents: 0 } }), 1)).toBe(
      undefined,
    );
  });

  it('holds a recurring payment to the regular amount unless the additional amount is allowed', () => {
    expect(paymentAmountIssue(context({ frequency: 'Weekly' }), 25_000)).toBeUndefined();
    expect(paymentAmountIssue(context({ frequency: 'Weekly' }), 25_001)?.key).toBe('aboveMaximum');
    expect(
      paymentAmountIssue(
        context({ frequency: 'Weekly', settings: { allowAdditionalAmountOnRecurring: true } }),
        25_001,
      ),
    ).toBeUndefined();
  });

  it('refuses every card amount when only ACH is allowed', () => {
    const achOnly = context({
      method: 'Card',
      settings: { forceTotalDue: true, maximumCardPaymentCents: 40_000 },
    });
    expect(paymentAmountIssue(achOnly, 40_000)).toEqual({ key: 'achOnly' });
    expect(paymentAmountIssue(achOnly, undefined)).toEqual({ key: 'achOnly' });
  });

  it('words each issue in the spec’s words or the institution’s', () => {
    expect(paymentAmountIssueText({ key: 'amountRequired' })).toBe('Payment amount is required');
    expect(paymentAmountIssueText({ key: 'achOnly' })).toBe(
      'Only payment by ACH is allowed at this time. Your amount due is greater than the payment amount allowed by card.',
    );
    expect(
      paymentAmountIssueText({ key: 'belowMinimum', minimumCents: 1, maximumCents: 50_000 }),
    ).toBe('Payment amount must be at least $0.01');
    expect(
      paymentAmountIssueText({ key: 'aboveMaximum', minimumCents: 1, maximumCents: 50_000 }),
    ).toBe('Payment amount cannot be greater than $500.00');
    expect(paymentAmountIssueText({ key: 'notANumber' })).toBe(
      'Enter the amount as a number, like 250.00',
    );
    expect(paymentAmountIssueText({ key: 'tooManyDecimals' })).toBe(
      'The amount cannot have more than two decimal places',
    );
    expect(
      paymentAmountIssueText(
        { key: 'aboveMaximum', minimumCents: 1_000, maximumCents: 123_456 },
        'From {min} to {max}',
      ),
    ).toBe('From $10.00 to $1,234.56');
  });

  it('maps each issue to the submit error key of section 8', () => {
    expect(PAYMENT_AMOUNT_ERROR_KEY).toEqual({
      amountRequired: 'PaymentAmountMinimum',
      notANumber: 'Invalid',
      tooManyDecimals: 'Invalid',
      belowMinimum: 'PaymentAmountMinimum',
      aboveMaximum: 'PaymentAmountMaximum',
      achOnly: 'PaymentAmountMaximum',
    });
  });
});

describe('what the amount step offers', () => {
  it('offers Pay Amount Due for recurring payments only', () => {
    expect(paymentAmountEditing(context()).payAmountDueOffered).toBe(false);
    for (const frequency of RECURRING) {
      expect(paymentAmountEditing(context({ frequency })).payAmountDueOffered).toBe(true);
    }
  });

  it('forces Pay Amount Due on for days-before-due ACH without the custom-amount setting', () => {
    const forced = (
      frequency: PaymentFrequency,
      method: 'ACH' | 'Card',
      allowCustomAmountOnDaysBeforeDue = false,
    ) =>
      paymentAmountEditing(
        context({ frequency, method, settings: { allowCustomAmountOnDaysBeforeDue } }),
      ).payAmountDueForced;
    expect(forced('DaysBeforeDue', 'ACH')).toBe(true);
    expect(forced('OnDueDate', 'ACH')).toBe(true);
    expect(forced('DaysBeforeDue', 'ACH', true)).toBe(false);
    expect(forced('OnDueDate', 'ACH', true)).toBe(false);
    expect(forced('DaysBeforeDue', 'Card')).toBe(false);
    expect(forced('OnDueDate', 'Card')).toBe(false);
    for (const frequency of [
      'OneTime',
      'Weekly',
      'TwoWeeks',
      'SemiMonthly',
      'MonthlyOnDate',
    ] as const) {
      expect(forced(frequency, 'ACH')).toBe(false);
    }
  });

  it('offers additional principal for recurring ACH with its setting only', () => {
    const offered = (frequency: PaymentFrequency, method: 'ACH' | 'Card', on: boolean) =>
      paymentAmountEditing(
        context({ frequency, method, settings: { allowAdditionalPrincipalOnRecurringAch: on } }),
      ).additionalPrincipalOffered;
    for (const frequency of RECURRING) {
      expect(offered(frequency, 'ACH', true)).toBe(true);
      expect(offered(frequency, 'ACH', false)).toBe(false);
      expect(offered(frequency, 'Card', true)).toBe(false);
    }
    expect(offered('OneTime', 'ACH', true)).toBe(false);
  });

  it('reads a typed additional principal, empty meaning 0', () => {
    expect(parseAdditionalPrincipalInput('')).toBe(0);
    expect(parseAdditionalPrincipalInput('$50')).toBe(5_000);
    expect(parseAdditionalPrincipalInput('1.234')).toBeUndefined();
    expect(parseAdditionalPrincipalInput('9'.repeat(30))).toBeUndefined();
  });
});

describe('Pay Amount Due', () => {
  it('fills the regular amount, held to the bounds', () => {
    expect(payAmountDue(context({ frequency: 'Weekly' }))).toEqual({
      amountCents: 25_000,
      useTotalDueOrRegularPmtAmount: true,
      totalDueAtPaymentTime: false,
    });
    expect(
      payAmountDue(
        context({
          frequency: 'Weekly',
          method: 'Card',
          settings: { maximumCardPaymentCents: 20_000 },
        }),
      ).amountCents,
    ).toBe(20_000);
  });

  it('sends 0 for a recurring line of credit, whose total due is taken at payment time', () => {
    for (const frequency of RECURRING) {
      expect(payAmountDue(context({ frequency, loan: { lineOfCredit: true } }))).toEqual({
        amountCents: 0,
        useTotalDueOrRegularPmtAmount: true,
        totalDueAtPaymentTime: true,
      });
    }
  });
});

describe('when the amount step is skipped', () => {
  it('skips it for a pay-off, with the quote or else today’s payoff amount', () => {
    for (const method of ['ACH', 'Card'] as const) {
      expect(amountStepSkipped(context({ method, isPayoff: true }))).toBe(true);
    }
    expect(fixedPaymentAmount(context({ isPayoff: true }))?.amountCents).toBe(500_000);
    expect(
      fixedPaymentAmount(
        context({ isPayoff: true, paymentDate: '2026-03-20', payoffQuoteCents: 501_234 }),
      )?.amountCents,
    ).toBe(501_234);
  });

  it('skips it for days-before-due ACH unless custom amounts or additional principal are on', () => {
    const skipped = (
      frequency: PaymentFrequency,
      method: 'ACH' | 'Card',
      settings: Partial<PaymentAmountSettings> = {},
    ) => amountStepSkipped(context({ frequency, method, settings }));
    expect(skipped('DaysBeforeDue', 'ACH')).toBe(true);
    expect(skipped('OnDueDate', 'ACH')).toBe(true);
    expect(skipped('DaysBeforeDue', 'ACH', { allowCustomAmountOnDaysBeforeDue: true })).toBe(false);
    expect(skipped('OnDueDate', 'ACH', { allowAdditionalPrincipalOnRecurringAch: true })).toBe(
      false,
    );
    expect(skipped('DaysBeforeDue', 'Card')).toBe(false);
    for (const frequency of [
      'OneTime',
      'Weekly',
      'TwoWeeks',
      'SemiMonthly',
      'MonthlyOnDate',
    ] as const) {
      expect(skipped(frequency, 'ACH')).toBe(false);
    }
    expect(
      fixedPaymentAmount(context({ frequency: 'DaysBeforeDue', paymentDate: undefined })),
    ).toEqual({
      amountCents: 25_000,
      useTotalDueOrRegularPmtAmount: true,
      totalDueAtPaymentTime: false,
    });
    expect(
      fixedPaymentAmount(
        context({ frequency: 'OnDueDate', paymentDate: undefined, loan: { lineOfCredit: true } }),
      ),
    ).toEqual({ amountCents: 0, useTotalDueOrRegularPmtAmount: true, totalDueAtPaymentTime: true });
    expect(fixedPaymentAmount(context())).toBeUndefined();
  });
});

describe('the pay-off checkbox', () => {
  it('is offered when the payoff is above 0 and pay-off is allowed', () => {
    expect(payoffOffered(context())).toBe(true);
    expect(payoffOffered(context({ loan: { payoffCents: 1 } }))).toBe(true);
    expect(payoffOffered(context({ loan: { payoffCents: 0 } }))).toBe(false);
    expect(payoffOffered(context({ settings: { allowPayoff: false } }))).toBe(false);
  });

  it('is not offered when the max payoff percent is set to anything but 1', () => {
    expect(payoffOffered(context({ settings: { maxPayoffPercent: undefined } }))).toBe(true);
    expect(payoffOffered(context({ settings: { maxPayoffPercent: 1 } }))).toBe(true);
    expect(payoffOffered(context({ settings: { maxPayoffPercent: 1.01 } }))).toBe(false);
    expect(payoffOffered(context({ settings: { maxPayoffPercent: 0.99 } }))).toBe(false);
  });

  it('is not offered for a card when the payoff is above the card maximum', () => {
    const card = (maximumCardPaymentCents: number, method: 'ACH' | 'Card' = 'Card') =>
      payoffOffered(context({ method, settings: { maximumCardPaymentCents } }));
    expect(card(499_999)).toBe(false);
    expect(card(500_000)).toBe(true);
    expect(card(500_001)).toBe(true);
    expect(card(0)).toBe(true);
    expect(card(499_999, 'ACH')).toBe(true);
  });
});

describe('the server’s check of a submitted amount', () => {
  const none = { additionalPrincipalCents: 0 };

  it('applies the bounds to a typed amount', () => {
    expect(submittedPaymentAmountIssue(context(), { amountCents: 500_000, ...none })).toBe(
      undefined,
    );
    expect(submittedPaymentAmountIssue(context(), { amountCents: 500_001, ...none })?.key).toBe(
      'aboveMaximum',
    );
    expect(submittedPaymentAmountIssue(context(), { amountCents: 0, ...none })?.key).toBe(
      'belowMinimum',
    );
  });

  it('takes 0 from a recurring line of credit paying the total due, and not otherwise', () => {
    const loc = { lineOfCredit: true };
    expect(
      submittedPaymentAmountIssue(context({ frequency: 'MonthlyOnDate', loan: loc }), {
        amountCents: 0,
        ...none,
      }),
    ).toBeUndefined();
    expect(
      submittedPaymentAmountIssue(context({ loan: loc }), { amountCents: 0, ...none })?.key,
    ).toBe('belowMinimum');
    expect(
      submittedPaymentAmountIssue(context({ frequency: 'MonthlyOnDate' }), {
        amountCents: 0,
        ...none,
      })?.key,
    ).toBe('belowMinimum');
  });

  it('refuses a card for a line of credit paying its total due above the card maximum', () => {
    // The total due is $400.00; the amount step is skipped (0 means the total due).
    const locCard = (maximumCardPaymentCents: number) =>
      context({
        frequency: 'MonthlyOnDate',
        method: 'Card',
        loan: { lineOfCredit: true },
        settings: { maximumCardPaymentCents },
      });
    expect(submittedPaymentAmountIssue(locCard(39_999), { amountCents: 0, ...none })).toEqual({
      key: 'achOnly',
    });
    expect(submittedPaymentAmountIssue(locCard(40_000), { amountCents: 0, ...none })).toBe(
      undefined,
    );
    // No maximum configured (0), or a bank account: no limit.
    expect(submittedPaymentAmountIssue(locCard(0), { amountCents: 0, ...none })).toBe(undefined);
    expect(
      submittedPaymentAmountIssue(
        context({
          frequency: 'MonthlyOnDate',
          loan: { lineOfCredit: true },
          settings: { maximumCardPaymentCents: 100 },
        }),
        { amountCents: 0, ...none },
      ),
    ).toBe(undefined);
  });

  it('holds a skipped step to its fixed amount', () => {
    const payoff = context({
      isPayoff: true,
      paymentDate: '2026-03-20',
      payoffQuoteCents: 501_234,
    });
    expect(submittedPaymentAmountIssue(payoff, { amountCents: 501_234, ...none })).toBeUndefined();
    expect(submittedPaymentAmountIssue(payoff, { amountCents: 501_233, ...none })).toEqual({
      key: 'notFixedAmount',
      fixedCents: 501_234,
    });
    const daysBeforeDue = context({ frequency: 'DaysBeforeDue', paymentDate: undefined });
    expect(
      submittedPaymentAmountIssue(daysBeforeDue, { amountCents: 25_000, ...none }),
    ).toBeUndefined();
    expect(submittedPaymentAmountIssue(daysBeforeDue, { amountCents: 24_999, ...none })).toEqual({
      key: 'notFixedAmount',
      fixedCents: 25_000,
    });
  });

  it('refuses a pay-off the checkbox would not offer', () => {
    expect(
      submittedPaymentAmountIssue(
        context({ method: 'Card', isPayoff: true, settings: { maximumCardPaymentCents: 100_000 } }),
        { amountCents: 500_000, ...none },
      ),
    ).toEqual({ key: 'payoffNotOffered' });
  });

  it('takes additional principal only where offered, and up to the payoff amount in all', () => {
    const settings = { allowAdditionalPrincipalOnRecurringAch: true };
    const recurringAch = context({ frequency: 'Weekly', settings });
    expect(
      submittedPaymentAmountIssue(recurringAch, {
        amountCents: 25_000,
        additionalPrincipalCents: 475_000,
      }),
    ).toBeUndefined();
    expect(
      submittedPaymentAmountIssue(recurringAch, {
        amountCents: 25_000,
        additionalPrincipalCents: 475_001,
      }),
    ).toEqual({ key: 'additionalPrincipalAboveMaximum', maximumCents: 475_000 });
    expect(
      submittedPaymentAmountIssue(context({ settings }), {
        amountCents: 25_000,
        additionalPrincipalCents: 1,
      }),
    ).toEqual({ key: 'additionalPrincipalNotAllowed' });
    expect(
      submittedPaymentAmountIssue(context({ frequency: 'Weekly', method: 'Card', settings }), {
        amountCents: 25_000,
        additionalPrincipalCents: 1,
      }),
    ).toEqual({ key: 'additionalPrincipalNotAllowed' });
    // A days-before-due ACH payment with additional principal shows the step with the amount fixed.
    const daysBeforeDue = context({ frequency: 'DaysBeforeDue', paymentDate: undefined, settings });
    expect(paymentAmountEditing(daysBeforeDue).payAmountDueForced).toBe(true);
    expect(
      submittedPaymentAmountIssue(daysBeforeDue, {
        amountCents: 25_000,
        additionalPrincipalCents: 10_000,
      }),
    ).toBeUndefined();
    expect(
      submittedPaymentAmountIssue(daysBeforeDue, {
        amountCents: 24_999,
        additionalPrincipalCents: 10_000,
      }),
    ).toEqual({ key: 'notFixedAmount', fixedCents: 25_000 });
  });

  it('refuses amounts that are not whole cents', () => {
    expect(() =>
      submittedPaymentAmountIssue(context(), { amountCents: 1.5, additionalPrincipalCents: 0 }),
    ).toThrow(/amountCents/);
  });
});
