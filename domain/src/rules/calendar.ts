/**
 * Calendar dates are 'YYYY-MM-DD' text: no time and no zone, so nothing can shift one by a day.
 * "Today" is always today in the institution's time zone (`localeOptions.institutionTimeZone`),
 * on the server and in the portal alike.
 */
export type CalendarDate = string;

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The last answer per time zone and the minute of time it is for. A server asks for the date and
 * the minute several times a request (each is an Intl formatting, about 10 µs); within one UTC
 * minute both stay the same, as every zone's offset is a whole number of minutes today.
 */
const lastDates = new Map<string, { minute: number; date: CalendarDate }>();
const lastMinutes = new Map<string, { minute: number; minuteOfDay: number }>();
const MINUTE_MS = 60_000;

/** The calendar date it is at `instant` in `timeZone` (an IANA name such as America/New_York). */
export function calendarDateIn(timeZone: string, instant: Date): CalendarDate {
  const minute = Math.floor(instant.getTime() / MINUTE_MS);
  const last = lastDates.get(timeZone);
  if (last?.minute === minute) return last.date;
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // en-CA formats as YYYY-MM-DD.
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  const date = formatter.format(instant);
  if (Number.isFinite(minute)) lastDates.set(timeZone, { minute, date });
  return date;
}

const timeFormatters = new Map<string, Intl.DateTimeFormat>();

/** Minutes after local midnight at `instant` in `timeZone` (0 to 1439). */
export function minuteOfDayIn(timeZone: string, instant: Date): number {
  const minute = Math.floor(instant.getTime() / MINUTE_MS);
  const last = lastMinutes.get(timeZone);
  if (last?.minute === minute) return last.minuteOfDay;
  let formatter = timeFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    timeFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(instant);
  const hour = Number(parts.find((part) => part.type === 'hour')?.value ?? 0);
  const minuteOfDay = hour * 60 + Number(parts.find((part) => part.type === 'minute')?.value ?? 0);
  if (Number.isFinite(minute)) lastMinutes.set(timeZone, { minute, minuteOfDay });
  return minuteOfDay;
}

/**
 * Answers of `isTimeZone`, by name: building an Intl.DateTimeFormat to ask takes about 25 µs, and
 * every payment posting and notification asks for its institution's zone (a tenth of a posting's
 * time on PGlite). The runtime's zones do not change while it runs; the names asked are the few
 * institutions' settings.
 */
const knownTimeZones = new Map<string, boolean>();

/** Whether `name` is a time zone this runtime knows (an IANA name such as America/Chicago). */
export function isTimeZone(name: string): boolean {
  let known = knownTimeZones.get(name);
  if (known === undefined) {
    known = name.trim() !== '' && canFormatIn(name);
    if (knownTimeZones.size < 1_000) knownTimeZones.set(name, known);
  }
  return known;
}

function canFormatIn(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** Whether `text` is a real calendar date written 'YYYY-MM-DD' (2026-02-30 is not). */
export function isCalendarDate(text: string): boolean {
  const match = CALENDAR_DATE.exec(text);
  if (!match) return false;
  const [, year, month, day] = match.map(Number);
  const date = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1));
  return date.toISOString().slice(0, 10) === text;
}

function parts(date: CalendarDate): [number, number, number] {
  const match = CALENDAR_DATE.exec(date);
  if (!match) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

function fromUtc(date: Date): CalendarDate {
  return date.toISOString().slice(0, 10);
}

/** The calendar date of year, month (1-12) and day; a day past the month's end rolls over. */
export function calendarDate(year: number, month: number, day: number): CalendarDate {
  const date = new Date(Date.UTC(year, month - 1, day));
  return fromUtc(date);
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  const [year, month, day] = parts(date);
  return calendarDate(year, month, day + days);
}

/** 0 Sunday ... 6 Saturday. */
export function weekday(date: CalendarDate): number {
  const [year, month, day] = parts(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** The weekday name of a calendar date ('Monday'). */
export function weekdayName(date: CalendarDate): string {
  return WEEKDAYS[weekday(date)] ?? '';
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  const [y1, m1, d1] = parts(from);
  const [y2, m2, d2] = parts(to);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / 86_400_000);
}

/** Days in a month (1-12) of a year. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The same day of the month `months` later, kept at the month's last day when the month is
 * shorter (Jan 31 + 1 month = Feb 28 or 29).
 */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const [year, month, day] = parts(date);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  return calendarDate(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth)));
}

/** Negative, zero or positive as `a` is before, the same as or after `b` ('YYYY-MM-DD' sorts). */
export function compareCalendarDates(a: CalendarDate, b: CalendarDate): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The calendar date of a date-time the server or a core sent ('2026-03-01T00:00:00', ISO with a
 * zone, or a bare 'YYYY-MM-DD'): the date as written, never shifted by the reader's zone.
 * Undefined when unreadable.
 */
export function calendarDateOf(text: string | null | undefined): CalendarDate | undefined {
  if (!text) return undefined;
  const head = /^(\d{4}-\d{2}-\d{2})/.exec(text.trim())?.[1];
  if (head !== undefined) return isCalendarDate(head) ? head : undefined;
  // Older records in another format: the UTC date of what Date reads.
  const time = Date.parse(text);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString().slice(0, 10);
}
