import { addDays, type CalendarDate } from './calendar';

/**
 * The nightly host processing window (maintenanceOptions.nightlyMaintenanceStartTime and
 * nightlyMaintenanceMinutes): 'HH:MM' in the institution's time zone and a length in minutes.
 * The end of day runs inside it; while it is open the server answers payment and loan calls with
 * the specs' night-mode errors.
 */
export interface NightWindow {
  /** Minutes after local midnight the window opens. */
  startMinute: number;
  minutes: number;
}

/** The window of the settings, or undefined when none is set (or the time is not HH:MM). */
export function nightWindowOf(start: string, minutes: number): NightWindow | undefined {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(start.trim());
  if (!match || !Number.isInteger(minutes) || minutes <= 0) return undefined;
  return { startMinute: Number(match[1]) * 60 + Number(match[2]), minutes };
}

/** Whether the window is open at a local time ('YYYY-MM-DD' and minutes after its midnight). */
export function inNightWindow(window: NightWindow | undefined, minuteOfDay: number): boolean {
  if (!window) return false;
  const end = window.startMinute + window.minutes;
  if (end <= 24 * 60) return minuteOfDay >= window.startMinute && minuteOfDay < end;
  // The window runs past midnight.
  return minuteOfDay >= window.startMinute || minuteOfDay < end - 24 * 60;
}

/**
 * Without a window the end of day of a date runs at this minute of the next day (00:05), when
 * every instance agrees the day is over.
 */
export const DEFAULT_END_OF_DAY_MINUTE = 5;

/** Windows opening before 06:00 close the day before (a window at 00:30 ends yesterday). */
const EARLY_MORNING_MINUTE = 6 * 60;

/**
 * The last business day whose end of day is due at a local time: the day a window opening before
 * 06:00 (or the 00:05 default) closes is the day before; a later window closes its own day.
 */
export function endOfDayDue(
  window: NightWindow | undefined,
  today: CalendarDate,
  minuteOfDay: number,
): CalendarDate {
  const start = window?.startMinute ?? DEFAULT_END_OF_DAY_MINUTE;
  const early = start < EARLY_MORNING_MINUTE;
  if (early) return minuteOfDay >= start ? addDays(today, -1) : addDays(today, -2);
  return minuteOfDay >= start ? today : addDays(today, -1);
}
