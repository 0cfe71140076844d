import { calendarDateIn, isCalendarDate, minuteOfDayIn, weekdayName } from './calendar';

/**
 * The one formatter of each kind of date the product shows, on screens, in e-mails and in PDFs
 * (spec 002 section 9: "Dates shown as MM/dd/yyyy"):
 *
 * - a calendar date (a due date, a payment date: 'YYYY-MM-DD', no zone): `formatUsDate`,
 *   '11/30/2026';
 * - the date of an instant (a sign-in, a signature) in the institution's time zone:
 *   `formatInstantDate`, '11/30/2026';
 * - an instant with its time, in the institution's time zone and naming the zone so that a
 *   reader elsewhere (or a PDF kept for years) is not misled: `formatUsDateTime`,
 *   '11/30/2026 10:07 AM EST'.
 *
 * Where a date is read as words rather than in a table (alerts, receipts and other e-mails, the
 * texts that say a date in a sentence, a staff page where the weekday matters): the long forms
 * below, `formatLongDate` ('November 30, 2026'), `formatLongDateTime` (with the time and zone) and
 * `formatWeekdayLongDate`. Issue 21 asked e-mails to say dates in words; spec 002's MM/dd/yyyy
 * stays the form of every screen's dates and PDFs (docs/decisions/dates.md).
 *
 * Nothing else formats a date for a reader: no toLocaleString, no ad hoc Intl.DateTimeFormat, no
 * ISO text on a page or in an e-mail (the files of downloads keep ISO dates for machines).
 */

/** A calendar date as the specs show dates: '2025-03-14' → '03/14/2025' ('' for none). */
export function formatUsDate(date: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date ?? '');
  return match ? `${match[2]}/${match[3]}/${match[1]}` : '';
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?$/;

/** Minutes the zone is ahead of UTC at an instant (-300 for New York in winter). */
function offsetMinutesAt(timeZone: string, instant: Date): number {
  const wall = calendarDateIn(timeZone, instant);
  const [year, month, day] = wall.split('-').map(Number);
  const minutes = minuteOfDayIn(timeZone, instant);
  const asUtc = Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1, 0, minutes);
  return Math.round((asUtc - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
}

/**
 * The instant of a text: an ISO instant (with 'Z' or an offset), or a host's wall-clock time
 * without a zone ('2026-12-24T00:07:03'), taken as the institution's time.
 */
function instantOf(instant: string | Date, timeZone: string): Date | undefined {
  if (typeof instant !== 'string') return Number.isNaN(instant.getTime()) ? undefined : instant;
  const wall = WALL_TIME.exec(instant.trim());
  if (!wall) {
    const date = new Date(instant);
    return Number.isNaN(date.getTime()) ? undefined : date;
  }
  const [, year, month, day, hour, minute, second] = wall.map(Number);
  const asUtc = Date.UTC(
    year ?? 0,
    (month ?? 1) - 1,
    day ?? 1,
    hour ?? 0,
    minute ?? 0,
    second ?? 0,
  );
  // The zone's offset at the guess, then at the corrected instant (right across a DST change).
  const first = asUtc - offsetMinutesAt(timeZone, new Date(asUtc)) * 60_000;
  return new Date(asUtc - offsetMinutesAt(timeZone, new Date(first)) * 60_000);
}

/** The calendar date of an instant in a time zone (the institution's), as '11/30/2026'. */
export function formatInstantDate(instant: string | Date, timeZone: string): string {
  const date = instantOf(instant, timeZone);
  return date ? formatUsDate(calendarDateIn(timeZone, date)) : '';
}

const timeFormatters = new Map<string, Intl.DateTimeFormat>();

function timeFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = timeFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    timeFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The time of day of an instant in a time zone, with the zone: '10:07 AM EST'. */
export function formatInstantTime(instant: string | Date, timeZone: string): string {
  const date = instantOf(instant, timeZone);
  if (!date) return '';
  // Intl writes a narrow no-break space before AM/PM in newer runtimes: one plain space
  // everywhere, so e-mails, PDFs (whose fonts may lack the glyph) and tests read alike.
  return timeFormatter(timeZone).format(date).replace(/\s/g, ' ');
}

/**
 * A time of day given as 'HH:MM' (24-hour, a setting such as the ACH cut-off) as '5:00 PM'; the
 * text as given when it is not one.
 */
export function formatClockTime(time: string): string {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time.trim());
  if (!match) return time;
  const hours = Number(match[1]);
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${match[2]} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** An instant as '11/30/2026 10:07 AM EST' in a time zone (the institution's). */
export function formatUsDateTime(instant: string | Date, timeZone: string): string {
  const date = instantOf(instant, timeZone);
  if (!date) return '';
  return `${formatInstantDate(date, timeZone)} ${formatInstantTime(date, timeZone)}`;
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * A calendar date in words, as alerts say it ('2025-03-14' → 'March 14, 2025'; '' for none). The
 * date is already the institution's (a due date, a statement date), so no zone is applied. Written
 * out rather than through Intl so that every runtime spells it the same.
 */
export function formatLongDate(date: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date ?? '');
  const month = match ? MONTH_NAMES[Number(match[2]) - 1] : undefined;
  if (!match || !month) return '';
  return `${month} ${Number(match[3])}, ${match[1]}`;
}

/**
 * A calendar date in words with its weekday ('2026-11-25' → 'Wednesday, November 25, 2026'; ''
 * for none): where the day of the week matters (an ACH processing day). No zone is applied.
 */
export function formatWeekdayLongDate(date: string | null | undefined): string {
  const words = formatLongDate(date);
  const day = (date ?? '').slice(0, 10);
  if (!words || !isCalendarDate(day)) return '';
  return `${weekdayName(day)}, ${words}`;
}

/** The date of an instant in words, in a time zone (the institution's): 'March 14, 2025'. */
export function formatInstantLongDate(instant: string | Date, timeZone: string): string {
  const date = instantOf(instant, timeZone);
  return date ? formatLongDate(calendarDateIn(timeZone, date)) : '';
}

/** An instant in words with its time, in a time zone: 'May 13, 2025, 10:07 AM EDT' (e-mails). */
export function formatLongDateTime(instant: string | Date, timeZone: string): string {
  const date = instantOf(instant, timeZone);
  if (!date) return '';
  return `${formatInstantLongDate(date, timeZone)}, ${formatInstantTime(date, timeZone)}`;
}
