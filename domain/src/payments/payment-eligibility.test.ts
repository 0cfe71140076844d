import { describe, expect, it } from 'vitest';
import { LOAN_HOLDS } from '../rules/loan-holds';
import {
  DEFAULT_MAX_SCHEDULED_PAYMENTS,
  HOLD_PAYMENT_BLOCKS,
  PAYMENT_FREQUENCIES,
  accountSelectionOutcome,
  achCutoffMinute,
  branchNumberOf,
  frequencyOfRecurringOption,
  frequencyOffered,
  frequencyStep,
  futurePayoffAllowed,
  holdBlocksOf,
  holdSubmitError,
  immediateAchBlockedAfterCutoff,
  isDaysBeforeDueFrequency,
  isImmediateOnlyRestriction,
  isPayableAccountComment,
  isPaymentFrequency,
  isRecurringOption,
  methodCanSchedule,
  noPaymentNeeded,
  offeredFrequencies,
  paymentDateSelectable,
  paymentInfoOutcome,
  paymentKindOf,
  paymentTypeStep,
  permissionSubmitError,
  preselectedPaymentType,
  recurringAllowed,
  recurringBlocks,
  recurringDetailsOf,
  savedProfileAllowed,
  schedulingAllowed,
  schedulingBlocks,
  showsOverdueTodayOnlyWarning,
  usesThirdPartyRoute,
  type AccountSelection,
  type FetchedPaymentInfo,
  type RecurringContext,
  type RecurringFrequencySettings,
  type SchedulingContext,
  type ThirdPartyRoute,
} from './payment-eligibility';

const NO_ROUTE: ThirdPartyRoute = { enabled: false, branchMinimum: 0, branchMaximum: 0 };

function selection(overrides: Partial<AccountSelection> = {}): AccountSelection {
  return {
    accountNumber: '0001-123456-7',
    balance: 125_000,
    holdBlocks: { ach: false, card: false },
    ...overrides,
    settings: {
      achAllowed: true,
      cardsAllowed: true,
      useThirdPartyCardPayments: false,
      thirdPartyRoute: NO_ROUTE,
      ...overrides.settings,
    },
  };
}

describe('hold codes', () => {
  it('blocks both types for a payoff lock, a dispute and no online payments, ACH only for NoAchPayment', () => {
    expect(holdBlocksOf('NoPaymentOnline', true)).toEqual({ ach: true, card: true });
    expect(holdBlocksOf('LoanLockedPayoff', true)).toEqual({ ach: true, card: true });
    expect(holdBlocksOf('Dispute', true)).toEqual({ ach: true, card: true });
    expect(holdBlocksOf('NoAchPayment', true)).toEqual({ ach: true, card: false });
  });

  it('covers every hold the core keeps', () => {
    expect(Object.keys(HOLD_PAYMENT_BLOCKS).sort()).toEqual([...LOAN_HOLDS].sort());
  });

  it('blocks nothing without a hold or when the institution ignores hold codes', () => {
    expect(holdBlocksOf(null, true)).toEqual({ ach: false, card: false });
    expect(holdBlocksOf(undefined, true)).toEqual({ ach: false, card: false });
    for (const hold of LOAN_HOLDS) {
      expect(holdBlocksOf(hold, false)).toEqual({ ach: false, card: false });
    }
  });

  it('names the submit error of a hold that refuses the payment type', () => {
    expect(holdSubmitError('NoPaymentOnline', 'Card', true)).toBe('NoPaymentOnline');
    expect(holdSubmitError('NoPaymentOnline', 'ACH', true)).toBe('NoPaymentOnline');
    expect(holdSubmitError('NoAchPayment', 'ACH', true)).toBe('NoAchPayment');
    expect(holdSubmitError('LoanLockedPayoff', 'ACH', true)).toBe('SecurityNotAllowed');
    expect(holdSubmitError('Dispute', 'Card', true)).toBe('SecurityNotAllowed');
  });

  it('lets a card through an ACH hold, and everything through when holds are not honoured', () => {
    expect(holdSubmitError('NoAchPayment', 'Card', true)).toBeUndefined();
    expect(holdSubmitError(null, 'ACH', true)).toBeUndefined();
    expect(holdSubmitError('NoPaymentOnline', 'ACH', false)).toBeUndefined();
  });
});

