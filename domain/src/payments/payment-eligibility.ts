import type { LoanHold } from '../rules/loan-holds';
import { compareCalendarDates, type CalendarDate } from '../rules/calendar';
import { afterAchCutoff } from './payment-dates';

/**
 * Who may pay which loan, how and when (spec 001 sections 4 and 5): the account selection
 * outcomes, the payment type, the frequency choice and its request mapping, and the scheduling and
 * recurring permissions. The portal uses these to guide the borrower; the server uses the same
 * functions to decide, and never trusts the portal's answer. Institution settings arrive as plain
 * parameters; each names the settings key it comes from.
 */

/** The two ways to pay (the spec's paymentType). */
export type PaymentType = 'ACH' | 'Card';

/** Which payment types the core's hold on a loan blocks. */
export interface HoldBlocks {
  ach: boolean;
  card: boolean;
}

/**
 * What each core hold (spec 002's loan page on-load flags) blocks. NoAchPayment blocks ACH only;
 * the others stop online payments altogether: NoPaymentOnline says so, a loan locked for payoff
 * takes no further payments, and a disputed loan is handled by the servicer's staff. The specs
 * name no hold that blocks cards alone; `accountSelectionOutcome` still handles one.
 */
export const HOLD_PAYMENT_BLOCKS: Readonly<Record<LoanHold, HoldBlocks>> = {
  LoanLockedPayoff: { ach: true, card: true },
  Dispute: { ach: true, card: true },
  NoPaymentOnline: { ach: true, card: true },
  NoAchPayment: { ach: true, card: false },
};

const NO_BLOCKS: HoldBlocks = { ach: false, card: false };

/**
 * The payment types a loan's hold blocks; nothing when the loan has no hold or the institution
 * does not honour hold codes.
 *
 * @param blockPaymentsOnHoldCodes `paymentOptions.blockPaymentsOnHoldCodesOption`
 */
export function holdBlocksOf(
  hold: LoanHold | null | undefined,
  blockPaymentsOnHoldCodes: boolean,
): HoldBlocks {
  if (!hold || !blockPaymentsOnHoldCodes) return NO_BLOCKS;
  return HOLD_PAYMENT_BLOCKS[hold];
}

/**
 * Whether a loan may be paid from the payment selector by its core status comment (spec 001
 * section 3): only an empty comment or 'NOX$' (any case) counts as open there; 'IRSO' is open in
 * the account list but not payable.
 */
export function isPayableAccountComment(comment: string): boolean {
  const code = comment.trim().toUpperCase();
  return code === '' || code === 'NOX$';
}

/**
 * Whether a saved payment profile may be listed and used now (spec 001 section 6): a saved card
 * while card profiles are allowed; a saved bank account for a personal user (company number 0)
 * while ACH profiles are not disallowed. A method saved before the setting changed, or by a user
 * who is now a business user, is neither offered nor taken.
 *
 * @param settings.allowCardProfiles `cardPaymentOptions.allowCardProfilesOption`
 * @param settings.disallowAchProfiles `achPaymentOptions.disallowAchProfilesOption`
 */
export function savedProfileAllowed(
  paymentType: PaymentType,
  companyNumber: number,
  settings: { allowCardProfiles: boolean; disallowAchProfiles: boolean },
): boolean {
  if (paymentType === 'Card') return settings.allowCardProfiles;
  return companyNumber === 0 && !settings.disallowAchProfiles;
}

/**
 * The submit error key (spec 001 section 8) when a hold refuses a payment the server was asked
 * to make, or undefined when the hold allows it. NoPaymentOnline and NoAchPayment answer with
 * their own keys; the payoff lock and a dispute answer SecurityNotAllowed ('Payment has been
 * blocked for this account...').
 *
 * @param blockPaymentsOnHoldCodes `paymentOptions.blockPaymentsOnHoldCodesOption`
 */
