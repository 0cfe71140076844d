import type { BorrowerCaller } from '../../lib/caller';
import {
  accountCategory,
  addDays,
  calendarDateIn,
  type CalendarDate,
  type FirstPartyFees,
  inNightWindow,
  isTimeZone,
  minuteOfDayIn,
  nonPaymentDaysBetween,
  type PaymentDayRules,
  paymentDayRulesOf,
  type PaymentRuleSettings,
  paymentRulesOf,
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import type { CoreAccount, CorePaymentTerms, ServicingCore } from '../../core/servicing-core';
import type { Clock } from '../../lib/clock';
import { nightWindowOfSettings } from '../jobs/end-of-day';

/**
 * Who is paying: the signed-in user, their customer and the institution's time zone; the client
 * address only where an agreement is recorded.
 */
export type PaymentCaller = BorrowerCaller & { ipAddress?: string };

/** A loan as the payment calls see it: the core's account and terms, and the settings. */
export interface LoanContext {
  caller: PaymentCaller;
  settings: SettingsAccessor;
  /** The settings as the payment rules read them (the domain's one projection, paymentRulesOf). */
  rules: PaymentRuleSettings;
  now: Date;
  today: CalendarDate;
  account: CoreAccount;
  terms: CorePaymentTerms;
  lineOfCredit: boolean;
  /** The institution's own holidays (`paymentSchedulingOptions.holidayDates`). */
  holidays: readonly CalendarDate[];
  /** Federal Reserve and institution holidays and the core's own, from today for `days`. */
  nonPaymentDays: readonly CalendarDate[];
}

/** How far ahead the non-payment days are listed (a recurring first date is at most 31 days). */
const NON_PAYMENT_DAYS_AHEAD = 400;

/**
 * The last list made per institution, and what it was made of: the day, the holidays setting and
 * the core's closed days, each the same object while unchanged (the settings accessor's value,
 * the core's kept list), so a payment call makes the list again only when one of them changed.
 */
const lastNonPaymentDays = new Map<
  number,
  {
    today: CalendarDate;
    holidays: readonly CalendarDate[];
    coreDays: readonly CalendarDate[];
    days: readonly CalendarDate[];
  }
>();

function nonPaymentDaysOf(
  institutionId: number,
  today: CalendarDate,
  holidays: readonly CalendarDate[],
  terms: CorePaymentTerms,
): readonly CalendarDate[] {
  const last = lastNonPaymentDays.get(institutionId);
  if (
    last?.today === today &&
    last.holidays === holidays &&
    last.coreDays === terms.nonPaymentDays
  ) {
    return last.days;
  }
  const listed = nonPaymentDaysBetween(today, addDays(today, NON_PAYMENT_DAYS_AHEAD), holidays);
  const days = Object.freeze([...new Set([...listed, ...terms.nonPaymentDays])].sort());
  lastNonPaymentDays.set(institutionId, { today, holidays, coreDays: terms.nonPaymentDays, days });
  return days;
}

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
  const nonPaymentDays = nonPaymentDaysOf(caller.institutionId, today, holidays, terms);
  return {
    caller,
    settings,
    rules: paymentRulesOf(settings),
    now,
    today,
    account,
    terms,
    lineOfCredit: category === 'lineOfCredit',
    holidays,
    nonPaymentDays,
  };
}

/**
 * The institution's time zone as every payment rule reads it: the published
 * `localeOptions.institutionTimeZone` when it names a zone, else the institutions row's column
 * (the same reading as the request context's, institutions.service withPublishedTimeZone).
 */
export function institutionTimeZoneOf(settings: SettingsAccessor, columnZone: string): string {
  const published = settings.get('localeOptions.institutionTimeZone');
  return isTimeZone(published) ? published : columnZone;
}

/** Whether the institution's nightly window (its core's end of day) is open now. */
export function inNightMode(settings: SettingsAccessor, timeZone: string, now: Date): boolean {
  return inNightWindow(nightWindowOfSettings(settings), minuteOfDayIn(timeZone, now));
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

/**
 * The day rules every payment date obeys (weekends, holidays, the small-dollar window): the
 * domain's projection of the settings with the loan's non-payment days and mail preference.
 */
export function dayRulesOf(context: LoanContext): PaymentDayRules {
  return paymentDayRulesOf(context.rules.days, {
    today: context.today,
    nonPaymentDays: context.nonPaymentDays,
    mailPreference: context.terms.mailPreference,
  });
}