describe('the third-party branch range', () => {
  const route: ThirdPartyRoute = { enabled: true, branchMinimum: 10, branchMaximum: 20 };

  it('reads the branch number before the first dash, leading zeros and all', () => {
    expect(branchNumberOf('0012-123456-7')).toBe(12);
    expect(branchNumberOf('12-123456')).toBe(12);
    expect(branchNumberOf('7')).toBe(7);
    expect(branchNumberOf('AB-123456')).toBeUndefined();
    expect(branchNumberOf('-123456')).toBeUndefined();
    expect(branchNumberOf('')).toBeUndefined();
  });

  it('includes both ends of the range and nothing outside it', () => {
    expect(usesThirdPartyRoute('0009-1', route)).toBe(false);
    expect(usesThirdPartyRoute('0010-1', route)).toBe(true);
    expect(usesThirdPartyRoute('0015-1', route)).toBe(true);
    expect(usesThirdPartyRoute('0020-1', route)).toBe(true);
    expect(usesThirdPartyRoute('0021-1', route)).toBe(false);
  });

  it('applies only while the option is on, and never without a numeric branch', () => {
    expect(usesThirdPartyRoute('0015-1', { ...route, enabled: false })).toBe(false);
    expect(usesThirdPartyRoute('X15-1', route)).toBe(false);
  });

  it('matches a single branch when the minimum equals the maximum, none when reversed', () => {
    const single = { enabled: true, branchMinimum: 5, branchMaximum: 5 };
    expect(usesThirdPartyRoute('5-1', single)).toBe(true);
    expect(usesThirdPartyRoute('6-1', single)).toBe(false);
    expect(
      usesThirdPartyRoute('15-1', { enabled: true, branchMinimum: 20, branchMaximum: 10 }),
    ).toBe(false);
  });
});

describe('accountSelectionOutcome', () => {
  it('fetches the payment information of an open, unblocked loan with a balance', () => {
    expect(accountSelectionOutcome(selection())).toEqual({
      kind: 'fetchPaymentInfo',
      blockAchPayment: false,
      blockCardPayment: false,
    });
  });

  it('blocks the payment when a hold blocks both ACH and card', () => {
    expect(accountSelectionOutcome(selection({ holdBlocks: { ach: true, card: true } }))).toEqual({
      kind: 'blocked',
      error: 'PaymentBlocked',
    });
  });

  it('continues with card when only ACH is blocked and cards are allowed', () => {
    expect(accountSelectionOutcome(selection({ holdBlocks: { ach: true, card: false } }))).toEqual({
      kind: 'fetchPaymentInfo',
      blockAchPayment: true,
      blockCardPayment: false,
    });
  });

  it('blocks an ACH hold when cards are not allowed', () => {
    const outcome = accountSelectionOutcome(
      selection({
        holdBlocks: { ach: true, card: false },
        settings: { ...selection().settings, cardsAllowed: false },
      }),
    );
    expect(outcome).toEqual({ kind: 'blocked', error: 'PaymentBlocked' });
  });

  it('blocks an ACH hold when card payments are made on a third-party site', () => {
    const outcome = accountSelectionOutcome(
      selection({
        holdBlocks: { ach: true, card: false },
        settings: { ...selection().settings, useThirdPartyCardPayments: true },
      }),
    );
    expect(outcome).toEqual({ kind: 'blocked', error: 'PaymentBlocked' });
  });

  it('continues with ACH when only card is blocked and ACH is allowed', () => {
    expect(accountSelectionOutcome(selection({ holdBlocks: { ach: false, card: true } }))).toEqual({
      kind: 'fetchPaymentInfo',
      blockAchPayment: false,
      blockCardPayment: true,
    });
  });

  it('blocks a card hold when ACH is not allowed', () => {
    const outcome = accountSelectionOutcome(
      selection({
        holdBlocks: { ach: false, card: true },
        settings: { ...selection().settings, achAllowed: false },
      }),
    );
    expect(outcome).toEqual({ kind: 'blocked', error: 'PaymentBlocked' });
  });

  it('needs no payment on a balance of 0 or a credit balance', () => {
    expect(accountSelectionOutcome(selection({ balance: 0 }))).toEqual({
      kind: 'noPaymentNeeded',
      error: 'NoPaymentNeeded',
    });
    expect(accountSelectionOutcome(selection({ balance: -500 })).kind).toBe('noPaymentNeeded');
    expect(accountSelectionOutcome(selection({ balance: 1 })).kind).toBe('fetchPaymentInfo');
  });

  it('is the one rule of noPaymentNeeded, which the loan page applies too', () => {
    expect(noPaymentNeeded(0)).toBe(true);
    expect(noPaymentNeeded(-1)).toBe(true);
    expect(noPaymentNeeded(1)).toBe(false);
  });

  it('sends a loan in the third-party branch range to the third-party route', () => {
    const settings = {
      ...selection().settings,
      thirdPartyRoute: { enabled: true, branchMinimum: 1, branchMaximum: 3 },
    };
    expect(accountSelectionOutcome(selection({ settings }))).toEqual({ kind: 'thirdPartyRoute' });
    expect(
      accountSelectionOutcome(selection({ accountNumber: '0004-123456-7', settings })).kind,
    ).toBe('fetchPaymentInfo');
  });

  it('reports a hold or a zero balance before the third-party route', () => {
    const settings = {
      ...selection().settings,
      thirdPartyRoute: { enabled: true, branchMinimum: 1, branchMaximum: 3 },
    };
    expect(
      accountSelectionOutcome(selection({ settings, holdBlocks: { ach: true, card: true } })).kind,
    ).toBe('blocked');
    expect(accountSelectionOutcome(selection({ settings, balance: 0 })).kind).toBe(
      'noPaymentNeeded',
    );
  });

  it('reports a blocking hold before a zero balance', () => {
    expect(
      accountSelectionOutcome(selection({ balance: 0, holdBlocks: { ach: true, card: true } }))
        .kind,
    ).toBe('blocked');
  });
});

