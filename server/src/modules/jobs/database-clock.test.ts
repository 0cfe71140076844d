import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/create-database';
import type { Clock } from '../../lib/clock';
import { testDatabases } from '../../testing/databases';
import { databaseClock } from './database-clock';
import { createJobQueue } from './job-queue';
import { listJobs, readDatabaseTime } from './jobs.repository';

const SECOND = 1000;

describe.each(testDatabases('both'))('the job queue’s clock on $name', (testDatabase) => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await testDatabase.open();
  });
  afterAll(async () => {
    await database?.close();
  });

  /** A system clock `skewMs` off the real one (an instance whose clock drifted). */
  const skewed = (skewMs: number): Clock => ({ now: () => new Date(Date.now() + skewMs) });

  it('reads the database’s time, whatever the instance’s own clock says', async () => {
    for (const skew of [-90 * SECOND, 0, 5 * 60 * SECOND]) {
      const clock = databaseClock(database.db, { local: skewed(skew), system: skewed(skew) });
      await clock.sync();
      const database_ = (await readDatabaseTime(database.db)).getTime();
      expect(Math.abs(clock.now().getTime() - database_)).toBeLessThan(2 * SECOND);
      clock.stop();
    }
  });

  it('keeps the shift of a demo clock, on the database’s time', async () => {
    const shift = -3 * 24 * 3600 * SECOND;
    const clock = databaseClock(database.db, {
      local: skewed(shift + 60 * SECOND),
      system: skewed(60 * SECOND),
    });
    await clock.sync();
    const database_ = (await readDatabaseTime(database.db)).getTime();
    expect(Math.abs(clock.now().getTime() - (database_ + shift))).toBeLessThan(2 * SECOND);
    clock.stop();
  });

  it('does not let an instance whose clock runs ahead take over a live lease', async () => {
    const handled: string[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const queue = (name: string) => ({
      name: 'clock-q',
      leaseMs: 30 * SECOND,
      async handler() {
        handled.push(name);
        if (name === 'honest') await held;
      },
    });
    const honestClock = databaseClock(database.db, { local: skewed(0), system: skewed(0) });
    // Ten minutes fast: with its own clock it would think the 30-second lease long lapsed.
    const fastClock = databaseClock(database.db, {
      local: skewed(10 * 60 * SECOND),
      system: skewed(10 * 60 * SECOND),
    });
    await Promise.all([honestClock.sync(), fastClock.sync()]);
    const honest = createJobQueue({
      db: database.db,
      clock: honestClock,
      queues: [queue('honest')],
    });
    const fast = createJobQueue({ db: database.db, clock: fastClock, queues: [queue('fast')] });
    await honest.enqueue('clock-q', {}, { key: 'one' });
    const running = honest.runOnce('clock-q');
    await expect.poll(() => handled).toEqual(['honest']);
    expect(await fast.runOnce('clock-q')).toBe(0);
    release();
    await running;
    expect(handled).toEqual(['honest']);
    expect((await listJobs(database.db, 'clock-q')).map((job) => job.state)).toEqual(['done']);
    honestClock.stop();
    fastClock.stop();
  });
});
