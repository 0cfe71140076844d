import {
  accountCategory,
  addDays,
  calendarDateIn,
  type CalendarDate,
  dollarsToCents,
  type FirstPartyFees,
  inNightWindow,
  minuteOfDayIn,
  nonPaymentDaysBetween,
  type PaymentAmountSettings,
  type RecurringFrequencySettings,
  smallDollarBlockedDays,
  type ThirdPartyFeeSettings,
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import type { CoreAccount, CorePaymentTerms, ServicingCore } from '../../core/servicing-core';
import type { Clock } from '../../lib/clock';
import { nightWindowOfSettings } from '../jobs/end-of-day';

/** Who is paying: the signed-in user, their customer and the institution's time zone. */
export interface PaymentCaller {
  institutionId: number;
  timeZone: string;
  userId: string;
  customerId: string;
  /** 0 for a personal user. */
  companyNumber: number;
}

/** A loan as the payment calls see it: the core's account and terms, and the settings. */
export interface LoanContext {
  caller: PaymentCaller;
  settings: SettingsAccessor;
  now: Date;
  today: CalendarDate;
  account: CoreAccount;
  terms: CorePaymentTerms;
  lineOfCredit: boolean;
  /** The institution's own holidays (`paymentSchedulingOptions.holidayDates`). */
  holidays: CalendarDate[];
  /** Federal Reserve and institution holidays and the core's own, from today for `days`. */
  nonPaymentDays: CalendarDate[];
}

/** How far ahead the non-payment days are listed (a recurring first date is at most 31 days). */
const NON_PAYMENT_DAYS_AHEAD = 400;

export interface LoanContextDependencies {
  clock: Clock;
  core: ServicingCore;
  settings(institutionId: number): Promise<SettingsAccessor>;
}

/**
 * The caller's loan or line of credit with its payment terms; undefined for anyone else's, a
 * missing one, or an account that is not a loan (the same answer, so nothing is learnt).
 */
export async function loadLoanContext(
  deps: LoanContextDependencies,
  caller: PaymentCaller,
  loanNumber: string,
): Promise<LoanContext | undefined> {
  const now = deps.clock.now();
  const today = calendarDateIn(caller.timeZone, now);
  const customer = { institutionId: caller.institutionId, customerId: caller.customerId };
  const [account, terms, settings] = await Promise.all([
    deps.core.findAccount(customer, loanNumber, today),
    deps.core.paymentTerms(customer, loanNumber, today),
    deps.settings(caller.institutionId),
  ]);
  if (!account || !terms) return undefined;
  const category = accountCategory(account.type);
  if (category !== 'loan' && category !== 'lineOfCredit') return undefined;
  const holidays = settings.get('paymentSchedulingOptions.holidayDates');
  const listed = nonPaymentDaysBetween(today, addDays(today, NON_PAYMENT_DAYS_AHEAD), holidays);
  const nonPaymentDays = [...new Set([...listed, ...terms.nonPaymentDays])].sort();
  return {
    caller,
    settings,
    now,
    today,
    account,
    terms,
    lineOfCredit: category === 'lineOfCredit',
    holidays,
    nonPaymentDays,
  };
}

/** Whether the institution's nightly window (its core's end of day) is open now. */
export function inNightMode(settings: SettingsAccessor, timeZone: string, now: Date): boolean {
  return inNightWindow(nightWindowOfSettings(settings), minuteOfDayIn(timeZone, now));
}

/** The settings' dollars as cents (the schema keeps money as decimal numbers). */
function cents(dollars: number): number {
  return dollarsToCents(Math.max(0, dollars));
}

export function amountSettingsOf(settings: SettingsAccessor): PaymentAmountSettings {
  return {
    minimumAchPaymentCents: cents(settings.get('paymentAmountOptions.minimumAchPaymentAmount')),
    minimumCardPaymentCents: cents(settings.get('paymentAmountOptions.minimumCardPaymentAmount')),
    maximumCardPaymentCents: cents(settings.get('paymentAmountOptions.maximumCardPaymentAmount')),
    maxPayoffPercent: settings.get('paymentAmountOptions.maxPayoffPercent'),
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

export function thirdPartyFeeSettingsOf(settings: SettingsAccessor): ThirdPartyFeeSettings {
  return {
    useThirdPartyFee: settings.get('paymentAmountOptions.useThirdPartyFeeOption'),
    achFeeCents: cents(settings.get('paymentAmountOptions.thirdPartyAchFee')),
    debitCardFeeCents: cents(settings.get('paymentAmountOptions.thirdPartyDebitCardFee')),
    creditCardFeeCents: cents(settings.get('paymentAmountOptions.thirdPartyCreditCardFee')),
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

export function firstPartyFeesOf(terms: CorePaymentTerms): FirstPartyFees {
  return {
    scheduledAchFeeCents: terms.fees.scheduledAchCents,
    eCheckFeeCents: terms.fees.eCheckCents,
    recurringAchFeeCents: terms.fees.recurringAchCents,
    debitCardFeeCents: terms.fees.debitCardCents,
    creditCardFeeCents: terms.fees.creditCardCents,
  };
}

/** The scheduling settings of the permission rules. */
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

/** The day rules every payment date obeys (weekends, holidays, the small-dollar window). */
export function dayRulesOf(context: LoanContext) {
  const { settings } = context;
  return {
    today: context.today,
    nonPaymentDays: context.nonPaymentDays,
    allowSaturday: settings.get('paymentSchedulingOptions.allowSaturdayPaymentsOption'),
    allowSunday: settings.get('paymentSchedulingOptions.allowSundayPaymentsOption'),
    smallDollarDays: smallDollarDaysOf(context),
  };
}

function smallDollarDaysOf(context: LoanContext): number {
  const { settings } = context;
  return smallDollarBlockedDays({
    useSmallDollarRule: settings.get('paymentSchedulingOptions.useSmallDollarRuleOption'),
    mailPreference: context.terms.mailPreference,
    daysMailPreference1: settings.get('paymentSchedulingOptions.smallDollarDaysMailPreference1'),
    daysMailPreference2: settings.get('paymentSchedulingOptions.smallDollarDaysMailPreference2'),
  });
}
