import { formatInstantTime } from '../rules/date-formats';

const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/**
 * The time of day a history line posted (TransactionTime, 'HH:MM:SS' in the institution's time),
 * or undefined when the core gives a date only. Cores write midnight for a line they keep no time
 * of, as they write 0001-01-01 for no date (hostDateOf): the built-in core posts every payment as
 * of its date at 00:00:00. Shown as a time, a card paid at 10:07 read as paid at midnight (issue 20
 * review), so midnight, a blank and anything that is not a time of day mean "no time".
 */
export function historyTimeOf(time: string | null | undefined): string | undefined {
  const match = TIME_OF_DAY.exec((time ?? '').trim());
  if (!match) return undefined;
  const [, hours = '00', minutes = '00', seconds = '00'] = match;
  const text = `${hours}:${minutes}:${seconds}`;
  return text === '00:00:00' ? undefined : text;
}

/**
 * A history line's time as a reader sees it, by the one formatter of times (formatInstantTime):
 * '11:59 PM EST' in the institution's time zone on the line's date (so the zone's name is right
 * across a daylight-saving change), or '' when the core gives a date only (historyTimeOf).
 */
export function formatHistoryTime(
  date: string | undefined,
  time: string | null | undefined,
  timeZone: string,
): string {
  const shown = historyTimeOf(time);
  if (!shown || !date) return '';
  return formatInstantTime(`${date}T${shown}`, timeZone);
}