function fetched(overrides: Partial<FetchedPaymentInfo> = {}): FetchedPaymentInfo {
  return {
    blockAchPayment: false,
    blockCardPayment: false,
    accountAllowsAch: true,
    accountAllowsCards: true,
    delinquent: false,
    blockImmediateAchAfterCutoff: false,
    hasScheduledPayments: false,
    ...overrides,
    settings: {
      achAllowed: true,
      cardsAllowed: true,
      blockOnlinePaymentsWhenDelinquent: false,
      ...overrides.settings,
    },
  };
}

describe('paymentInfoOutcome', () => {
  it('leaves a loan that allows both types valid with nothing blocked', () => {
    expect(paymentInfoOutcome(fetched())).toEqual({
      kind: 'valid',
      blockAchPayment: false,
      blockCardPayment: false,
    });
  });

  it('blocks ACH when the hold, the account or the settings refuse it', () => {
    for (const info of [
      fetched({ blockAchPayment: true }),
      fetched({ accountAllowsAch: false }),
      fetched({ settings: { ...fetched().settings, achAllowed: false } }),
    ]) {
      expect(paymentInfoOutcome(info)).toEqual({
        kind: 'valid',
        blockAchPayment: true,
        blockCardPayment: false,
      });
    }
  });

  it('blocks card when the hold, the account or the settings refuse it', () => {
    for (const info of [
      fetched({ blockCardPayment: true }),
      fetched({ accountAllowsCards: false }),
      fetched({ settings: { ...fetched().settings, cardsAllowed: false } }),
    ]) {
      expect(paymentInfoOutcome(info)).toEqual({
        kind: 'valid',
        blockAchPayment: false,
        blockCardPayment: true,
      });
    }
  });

  it('is PaymentBlocked when both ACH and card end up blocked', () => {
    expect(
      paymentInfoOutcome(fetched({ blockAchPayment: true, accountAllowsCards: false })),
    ).toEqual({ kind: 'invalid', error: 'PaymentBlocked' });
    expect(
      paymentInfoOutcome(fetched({ accountAllowsAch: false, blockCardPayment: true })),
    ).toEqual({ kind: 'invalid', error: 'PaymentBlocked' });
  });

  it('disables payments after the cutoff with a scheduled payment pending and cards not allowed', () => {
    expect(
      paymentInfoOutcome(
        fetched({
          blockImmediateAchAfterCutoff: true,
          hasScheduledPayments: true,
          accountAllowsCards: false,
        }),
      ),
    ).toEqual({ kind: 'invalid', error: 'DisabledPaymentsAfterCutoffTime' });
  });

  it('keeps the loan payable after the cutoff when any of the three conditions is missing', () => {
    const past = { blockImmediateAchAfterCutoff: true, hasScheduledPayments: true };
    expect(paymentInfoOutcome(fetched({ ...past })).kind).toBe('valid');
    expect(
      paymentInfoOutcome(
        fetched({ ...past, hasScheduledPayments: false, accountAllowsCards: false }),
      ).kind,
    ).toBe('valid');
    expect(
      paymentInfoOutcome(
        fetched({ ...past, blockImmediateAchAfterCutoff: false, accountAllowsCards: false }),
      ).kind,
    ).toBe('valid');
  });

  it('counts cards refused by the settings or a hold as not allowed for the cutoff rule', () => {
    const past = { blockImmediateAchAfterCutoff: true, hasScheduledPayments: true };
    expect(
      paymentInfoOutcome(
        fetched({ ...past, settings: { ...fetched().settings, cardsAllowed: false } }),
      ),
    ).toEqual({ kind: 'invalid', error: 'DisabledPaymentsAfterCutoffTime' });
    expect(paymentInfoOutcome(fetched({ ...past, blockCardPayment: true }))).toEqual({
      kind: 'invalid',
      error: 'DisabledPaymentsAfterCutoffTime',
    });
  });

  it('says DisabledPaymentsAfterCutoffTime before PaymentBlocked (section 4 order)', () => {
    expect(
      paymentInfoOutcome(
        fetched({
          blockAchPayment: true,
          blockImmediateAchAfterCutoff: true,
          hasScheduledPayments: true,
          accountAllowsCards: false,
        }),
      ),
    ).toEqual({ kind: 'invalid', error: 'DisabledPaymentsAfterCutoffTime' });
    // Without the cutoff case, both blocked is still PaymentBlocked.
    expect(
      paymentInfoOutcome(
        fetched({
          blockAchPayment: true,
          blockImmediateAchAfterCutoff: true,
          hasScheduledPayments: false,
          accountAllowsCards: false,
        }),
      ),
    ).toEqual({ kind: 'invalid', error: 'PaymentBlocked' });
  });

  it('refuses a delinquent loan when the institution blocks delinquent loans, before anything else', () => {
    const settings = { ...fetched().settings, blockOnlinePaymentsWhenDelinquent: true };
    expect(paymentInfoOutcome(fetched({ delinquent: true, settings }))).toEqual({
      kind: 'invalid',
      error: 'Delinquent',
    });
    expect(
      paymentInfoOutcome(
        fetched({ delinquent: true, blockAchPayment: true, blockCardPayment: true, settings }),
      ),
    ).toEqual({ kind: 'invalid', error: 'Delinquent' });
    expect(paymentInfoOutcome(fetched({ delinquent: false, settings })).kind).toBe('valid');
    expect(paymentInfoOutcome(fetched({ delinquent: true })).kind).toBe('valid');
  });
});