export function holdSubmitError(
  hold: LoanHold | null | undefined,
  paymentType: PaymentType,
  blockPaymentsOnHoldCodes: boolean,
): 'NoPaymentOnline' | 'NoAchPayment' | 'SecurityNotAllowed' | undefined {
  const blocks = holdBlocksOf(hold, blockPaymentsOnHoldCodes);
  if (!(paymentType === 'ACH' ? blocks.ach : blocks.card)) return undefined;
  if (hold === 'NoPaymentOnline') return 'NoPaymentOnline';
  if (hold === 'NoAchPayment') return 'NoAchPayment';
  return 'SecurityNotAllowed';
}

/** The third-party route settings (`thirdPartyPaymentOptions`). */
export interface ThirdPartyRoute {
  /** `thirdPartyPaymentOptions.useThirdPartyRouteOption` */
  enabled: boolean;
  /** `thirdPartyPaymentOptions.thirdPartyRouteBranchMinimum` (inclusive) */
  branchMinimum: number;
  /** `thirdPartyPaymentOptions.thirdPartyRouteBranchMaximum` (inclusive) */
  branchMaximum: number;
}

/**
 * The branch number of a loan account number: its first part, before the first dash
 * ('0012-123456-7' is branch 12). Undefined when that part is not a number.
 */
export function branchNumberOf(accountNumber: string): number | undefined {
  const branch = accountNumber.trim().split('-')[0] ?? '';
  return /^\d{1,9}$/.test(branch) ? Number(branch) : undefined;
}

/**
 * Whether the account is paid on the third-party site (spec 001 section 4): the option is on and
 * the branch number lies between the minimum and the maximum, both included. An account number
 * without a numeric branch never is.
 */
export function usesThirdPartyRoute(accountNumber: string, route: ThirdPartyRoute): boolean {
  if (!route.enabled) return false;
  const branch = branchNumberOf(accountNumber);
  return branch !== undefined && branch >= route.branchMinimum && branch <= route.branchMaximum;
}

/**
 * Whether a loan owes nothing to pay (spec 001 section 4 "Balance is 0: NoPaymentNeeded"): a
 * balance (principal, in cents) of 0, or a credit balance. The server refuses a payment's
 * information then, and the portal offers no payment: the loan page hides Make Payment.
 */
export function noPaymentNeeded(balanceCents: number): boolean {
  return balanceCents <= 0;
}

/** What happens when a borrower picks a loan, before its payment information is fetched. */
export type AccountSelectionOutcome =
  | { kind: 'blocked'; error: 'PaymentBlocked' }
  | { kind: 'noPaymentNeeded'; error: 'NoPaymentNeeded' }
  | { kind: 'thirdPartyRoute' }
  | { kind: 'fetchPaymentInfo'; blockAchPayment: boolean; blockCardPayment: boolean };

export interface AccountSelection {
  accountNumber: string;
  /** The loan's balance in cents (the account list's Balance). */
  balance: number;
  /** What the loan's hold blocks (`holdBlocksOf`). */
  holdBlocks: HoldBlocks;
  /** The institution's settings that decide the outcome. */
  settings: {
    /** Not `achPaymentOptions.hideAchOption`. */
    achAllowed: boolean;
    /** `cardPaymentOptions.allowCardsOption` */
    cardsAllowed: boolean;
    /** `thirdPartyPaymentOptions.useThirdPartyCardPaymentsOption` */
    useThirdPartyCardPayments: boolean;
    thirdPartyRoute: ThirdPartyRoute;
  };
}

/**
 * The outcome of choosing a loan account (spec 001 section 4 "Loan account selection outcomes"),
 * checked in this order:
 * 1. hold codes: both types blocked is PaymentBlocked; ACH alone blocked continues with card only
 *    while cards are allowed and card payments are not made on a third-party site (a hold must not
 *    be sidestepped there); card alone blocked continues with ACH only while ACH is allowed;
 * 2. a balance of 0 (or a credit balance) is NoPaymentNeeded;
 * 3. the third-party branch range sends the borrower to the third-party route screen;
 * 4. otherwise the payment information is fetched, carrying the hold's blocks.
 * Holds and a zero balance come before the third-party route so that a blocked or paid loan is
 * never sent to pay elsewhere.
 */
