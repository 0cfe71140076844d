import { createSettingsAccessor } from '@portal/settings-schema';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PAYMENT_AMOUNT_SETTINGS, paymentAmountBounds } from './payment-amounts';
import {
  isLoanPastDue,
  maxPayoffPercentOf,
  paymentDayRulesOf,
  paymentRulesOf,
  settingCents,
  thirdPartyFeeSettingsOf,
} from './payment-rules';

const accessor = (shared: Record<string, Record<string, string>> = {}) =>
  createSettingsAccessor({ shared, english: {} });

describe('paymentRulesOf (the one settings projection)', () => {
  it('reads the schema defaults as the rules defaults', () => {
    const rules = paymentRulesOf(accessor());
    expect(rules.amounts).toEqual(DEFAULT_PAYMENT_AMOUNT_SETTINGS);
    expect(rules.scheduling).toEqual({
      blockSchedulingWhenPastDue: expect.any(Boolean) as boolean,
      allowSchedulingWhenDelinquent: expect.any(Boolean) as boolean,
      maxScheduledPaymentsAllowed: 1,
    });
  });

  it('turns money settings into cents and reads each key', () => {
    const rules = paymentRulesOf(
      accessor({
        paymentAmountOptions: {
          minimumAchPaymentAmount: '5.25',
          minimumCardPaymentAmount: '10',
          maximumCardPaymentAmount: '2500.5',
          maxPayoffPercent: '0.9',
          forceTotalDueOption: 'true',
        },
        paymentSchedulingOptions: {
          maxScheduledPaymentsAllowed: '3',
          allowSaturdayPaymentsOption: 'true',
          smallDollarDaysMailPreference1: '5',
        },
        recurringPaymentOptions: { allowWeeklyOption: 'false' },
        paymentOptions: { futurePayoffAllowedForCardOption: 'true' },
      }),
    );
    expect(rules.amounts.minimumAchPaymentCents).toBe(525);
    expect(rules.amounts.minimumCardPaymentCents).toBe(1000);
    expect(rules.amounts.maximumCardPaymentCents).toBe(250_050);
    expect(rules.amounts.maxPayoffPercent).toBe(0.9);
    expect(rules.amounts.forceTotalDue).toBe(true);
    expect(rules.scheduling.maxScheduledPaymentsAllowed).toBe(3);
    expect(rules.days.allowSaturday).toBe(true);
    expect(rules.days.smallDollarDaysMailPreference1).toBe(5);
    expect(rules.recurringFrequencies.allowWeekly).toBe(false);
    expect(rules.futurePayoff.futurePayoffAllowedForCard).toBe(true);
  });

  it('reads a max payoff percent of 0 or below as unset: the payoff amount caps, nothing throws', () => {
    for (const value of ['0', '-1']) {
      const rules = paymentRulesOf(accessor({ paymentAmountOptions: { maxPayoffPercent: value } }));
      expect(rules.amounts.maxPayoffPercent).toBeUndefined();
      const bounds = paymentAmountBounds({
        method: 'ACH',
        frequency: 'OneTime',
        paymentDate: '2026-11-26',
        today: '2026-11-26',
        isPayoff: false,
        loan: {
          regularPaymentCents: 10_000,
          amountDueCents: 10_000,
          totalDueCents: 10_000,
          payoffCents: 500_000,
          delinquent: false,
          lineOfCredit: false,
        },
        settings: rules.amounts,
      });
      expect(bounds.maximumCents).toBe(500_000);
    }
    expect(maxPayoffPercentOf(Number.NaN)).toBeUndefined();
    expect(maxPayoffPercentOf(undefined)).toBeUndefined();
    expect(maxPayoffPercentOf(1.2)).toBe(1.2);
  });

  it('reads negative, fractional-cent or non-finite money as 0 and a negative quota as 0', () => {
    expect(settingCents(-5)).toBe(0);
    expect(settingCents(1.005)).toBe(0);
    expect(settingCents(Number.POSITIVE_INFINITY)).toBe(0);
    expect(settingCents(12.34)).toBe(1234);
    const rules = paymentRulesOf(
      accessor({ paymentSchedulingOptions: { maxScheduledPaymentsAllowed: '-2' } }),
    );
    expect(rules.scheduling.maxScheduledPaymentsAllowed).toBe(0);
  });

  it('gives the third-party fees in cents', () => {
    expect(
      thirdPartyFeeSettingsOf(
        accessor({
          paymentAmountOptions: {
            useThirdPartyFeeOption: 'true',
            thirdPartyAchFee: '1.5',
            thirdPartyDebitCardFee: '2',
            thirdPartyCreditCardFee: '3.25',
          },
        }),
      ),
    ).toEqual({
      useThirdPartyFee: true,
      achFeeCents: 150,
      debitCardFeeCents: 200,
      creditCardFeeCents: 325,
    });
  });

  it('builds the day rules with the loan mail preference (small-dollar window)', () => {
    const rules = paymentRulesOf(
      accessor({ paymentSchedulingOptions: { useSmallDollarRuleOption: 'true' } }),
    );
    const loan = { today: '2026-11-26', nonPaymentDays: ['2026-12-25'] };
    expect(paymentDayRulesOf(rules.days, { ...loan, mailPreference: 1 }).smallDollarDays).toBe(4);
    expect(paymentDayRulesOf(rules.days, { ...loan, mailPreference: 2 }).smallDollarDays).toBe(7);
    expect(paymentDayRulesOf(rules.days, { ...loan, mailPreference: 0 }).smallDollarDays).toBe(0);
    expect(paymentDayRulesOf(rules.days, { ...loan, mailPreference: 1 }).nonPaymentDays).toEqual([
      '2026-12-25',
    ]);
  });
});

describe('isLoanPastDue (the one past-due rule)', () => {
  const today = '2026-11-26';
  it('is past due when the due date has passed and something is owed', () => {
    expect(isLoanPastDue({ dueDate: '2026-11-25', amountDueCents: 100 }, today)).toBe(true);
    expect(isLoanPastDue({ dueDate: '2026-11-25', amountDueCents: 0 }, today)).toBe(false);
    expect(isLoanPastDue({ dueDate: '2026-11-26', amountDueCents: 100 }, today)).toBe(false);
    expect(isLoanPastDue({ dueDate: null, amountDueCents: 100 }, today)).toBe(false);
  });
  it('counts a passed due date when the amount is unknown, and the Past Due status', () => {
    expect(isLoanPastDue({ dueDate: '2026-11-01T00:00:00' }, today)).toBe(true);
    expect(isLoanPastDue({ dueDate: '2026-12-01', status: 'Past Due' }, today)).toBe(true);
    expect(isLoanPastDue({ dueDate: '2026-12-01', status: 'Current' }, today)).toBe(false);
  });
});