describe('the ACH cutoff time in the institution time zone', () => {
  const zone = 'America/New_York';

  it('parses HH:MM and stops on a malformed setting, naming its key', () => {
    expect(achCutoffMinute('17:00')).toBe(1020);
    expect(achCutoffMinute('00:00')).toBe(0);
    expect(achCutoffMinute('23:59')).toBe(1439);
    expect(() => achCutoffMinute('24:00')).toThrow(/achPaymentOptions\.achCutoffTime/);
    expect(() => achCutoffMinute('5pm')).toThrow(RangeError);
    expect(() => achCutoffMinute('17:60')).toThrow(RangeError);
  });

  it('blocks immediate ACH from the cutoff minute on, local time, not before', () => {
    // 2026-03-02 is in EST (UTC-5): 16:59 local is 21:59Z, 17:00 local is 22:00Z.
    expect(
      immediateAchBlockedAfterCutoff(true, '17:00', new Date('2026-03-02T21:59:00Z'), zone),
    ).toBe(false);
    expect(
      immediateAchBlockedAfterCutoff(true, '17:00', new Date('2026-03-02T22:00:00Z'), zone),
    ).toBe(true);
    expect(
      immediateAchBlockedAfterCutoff(true, '17:00', new Date('2026-03-03T04:59:00Z'), zone),
    ).toBe(true);
    // Local midnight starts a new day before the cutoff again.
    expect(
      immediateAchBlockedAfterCutoff(true, '17:00', new Date('2026-03-03T05:00:00Z'), zone),
    ).toBe(false);
  });

  it('follows daylight saving time', () => {
    // 2026-07-01 is in EDT (UTC-4): 17:00 local is 21:00Z.
    expect(
      immediateAchBlockedAfterCutoff(true, '17:00', new Date('2026-07-01T20:59:00Z'), zone),
    ).toBe(false);
    expect(
      immediateAchBlockedAfterCutoff(true, '17:00', new Date('2026-07-01T21:00:00Z'), zone),
    ).toBe(true);
  });

  it('never blocks when the institution does not block after the cutoff', () => {
    expect(
      immediateAchBlockedAfterCutoff(false, '17:00', new Date('2026-03-02T23:00:00Z'), zone),
    ).toBe(false);
  });
});

describe('payment type', () => {
  it('preselects the only allowed type, and nothing when both or neither are allowed', () => {
    expect(preselectedPaymentType(true, false)).toBe('ACH');
    expect(preselectedPaymentType(false, true)).toBe('Card');
    expect(preselectedPaymentType(true, true)).toBeUndefined();
    expect(preselectedPaymentType(false, false)).toBeUndefined();
  });

  it('shows the third-party page for Card when card payments are made on a third-party site', () => {
    expect(paymentTypeStep('Card', 2, true)).toBe('thirdPartyCardPage');
    expect(paymentTypeStep('Card', 0, true)).toBe('thirdPartyCardPage');
    expect(paymentTypeStep('ACH', 2, true)).toBe('savedMethods');
  });

  it('shows the saved methods, or opens the new-method modal when none is saved', () => {
    expect(paymentTypeStep('Card', 1, false)).toBe('savedMethods');
    expect(paymentTypeStep('Card', 0, false)).toBe('newMethod');
    expect(paymentTypeStep('ACH', 1, false)).toBe('savedMethods');
    expect(paymentTypeStep('ACH', 0, false)).toBe('newMethod');
  });
});

describe('payment kind', () => {
  it('is immediate for a one-time payment dated today', () => {
    expect(paymentKindOf('OneTime', '2026-03-02', '2026-03-02')).toBe('immediate');
  });

  it('is scheduled for a one-time payment dated later', () => {
    expect(paymentKindOf('OneTime', '2026-03-03', '2026-03-02')).toBe('scheduled');
    expect(paymentKindOf('OneTime', '2027-01-01', '2026-12-31')).toBe('scheduled');
  });

  it('has no kind for a one-time payment dated in the past', () => {
    expect(paymentKindOf('OneTime', '2026-03-01', '2026-03-02')).toBeUndefined();
  });

  it('is recurring for every other frequency, whatever the date', () => {
    for (const frequency of PAYMENT_FREQUENCIES.filter((value) => value !== 'OneTime')) {
      expect(paymentKindOf(frequency, '2026-03-02', '2026-03-02')).toBe('recurring');
      expect(paymentKindOf(frequency, '2026-03-10', '2026-03-02')).toBe('recurring');
    }
  });

  it('groups DaysBeforeDue and OnDueDate as the days-before-due kind', () => {
    expect(PAYMENT_FREQUENCIES.filter(isDaysBeforeDueFrequency)).toEqual([
      'DaysBeforeDue',
      'OnDueDate',
    ]);
  });
});

