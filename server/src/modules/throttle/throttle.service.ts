import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { TooManyRequestsError } from '../../lib/http-errors';
import {
  deleteCounter,
  findFailures,
  findLockedUntil,
  incrementFailures,
  incrementRateCounter,
  lockCounter,
  purgeStaleCounters,
} from './throttle.repository';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
/**
 * The longest window a rate limit may count in: a window that began longer ago than this (plus
 * a margin for instances whose clocks run a little behind) has ended, and its counter is purged.
 */
export const LONGEST_RATE_WINDOW_MS = HOUR_MS;
const RATE_WINDOW_PURGE_MARGIN_MS = 5 * MINUTE_MS;
/** Failure counters (and ended locks) untouched this long are forgotten. */
const FAILURE_RETENTION_MS = 24 * HOUR_MS;
/** lockoutMinutes 0 means "until staff unlock it". */
const FOREVER = new Date('9999-12-31T00:00:00Z');

export interface RateLimit {
  institutionId: number;
  /** What is counted: 'login-ip', 'recovery-ip', 'code-resend-user', ... */
  bucket: string;
  /** Whom it is counted for: an address, a normalised user name, an e-mail address. */
  key: string;
  limit: number;
  windowMs: number;
}

export interface FailureCounter {
  institutionId: number;
  scope: string;
  key: string;
}

export interface FailurePolicy {
  /** Failures that lock. */
  maxFailures: number;
  /** How long the lock lasts; 0 locks until a reset. */
  lockoutMs: number;
  /** Failures older than this no longer count; undefined: they count until a reset. */
  windowMs?: number;
}

/**
 * Limits that must hold across server instances, so every counter lives in the database (request
 * windows stay in memory where one process is the database's only user, see rateWindows):
 * fixed-window request limits (429 TooManyRequests) and failure counters that lock (sign-in,
 * recovery).
 */
export interface ThrottleService {
  /** Counts the request; throws TooManyRequestsError when the window's limit is passed. */
  enforce(limit: RateLimit): Promise<void>;
  /** Counts the request; false when the window's limit is passed. */
  allow(limit: RateLimit): Promise<boolean>;
  /**
   * Counts the request and answers the window's count with it (`count === limit + 1` is the
   * first refused one: what to audit once).
   */
  hit(limit: RateLimit): Promise<{ allowed: boolean; count: number; retryAfterMs: number }>;
  /** Failures counted within `windowMs` (0 when none), without counting one. */
  recentFailures(counter: FailureCounter, windowMs: number): Promise<number>;
  /**
   * True the first time a key is used before `until`, false for every later use until then (a
   * solved sign-in check, a single-use proof). Kept as a locked counter, so the purge keeps it
   * until it ends.
   */
  useOnce(counter: FailureCounter, until: Date): Promise<boolean>;
  lockedUntil(counter: FailureCounter): Promise<Date | undefined>;
  /** Counts a failure; `locked` is true when this failure reached the maximum and locked. */
  registerFailure(
    counter: FailureCounter,
    policy: FailurePolicy,
  ): Promise<{ failures: number; locked: boolean }>;
  reset(counter: FailureCounter): Promise<void>;
  /**
   * Forgets rate windows that have ended and failure counters untouched for a day, never a lock
   * that still holds (the housekeeping job calls it).
   */
  purge(): Promise<void>;
}

const MEMORY_WINDOWS_SOFT_LIMIT = 100_000;

/**
 * Request counts of fixed windows kept in this process: for a database only this process may
 * open (PGlite: a lock file keeps a second server out), where a counter in a table costs a write
 * per request and buys nothing. Failure counters and locks stay in the database either way: they
 * must survive a restart.
 */
