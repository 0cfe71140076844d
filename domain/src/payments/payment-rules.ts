import type { SettingsAccessor } from '@portal/settings-schema';
import { ACCOUNT_STATUSES } from '../api/accounts';
import type { CalendarDate } from '../rules/calendar';
import { dollarsToCents, type Cents } from '../rules/money';
import type { PaymentAmountSettings } from './payment-amounts';
import { smallDollarBlockedDays, type PaymentDayRules } from './payment-dates';
import type {
  FuturePayoffSettings,
  RecurringFrequencySettings,
  SchedulingContext,
} from './payment-eligibility';
import type { ThirdPartyFeeSettings } from './payment-fees';

/**
 * The one projection of the institution settings onto the payment rules' inputs (spec 001
 * sections 4, 5 and 9). The server (to decide) and the portal (to guide) both read the settings
 * through this, so a setting means the same on both sides: money settings in cents, the max payoff
 * percent in one reading, the same scheduling and day settings.
 */

/** The day settings every payment date obeys (the loan's own days come from the core). */
export interface PaymentDaySettings {
  /** `paymentSchedulingOptions.allowSaturdayPaymentsOption` */
  allowSaturday: boolean;
  /** `paymentSchedulingOptions.allowSundayPaymentsOption` */
  allowSunday: boolean;
  /** `paymentSchedulingOptions.useSmallDollarRuleOption` */
  useSmallDollarRule: boolean;
  /** `paymentSchedulingOptions.smallDollarDaysMailPreference1` */
  smallDollarDaysMailPreference1: number;
  /** `paymentSchedulingOptions.smallDollarDaysMailPreference2` */
  smallDollarDaysMailPreference2: number;
}

/** Every settings-driven input of the payment rules. */
export interface PaymentRuleSettings {
  amounts: PaymentAmountSettings;
  recurringFrequencies: RecurringFrequencySettings;
  scheduling: SchedulingContext['settings'];
  days: PaymentDaySettings;
  futurePayoff: FuturePayoffSettings;
}

/**
 * A money setting (dollars, as the schema holds them) in cents. Negative reads as 0; a value the
 * accessor let through that is no amount (more than two decimals, not finite) also reads as 0.
 * Decided (the spec is silent): an unreadable amount setting must not stop every payment with an
 * error, and 0 is each money setting's "off" (no fee, no card maximum; a minimum of 0 still leaves
 * the rules' own 1-cent floor of a payment).
 */
export function settingCents(dollars: number): Cents {
  if (!Number.isFinite(dollars) || dollars <= 0) return 0;
  try {
    return dollarsToCents(dollars);
  } catch {
    return 0;
  }
}

/**
 * The one reading of `paymentAmountOptions.maxPayoffPercent` (a multiplier of the payoff amount,
 * 1 = 100 %). Decided (the spec says only "optionally multiplied by a max payoff percent"): 0,
 * a negative number or a non-number is no cap an institution could mean (it would forbid every
 * payment), so it reads as unset: the largest payment is the payoff amount itself. Any positive
 * value is used as it is (above 1 allows paying more than the payoff).
 */
export function maxPayoffPercentOf(value: number | undefined): number | undefined {
  if (value === undefined || !Number.isFinite(value) || value <= 0) return undefined;
  return value;
}

/**
 * The scheduled-payment quota. Decided: a negative or fractional value reads as its whole part at
 * 0 or more (0 means no scheduled payment may be made at all).
 */
function quotaOf(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.max(0, Math.floor(value));
}

/** A day count of the small-dollar rule: whole days, 0 or more. */
function dayCountOf(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.max(0, Math.floor(value));
}

