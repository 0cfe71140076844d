import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** Counts one request in a fixed window and returns the window's count so far (atomic). */
export async function incrementRateCounter(
  db: Db,
  counter: { institutionId: number; bucket: string; key: string; windowStart: Date },
): Promise<number> {
  const row = await db
    .insertInto('rate_limit_counters')
    .values({
      institution_id: counter.institutionId,
      bucket: counter.bucket,
      key: counter.key,
      window_start: counter.windowStart,
      count: 1,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['institution_id', 'bucket', 'key', 'window_start'])
        .doUpdateSet((eb) => ({ count: eb('rate_limit_counters.count', '+', 1) })),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return row.count;
}

export async function findLockedUntil(
  db: Db,
  counter: { institutionId: number; scope: string; key: string },
): Promise<Date | null> {
  const row = await db
    .selectFrom('attempt_counters')
    .select('locked_until')
    .where('institution_id', '=', counter.institutionId)
    .where('scope', '=', counter.scope)
    .where('key', '=', counter.key)
    .executeTakeFirst();
  return row?.locked_until ?? null;
}

/** A failure counter's count and when its window began, or undefined when there is none. */
export async function findFailures(
  db: Db,
  counter: { institutionId: number; scope: string; key: string },
): Promise<{ failures: number; windowStartedAt: Date; lockedUntil: Date | null } | undefined> {
  const row = await db
    .selectFrom('attempt_counters')
    .select(['failures', 'window_started_at', 'locked_until'])
    .where('institution_id', '=', counter.institutionId)
    .where('scope', '=', counter.scope)
    .where('key', '=', counter.key)
    .executeTakeFirst();
  return row
    ? {
        failures: row.failures,
        windowStartedAt: row.window_started_at,
        lockedUntil: row.locked_until,
      }
    : undefined;
}

/**
 * Counts one failure atomically. A counter starts again at 1 when its lock has ended or its
 * window (when it has one) began before `windowStartsAfter`. Returns the count after this one.
 */
export async function incrementFailures(
  db: Db,
  counter: {
    institutionId: number;
    scope: string;
    key: string;
    now: Date;
    /** Failures before this instant no longer count; null: they count until a reset. */
    windowStartsAfter: Date | null;
  },
): Promise<number> {
  const { now } = counter;
  const restart = sql<boolean>`(attempt_counters.locked_until is not null and attempt_counters.locked_until <= ${now})
    or (${counter.windowStartsAfter}::timestamptz is not null
        and attempt_counters.window_started_at < ${counter.windowStartsAfter}::timestamptz)`;
  const row = await db
    .insertInto('attempt_counters')
    .values({
      institution_id: counter.institutionId,
      scope: counter.scope,
      key: counter.key,
      failures: 1,
      window_started_at: now,
      locked_until: null,
    })
    .onConflict((conflict) =>
      conflict.columns(['institution_id', 'scope', 'key']).doUpdateSet({
        failures: sql<number>`case when ${restart} then 1 else attempt_counters.failures + 1 end`,
        window_started_at: sql<Date>`case when ${restart} then ${now}::timestamptz else attempt_counters.window_started_at end`,
        locked_until: sql<Date | null>`case when ${restart} then null else attempt_counters.locked_until end`,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  return row.failures;
}

export async function lockCounter(
  db: Db,
  counter: { institutionId: number; scope: string; key: string; until: Date },
): Promise<void> {
  await db
    .updateTable('attempt_counters')
    .set({ locked_until: counter.until })
    .where('institution_id', '=', counter.institutionId)
    .where('scope', '=', counter.scope)
    .where('key', '=', counter.key)
    .execute();
}

export async function deleteCounter(
  db: Db,
  counter: { institutionId: number; scope: string; key: string },
): Promise<void> {
  await db
    .deleteFrom('attempt_counters')
    .where('institution_id', '=', counter.institutionId)
    .where('scope', '=', counter.scope)
    .where('key', '=', counter.key)
    .execute();
}

/**
 * Drops rate windows that began before `rateWindowsBefore` (ended: no limit's window is longer)
 * and unlocked counters nobody has touched since `failuresBefore`. The rate-window delete uses
 * the rate_limit_counters_window_start index (migration 0006).
 */
export async function purgeStaleCounters(
  db: Db,
  before: { rateWindowsBefore: Date; failuresBefore: Date },
): Promise<void> {
  await db
    .deleteFrom('rate_limit_counters')
    .where('window_start', '<', before.rateWindowsBefore)
    .execute();
  await db
    .deleteFrom('attempt_counters')
    .where('window_started_at', '<', before.failuresBefore)
    .where((eb) =>
      eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', before.failuresBefore)]),
    )
    .execute();
}