function createMemoryRateWindows() {
  const windows = new Map<string, { windowEnd: number; count: number }>();
  /** Forgets the windows that have ended. */
  const purgeEnded = (now: number) => {
    for (const [key, window] of windows) if (window.windowEnd <= now) windows.delete(key);
  };
  return {
    increment(key: string, windowStart: number, windowMs: number, now: number): number {
      // Many keys (a flood from many addresses): drop the ended windows before growing further.
      if (windows.size >= MEMORY_WINDOWS_SOFT_LIMIT) purgeEnded(now);
      const windowEnd = windowStart + windowMs;
      const current = windows.get(key);
      const count = current && current.windowEnd === windowEnd ? current.count + 1 : 1;
      windows.set(key, { windowEnd, count });
      return count;
    },
    purgeEnded,
  };
}

export function createThrottleService(options: {
  db: Kysely<Database>;
  clock: Clock;
  /**
   * 'memory' when this process is the database's only user (PGlite); 'database' (the default)
   * when several server instances share it (PostgreSQL).
   */
  rateWindows?: 'database' | 'memory';
}): ThrottleService {
  const { db, clock } = options;
  const memory = options.rateWindows === 'memory' ? createMemoryRateWindows() : undefined;

  async function count(
    limit: RateLimit,
  ): Promise<{ allowed: boolean; count: number; retryAfterMs: number }> {
    const now = clock.now().getTime();
    if (limit.windowMs > LONGEST_RATE_WINDOW_MS) {
      // The purge would drop its counter before the window ends.
      throw new Error(
        `rate limit ${limit.bucket}: windowMs ${limit.windowMs} is longer than LONGEST_RATE_WINDOW_MS`,
      );
    }
    const windowMs = Math.max(1000, limit.windowMs);
    const windowStart = Math.floor(now / windowMs) * windowMs;
    const key = limit.key.slice(0, 200);
    const counted = memory
      ? memory.increment(
          JSON.stringify([limit.institutionId, limit.bucket, key, windowMs]),
          windowStart,
          windowMs,
          now,
        )
      : await incrementRateCounter(db, {
          institutionId: limit.institutionId,
          bucket: limit.bucket,
          key,
          windowStart: new Date(windowStart),
        });
    return {
      allowed: counted <= limit.limit,
      count: counted,
      retryAfterMs: windowStart + windowMs - now,
    };
  }

  return {
    async enforce(limit) {
      const { allowed, retryAfterMs } = await count(limit);
      if (!allowed) throw new TooManyRequestsError(retryAfterMs / 1000);
    },
    async allow(limit) {
      return (await count(limit)).allowed;
    },
    hit: count,
    async recentFailures(counter, windowMs) {
      const found = await findFailures(db, counter);
      const now = clock.now().getTime();
      if (!found || found.windowStartedAt.getTime() <= now - windowMs) return 0;
      // A lock that ended starts the count again (as registerFailure does).
      if (found.lockedUntil && found.lockedUntil.getTime() <= now) return 0;
      return found.failures;
    },
    async useOnce(counter, until) {
      const now = clock.now();
      if (until <= now) return false;
      const uses = await incrementFailures(db, { ...counter, now, windowStartsAfter: null });
      if (uses === 1) await lockCounter(db, { ...counter, until });
      return uses === 1;
    },
    async lockedUntil(counter) {
      const until = await findLockedUntil(db, counter);
      return until && until > clock.now() ? until : undefined;
    },
    async registerFailure(counter, policy) {
      const now = clock.now();
      const failures = await incrementFailures(db, {
        ...counter,
        now,
        windowStartsAfter:
          policy.windowMs === undefined ? null : new Date(now.getTime() - policy.windowMs),
      });
      const locked = failures >= policy.maxFailures;
      if (locked) {
        const until = policy.lockoutMs > 0 ? new Date(now.getTime() + policy.lockoutMs) : FOREVER;
        await lockCounter(db, { ...counter, until });
      }
      return { failures, locked };
    },
    reset: (counter) => deleteCounter(db, counter),
    purge: () => {
      const now = clock.now().getTime();
      memory?.purgeEnded(now);
      return purgeStaleCounters(db, {
        rateWindowsBefore: new Date(now - LONGEST_RATE_WINDOW_MS - RATE_WINDOW_PURGE_MARGIN_MS),
        failuresBefore: new Date(now - FAILURE_RETENTION_MS),
      });
    },
  };
}
