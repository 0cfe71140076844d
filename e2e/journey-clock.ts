import { isBusinessDay } from '../domain/src/rules/business-days';
import { calendarDateIn } from '../domain/src/rules/calendar';

/**
 * The journeys' clock. Paying today needs today to be a payment day at the institution (no
 * weekend, no Federal Reserve holiday), and a journey that runs across midnight or the cutoff
 * hour sees its dates move. So the server (DEMO_CLOCK_START, e2e/start-server.mjs) and every
 * page (`context.clock`, e2e/fixtures.ts) run on one clock that starts at 15:00 UTC (10:00 in
 * New York, 08:00 in Denver, the demo institutions' time zones) on the next day that is a
 * business day in both, and runs on in real time from there. It only ever moves forward from the
 * real time, so cookies the browser stores by its real clock stay valid.
 */

const START_HOUR_UTC = 15;
const TIME_ZONES = ['America/New_York', 'America/Denver'] as const;

/** The start instant for a run begun at `now`. */
export function journeyClockStart(now: Date): Date {
  const start = new Date(now);
  start.setUTCHours(START_HOUR_UTC, 0, 0, 0);
  if (start.getTime() <= now.getTime()) start.setUTCDate(start.getUTCDate() + 1);
  while (!TIME_ZONES.every((timeZone) => isBusinessDay(calendarDateIn(timeZone, start)))) {
    start.setUTCDate(start.getUTCDate() + 1);
  }
  return start;
}

// One offset for the whole run: the configuration (loaded first by the runner) sets it, and the
// server and the workers inherit it through the environment.
process.env.E2E_CLOCK_OFFSET_MS ??= String(journeyClockStart(new Date()).getTime() - Date.now());
const OFFSET_MS = Number(process.env.E2E_CLOCK_OFFSET_MS);

/** Now on the journeys' clock. */
export function journeyNow(): Date {
  return new Date(Date.now() + OFFSET_MS);
}

/** Today on the journeys' clock in `timeZone` (Harbor and its borrowers: America/New_York). */
export function journeyToday(timeZone = 'America/New_York'): string {
  return calendarDateIn(timeZone, journeyNow());
}
