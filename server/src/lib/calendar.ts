/** A calendar date is 'YYYY-MM-DD' text: no time, no zone, so nothing can shift it by a day. */
export type CalendarDateText = string;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date it is at `instant` in `timeZone` (the institution's "today"). */
export function calendarDateIn(timeZone: string, instant: Date): CalendarDateText {
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
  return formatter.format(instant);
}

export function addDays(date: CalendarDateText, days: number): CalendarDateText {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}
