import { isCalendarDate, weekday, type CalendarDate } from '../rules/calendar';
import type { RecurringOption } from './payment-eligibility';

/**
 * How a recurring payment's schedule reads to a borrower (spec 001 section 9 "Recurring schedule
 * wording"), on the recurring payment box and wherever a schedule is described.
 */

const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** A positive whole number as an English ordinal: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st. */
export function ordinal(n: number): string {
  if (!Number.isSafeInteger(n) || n < 1) {
    throw new RangeError(`An ordinal needs a whole number from 1, got ${n}`);
  }
  const lastTwo = n % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${n}th`;
  switch (n % 10) {
    case 1:
      return `${n}st`;
    case 2:
      return `${n}nd`;
    case 3:
      return `${n}rd`;
    default:
      return `${n}th`;
  }
}

function dayOfMonth(date: CalendarDate): number {
  if (!isCalendarDate(date)) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${date}`);
  return Number(date.slice(8, 10));
}

/** The weekday name of a calendar date ('Monday'). */
export function weekdayName(date: CalendarDate): string {
  return WEEKDAYS[weekday(date)] ?? '';
}

/**
 * The days-before-due wording: 'Recurring, on your due date' for 0 days, '1 day before your loan
 * is due', 'N days before your loan is due'.
 */
export function daysBeforeDueWording(days: number): string {
  if (!Number.isSafeInteger(days) || days < 0) {
    throw new RangeError(`Days before due must be a whole number from 0, got ${days}`);
  }
  if (days === 0) return 'Recurring, on your due date';
  return `${days} ${days === 1 ? 'day' : 'days'} before your loan is due`;
}

/** A recurring schedule as saved: the option, the next payment date and the days before due. */
export interface RecurringSchedule {
  RecurringOption: RecurringOption;
  /** The next payment date; it gives the weekday and the day of the month. */
  Date: CalendarDate;
  /** Days before the due date (DaysBeforeDue only; 0 is on the due date). */
  NumberOfDays: number;
}

/**
 * The schedule as the borrower reads it:
 * - Weekly: 'Weekly on Mondays';
 * - BiWeekly: 'Every other week on Mondays';
 * - SemiMonthly: 'Twice a month (next one on the 3rd)';
 * - DayOfMonth: 'Monthly on the 21st';
 * - DaysBeforeDue: 'Recurring, on your due date', '1 day before your loan is due' or
 *   'N days before your loan is due'.
 */
export function scheduleWording(schedule: RecurringSchedule): string {
  switch (schedule.RecurringOption) {
    case 'Weekly':
      return `Weekly on ${weekdayName(schedule.Date)}s`;
    case 'BiWeekly':
      return `Every other week on ${weekdayName(schedule.Date)}s`;
    case 'SemiMonthly':
      return `Twice a month (next one on the ${ordinal(dayOfMonth(schedule.Date))})`;
    case 'DayOfMonth':
      return `Monthly on the ${ordinal(dayOfMonth(schedule.Date))}`;
    case 'DaysBeforeDue':
      return daysBeforeDueWording(schedule.NumberOfDays);
  }
}