describe('frequency choice', () => {
  it('shows pay-now-or-later for OneTime, starting invalid and without the recurring notice', () => {
    expect(frequencyStep('OneTime')).toEqual({
      detail: 'payNowOrLater',
      validOnChoice: false,
      showsRecurringNotice: false,
    });
  });

  it('shows the days selector for DaysBeforeDue', () => {
    expect(frequencyStep('DaysBeforeDue')).toEqual({
      detail: 'daysBeforeDue',
      validOnChoice: false,
      showsRecurringNotice: true,
    });
  });

  it('makes OnDueDate valid at once with nothing beneath', () => {
    expect(frequencyStep('OnDueDate')).toEqual({
      detail: 'none',
      validOnChoice: true,
      showsRecurringNotice: true,
    });
  });

  it.each(['MonthlyOnDate', 'SemiMonthly', 'TwoWeeks', 'Weekly'] as const)(
    'shows the recurring date picker for %s',
    (frequency) => {
      expect(frequencyStep(frequency)).toEqual({
        detail: 'recurringDate',
        validOnChoice: false,
        showsRecurringNotice: true,
      });
    },
  );

  it('recognises the frequency and recurring option values', () => {
    expect(PAYMENT_FREQUENCIES.every(isPaymentFrequency)).toBe(true);
    expect(isPaymentFrequency('Monthly')).toBe(false);
    expect(isPaymentFrequency('onetime')).toBe(false);
    for (const option of ['Weekly', 'BiWeekly', 'SemiMonthly', 'DayOfMonth', 'DaysBeforeDue']) {
      expect(isRecurringOption(option)).toBe(true);
    }
    expect(isRecurringOption('TwoWeeks')).toBe(false);
    expect(isRecurringOption('MonthlyOnDate')).toBe(false);
  });
});

describe('offered frequencies', () => {
  const all: RecurringFrequencySettings = {
    allowWeekly: true,
    allowTwoWeeks: true,
    allowSemiMonthly: true,
    allowMonthlyOnDate: true,
    allowDaysBeforeDue: true,
    allowOnDueDate: true,
  };

  it('offers every frequency in order when recurring is permitted and all are allowed', () => {
    expect(offeredFrequencies(true, all)).toEqual([
      'OneTime',
      'Weekly',
      'TwoWeeks',
      'SemiMonthly',
      'MonthlyOnDate',
      'DaysBeforeDue',
      'OnDueDate',
    ]);
  });

  it('offers only OneTime when recurring is not permitted', () => {
    expect(offeredFrequencies(false, all)).toEqual(['OneTime']);
  });

  it.each([
    ['allowWeekly', 'Weekly'],
    ['allowTwoWeeks', 'TwoWeeks'],
    ['allowSemiMonthly', 'SemiMonthly'],
    ['allowMonthlyOnDate', 'MonthlyOnDate'],
    ['allowDaysBeforeDue', 'DaysBeforeDue'],
    ['allowOnDueDate', 'OnDueDate'],
  ] as const)('drops the frequency %s turns off (%s) and only it', (setting, frequency) => {
    const settings = { ...all, [setting]: false };
    expect(frequencyOffered(frequency, true, settings)).toBe(false);
    expect(offeredFrequencies(true, settings)).toEqual(
      PAYMENT_FREQUENCIES.filter((value) => value !== frequency),
    );
  });

  it('always offers OneTime, even with every recurring frequency off', () => {
    const none: RecurringFrequencySettings = {
      allowWeekly: false,
      allowTwoWeeks: false,
      allowSemiMonthly: false,
      allowMonthlyOnDate: false,
      allowDaysBeforeDue: false,
      allowOnDueDate: false,
    };
    expect(offeredFrequencies(true, none)).toEqual(['OneTime']);
    expect(frequencyOffered('OneTime', false, none)).toBe(true);
  });
});