/** The settings projected onto the payment rules' inputs. */
export function paymentRulesOf(settings: SettingsAccessor): PaymentRuleSettings {
  return {
    amounts: {
      minimumAchPaymentCents: settingCents(
        settings.get('paymentAmountOptions.minimumAchPaymentAmount'),
      ),
      minimumCardPaymentCents: settingCents(
        settings.get('paymentAmountOptions.minimumCardPaymentAmount'),
      ),
      maximumCardPaymentCents: settingCents(
        settings.get('paymentAmountOptions.maximumCardPaymentAmount'),
      ),
      maxPayoffPercent: maxPayoffPercentOf(settings.get('paymentAmountOptions.maxPayoffPercent')),
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
    },
    recurringFrequencies: {
      allowWeekly: settings.get('recurringPaymentOptions.allowWeeklyOption'),
      allowTwoWeeks: settings.get('recurringPaymentOptions.allowTwoWeeksOption'),
      allowSemiMonthly: settings.get('recurringPaymentOptions.allowSemiMonthlyOption'),
      allowMonthlyOnDate: settings.get('recurringPaymentOptions.allowMonthlyOnDateOption'),
      allowDaysBeforeDue: settings.get('recurringPaymentOptions.allowDaysBeforeDueOption'),
      allowOnDueDate: settings.get('recurringPaymentOptions.allowOnDueDateOption'),
    },
    scheduling: {
      blockSchedulingWhenPastDue: settings.get(
        'paymentSchedulingOptions.blockSchedulingWhenPastDueOption',
      ),
      allowSchedulingWhenDelinquent: settings.get(
        'paymentSchedulingOptions.allowSchedulingWhenDelinquentOption',
      ),
      maxScheduledPaymentsAllowed: quotaOf(
        settings.get('paymentSchedulingOptions.maxScheduledPaymentsAllowed'),
      ),
    },
    days: {
      allowSaturday: settings.get('paymentSchedulingOptions.allowSaturdayPaymentsOption'),
      allowSunday: settings.get('paymentSchedulingOptions.allowSundayPaymentsOption'),
      useSmallDollarRule: settings.get('paymentSchedulingOptions.useSmallDollarRuleOption'),
      smallDollarDaysMailPreference1: dayCountOf(
        settings.get('paymentSchedulingOptions.smallDollarDaysMailPreference1'),
      ),
      smallDollarDaysMailPreference2: dayCountOf(
        settings.get('paymentSchedulingOptions.smallDollarDaysMailPreference2'),
      ),
    },
    futurePayoff: {
      futurePayoffAllowedForAch: settings.get('paymentOptions.futurePayoffAllowedForAchOption'),
      futurePayoffAllowedForCard: settings.get('paymentOptions.futurePayoffAllowedForCardOption'),
    },
  };
}

/**
 * The institution's third-party fees. Server only: the fee amounts are admin-visibility settings
 * the portal never receives (it asks the server's third-party fee call instead).
 */
export function thirdPartyFeeSettingsOf(settings: SettingsAccessor): ThirdPartyFeeSettings {
  return {
    useThirdPartyFee: settings.get('paymentAmountOptions.useThirdPartyFeeOption'),
    achFeeCents: settingCents(settings.get('paymentAmountOptions.thirdPartyAchFee')),
    debitCardFeeCents: settingCents(settings.get('paymentAmountOptions.thirdPartyDebitCardFee')),
    creditCardFeeCents: settingCents(settings.get('paymentAmountOptions.thirdPartyCreditCardFee')),
  };
}

/**
 * The day rules of a loan's payment dates: the settings' weekend and small-dollar rules with the
 * loan's non-payment days (the payment info's NonPaymentDays) and mail preference.
 */
export function paymentDayRulesOf(
  days: PaymentDaySettings,
  loan: {
    today: CalendarDate;
    nonPaymentDays: readonly CalendarDate[];
    mailPreference: number | undefined;
  },
): PaymentDayRules {
  return {
    today: loan.today,
    nonPaymentDays: loan.nonPaymentDays,
    allowSaturday: days.allowSaturday,
    allowSunday: days.allowSunday,
    smallDollarDays: smallDollarBlockedDays({
      useSmallDollarRule: days.useSmallDollarRule,
      mailPreference: loan.mailPreference,
      daysMailPreference1: days.smallDollarDaysMailPreference1,
      daysMailPreference2: days.smallDollarDaysMailPreference2,
    }),
  };
}

/**
 * Whether a loan is past due (the one rule; the core's flag, the built-in core and the portal all
 * read this): its due date has passed and something is still owed. `amountDueCents` undefined
 * means the caller does not know the amount (the portal's payment info): a passed due date then
 * counts. `status` is the account list's Status: 'Past Due' from the server's core counts too.
 */
export function isLoanPastDue(
  loan: {
    dueDate: CalendarDate | null | undefined;
    amountDueCents?: Cents | undefined;
    status?: string | undefined;
  },
  today: CalendarDate,
): boolean {
  if (loan.status === ACCOUNT_STATUSES.pastDue) return true;
  if (!loan.dueDate) return false;
  const owing = loan.amountDueCents === undefined || loan.amountDueCents > 0;
  return loan.dueDate.slice(0, 10) < today && owing;
}
