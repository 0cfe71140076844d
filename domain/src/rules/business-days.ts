import { addDays, calendarDate, weekday, type CalendarDate } from './calendar';

/**
 * The business-day calendar of US payments: Monday to Friday, less the Federal Reserve's
 * holidays. The Fed observes a holiday that falls on a Sunday on the Monday after; one that falls
 * on a Saturday is not observed at all (the Friday before stays a business day). Computed, not
 * read from a list, so it holds for any year; the tests check it against the Fed's published
 * calendars for 2025-2028.
 */

export interface Holiday {
  date: CalendarDate;
  name: string;
}

/** The `nth` (1-based) `day` of the week (0 Sunday) of a month, or the last one when nth is -1. */
function nthWeekday(year: number, month: number, day: number, nth: number): CalendarDate {
  if (nth === -1) {
    const last = calendarDate(year, month + 1, 0);
    return addDays(last, -((weekday(last) - day + 7) % 7));
  }
  const first = calendarDate(year, month, 1);
  return addDays(first, ((day - weekday(first) + 7) % 7) + (nth - 1) * 7);
}

const MONDAY = 1;
const THURSDAY = 4;

/** The holidays as they fall in `year` (before the Sunday rule). */
function holidaysAsTheyFall(year: number): Holiday[] {
  return [
    { date: calendarDate(year, 1, 1), name: "New Year's Day" },
    { date: nthWeekday(year, 1, MONDAY, 3), name: 'Birthday of Martin Luther King, Jr.' },
    { date: nthWeekday(year, 2, MONDAY, 3), name: "Washington's Birthday" },
    { date: nthWeekday(year, 5, MONDAY, -1), name: 'Memorial Day' },
    { date: calendarDate(year, 6, 19), name: 'Juneteenth National Independence Day' },
    { date: calendarDate(year, 7, 4), name: 'Independence Day' },
    { date: nthWeekday(year, 9, MONDAY, 1), name: 'Labor Day' },
    { date: nthWeekday(year, 10, MONDAY, 2), name: 'Columbus Day' },
    { date: calendarDate(year, 11, 11), name: 'Veterans Day' },
    { date: nthWeekday(year, 11, THURSDAY, 4), name: 'Thanksgiving Day' },
    { date: calendarDate(year, 12, 25), name: 'Christmas Day' },
  ];
}

const observedByYear = new Map<number, readonly Holiday[]>();

/** The days the Federal Reserve is closed for a holiday in `year`, in date order. */
export function federalReserveHolidays(year: number): readonly Holiday[] {
  let observed = observedByYear.get(year);
  if (!observed) {
    observed = holidaysAsTheyFall(year).flatMap((holiday) => {
      const day = weekday(holiday.date);
      if (day === 6) return [];
      if (day === 0) return [{ ...holiday, date: addDays(holiday.date, 1) }];
      return [holiday];
    });
    observedByYear.set(year, observed);
  }
  return observed;
}

/** The Federal Reserve holiday observed on `date`, if any. */
export function federalReserveHolidayOn(date: CalendarDate): Holiday | undefined {
  return federalReserveHolidays(Number(date.slice(0, 4))).find((holiday) => holiday.date === date);
}

export function isWeekend(date: CalendarDate): boolean {
  const day = weekday(date);
  return day === 0 || day === 6;
}

/** A weekday on which the Federal Reserve is open. */
export function isBusinessDay(date: CalendarDate): boolean {
  return !isWeekend(date) && federalReserveHolidayOn(date) === undefined;
}

/** `date` itself when it is a business day, else the next one. */
export function nextBusinessDay(date: CalendarDate): CalendarDate {
  let day = date;
  while (!isBusinessDay(day)) day = addDays(day, 1);
  return day;
}

/** `date` itself when it is a business day, else the one before. */
export function previousBusinessDay(date: CalendarDate): CalendarDate {
  let day = date;
  while (!isBusinessDay(day)) day = addDays(day, -1);
  return day;
}

/** `count` business days after `date` (before it when negative); 0 returns `date` unchanged. */
export function addBusinessDays(date: CalendarDate, count: number): CalendarDate {
  const step = count < 0 ? -1 : 1;
  let day = date;
  for (let left = Math.abs(count); left > 0;) {
    day = addDays(day, step);
    if (isBusinessDay(day)) left -= 1;
  }
  return day;
}