describe('the recurring option mapping', () => {
  it('sends MonthlyOnDate as DayOfMonth', () => {
    expect(recurringDetailsOf('MonthlyOnDate')).toEqual({
      RecurringOption: 'DayOfMonth',
      DaysBeforeDue: 0,
    });
  });

  it('sends OnDueDate as DaysBeforeDue with 0 days, whatever days are given', () => {
    expect(recurringDetailsOf('OnDueDate')).toEqual({
      RecurringOption: 'DaysBeforeDue',
      DaysBeforeDue: 0,
    });
    expect(recurringDetailsOf('OnDueDate', 5)).toEqual({
      RecurringOption: 'DaysBeforeDue',
      DaysBeforeDue: 0,
    });
  });

  it('sends DaysBeforeDue with its days', () => {
    expect(recurringDetailsOf('DaysBeforeDue', 1)).toEqual({
      RecurringOption: 'DaysBeforeDue',
      DaysBeforeDue: 1,
    });
    expect(recurringDetailsOf('DaysBeforeDue', 9)).toEqual({
      RecurringOption: 'DaysBeforeDue',
      DaysBeforeDue: 9,
    });
  });

  it('refuses DaysBeforeDue without a whole number of days from 1', () => {
    expect(recurringDetailsOf('DaysBeforeDue')).toBeUndefined();
    expect(recurringDetailsOf('DaysBeforeDue', 0)).toBeUndefined();
    expect(recurringDetailsOf('DaysBeforeDue', -1)).toBeUndefined();
    expect(recurringDetailsOf('DaysBeforeDue', 2.5)).toBeUndefined();
  });

  it('sends SemiMonthly as SemiMonthly, TwoWeeks as BiWeekly and Weekly as Weekly', () => {
    expect(recurringDetailsOf('SemiMonthly')).toEqual({
      RecurringOption: 'SemiMonthly',
      DaysBeforeDue: 0,
    });
    expect(recurringDetailsOf('TwoWeeks')).toEqual({
      RecurringOption: 'BiWeekly',
      DaysBeforeDue: 0,
    });
    expect(recurringDetailsOf('Weekly')).toEqual({ RecurringOption: 'Weekly', DaysBeforeDue: 0 });
  });

  it('has no recurring option for OneTime', () => {
    expect(recurringDetailsOf('OneTime')).toBeUndefined();
  });

  it('reads a saved option back as the frequency it was chosen as', () => {
    expect(frequencyOfRecurringOption('Weekly', 0)).toBe('Weekly');
    expect(frequencyOfRecurringOption('BiWeekly', 0)).toBe('TwoWeeks');
    expect(frequencyOfRecurringOption('SemiMonthly', 0)).toBe('SemiMonthly');
    expect(frequencyOfRecurringOption('DayOfMonth', 0)).toBe('MonthlyOnDate');
    expect(frequencyOfRecurringOption('DaysBeforeDue', 0)).toBe('OnDueDate');
    expect(frequencyOfRecurringOption('DaysBeforeDue', 3)).toBe('DaysBeforeDue');
  });

  it('round-trips every recurring frequency', () => {
    for (const frequency of PAYMENT_FREQUENCIES.filter((value) => value !== 'OneTime')) {
      const details = recurringDetailsOf(frequency, 4);
      expect(details).toBeDefined();
      if (details) {
        expect(frequencyOfRecurringOption(details.RecurringOption, details.DaysBeforeDue)).toBe(
          frequency,
        );
      }
    }
  });
});

function scheduling(overrides: Partial<SchedulingContext> = {}): SchedulingContext {
  return {
    pastDue: false,
    delinquent: false,
    onlyImmediatePayments: false,
    numScheduledPayments: 0,
    hasRecurringPayment: false,
    method: { paymentType: 'ACH', singleUse: false },
    ...overrides,
    settings: {
      blockSchedulingWhenPastDue: false,
      allowSchedulingWhenDelinquent: false,
      maxScheduledPaymentsAllowed: DEFAULT_MAX_SCHEDULED_PAYMENTS,
      ...overrides.settings,
    },
  };
}