export function accountSelectionOutcome(selection: AccountSelection): AccountSelectionOutcome {
  const { holdBlocks, settings } = selection;
  const blocked: AccountSelectionOutcome = { kind: 'blocked', error: 'PaymentBlocked' };
  if (holdBlocks.ach && holdBlocks.card) return blocked;
  if (holdBlocks.ach && !(settings.cardsAllowed && !settings.useThirdPartyCardPayments)) {
    return blocked;
  }
  if (holdBlocks.card && !settings.achAllowed) return blocked;
  if (noPaymentNeeded(selection.balance)) {
    return { kind: 'noPaymentNeeded', error: 'NoPaymentNeeded' };
  }
  if (usesThirdPartyRoute(selection.accountNumber, settings.thirdPartyRoute)) {
    return { kind: 'thirdPartyRoute' };
  }
  return {
    kind: 'fetchPaymentInfo',
    blockAchPayment: holdBlocks.ach,
    blockCardPayment: holdBlocks.card,
  };
}

/** The loan's state once its payment information has been fetched. */
export type PaymentInfoOutcome =
  | { kind: 'invalid'; error: 'Delinquent' | 'PaymentBlocked' | 'DisabledPaymentsAfterCutoffTime' }
  | { kind: 'valid'; blockAchPayment: boolean; blockCardPayment: boolean };

export interface FetchedPaymentInfo {
  /** The selection's blocks (`accountSelectionOutcome`'s fetchPaymentInfo). */
  blockAchPayment: boolean;
  blockCardPayment: boolean;
  /** PaymentOptions.AllowACH of the payment info response. */
  accountAllowsAch: boolean;
  /** PaymentOptions.AllowCards of the payment info response. */
  accountAllowsCards: boolean;
  /** Delinquent of the payment info response. */
  delinquent: boolean;
  /** BlockImmediateACHPaymentsAfterCutoffTime of the payment info response. */
  blockImmediateAchAfterCutoff: boolean;
  /** Whether the loan has any scheduled payment (ScheduledPayments is not empty). */
  hasScheduledPayments: boolean;
  settings: {
    /** Not `achPaymentOptions.hideAchOption`. */
    achAllowed: boolean;
    /** `cardPaymentOptions.allowCardsOption` */
    cardsAllowed: boolean;
    /** `paymentOptions.blockOnlinePaymentsWhenDelinquentOption` */
    blockOnlinePaymentsWhenDelinquent: boolean;
  };
}

/**
 * The loan's state after its payment information is fetched (spec 001 section 4), checked in this
 * order:
 * 1. a delinquent loan at an institution that blocks them is Delinquent;
 * 2. immediate ACH blocked after the cutoff time, a scheduled payment pending and cards unusable
 *    leave nothing to do today or later: DisabledPaymentsAfterCutoffTime;
 * 3. ACH ends up blocked when the hold, the account or the settings refuse it, and card likewise;
 *    both blocked is PaymentBlocked.
 * This is section 4's order (the cutoff before PaymentBlocked). `hasScheduledPayments` counts only
 * scheduled payments not yet posted (the payment info's ScheduledPayments without HasBeenPosted).
 */
export function paymentInfoOutcome(info: FetchedPaymentInfo): PaymentInfoOutcome {
  const { settings } = info;
  if (info.delinquent && settings.blockOnlinePaymentsWhenDelinquent) {
    return { kind: 'invalid', error: 'Delinquent' };
  }
  const blockAchPayment = info.blockAchPayment || !info.accountAllowsAch || !settings.achAllowed;
  const blockCardPayment =
    info.blockCardPayment || !info.accountAllowsCards || !settings.cardsAllowed;
  if (info.blockImmediateAchAfterCutoff && info.hasScheduledPayments && blockCardPayment) {
    return { kind: 'invalid', error: 'DisabledPaymentsAfterCutoffTime' };
  }
  if (blockAchPayment && blockCardPayment) return { kind: 'invalid', error: 'PaymentBlocked' };
  return { kind: 'valid', blockAchPayment, blockCardPayment };
}

/**
 * Parses the ACH cutoff time 'HH:MM' (24-hour) into minutes after midnight. A malformed value is
 * an institution configuration error and stops with the key's name.
 */
