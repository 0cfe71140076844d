import {
  ACCOUNT_STATUSES,
  dollarsToCents,
  isBilledMonthly,
  isImmediateOnlyRestriction,
  smallDollarBlockedDays,
  type AccountListItem,
  type CalendarDate,
  type DaysBeforeDueContext,
  type FirstPartyFees,
  type OneTimeDateContext,
  type PaymentAmountLoan,
  type PaymentAmountSettings,
  type PaymentType,
  type RecurringDateContext,
  type RecurringFrequencySettings,
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import type { PaymentInfo } from '../../../lib/payments/payment-info';

/** A money setting (dollars as the schema holds them) in cents; an unreadable one counts as 0. */
function settingCents(dollars: number): number {
  try {
    return dollarsToCents(Math.max(0, dollars));
  } catch {
    return 0;
  }
}

/**
 * Whether the loan is past due. The payment information has no past-due flag (the spec's paying
 * info names one without a source): decided here as the account list's status 'Past Due', or a
 * due date before today (an unpaid due date that has not moved on).
 */
export function isPastDue(
  account: Pick<AccountListItem, 'Status'> | undefined,
  info: PaymentInfo,
  today: CalendarDate,
): boolean {
  return account?.Status === ACCOUNT_STATUSES.pastDue || info.DueDate.slice(0, 10) < today;
}

export function amountSettingsOf(settings: SettingsAccessor): PaymentAmountSettings {
  const percent = settings.get('paymentAmountOptions.maxPayoffPercent');
  return {
    minimumAchPaymentCents: settingCents(
      settings.get('paymentAmountOptions.minimumAchPaymentAmount'),
    ),
    minimumCardPaymentCents: settingCents(
      settings.get('paymentAmountOptions.minimumCardPaymentAmount'),
    ),
    maximumCardPaymentCents: settingCents(
      settings.get('paymentAmountOptions.maximumCardPaymentAmount'),
    ),
    // A percent of 0 or below is no cap the institution could mean: read as unset.
    maxPayoffPercent: percent > 0 ? percent : undefined,
    useMinimumPayment: settings.get('paymentAmountOptions.useMinimumPaymentOption'),
    forceTotalDue: settings.get('paymentAmountOptions.forceTotalDueOption'),
    requireTotalDueWhenDelinquent: settings.get(
      'paymentAmountOptions.requireTotalDueWhenDelinquentOption',
    ),
    allowAdditionalAmountOnRecurring: settings.get(
      'paymentAmountOptions.allowAdditionalAmountOnRecurringOption',
    ),
    allowAdditionalPrincipalOnRecurringAch: settings.get(
      'paymentAmountOptions.allowAdditionalPrincipalOnRecurringAchOption',
    ),
    allowCustomAmountOnDaysBeforeDue: settings.get(
      'paymentAmountOptions.allowCustomAmountOnDaysBeforeDueOption',
    ),
    allowPayoff: settings.get('paymentOptions.allowPayoffOption'),
  };
}

export function amountLoanOf(
  info: PaymentInfo,
  account: Pick<AccountListItem, 'LoanAmountDue'> | undefined,
): PaymentAmountLoan {
  const regular = dollarsToCents(info.PaymentDetails.PaymentAmount);
  return {
    regularPaymentCents: regular,
    // The account list's amount due; the regular installment when the list does not have it.
    amountDueCents: account ? settingCents(account.LoanAmountDue) : regular,
    totalDueCents: dollarsToCents(info.TotalAmountDue),
    payoffCents: dollarsToCents(info.PayOffAmount),
    delinquent: info.Delinquent,
    lineOfCredit: info.accountType === 9,
  };
}

export function firstPartyFeesOf(info: PaymentInfo): FirstPartyFees {
  const fees = info.PaymentOptions.FirstPartyFees;
  return {
    scheduledAchFeeCents: dollarsToCents(fees.ScheduledAchFee),
    eCheckFeeCents: dollarsToCents(fees.ECheckFeeAmount),
    recurringAchFeeCents: dollarsToCents(fees.RecurringAchFee),
    debitCardFeeCents: dollarsToCents(fees.DebitCardFeeAmount),
    creditCardFeeCents: dollarsToCents(fees.CreditCardFeeAmount),
  };
}

function dayRules(info: PaymentInfo, settings: SettingsAccessor, today: CalendarDate) {
  return {
    today,
    nonPaymentDays: info.NonPaymentDays.map((day) => day.slice(0, 10)),
    allowSaturday: settings.get('paymentSchedulingOptions.allowSaturdayPaymentsOption'),
    allowSunday: settings.get('paymentSchedulingOptions.allowSundayPaymentsOption'),
    smallDollarDays: smallDollarBlockedDays({
      useSmallDollarRule: settings.get('paymentSchedulingOptions.useSmallDollarRuleOption'),
      mailPreference: info.MailPreference,
      daysMailPreference1: settings.get('paymentSchedulingOptions.smallDollarDaysMailPreference1'),
      daysMailPreference2: settings.get('paymentSchedulingOptions.smallDollarDaysMailPreference2'),
    }),
  };
}

export function oneTimeDateContextOf(
  info: PaymentInfo,
  settings: SettingsAccessor,
  today: CalendarDate,
  paymentType: PaymentType,
): OneTimeDateContext {
  return {
    ...dayRules(info, settings, today),
    daysInPeriod: info.PaymentOptions.NumberDaysInPeriod,
    // The server's word on the cutoff (it reads the institution's clock); cards are never held.
    immediateAchBlocked: paymentType === 'ACH' && info.BlockImmediateACHPaymentsAfterCutoffTime,
  };
}

export function recurringDateContextOf(
  info: PaymentInfo,
  settings: SettingsAccessor,
  today: CalendarDate,
): RecurringDateContext {
  return {
    ...dayRules(info, settings, today),
    nonSchedulablePaymentDays: info.NonSchedulablePaymentDays.map((day) => day.slice(0, 10)),
  };
}

export function daysBeforeDueContextOf(
  info: PaymentInfo,
  today: CalendarDate,
): DaysBeforeDueContext {
  return {
    today,
    dueDate: info.DueDate.slice(0, 10),
    billedMonthly: isBilledMonthly(info.LoanBillingFrequency),
    nonPaymentDays: info.NonPaymentDays.map((day) => day.slice(0, 10)),
  };
}

export function recurringFrequencySettingsOf(
  settings: SettingsAccessor,
): RecurringFrequencySettings {
  return {
    allowWeekly: settings.get('recurringPaymentOptions.allowWeeklyOption'),
    allowTwoWeeks: settings.get('recurringPaymentOptions.allowTwoWeeksOption'),
    allowSemiMonthly: settings.get('recurringPaymentOptions.allowSemiMonthlyOption'),
    allowMonthlyOnDate: settings.get('recurringPaymentOptions.allowMonthlyOnDateOption'),
    allowDaysBeforeDue: settings.get('recurringPaymentOptions.allowDaysBeforeDueOption'),
    allowOnDueDate: settings.get('recurringPaymentOptions.allowOnDueDateOption'),
  };
}

export function schedulingSettingsOf(settings: SettingsAccessor) {
  return {
    blockSchedulingWhenPastDue: settings.get(
      'paymentSchedulingOptions.blockSchedulingWhenPastDueOption',
    ),
    allowSchedulingWhenDelinquent: settings.get(
      'paymentSchedulingOptions.allowSchedulingWhenDelinquentOption',
    ),
    maxScheduledPaymentsAllowed: settings.get(
      'paymentSchedulingOptions.maxScheduledPaymentsAllowed',
    ),
  };
}

export function onlyImmediatePayments(info: PaymentInfo): boolean {
  return isImmediateOnlyRestriction(info.RestrictionCode);
}
