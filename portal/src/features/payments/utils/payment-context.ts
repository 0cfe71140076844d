import {
  isBilledMonthly,
  isImmediateOnlyRestriction,
  isLoanPastDue,
  paymentDayRulesOf,
  type AccountListItem,
  type CalendarDate,
  type DaysBeforeDueContext,
  type FirstPartyFees,
  type OneTimeDateContext,
  type PaymentAmountLoan,
  type PaymentRuleSettings,
  type PaymentType,
  type RecurringDateContext,
} from '@portal/domain';
import type { PaymentInfo } from '../../../lib/payments/payment-info';

/*
 * The payment rules' inputs on the portal: the loan's facts from its payment info and account
 * list entry, joined with the settings as the domain's one projection (`paymentRulesOf`, which
 * the server reads too) gives them, so a setting means the same on both sides.
 */

/**
 * Whether the loan is past due: the domain's one rule (`isLoanPastDue`), fed the account list's
 * Status and amount due when the list has the loan, and the payment info's due date. The payment
 * info has no past-due flag of its own (the spec's paying info names one without a source).
 */
export function isPastDue(
  account: Pick<AccountListItem, 'Status' | 'LoanAmountDue'> | undefined,
  info: PaymentInfo,
  today: CalendarDate,
): boolean {
  return isLoanPastDue(
    {
      dueDate: info.DueDate.slice(0, 10),
      // A credit (a negative amount due) is nothing due.
      amountDueCents: account ? Math.max(0, account.LoanAmountDue) : undefined,
      status: account?.Status,
    },
    today,
  );
}

export function amountLoanOf(
  info: PaymentInfo,
  account: Pick<AccountListItem, 'LoanAmountDue'> | undefined,
): PaymentAmountLoan {
  const regular = info.PaymentDetails.PaymentAmount;
  return {
    regularPaymentCents: regular,
    // The account list's amount due (a credit is nothing due); the regular installment when the
    // list does not have it.
    amountDueCents: account ? Math.max(0, account.LoanAmountDue) : regular,
    totalDueCents: info.TotalAmountDue,
    payoffCents: info.PayOffAmount,
    delinquent: info.Delinquent,
    lineOfCredit: info.accountType === 9,
  };
}

export function firstPartyFeesOf(info: PaymentInfo): FirstPartyFees {
  const fees = info.PaymentOptions.FirstPartyFees;
  return {
    scheduledAchFeeCents: fees.ScheduledAchFee,
    eCheckFeeCents: fees.ECheckFeeAmount,
    recurringAchFeeCents: fees.RecurringAchFee,
    debitCardFeeCents: fees.DebitCardFeeAmount,
    creditCardFeeCents: fees.CreditCardFeeAmount,
  };
}

function nonPaymentDaysOf(info: PaymentInfo): CalendarDate[] {
  return info.NonPaymentDays.map((day) => day.slice(0, 10));
}

function dayRules(info: PaymentInfo, rules: PaymentRuleSettings, today: CalendarDate) {
  return paymentDayRulesOf(rules.days, {
    today,
    nonPaymentDays: nonPaymentDaysOf(info),
    mailPreference: info.MailPreference,
  });
}

export function oneTimeDateContextOf(
  info: PaymentInfo,
  rules: PaymentRuleSettings,
  today: CalendarDate,
  paymentType: PaymentType,
): OneTimeDateContext {
  return {
    ...dayRules(info, rules, today),
    daysInPeriod: info.PaymentOptions.NumberDaysInPeriod,
    // The server's word on the cutoff (it reads the institution's clock); cards are never held.
    immediateAchBlocked: paymentType === 'ACH' && info.BlockImmediateACHPaymentsAfterCutoffTime,
  };
}

export function recurringDateContextOf(
  info: PaymentInfo,
  rules: PaymentRuleSettings,
  today: CalendarDate,
): RecurringDateContext {
  return {
    ...dayRules(info, rules, today),
    nonSchedulablePaymentDays: info.NonSchedulablePaymentDays.map((day) => day.slice(0, 10)),
  };
}

export function daysBeforeDueContextOf(
  info: PaymentInfo,
  rules: PaymentRuleSettings,
  today: CalendarDate,
): DaysBeforeDueContext {
  return {
    today,
    dueDate: info.DueDate.slice(0, 10),
    billedMonthly: isBilledMonthly(info.LoanBillingFrequency),
    nonPaymentDays: nonPaymentDaysOf(info),
    allowSaturday: rules.days.allowSaturday,
    allowSunday: rules.days.allowSunday,
  };
}

export function onlyImmediatePayments(info: PaymentInfo): boolean {
  return isImmediateOnlyRestriction(info.RestrictionCode);
}