export function achCutoffMinute(achCutoffTime: string): number {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(achCutoffTime.trim());
  if (!match) {
    throw new RangeError(
      `achPaymentOptions.achCutoffTime must be HH:MM (24-hour), got '${achCutoffTime}'`,
    );
  }
  return Number(match[1]) * 60 + Number(match[2]);
}

/**
 * Whether the server answers BlockImmediateACHPaymentsAfterCutoffTime: the institution blocks
 * immediate ACH after its cutoff and the local time in the institution's time zone has reached
 * it (at 17:00 with a 17:00 cutoff it is blocked; at 16:59 it is not).
 *
 * @param blockImmediateAchAfterCutoff `achPaymentOptions.blockImmediateAchAfterCutoffOption`
 * @param achCutoffTime `achPaymentOptions.achCutoffTime` ('HH:MM')
 * @param timeZone `localeOptions.institutionTimeZone`
 */
export function immediateAchBlockedAfterCutoff(
  blockImmediateAchAfterCutoff: boolean,
  achCutoffTime: string,
  now: Date,
  timeZone: string,
): boolean {
  if (!blockImmediateAchAfterCutoff) return false;
  return afterAchCutoff(now, timeZone, achCutoffMinute(achCutoffTime));
}

/** The payment type preselected on the method step: the only one allowed, if just one is. */
export function preselectedPaymentType(
  achAvailable: boolean,
  cardAvailable: boolean,
): PaymentType | undefined {
  if (achAvailable && !cardAvailable) return 'ACH';
  if (cardAvailable && !achAvailable) return 'Card';
  return undefined;
}

/**
 * What picking a payment type shows (spec 001 section 4 "Payment type"): Card with third-party
 * card payments on shows the third-party page; otherwise the saved methods of that type, or, when
 * there are none, the new-method modal at once.
 *
 * @param useThirdPartyCardPayments `thirdPartyPaymentOptions.useThirdPartyCardPaymentsOption`
 */
export function paymentTypeStep(
  paymentType: PaymentType,
  savedMethodsOfType: number,
  useThirdPartyCardPayments: boolean,
): 'thirdPartyCardPage' | 'savedMethods' | 'newMethod' {
  if (paymentType === 'Card' && useThirdPartyCardPayments) return 'thirdPartyCardPage';
  return savedMethodsOfType > 0 ? 'savedMethods' : 'newMethod';
}

/** The frequency values, in the order the frequency dropdown offers them. */
export const PAYMENT_FREQUENCIES = [
  'OneTime',
  'Weekly',
  'TwoWeeks',
  'SemiMonthly',
  'MonthlyOnDate',
  'DaysBeforeDue',
  'OnDueDate',
] as const;
export type PaymentFrequency = (typeof PAYMENT_FREQUENCIES)[number];

/** The recurring options of a recurring payment request and of a saved recurring payment. */
export const RECURRING_OPTIONS = [
  'Weekly',
  'BiWeekly',
  'SemiMonthly',
  'DayOfMonth',
  'DaysBeforeDue',
] as const;
export type RecurringOption = (typeof RECURRING_OPTIONS)[number];

export function isPaymentFrequency(value: string): value is PaymentFrequency {
  return PAYMENT_FREQUENCIES.some((frequency) => frequency === value);
}

export function isRecurringOption(value: string): value is RecurringOption {
  return RECURRING_OPTIONS.some((option) => option === value);
}

/** immediate: one-time dated today; scheduled: one-time dated later; recurring: any other. */
export type PaymentKind = 'immediate' | 'scheduled' | 'recurring';

/**
 * The kind of a payment (spec 001 section 3 "Frequency values"), which picks the submit call, the
 * fee and the rules that apply. A one-time payment dated before today has no kind (undefined):
 * the date rules refuse it.
 */
export function paymentKindOf(
  frequency: PaymentFrequency,
  paymentDate: CalendarDate,
  today: CalendarDate,
): PaymentKind | undefined {
  if (frequency !== 'OneTime') return 'recurring';
  const order = compareCalendarDates(paymentDate, today);
  if (order === 0) return 'immediate';
  return order > 0 ? 'scheduled' : undefined;
}

