import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/create-database';
import { TooManyRequestsError } from '../../lib/http-errors';
import { createTestClock, type TestClock } from '../../testing/clock';
import { testDatabases } from '../../testing/databases';
import {
  createThrottleService,
  HOUR_MS,
  LONGEST_RATE_WINDOW_MS,
  MINUTE_MS,
  type ThrottleService,
} from './throttle.service';

const DAY_MS = 24 * HOUR_MS;

describe.each(testDatabases('both'))('throttle counters on $name', (testDatabase) => {
  let database: DatabaseHandle;
  let institutionId: number;
  let clock: TestClock;
  let throttle: ThrottleService;
  const db = () => database.db;
  const ago = (ms: number) => new Date(clock.now().getTime() - ms);

  beforeAll(async () => {
    database = await testDatabase.open();
    const row = await db()
      .insertInto('institutions')
      .values({
        slug: `throttle-${randomBytes(3).toString('hex')}`,
        name: 'Throttle Savings',
        cdn_folder: '/cdn/throttle',
        time_zone: 'UTC',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    institutionId = row.id;
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await db().deleteFrom('rate_limit_counters').execute();
    await db().deleteFrom('attempt_counters').execute();
    clock = createTestClock();
    throttle = createThrottleService({ db: db(), clock });
  });

  async function rateWindows(): Promise<string[]> {
    const rows = await db()
      .selectFrom('rate_limit_counters')
      .select('key')
      .orderBy('key')
      .execute();
    return rows.map((row) => row.key);
  }

  it('answers the count of a window with each hit, so the first refusal can be told apart', async () => {
    const limit = { institutionId, bucket: 'card-user', key: 'u1', limit: 2, windowMs: HOUR_MS };
    clock.advance(HOUR_MS - (clock.now().getTime() % HOUR_MS));
    const hits = [];
    for (let index = 0; index < 4; index += 1) hits.push(await throttle.hit(limit));
    expect(hits.map((hit) => [hit.allowed, hit.count])).toEqual([
      [true, 1],
      [true, 2],
      [false, 3],
      [false, 4],
    ]);
    expect(hits[2]?.retryAfterMs).toBe(HOUR_MS);
    clock.advance(HOUR_MS);
    expect(await throttle.hit(limit)).toMatchObject({ allowed: true, count: 1 });
  });

  it('reads the failures within a window without counting one', async () => {
    const counter = { institutionId, scope: 'login-ip', key: '192.0.2.9' };
    const policy = { maxFailures: 1000, lockoutMs: 30 * MINUTE_MS, windowMs: 30 * MINUTE_MS };
    expect(await throttle.recentFailures(counter, 30 * MINUTE_MS)).toBe(0);
    await throttle.registerFailure(counter, policy);
    await throttle.registerFailure(counter, policy);
    expect(await throttle.recentFailures(counter, 30 * MINUTE_MS)).toBe(2);
    expect(await throttle.recentFailures(counter, 30 * MINUTE_MS)).toBe(2);
    clock.advance(30 * MINUTE_MS);
    expect(await throttle.recentFailures(counter, 30 * MINUTE_MS)).toBe(0);
  });

  it('lets a key be used once until it ends, also when two uses race', async () => {
    const counter = { institutionId, scope: 'login-check', key: 'challenge-1' };
    const until = new Date(clock.now().getTime() + 5 * MINUTE_MS);
    const uses = await Promise.all([
      throttle.useOnce(counter, until),
      throttle.useOnce(counter, until),
    ]);
    expect(uses.sort()).toEqual([false, true]);
    expect(await throttle.useOnce(counter, until)).toBe(false);
    // The purge keeps it while it holds.
    clock.advance(DAY_MS);
    await throttle.purge();
    expect(await throttle.useOnce(counter, new Date(clock.now().getTime() - 1))).toBe(false);
  });

  it('purges rate windows that have ended and keeps the ones that may still count', async () => {
    const window = (key: string, start: Date) => ({
      institution_id: institutionId,
      bucket: 'purge-test',
      key,
      window_start: start,
      count: 5,
    });
    await db()
      .insertInto('rate_limit_counters')
      .values([
        window('ended-long-ago', ago(2 * HOUR_MS)),
        window('ended', ago(LONGEST_RATE_WINDOW_MS + 5 * MINUTE_MS + 1)),
        // An hour-long window that began an hour ago ends now: an instance whose clock runs a
        // minute behind still counts in it.
        window('just-ended', ago(LONGEST_RATE_WINDOW_MS)),
        window('current', ago(59 * MINUTE_MS)),
      ])
      .execute();

    await throttle.purge();

    expect(await rateWindows()).toEqual(['current', 'just-ended']);
  });

  it('keeps counting a current window across a purge and forgets it once it has ended', async () => {
    const hourly = { institutionId, bucket: 'hourly', key: 'visitor', limit: 2, windowMs: HOUR_MS };
    clock.set('2025-03-14T15:00:00.000Z');
    expect(await throttle.allow(hourly)).toBe(true);
    clock.advance(59 * MINUTE_MS);
    expect(await throttle.allow(hourly)).toBe(true);

    await throttle.purge();
    expect(await throttle.allow(hourly)).toBe(false);

    clock.advance(HOUR_MS + 10 * MINUTE_MS);
    await throttle.purge();
    expect(await rateWindows()).toEqual([]);
  });

  it('never purges a lock that still holds or failures still inside their window', async () => {
    const perHour = { maxFailures: 3, lockoutMs: 15 * MINUTE_MS, windowMs: HOUR_MS };
    const counter = (key: string) => ({ institutionId, scope: 'purge-test', key });
    // Locked until a reset, two days ago.
    clock.advance(-2 * DAY_MS);
    for (let failure = 0; failure < 3; failure += 1) {
      await throttle.registerFailure(counter('locked-forever'), { ...perHour, lockoutMs: 0 });
    }
    await throttle.registerFailure(counter('stale'), perHour);
    clock.advance(2 * DAY_MS);
    // A failure counted two hours ago, under a policy whose failures count until a reset.
    clock.advance(-2 * HOUR_MS);
    await throttle.registerFailure(counter('until-reset'), { maxFailures: 3, lockoutMs: 0 });
    clock.advance(2 * HOUR_MS);
    // Failures half an hour ago, inside their hour-long window.
    clock.advance(-30 * MINUTE_MS);
    await throttle.registerFailure(counter('recent'), perHour);
    await throttle.registerFailure(counter('recent'), perHour);
    clock.advance(30 * MINUTE_MS);
    // A lock that began a minute ago.
    clock.advance(-MINUTE_MS);
    for (let failure = 0; failure < 3; failure += 1) {
      await throttle.registerFailure(counter('locked-now'), perHour);
    }
    clock.advance(MINUTE_MS);

    await throttle.purge();

    const rows = await db()
      .selectFrom('attempt_counters')
      .select(['key', 'failures'])
      .orderBy('key')
      .execute();
    expect(rows).toEqual([
      { key: 'locked-forever', failures: 3 },
      { key: 'locked-now', failures: 3 },
      { key: 'recent', failures: 2 },
      { key: 'until-reset', failures: 1 },
    ]);
    expect(await throttle.lockedUntil(counter('locked-forever'))).toBeDefined();
    expect(await throttle.lockedUntil(counter('locked-now'))).toEqual(
      new Date(clock.now().getTime() + 14 * MINUTE_MS),
    );
    const { failures } = await throttle.registerFailure(counter('until-reset'), {
      maxFailures: 3,
      lockoutMs: 0,
    });
    expect(failures).toBe(2);
    expect(await throttle.registerFailure(counter('recent'), perHour)).toEqual({
      failures: 3,
      locked: true,
    });
  });

  it('refuses a rate limit whose window is longer than the purge keeps', async () => {
    await expect(
      throttle.allow({
        institutionId,
        bucket: 'daily',
        key: 'visitor',
        limit: 5,
        windowMs: LONGEST_RATE_WINDOW_MS + 1,
      }),
    ).rejects.toThrow(/LONGEST_RATE_WINDOW_MS/);
    expect(await rateWindows()).toEqual([]);
  });

  it('counts request windows in memory for a database with one user, writing nothing', async () => {
    const inMemory = createThrottleService({ db: db(), clock, rateWindows: 'memory' });
    const minute = {
      institutionId,
      bucket: 'api',
      key: 'session-1',
      limit: 2,
      windowMs: MINUTE_MS,
    };
    clock.set('2025-03-14T15:00:00.000Z');
    expect(await inMemory.allow(minute)).toBe(true);
    expect(await inMemory.allow(minute)).toBe(true);
    expect(await inMemory.allow(minute)).toBe(false);
    await expect(inMemory.enforce(minute)).rejects.toThrow(TooManyRequestsError);
    // Another key, bucket or institution has its own window.
    expect(await inMemory.allow({ ...minute, key: 'session-2' })).toBe(true);
    expect(await inMemory.allow({ ...minute, bucket: 'other' })).toBe(true);
    // The next window starts again, across a purge.
    clock.advance(MINUTE_MS);
    await inMemory.purge();
    expect(await inMemory.allow(minute)).toBe(true);
    expect(await inMemory.allow(minute)).toBe(true);
    expect(await inMemory.allow(minute)).toBe(false);
    expect(await rateWindows()).toEqual([]);
  });

  it('purges rate windows through an index on window_start, not by scanning the table', async () => {
    // One connection: the setting holds for it only.
    const plan = await db()
      .connection()
      .execute(async (connection) => {
        await sql`set enable_seqscan = off`.execute(connection);
        try {
          const { rows } = await sql<{ 'QUERY PLAN': string }>`
            explain delete from rate_limit_counters where window_start < ${clock.now()}`.execute(
            connection,
          );
          return rows.map((row) => row['QUERY PLAN']).join('\n');
        } finally {
          await sql`reset enable_seqscan`.execute(connection);
        }
      });
    expect(plan).toContain('rate_limit_counters_window_start');
  });
});
