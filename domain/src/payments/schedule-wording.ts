import type { SettingKey, SettingsAccessor } from '@portal/settings-schema';
import { isCalendarDate, weekdayName, type CalendarDate } from '../rules/calendar';
import type { RecurringOption } from './payment-eligibility';

/**
 * How a recurring payment's schedule reads to a borrower (spec 001 section 9 "Recurring schedule
 * wording"), on the recurring payment box and wherever a schedule is described.
 */

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

export { weekdayName };

/**
 * The institution's words of each schedule (the `recurringPaymentTexts.*ScheduleText` settings):
 * `{weekday}` is filled with the weekday name, `{ordinal}` with the day of the month as an
 * ordinal, `{n}` with the days before the due date.
 */
export interface ScheduleWordingTexts {
  weekly: string;
  twoWeeks: string;
  semiMonthly: string;
  monthly: string;
  onDueDate: string;
  oneDayBeforeDue: string;
  daysBeforeDue: string;
}

/** The setting that words each schedule. */
export const SCHEDULE_WORDING_TEXT_KEYS = {
  weekly: 'recurringPaymentTexts.weeklyScheduleText',
  twoWeeks: 'recurringPaymentTexts.twoWeeksScheduleText',
  semiMonthly: 'recurringPaymentTexts.semiMonthlyScheduleText',
  monthly: 'recurringPaymentTexts.monthlyScheduleText',
  onDueDate: 'recurringPaymentTexts.onDueDateScheduleText',
  oneDayBeforeDue: 'recurringPaymentTexts.oneDayBeforeDueScheduleText',
  daysBeforeDue: 'recurringPaymentTexts.daysBeforeDueScheduleText',
} as const satisfies Record<keyof ScheduleWordingTexts, SettingKey>;

/** The spec's wordings (section 9), each its setting's default. */
export const DEFAULT_SCHEDULE_WORDING_TEXTS: ScheduleWordingTexts = {
  weekly: 'Weekly on {weekday}s',
  twoWeeks: 'Every other week on {weekday}s',
  semiMonthly: 'Twice a month (next one on the {ordinal})',
  monthly: 'Monthly on the {ordinal}',
  onDueDate: 'Recurring, on your due date',
  oneDayBeforeDue: '1 day before your loan is due',
  daysBeforeDue: '{n} days before your loan is due',
};

/** The institution's schedule wordings, read from its settings. */
export function scheduleWordingTextsOf(
  settings: Pick<SettingsAccessor, 'get'>,
): ScheduleWordingTexts {
  return {
    weekly: settings.get(SCHEDULE_WORDING_TEXT_KEYS.weekly),
    twoWeeks: settings.get(SCHEDULE_WORDING_TEXT_KEYS.twoWeeks),
    semiMonthly: settings.get(SCHEDULE_WORDING_TEXT_KEYS.semiMonthly),
    monthly: settings.get(SCHEDULE_WORDING_TEXT_KEYS.monthly),
    onDueDate: settings.get(SCHEDULE_WORDING_TEXT_KEYS.onDueDate),
    oneDayBeforeDue: settings.get(SCHEDULE_WORDING_TEXT_KEYS.oneDayBeforeDue),
    daysBeforeDue: settings.get(SCHEDULE_WORDING_TEXT_KEYS.daysBeforeDue),
  };
}

/**
 * The days-before-due wording: 'Recurring, on your due date' for 0 days, '1 day before your loan
 * is due', 'N days before your loan is due' (or the institution's `texts`).
 */
export function daysBeforeDueWording(
  days: number,
  texts: ScheduleWordingTexts = DEFAULT_SCHEDULE_WORDING_TEXTS,
): string {
  if (!Number.isSafeInteger(days) || days < 0) {
    throw new RangeError(`Days before due must be a whole number from 0, got ${days}`);
  }
  if (days === 0) return texts.onDueDate;
  if (days === 1) return texts.oneDayBeforeDue;
  return texts.daysBeforeDue.replaceAll('{n}', String(days));
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
 * The schedule as the borrower reads it, in `texts` (the institution's words, by default the
 * spec's):
 * - Weekly: 'Weekly on Mondays';
 * - BiWeekly: 'Every other week on Mondays';
 * - SemiMonthly: 'Twice a month (next one on the 3rd)';
 * - DayOfMonth: 'Monthly on the 21st';
 * - DaysBeforeDue: 'Recurring, on your due date', '1 day before your loan is due' or
 *   'N days before your loan is due'.
 * The Date may carry the host's time ('YYYY-MM-DDT00:00:00'); its calendar date counts.
 */
export function scheduleWording(
  schedule: Omit<RecurringSchedule, 'Date'> & { Date: string },
  texts: ScheduleWordingTexts = DEFAULT_SCHEDULE_WORDING_TEXTS,
): string {
  const date = schedule.Date.slice(0, 10);
  switch (schedule.RecurringOption) {
    case 'Weekly':
      return texts.weekly.replaceAll('{weekday}', weekdayName(date));
    case 'BiWeekly':
      return texts.twoWeeks.replaceAll('{weekday}', weekdayName(date));
    case 'SemiMonthly':
      return texts.semiMonthly.replaceAll('{ordinal}', ordinal(dayOfMonth(date)));
    case 'DayOfMonth':
      return texts.monthly.replaceAll('{ordinal}', ordinal(dayOfMonth(date)));
    case 'DaysBeforeDue':
      return daysBeforeDueWording(schedule.NumberOfDays, texts);
  }
}