/**
 * Whether a frequency is one of the days-before-due kind (the spec's recurringdaysbeforedue):
 * DaysBeforeDue and OnDueDate, which follow the due date rather than a calendar date.
 */
export function isDaysBeforeDueFrequency(frequency: PaymentFrequency): boolean {
  return frequency === 'DaysBeforeDue' || frequency === 'OnDueDate';
}

/** What the frequency step shows beneath the dropdown for a choice. */
export type FrequencyDetail = 'payNowOrLater' | 'daysBeforeDue' | 'recurringDate' | 'none';

/**
 * The frequency step for a choice (spec 001 section 4 "Frequency choice"): OneTime shows
 * pay-now-or-later; DaysBeforeDue the days selector; MonthlyOnDate, SemiMonthly, TwoWeeks and
 * Weekly the recurring date picker; OnDueDate nothing, being valid at once with 0 days. Any other
 * choice starts invalid until the step beneath reports a valid value. The recurring payment notice
 * shows for every frequency but OneTime.
 */
export function frequencyStep(frequency: PaymentFrequency): {
  detail: FrequencyDetail;
  validOnChoice: boolean;
  showsRecurringNotice: boolean;
} {
  const showsRecurringNotice = frequency !== 'OneTime';
  switch (frequency) {
    case 'OneTime':
      return { detail: 'payNowOrLater', validOnChoice: false, showsRecurringNotice };
    case 'DaysBeforeDue':
      return { detail: 'daysBeforeDue', validOnChoice: false, showsRecurringNotice };
    case 'OnDueDate':
      return { detail: 'none', validOnChoice: true, showsRecurringNotice };
    case 'Weekly':
    case 'TwoWeeks':
    case 'SemiMonthly':
    case 'MonthlyOnDate':
      return { detail: 'recurringDate', validOnChoice: false, showsRecurringNotice };
  }
}

/** The settings that offer each recurring frequency (`recurringPaymentOptions`). */
export interface RecurringFrequencySettings {
  /** `recurringPaymentOptions.allowWeeklyOption` */
  allowWeekly: boolean;
  /** `recurringPaymentOptions.allowTwoWeeksOption` */
  allowTwoWeeks: boolean;
  /** `recurringPaymentOptions.allowSemiMonthlyOption` */
  allowSemiMonthly: boolean;
  /** `recurringPaymentOptions.allowMonthlyOnDateOption` */
  allowMonthlyOnDate: boolean;
  /** `recurringPaymentOptions.allowDaysBeforeDueOption` */
  allowDaysBeforeDue: boolean;
  /** `recurringPaymentOptions.allowOnDueDateOption` */
  allowOnDueDate: boolean;
}

const FREQUENCY_SETTING: Record<
  Exclude<PaymentFrequency, 'OneTime'>,
  keyof RecurringFrequencySettings
> = {
  Weekly: 'allowWeekly',
  TwoWeeks: 'allowTwoWeeks',
  SemiMonthly: 'allowSemiMonthly',
  MonthlyOnDate: 'allowMonthlyOnDate',
  DaysBeforeDue: 'allowDaysBeforeDue',
  OnDueDate: 'allowOnDueDate',
};

/**
 * Whether a frequency may be chosen: OneTime always; a recurring one when recurring payments are
 * permitted for this loan and method (`recurringPermitted`) and the institution offers it.
 */
export function frequencyOffered(
  frequency: PaymentFrequency,
  recurringPermitted: boolean,
  settings: RecurringFrequencySettings,
): boolean {
  if (frequency === 'OneTime') return true;
  return recurringPermitted && settings[FREQUENCY_SETTING[frequency]];
}

/** The frequencies the dropdown offers, in order. */
export function offeredFrequencies(
  recurringPermitted: boolean,
  settings: RecurringFrequencySettings,
): PaymentFrequency[] {
  return PAYMENT_FREQUENCIES.filter((frequency) =>
    frequencyOffered(frequency, recurringPermitted, settings),
  );
}