describe('scheduling permission', () => {
  it('allows scheduling a loan in good standing with no payments pending', () => {
    expect(schedulingBlocks(scheduling())).toEqual([]);
    expect(schedulingAllowed(scheduling())).toBe(true);
  });

  it('blocks a past-due loan only when the setting says so', () => {
    expect(schedulingBlocks(scheduling({ pastDue: true }))).toEqual([]);
    const settings = { ...scheduling().settings, blockSchedulingWhenPastDue: true };
    expect(schedulingBlocks(scheduling({ pastDue: true, settings }))).toEqual(['pastDue']);
    expect(schedulingBlocks(scheduling({ pastDue: false, settings }))).toEqual([]);
  });

  it('shows the overdue warning only for a past-due loan with scheduling blocked for it', () => {
    expect(showsOverdueTodayOnlyWarning(true, true)).toBe(true);
    expect(showsOverdueTodayOnlyWarning(true, false)).toBe(false);
    expect(showsOverdueTodayOnlyWarning(false, true)).toBe(false);
  });

  it('blocks a delinquent loan unless delinquent loans may schedule', () => {
    expect(schedulingBlocks(scheduling({ delinquent: true }))).toEqual(['delinquent']);
    const settings = { ...scheduling().settings, allowSchedulingWhenDelinquent: true };
    expect(schedulingBlocks(scheduling({ delinquent: true, settings }))).toEqual([]);
  });

  it('blocks when the default quota of one scheduled payment is met', () => {
    expect(DEFAULT_MAX_SCHEDULED_PAYMENTS).toBe(1);
    expect(schedulingBlocks(scheduling({ numScheduledPayments: 1 }))).toEqual([
      'scheduledQuotaReached',
    ]);
  });

  it('allows scheduled payments up to the configured quota and blocks at it', () => {
    const settings = { ...scheduling().settings, maxScheduledPaymentsAllowed: 3 };
    expect(schedulingAllowed(scheduling({ numScheduledPayments: 2, settings }))).toBe(true);
    expect(schedulingBlocks(scheduling({ numScheduledPayments: 3, settings }))).toEqual([
      'scheduledQuotaReached',
    ]);
    expect(schedulingBlocks(scheduling({ numScheduledPayments: 4, settings }))).toEqual([
      'scheduledQuotaReached',
    ]);
  });

  it('never schedules with a single-use method (card or ACH); saved methods may', () => {
    expect(methodCanSchedule({ paymentType: 'Card', singleUse: true })).toBe(false);
    expect(methodCanSchedule({ paymentType: 'Card', singleUse: false })).toBe(true);
    expect(methodCanSchedule({ paymentType: 'ACH', singleUse: true })).toBe(false);
    expect(methodCanSchedule({ paymentType: 'ACH', singleUse: false })).toBe(true);
    expect(
      schedulingBlocks(scheduling({ method: { paymentType: 'Card', singleUse: true } })),
    ).toEqual(['methodCannotSchedule']);
    expect(
      schedulingBlocks(scheduling({ method: { paymentType: 'ACH', singleUse: true } })),
    ).toEqual(['methodCannotSchedule']);
    expect(schedulingAllowed(scheduling({ method: undefined }))).toBe(true);
  });

  it('blocks when only immediate payments are allowed', () => {
    expect(isImmediateOnlyRestriction('InterestTooHighForDelayedPayment')).toBe(true);
    expect(isImmediateOnlyRestriction('')).toBe(false);
    expect(isImmediateOnlyRestriction(null)).toBe(false);
    expect(isImmediateOnlyRestriction('Other')).toBe(false);
    expect(schedulingBlocks(scheduling({ onlyImmediatePayments: true }))).toEqual([
      'onlyImmediatePayments',
    ]);
  });

  it('blocks when the loan already has a recurring payment', () => {
    expect(schedulingBlocks(scheduling({ hasRecurringPayment: true }))).toEqual([
      'hasRecurringPayment',
    ]);
  });

  it('lists every reason at once, in the spec order', () => {
    const settings = { ...scheduling().settings, blockSchedulingWhenPastDue: true };
    expect(
      schedulingBlocks(
        scheduling({
          pastDue: true,
          delinquent: true,
          numScheduledPayments: 1,
          method: { paymentType: 'Card', singleUse: true },
          onlyImmediatePayments: true,
          hasRecurringPayment: true,
          settings,
        }),
      ),
    ).toEqual([
      'pastDue',
      'delinquent',
      'scheduledQuotaReached',
      'methodCannotSchedule',
      'onlyImmediatePayments',
      'hasRecurringPayment',
    ]);
  });
});

function recurring(overrides: Partial<RecurringContext> = {}): RecurringContext {
  return {
    pastDue: false,
    delinquent: false,
    onlyImmediatePayments: false,
    hasRecurringPayment: false,
    recurringAllowedByHost: true,
    hasScheduledPayments: false,
    method: { paymentType: 'ACH', singleUse: false },
    ...overrides,
    settings: {
      blockSchedulingWhenPastDue: false,
      allowSchedulingWhenDelinquent: false,
      maxScheduledPaymentsAllowed: DEFAULT_MAX_SCHEDULED_PAYMENTS,
      ...overrides.settings,
    },
  };
}

describe('recurring permission', () => {
  it('allows a recurring payment on a loan in good standing with nothing pending', () => {
    expect(recurringBlocks(recurring())).toEqual([]);
    expect(recurringAllowed(recurring())).toBe(true);
  });

  it('is blocked when the host does not allow recurring payments', () => {
    expect(recurringBlocks(recurring({ recurringAllowedByHost: false }))).toEqual([
      'notAllowedByHost',
    ]);
  });

  it('is blocked when any scheduled payment exists, whatever the quota', () => {
    const settings = { ...recurring().settings, maxScheduledPaymentsAllowed: 5 };
    expect(recurringBlocks(recurring({ hasScheduledPayments: true, settings }))).toEqual([
      'hasScheduledPayment',
    ]);
  });

  it('is blocked when the loan already has a recurring payment', () => {
    expect(recurringBlocks(recurring({ hasRecurringPayment: true }))).toEqual([
      'hasRecurringPayment',
    ]);
  });

  it('is blocked for a past-due loan when scheduling is blocked for past-due loans', () => {
    expect(recurringAllowed(recurring({ pastDue: true }))).toBe(true);
    const settings = { ...recurring().settings, blockSchedulingWhenPastDue: true };
    expect(recurringBlocks(recurring({ pastDue: true, settings }))).toEqual(['pastDue']);
  });

  it('is blocked for a delinquent loan unless delinquent loans may schedule', () => {
    expect(recurringBlocks(recurring({ delinquent: true }))).toEqual(['delinquent']);
    const settings = { ...recurring().settings, allowSchedulingWhenDelinquent: true };
    expect(recurringAllowed(recurring({ delinquent: true, settings }))).toBe(true);
  });

  it('is blocked with a single-use method, card or ACH account', () => {
    expect(
      recurringBlocks(recurring({ method: { paymentType: 'Card', singleUse: true } })),
    ).toEqual(['methodCannotSchedule']);
    expect(recurringBlocks(recurring({ method: { paymentType: 'ACH', singleUse: true } }))).toEqual(
      ['methodCannotSchedule'],
    );
    expect(recurringAllowed(recurring({ method: { paymentType: 'ACH', singleUse: false } }))).toBe(
      true,
    );
  });

  it('is blocked when only immediate payments are allowed', () => {
    expect(recurringBlocks(recurring({ onlyImmediatePayments: true }))).toEqual([
      'onlyImmediatePayments',
    ]);
  });
});

