import {
  addDays,
  type CalendarDate,
  calendarDateIn,
  endOfDayDue,
  minuteOfDayIn,
  type NightWindow,
  nightWindowOf,
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { CoreDays, EndOfDayReport } from '../../core/core-days';
import { listInstitutionTimeZones } from '../institutions/institutions.service';
import type { QueueDefinition } from './job-queue';

export const END_OF_DAY_QUEUE = 'core-end-of-day';
/** Every instance queues the check each five minutes; the period's key makes it one job. */
export const END_OF_DAY_CHECK_EVERY_MS = 5 * 60_000;
/** After an outage, at most this many missed days are closed in one run, oldest first. */
export const END_OF_DAY_CATCH_UP_DAYS = 31;

export function nightWindowOfSettings(settings: SettingsAccessor): NightWindow | undefined {
  return nightWindowOf(
    settings.get('maintenanceOptions.nightlyMaintenanceStartTime'),
    settings.get('maintenanceOptions.nightlyMaintenanceMinutes'),
  );
}

export interface EndOfDayWorker {
  /** Closes every institution's due days as of the clock's now (tests call it by hand). */
  runOnce(): Promise<EndOfDayReport[]>;
  queue: QueueDefinition;
}

/**
 * The core's end of day on the job queue: each check closes, per institution, every business
 * day from the one after the last closed (at most a month back) to the one due now (the night
 * window's, or 00:05's), through `coreDays.endOfDay`, which is idempotent per day and per loan.
 */
export function createEndOfDayWorker(options: {
  db: Kysely<Database>;
  clock: Clock;
  /** The core's days (the built-in core's; a bank's core closes its own, core-days.ts). */
  coreDays: CoreDays;
  settings(institutionId: number): Promise<SettingsAccessor>;
  /**
   * After each institution's check, with the core's last closed day: what follows the end of day
   * (the notifications' day pass) queues itself, keyed by the day, so a check that closed
   * nothing new queues nothing new.
   */
  afterClose?(institutionId: number, lastClosed: CalendarDate): Promise<void>;
}): EndOfDayWorker {
  async function runOnce(): Promise<EndOfDayReport[]> {
    const reports: EndOfDayReport[] = [];
    for (const institution of await listInstitutionTimeZones(options.db)) {
      const now = options.clock.now();
      const window = nightWindowOfSettings(await options.settings(institution.id));
      const due = endOfDayDue(
        window,
        calendarDateIn(institution.timeZone, now),
        minuteOfDayIn(institution.timeZone, now),
      );
      const last = await options.coreDays.lastClosedDay(institution.id);
      const earliest = addDays(due, -(END_OF_DAY_CATCH_UP_DAYS - 1));
      let day = last === undefined ? due : addDays(last, 1);
      if (day < earliest) day = earliest;
      for (; day <= due; day = addDays(day, 1)) {
        reports.push(await options.coreDays.endOfDay(institution.id, day));
      }
      const closed = await options.coreDays.lastClosedDay(institution.id);
      if (closed !== undefined) await options.afterClose?.(institution.id, closed);
    }
    return reports;
  }
  return {
    runOnce,
    queue: {
      name: END_OF_DAY_QUEUE,
      // A long run keeps its claim; another instance takes over only if this one dies.
      leaseMs: 10 * 60_000,
      maxAttempts: 3,
      async handler({ stillMine }) {
        if (await stillMine()) await runOnce();
      },
    },
  };
}