/** The RecurringDetails of a recurring payment request. */
export interface RecurringDetails {
  RecurringOption: RecurringOption;
  DaysBeforeDue: number;
}

/**
 * The RecurringDetails a recurring frequency is sent as (spec 001 section 9 "Recurring option
 * mapping"): MonthlyOnDate as DayOfMonth, TwoWeeks as BiWeekly, Weekly and SemiMonthly as
 * themselves, OnDueDate as DaysBeforeDue with 0 days, DaysBeforeDue with its days (a whole number
 * from 1). Calendar options carry 0 days. Undefined for OneTime and for DaysBeforeDue without a
 * whole number of days from 1: those are not recurring requests.
 */
export function recurringDetailsOf(
  frequency: PaymentFrequency,
  daysBeforeDue?: number,
): RecurringDetails | undefined {
  switch (frequency) {
    case 'OneTime':
      return undefined;
    case 'Weekly':
      return { RecurringOption: 'Weekly', DaysBeforeDue: 0 };
    case 'TwoWeeks':
      return { RecurringOption: 'BiWeekly', DaysBeforeDue: 0 };
    case 'SemiMonthly':
      return { RecurringOption: 'SemiMonthly', DaysBeforeDue: 0 };
    case 'MonthlyOnDate':
      return { RecurringOption: 'DayOfMonth', DaysBeforeDue: 0 };
    case 'OnDueDate':
      return { RecurringOption: 'DaysBeforeDue', DaysBeforeDue: 0 };
    case 'DaysBeforeDue':
      if (daysBeforeDue === undefined || !Number.isInteger(daysBeforeDue) || daysBeforeDue < 1) {
        return undefined;
      }
      return { RecurringOption: 'DaysBeforeDue', DaysBeforeDue: daysBeforeDue };
  }
}

/**
 * The frequency a saved recurring payment was chosen as (the mapping read back): DaysBeforeDue
 * with 0 days is OnDueDate.
 */
export function frequencyOfRecurringOption(
  option: RecurringOption,
  numberOfDays: number,
): Exclude<PaymentFrequency, 'OneTime'> {
  switch (option) {
    case 'Weekly':
      return 'Weekly';
    case 'BiWeekly':
      return 'TwoWeeks';
    case 'SemiMonthly':
      return 'SemiMonthly';
    case 'DayOfMonth':
      return 'MonthlyOnDate';
    case 'DaysBeforeDue':
      return numberOfDays === 0 ? 'OnDueDate' : 'DaysBeforeDue';
  }
}

/** RestrictionCode of the payment info response that allows only immediate payments. */
export const IMMEDIATE_ONLY_RESTRICTION = 'InterestTooHighForDelayedPayment';

/** Whether the loan's RestrictionCode allows only immediate payments. */
export function isImmediateOnlyRestriction(restrictionCode: string | null | undefined): boolean {
  return restrictionCode === IMMEDIATE_ONLY_RESTRICTION;
}

/** The default of `paymentSchedulingOptions.maxScheduledPaymentsAllowed` (spec 001 section 9). */
export const DEFAULT_MAX_SCHEDULED_PAYMENTS = 1;

/** The chosen payment method, as far as permissions care. */
export interface ChosenMethod {
  paymentType: PaymentType;
  /** A method used once without being saved. */
  singleUse: boolean;
}

/** The loan and the settings that decide whether it may pay later than today. */
export interface SchedulingContext {
  /** The core reports the loan past due. */
  pastDue: boolean;
  /** Delinquent of the payment info response. */
  delinquent: boolean;
  /** RestrictionCode allows only immediate payments (`isImmediateOnlyRestriction`). */
  onlyImmediatePayments: boolean;
  /** How many scheduled (future one-time) payments the loan has now. */
  numScheduledPayments: number;
  /** The loan already has a recurring payment. */
  hasRecurringPayment: boolean;
  /** The chosen method, if one is chosen yet. */
  method: ChosenMethod | undefined;
  settings: {
    /** `paymentSchedulingOptions.blockSchedulingWhenPastDueOption` */
    blockSchedulingWhenPastDue: boolean;
    /** `paymentSchedulingOptions.allowSchedulingWhenDelinquentOption` */
    allowSchedulingWhenDelinquent: boolean;
    /** `paymentSchedulingOptions.maxScheduledPaymentsAllowed` (default 1) */
    maxScheduledPaymentsAllowed: number;
  };
}