describe('future payoff and the date field', () => {
  const settings = { futurePayoffAllowedForAch: true, futurePayoffAllowedForCard: false };

  it('allows a future pay-off by the setting of the payment type', () => {
    expect(futurePayoffAllowed('ACH', settings)).toBe(true);
    expect(futurePayoffAllowed('Card', settings)).toBe(false);
    const flipped = { futurePayoffAllowedForAch: false, futurePayoffAllowedForCard: true };
    expect(futurePayoffAllowed('ACH', flipped)).toBe(false);
    expect(futurePayoffAllowed('Card', flipped)).toBe(true);
  });

  it('disables the date when scheduling is not allowed', () => {
    expect(paymentDateSelectable(false, false, true)).toBe(false);
    expect(paymentDateSelectable(false, true, true)).toBe(false);
  });

  it('disables the date for a ticked pay-off the method may not date in the future', () => {
    expect(paymentDateSelectable(true, true, false)).toBe(false);
    expect(paymentDateSelectable(true, true, true)).toBe(true);
    expect(paymentDateSelectable(true, false, false)).toBe(true);
  });
});

describe('permission submit errors', () => {
  it('answers ReachedMaxScheduledAllowed for a met quota', () => {
    expect(permissionSubmitError('scheduled', 'ACH', 'scheduledQuotaReached')).toBe(
      'ReachedMaxScheduledAllowed',
    );
    expect(permissionSubmitError('scheduled', 'Card', 'scheduledQuotaReached')).toBe(
      'ReachedMaxScheduledAllowed',
    );
  });

  it('asks for a saved method when a single-use one may not be dated later (section 8)', () => {
    expect(permissionSubmitError('scheduled', 'Card', 'methodCannotSchedule')).toBe(
      'MustSavePaymentMethod',
    );
    expect(permissionSubmitError('recurring', 'Card', 'methodCannotSchedule')).toBe(
      'MustSavePaymentMethod',
    );
  });

  it('answers the not-allowed variant of the kind and payment type for any other block', () => {
    expect(permissionSubmitError('scheduled', 'ACH', 'pastDue')).toBe('ScheduledAchNotAllowed');
    expect(permissionSubmitError('scheduled', 'Card', 'onlyImmediatePayments')).toBe(
      'ScheduledCardNotAllowed',
    );
    expect(permissionSubmitError('recurring', 'ACH', 'hasRecurringPayment')).toBe(
      'RecurringAchNotAllowed',
    );
    expect(permissionSubmitError('recurring', 'Card', 'notAllowedByHost')).toBe(
      'RecurringCardNotAllowed',
    );
  });

  it('tells a recurring payment refused for pending scheduled ones that they stay (section 8)', () => {
    expect(permissionSubmitError('recurring', 'ACH', 'hasScheduledPayment', 1)).toBe('Scheduled');
    expect(permissionSubmitError('recurring', 'Card', 'hasScheduledPayment', 1)).toBe('Scheduled');
    expect(permissionSubmitError('recurring', 'ACH', 'hasScheduledPayment', 2)).toBe(
      'MultipleScheduled',
    );
    expect(permissionSubmitError('recurring', 'Card', 'hasScheduledPayment', 3)).toBe(
      'MultipleScheduled',
    );
  });
});

describe('isPayableAccountComment', () => {
  it("offers only a loan with an empty comment or 'NOX$' (any case) for payment", () => {
    expect(['', '  ', 'NOX$', 'nox$', ' NOX$ '].every(isPayableAccountComment)).toBe(true);
    expect(['IRSO', 'irso', 'CLOSED', 'NOX'].some(isPayableAccountComment)).toBe(false);
  });
});

describe('savedProfileAllowed', () => {
  const allowed = { allowCardProfiles: true, disallowAchProfiles: false };
  it('takes a saved card only while card profiles are allowed', () => {
    expect(savedProfileAllowed('Card', 0, allowed)).toBe(true);
    expect(savedProfileAllowed('Card', 7, allowed)).toBe(true);
    expect(savedProfileAllowed('Card', 0, { ...allowed, allowCardProfiles: false })).toBe(false);
  });
  it('takes a saved bank account only from a personal user while ACH profiles are allowed', () => {
    expect(savedProfileAllowed('ACH', 0, allowed)).toBe(true);
    expect(savedProfileAllowed('ACH', 7, allowed)).toBe(false);
    expect(savedProfileAllowed('ACH', 0, { ...allowed, disallowAchProfiles: true })).toBe(false);
  });
});
