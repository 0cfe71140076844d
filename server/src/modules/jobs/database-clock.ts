import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { systemClock, type Clock } from '../../lib/clock';
import { readDatabaseTime } from './jobs.repository';

/** How often an instance measures its clock against the database's again. */
export const DATABASE_CLOCK_REFRESH_MS = 60_000;

export interface DatabaseClock extends Clock {
  /** Measures the offset now (the first reading before the queue starts). */
  sync(): Promise<void>;
  /** The offset last measured, in milliseconds (database minus this instance). */
  offsetMs(): number;
  /** Stops the periodic measuring. */
  stop(): void;
}

/**
 * The job queue's time (issue 24): every instance's leases, retries and schedules by one clock,
 * the database's, so an instance whose own clock runs ahead cannot take over a live job whose
 * lease it thinks lapsed, nor one behind hold a lease past its end. The clock is the local one
 * moved by the offset last measured against `clock_timestamp()` (an NTP-style reading: the
 * database's time against the middle of the round trip), measured at start and every minute; so
 * reading the time costs no statement, and the clocks of two instances agree to within their
 * round trips to the database (milliseconds) whatever their own clocks say.
 *
 * `local` is the instance's clock: the system's, or the demo's (DEMO_CLOCK_START, a fixed shift
 * from it), whose shift is kept.
 */
export function databaseClock(
  db: Kysely<Database>,
  options: {
    local?: Clock;
    system?: Clock;
    refreshMs?: number;
    onError?: (error: unknown) => void;
  } = {},
): DatabaseClock {
  const local = options.local ?? systemClock;
  // The offset is measured on the system clock (the demo clock's shift is not skew).
  const system = options.system ?? systemClock;
  let offset = 0;
  let timer: ReturnType<typeof setInterval> | undefined;

  async function sync(): Promise<void> {
    const before = system.now().getTime();
    const database = (await readDatabaseTime(db)).getTime();
    const after = system.now().getTime();
    offset = database - (before + after) / 2;
  }

  timer = setInterval(() => {
    sync().catch((error: unknown) => options.onError?.(error));
  }, options.refreshMs ?? DATABASE_CLOCK_REFRESH_MS);
  timer.unref();

  return {
    now: () => new Date(local.now().getTime() + offset),
    sync,
    offsetMs: () => offset,
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
