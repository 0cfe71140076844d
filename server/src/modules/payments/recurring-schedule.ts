import {
  addDays,
  addMonths,
  type CalendarDate,
  paymentDayOnOrAfter,
  paymentDayOnOrBefore,
  paymentRulesOf,
  type RecurringOption,
  semiMonthlySecondDate,
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';

/*
 * The dates of a recurring payment. Decisions (the spec fixes the choices, not the calendar):
 * - Calendar schedules (Weekly, BiWeekly, SemiMonthly, DayOfMonth) keep a nominal date in
 *   next_date, stepped from the first date the borrower chose, so a holiday never shifts later
 *   dates (a Monday holiday pays on Tuesday, and the next week is Monday again). A nominal date
 *   on a weekend, a Federal Reserve holiday or an institution holiday pays on the next business
 *   day: a payment is never drawn before the day the borrower chose.
 * - DayOfMonth keeps the first date's day (at most 30): in a shorter month it pays on the
 *   month's last day (the 30th pays on February 28th).
 * - SemiMonthly pays on the first date's day and the day 14 days from it (the domain's
 *   semiMonthlySecondDate), each month.
 * - "Business day" here is a payment day by the domain's rules: a Saturday or Sunday the
 *   settings allow is one; a weekend day they do not allow and a holiday are not.
 * - DaysBeforeDue follows the loan's due date as the core reports it each time; a date on a
 *   non-business day moves to the business day before it, so the payment still arrives before
 *   the due date.
 */

/**
 * The days a recurring payment may be drawn on: the institution's holidays
 * (`paymentSchedulingOptions.holidayDates`; Federal Reserve holidays always count) and the
 * Saturday and Sunday settings. A weekend day the settings allow is a payment day (review defect
 * 12): the domain's isPaymentDay decides, as for every other payment date.
 */
export interface PaymentDayCalendar {
  nonPaymentDays: readonly CalendarDate[];
  allowSaturday: boolean;
  allowSunday: boolean;
}

/** The calendar of the institution's settings (the domain's one projection). */
export function paymentDayCalendarOf(settings: SettingsAccessor): PaymentDayCalendar {
  const { days } = paymentRulesOf(settings);
  return {
    nonPaymentDays: settings.get('paymentSchedulingOptions.holidayDates'),
    allowSaturday: days.allowSaturday,
    allowSunday: days.allowSunday,
  };
}

/** The date itself when payments are made on it, else the next day they are. */
export function businessDayOnOrAfter(
  date: CalendarDate,
  calendar: PaymentDayCalendar,
): CalendarDate {
  return paymentDayOnOrAfter(date, calendar);
}

/** The date itself when payments are made on it, else the day before it that they are. */
export function businessDayOnOrBefore(
  date: CalendarDate,
  calendar: PaymentDayCalendar,
): CalendarDate {
  return paymentDayOnOrBefore(date, calendar);
}

function monthsBetween(from: CalendarDate, to: CalendarDate): number {
  return (
    (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 +
    Number(to.slice(5, 7)) -
    Number(from.slice(5, 7))
  );
}

/**
 * The nominal date after `current` of a calendar schedule anchored at `first` (the first date
 * the borrower chose).
 */
export function nextNominalDate(
  option: Exclude<RecurringOption, 'DaysBeforeDue'>,
  first: CalendarDate,
  current: CalendarDate,
): CalendarDate {
  switch (option) {
    case 'Weekly':
      return addDays(current, 7);
    case 'BiWeekly':
      return addDays(current, 14);
    case 'DayOfMonth':
      return addMonths(first, monthsBetween(first, current) + 1);
    case 'SemiMonthly': {
      const second = semiMonthlySecondDate(first);
      const days = [Number(first.slice(8, 10)), Number(second.slice(8, 10))].sort((a, b) => a - b);
      const [early = 1, late = 15] = days;
      const day = Number(current.slice(8, 10));
      const monthStart = `${current.slice(0, 8)}01`;
      if (day < late) return addDays(monthStart, late - 1);
      return addDays(addMonths(monthStart, 1), early - 1);
    }
  }
}