/** Why a payment cannot be dated later than today. */
export type SchedulingBlock =
  | 'pastDue'
  | 'delinquent'
  | 'scheduledQuotaReached'
  | 'methodCannotSchedule'
  | 'onlyImmediatePayments'
  | 'hasRecurringPayment';

/**
 * A method may be dated later than today (scheduled or recurring) only when it is saved: spec 001
 * section 8 PayWithoutSaving and MustSavePaymentMethod allow a non-saved method, card or bank
 * account alike, for an immediate payment only. The server refuses with MustSavePaymentMethod and
 * the portal offers neither later dates nor recurring frequencies for such a method.
 */
export function methodCanSchedule(method: ChosenMethod): boolean {
  return !method.singleUse;
}

/**
 * Every reason a one-time payment cannot be scheduled for a later date (spec 001 section 5
 * "Scheduling permission"), in the spec's order; empty when it may. The quota is met when the
 * loan has at least `maxScheduledPaymentsAllowed` scheduled payments (with the default 1, any
 * scheduled payment blocks another).
 */
export function schedulingBlocks(context: SchedulingContext): SchedulingBlock[] {
  const { settings } = context;
  const blocks: SchedulingBlock[] = [];
  if (context.pastDue && settings.blockSchedulingWhenPastDue) blocks.push('pastDue');
  if (context.delinquent && !settings.allowSchedulingWhenDelinquent) blocks.push('delinquent');
  if (context.numScheduledPayments >= settings.maxScheduledPaymentsAllowed) {
    blocks.push('scheduledQuotaReached');
  }
  if (context.method && !methodCanSchedule(context.method)) blocks.push('methodCannotSchedule');
  if (context.onlyImmediatePayments) blocks.push('onlyImmediatePayments');
  if (context.hasRecurringPayment) blocks.push('hasRecurringPayment');
  return blocks;
}

export function schedulingAllowed(context: SchedulingContext): boolean {
  return schedulingBlocks(context).length === 0;
}

/**
 * Whether the pay-now-or-later section shows 'Overdue loan payment can only be made today': the
 * institution blocks scheduling for past-due loans and this one is past due.
 *
 * @param blockSchedulingWhenPastDue `paymentSchedulingOptions.blockSchedulingWhenPastDueOption`
 */
export function showsOverdueTodayOnlyWarning(
  pastDue: boolean,
  blockSchedulingWhenPastDue: boolean,
): boolean {
  return pastDue && blockSchedulingWhenPastDue;
}

/** The loan, method and settings that decide whether a recurring payment may be set up. */
export interface RecurringContext extends Omit<SchedulingContext, 'numScheduledPayments'> {
  /** RecurringAllowed of the payment info response (the host's recurringAllowedByHost). */
  recurringAllowedByHost: boolean;
  /** The loan has at least one scheduled payment. */
  hasScheduledPayments: boolean;
}

/** Why a recurring payment cannot be set up. */
export type RecurringBlock =
  | 'notAllowedByHost'
  | 'hasScheduledPayment'
  | 'hasRecurringPayment'
  | 'pastDue'
  | 'delinquent'
  | 'methodCannotSchedule'
  | 'onlyImmediatePayments';

/**
 * Every reason a recurring payment cannot be set up, empty when it may. The spec blocks recurring
 * when the host does not allow it or any scheduled payment exists. A recurring payment is a
 * series of future-dated payments, so the scheduling blocks that are about paying later apply as
 * well: past due (when so set), delinquent (unless allowed), a single-use card, only immediate
 * payments. A loan has one recurring payment at a time. The scheduled-payment quota does not
 * apply: it counts one-time payments, and any scheduled payment already blocks recurring.
 */
export function recurringBlocks(context: RecurringContext): RecurringBlock[] {
  const { settings } = context;
  const blocks: RecurringBlock[] = [];
  if (!context.recurringAllowedByHost) blocks.push('notAllowedByHost');
  if (context.hasScheduledPayments) blocks.push('hasScheduledPayment');
  if (context.hasRecurringPayment) blocks.push('hasRecurringPayment');
  if (context.pastDue && settings.blockSchedulingWhenPastDue) blocks.push('pastDue');
  if (context.delinquent && !settings.allowSchedulingWhenDelinquent) blocks.push('delinquent');
  if (context.method && !methodCanSchedule(context.method)) blocks.push('methodCannotSchedule');
  if (context.onlyImmediatePayments) blocks.push('onlyImmediatePayments');
  return blocks;
}

export function recurringAllowed(context: RecurringContext): boolean {
  return recurringBlocks(context).length === 0;
}

/** The settings that allow a pay-off dated in the future (`paymentOptions`). */
export interface FuturePayoffSettings {
  /** `paymentOptions.futurePayoffAllowedForAchOption` */
  futurePayoffAllowedForAch: boolean;
  /** `paymentOptions.futurePayoffAllowedForCardOption` */
  futurePayoffAllowedForCard: boolean;
}

/** Whether a pay-off may be dated in the future with this payment type (by its setting). */
export function futurePayoffAllowed(
  paymentType: PaymentType,
  settings: FuturePayoffSettings,
): boolean {
  return paymentType === 'ACH'
    ? settings.futurePayoffAllowedForAch
    : settings.futurePayoffAllowedForCard;
}

/**
 * Whether the one-time date field can be changed (spec 001 section 4 "Pay-off"): not when
 * scheduling is not allowed, nor when pay-off is ticked and a future pay-off is not allowed for
 * the method (the date then stays today).
 */
export function paymentDateSelectable(
  schedulingPermitted: boolean,
  payoffTicked: boolean,
  futurePayoffPermitted: boolean,
): boolean {
  if (!schedulingPermitted) return false;
  return !payoffTicked || futurePayoffPermitted;
}

/**
 * The submit error key (spec 001 section 8) when the server refuses a scheduled or recurring
 * payment for a permission block. A met quota is ReachedMaxScheduledAllowed, a single-use method
 * that may not be dated later MustSavePaymentMethod. A recurring payment refused because the loan
 * has scheduled payments pending is the section's information that scheduled payments cannot be
 * modified online: Scheduled for one, MultipleScheduled for more (decision: setting up a
 * recurring payment would change how the loan is paid, and the borrower's pending scheduled
 * payments stay as they are; the institution can change them). Every other block is the
 * section's "not allowed" variant for the kind and payment type. The spec names those variants
 * without keys; these are the keys chosen for them.
 *
 * @param scheduledCount the loan's scheduled payments pending (for hasScheduledPayment)
 */
export function permissionSubmitError(
  kind: 'scheduled' | 'recurring',
  paymentType: PaymentType,
  block: SchedulingBlock | RecurringBlock,
  scheduledCount = 0,
):
  | 'ReachedMaxScheduledAllowed'
  | 'MustSavePaymentMethod'
  | 'Scheduled'
  | 'MultipleScheduled'
  | 'ScheduledAchNotAllowed'
  | 'ScheduledCardNotAllowed'
  | 'RecurringAchNotAllowed'
  | 'RecurringCardNotAllowed' {
  if (block === 'scheduledQuotaReached') return 'ReachedMaxScheduledAllowed';
  // Section 8: a non-saved method pays only immediately (MustSavePaymentMethod).
  if (block === 'methodCannotSchedule') return 'MustSavePaymentMethod';
  if (block === 'hasScheduledPayment') {
    return scheduledCount > 1 ? 'MultipleScheduled' : 'Scheduled';
  }
  if (kind === 'scheduled') {
    return paymentType === 'ACH' ? 'ScheduledAchNotAllowed' : 'ScheduledCardNotAllowed';
  }
  return paymentType === 'ACH' ? 'RecurringAchNotAllowed' : 'RecurringCardNotAllowed';
}
