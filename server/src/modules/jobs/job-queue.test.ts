import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../db/create-database';
import { migrateToLatest } from '../../db/migrate';
import type { Database } from '../../db/schema';
import { systemClock, type Clock } from '../../lib/clock';
import { createTestClock } from '../../testing/clock';
import { testDatabases } from '../../testing/databases';
import {
  createJobQueue,
  JobLeaseLost,
  PermanentJobError,
  type JobContext,
  type QueueDefinition,
} from './job-queue';
import { listJobs } from './jobs.repository';

const SECOND = 1000;

/** The job's visible effect, written in its finishing transaction; duplicates are allowed. */
async function createEffectsTable(db: Kysely<Database>) {
  await sql`create table if not exists job_test_effects (job_id bigint not null, instance text not null)`.execute(
    db,
  );
}

async function effects(db: Kysely<Database>) {
  const { rows } = await sql<{
    job_id: number;
    instance: string;
  }>`select job_id::int as job_id, instance from job_test_effects order by job_id`.execute(db);
  return rows;
}

function recordingQueue(
  name: string,
  instance: string,
  extra: Partial<QueueDefinition<{ n: number }>> = {},
): QueueDefinition<{ n: number }> {
  return {
    name,
    async handler(context: JobContext<{ n: number }>) {
      await context.complete(async (trx) => {
        await sql`insert into job_test_effects (job_id, instance) values (${context.job.id}, ${instance})`.execute(
          trx,
        );
      });
    },
    ...extra,
  };
}

describe.each(testDatabases('both'))('job queue on $name', (testDatabase) => {
  let database: DatabaseHandle;
  const db = () => database.db;

  beforeAll(async () => {
    database = await testDatabase.open();
    await createEffectsTable(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });
  afterEach(async () => {
    await db().deleteFrom('jobs').execute();
    await sql`delete from job_test_effects`.execute(db());
  });

  it('queues a key once, and a job queued in a transaction that rolls back never exists', async () => {
    const clock = createTestClock();
    const queue = createJobQueue({ db: db(), clock, queues: [recordingQueue('q', 'a')] });
    expect(await queue.enqueue('q', { n: 1 }, { key: 'payment:42:2025-03-14' })).toBe(true);
    expect(await queue.enqueue('q', { n: 2 }, { key: 'payment:42:2025-03-14' })).toBe(false);
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await queue.enqueue('q', { n: 3 }, { key: 'rolled-back' }, trx);
          throw new Error('the change failed');
        }),
    ).rejects.toThrow('the change failed');
    const jobs = await listJobs(db(), 'q');
    expect(jobs.map((job) => [job.key, job.payload])).toEqual([
      ['payment:42:2025-03-14', { n: 1 }],
    ]);
    expect(await queue.runOnce()).toBe(1);
    expect(await queue.runOnce()).toBe(0);
    expect(await effects(db())).toHaveLength(1);
  });

  it('queues many jobs at once, skipping the keys queued before', async () => {
    const clock = createTestClock();
    const queue = createJobQueue({ db: db(), clock, queues: [recordingQueue('q', 'a')] });
    await queue.enqueue('q', { n: 0 }, { key: 'post:2' });
    const many = Array.from({ length: 2_500 }, (_, n) => ({ payload: { n }, key: `post:${n}` }));
    expect(await queue.enqueueMany('q', many)).toBe(2_499);
    expect(await queue.enqueueMany('q', many.slice(0, 10))).toBe(0);
    const jobs = await listJobs(db(), 'q');
    expect(jobs).toHaveLength(2_500);
    expect(jobs.find((job) => job.key === 'post:2')?.payload).toEqual({ n: 0 });
  });

  it('polls only the queue a nudge names, and every queue and schedule once a full round is due', async () => {
    const clock = createTestClock();
    const queue = createJobQueue({
      db: db(),
      clock,
      intervalMs: 60 * SECOND,
      queues: [recordingQueue('named', 'a'), recordingQueue('other', 'a')],
      schedules: [{ queue: 'other', everyMs: 60 * SECOND }],
    });
    queue.start();
    try {
      // The first round is a full one: the schedule's job of this period runs.
      await vi.waitFor(async () => expect(await effects(db())).toHaveLength(1));
      await queue.enqueue('named', {});
      await queue.enqueue('other', {});
      queue.nudge('named');
      await vi.waitFor(async () => expect(await effects(db())).toHaveLength(2));
      const states = (await listJobs(db(), 'other')).map((job) => job.state);
      expect(states.sort()).toEqual(['done', 'queued']);
      // A nudge naming no queue polls them all.
      queue.nudge();
      await vi.waitFor(async () => expect(await effects(db())).toHaveLength(3));
    } finally {
      await queue.stop();
    }
  });

  it('polls a queue once for a burst of nudges asked soon, and not once stopped', async () => {
    const clock = createTestClock();
    // Counts the queue's claims (the statement that leases jobs).
    let claims = 0;
    const counted = db().withPlugin({
      transformQuery({ node }) {
        if (node.kind === 'RawNode' && node.sqlFragments.join('').includes('skip locked')) {
          claims += 1;
        }
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const queue = createJobQueue({
      db: counted,
      clock,
      intervalMs: 60 * SECOND,
      queues: [recordingQueue('burst', 'a')],
    });
    queue.nudgeSoon('burst', 10);
    queue.start();
    try {
      // The first round is a full one: one claim, nothing due.
      await vi.waitFor(() => expect(claims).toBe(1));
      for (let n = 0; n < 3; n += 1) await queue.enqueue('burst', { n });
      for (let request = 0; request < 20; request += 1) queue.nudgeSoon('burst', 50);
      await vi.waitFor(async () => expect(await effects(db())).toHaveLength(3));
      expect(claims).toBe(2);
    } finally {
      await queue.stop();
    }
    await queue.enqueue('burst', { n: 3 });
    queue.nudgeSoon('burst', 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(claims).toBe(2);
    expect(await effects(db())).toHaveLength(3);
  });

  it('drains a queue batch after batch while they come full, one batch a runOnce', async () => {
    const clock = createTestClock();
    const queue = createJobQueue({
      db: db(),
      clock,
      queues: [recordingQueue('many', 'a', { batchSize: 4 })],
    });
    await queue.enqueueMany(
      'many',
      Array.from({ length: 10 }, (_, n) => ({ payload: { n }, key: `many:${n}` })),
    );
    expect(await queue.runOnce('many')).toBe(4);
    expect(await queue.drain('many')).toBe(6);
    expect(await queue.drain('many')).toBe(0);
    expect(await effects(db())).toHaveLength(10);
  });

  it('marks done together the jobs of a batch that wrote nothing, leaving one taken over meanwhile to its new worker', async () => {
    const clock = createTestClock();
    const runs: string[] = [];
    let otherDone: number | undefined;
    const quiet = (instance: string, batchSize: number): QueueDefinition<{ n: number }> => ({
      name: 'quiet',
      leaseMs: 60 * SECOND,
      batchSize,
      async handler({ job }) {
        runs.push(`${instance}:${job.payload.n}`);
        // While the first worker runs its last job, the batch's leases lapse and the other
        // worker takes the oldest job over (it claims one at a time).
        if (instance === 'a' && job.payload.n === 3) {
          clock.advance(61 * SECOND);
          otherDone = await other.runOnce('quiet');
        }
      },
    });
    const queue = createJobQueue({ db: db(), clock, queues: [quiet('a', 10)] });
    const other = createJobQueue({ db: db(), clock, queues: [quiet('b', 1)] });
    for (const n of [1, 2, 3]) await queue.enqueue('quiet', { n });
    const done = await queue.runOnce('quiet');
    expect(runs).toEqual(['a:1', 'a:2', 'a:3', 'b:1']);
    expect(otherDone).toBe(1);
    // The first worker marked done the two still under its leases; the other marked its own.
    expect(done).toBe(2);
    const jobs = await listJobs(db(), 'quiet');
    expect(jobs.map((job) => job.state)).toEqual(['done', 'done', 'done']);
  });

  it('marks finished jobs done while a later job of their batch outlasts their lease, so no other worker runs them again', async () => {
    // Real time: the lease is 300 ms; the batch's second job takes 1.2 s while a second worker
    // polls. Unless the batch marks the first job done as it goes and renews the third's lease,
    // those leases lapse and the poller takes them over: the first would run twice, the third
    // (allowed one attempt, and counted one by the takeover) would die unrun.
    const clock: Clock = systemClock;
    const runs: string[] = [];
    const quiet = (instance: string): QueueDefinition<{ n: number }> => ({
      name: 'batch',
      leaseMs: 300,
      batchSize: 10,
      maxAttempts: 1,
      async handler({ job }) {
        runs.push(`${instance}:${job.payload.n}`);
        if (instance === 'a' && job.payload.n === 2) {
          await new Promise((resolve) => setTimeout(resolve, 1200));
        }
      },
    });
    const queue = createJobQueue({ db: db(), clock, queues: [quiet('a')] });
    const poller = createJobQueue({ db: db(), clock, queues: [quiet('p')] });
    for (const n of [1, 2, 3]) await queue.enqueue('batch', { n });
    const run = queue.runOnce('batch');
    await vi.waitFor(() => expect(runs).toContain('a:2'));
    const until = Date.now() + 1100;
    while (Date.now() < until) {
      await poller.runOnce('batch');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await run).toBe(3);
    expect(runs).toEqual(['a:1', 'a:2', 'a:3']);
    const jobs = await listJobs(db(), 'batch');
    expect(jobs.map((job) => [job.state, job.attempts])).toEqual([
      ['done', 1],
      ['done', 1],
      ['done', 1],
    ]);
  });

  it('runs a job no earlier than its time', async () => {
    const clock = createTestClock();
    const queue = createJobQueue({ db: db(), clock, queues: [recordingQueue('q', 'a')] });
    await queue.enqueue('q', {}, { runAt: new Date(clock.now().getTime() + 60 * SECOND) });
    clock.advance(60 * SECOND - 1);
    expect(await queue.runOnce()).toBe(0);
    clock.advance(1);
    expect(await queue.runOnce()).toBe(1);
  });

  it('retries a failed job with backoff, then marks it dead and runs onDead in the same transaction', async () => {
    const clock = createTestClock();
    const errors: unknown[] = [];
    let calls = 0;
    const queue = createJobQueue({
      db: db(),
      clock,
      onError: (error) => errors.push(error),
      queues: [
        {
          name: 'flaky',
          maxAttempts: 3,
          retryDelayMs: (attempts) => attempts * 10 * SECOND,
          async handler() {
            calls += 1;
            throw new Error(`refused ${calls}`);
          },
          async onDead(job, error, trx) {
            await sql`insert into job_test_effects (job_id, instance) values (${job.id}, ${error})`.execute(
              trx,
            );
          },
        },
      ],
    });
    await queue.enqueue('flaky', {});
    expect(await queue.runOnce()).toBe(0);
    let [job] = await listJobs(db(), 'flaky');
    expect(job).toMatchObject({ state: 'queued', attempts: 1, last_error: 'Error: refused 1' });
    expect(job?.run_at.getTime()).toBe(clock.now().getTime() + 10 * SECOND);

    clock.advance(10 * SECOND - 1);
    expect(await queue.runOnce()).toBe(0);
    expect(calls).toBe(1);
    clock.advance(1);
    await queue.runOnce();
    [job] = await listJobs(db(), 'flaky');
    expect(job?.run_at.getTime()).toBe(clock.now().getTime() + 20 * SECOND);
    clock.advance(20 * SECOND);
    await queue.runOnce();
    [job] = await listJobs(db(), 'flaky');
    expect(job).toMatchObject({ state: 'dead', attempts: 3, last_error: 'Error: refused 3' });
    expect(await effects(db())).toEqual([{ job_id: job?.id, instance: 'Error: refused 3' }]);

    clock.advance(24 * 3600 * SECOND);
    expect(await queue.runOnce()).toBe(0);
    expect(calls).toBe(3);
    expect(errors).toHaveLength(3);
  });

  it('marks a job dead at once on a permanent error', async () => {
    const clock = createTestClock();
    const queue = createJobQueue({
      db: db(),
      clock,
      queues: [
        {
          name: 'permanent',
          async handler() {
            throw new PermanentJobError('the account is closed');
          },
        },
      ],
    });
    await queue.enqueue('permanent', {});
    await queue.runOnce();
    expect(await listJobs(db(), 'permanent')).toMatchObject([
      { state: 'dead', attempts: 1, last_error: 'PermanentJobError: the account is closed' },
    ]);
  });

  it('takes over a job whose worker stalled past its lease, and the stalled worker then writes nothing', async () => {
    const clock = createTestClock();
    let resume: (() => void) | undefined;
    let stalledOutcome: unknown;
    const stalled = createJobQueue({
      db: db(),
      clock,
      queues: [
        {
          name: 'q',
          leaseMs: 60 * SECOND,
          async handler(context) {
            // Stalls (a long GC pause, a hung call) after doing its outside work.
            await new Promise<void>((resolve) => {
              resume = resolve;
            });
            try {
              await context.complete(async (trx) => {
                await sql`insert into job_test_effects (job_id, instance) values (${context.job.id}, 'stalled')`.execute(
                  trx,
                );
              });
            } catch (error) {
              stalledOutcome = error;
              throw error;
            }
          },
        },
      ],
    });
    // The worker that takes over is still at work when the stalled one wakes up.
    let otherEntered = false;
    let releaseOther: (() => void) | undefined;
    const other = createJobQueue({
      db: db(),
      clock,
      queues: [
        recordingQueue('q', 'other', {
          leaseMs: 60 * SECOND,
          async handler(context) {
            otherEntered = true;
            await new Promise<void>((resolve) => {
              releaseOther = resolve;
            });
            await context.complete(async (trx) => {
              await sql`insert into job_test_effects (job_id, instance) values (${context.job.id}, 'other')`.execute(
                trx,
              );
            });
          },
        }),
      ],
    });
    await stalled.enqueue('q', {});

    const stalledRun = stalled.runOnce();
    await vi.waitFor(() => expect(resume).toBeDefined());
    expect(await other.runOnce()).toBe(0);
    expect(otherEntered).toBe(false);
    clock.advance(60 * SECOND + 1);
    const otherRun = other.runOnce();
    await vi.waitFor(() => expect(releaseOther).toBeDefined());
    resume?.();
    expect(await stalledRun).toBe(0);
    releaseOther?.();
    expect(await otherRun).toBe(1);

    expect(stalledOutcome).toBeInstanceOf(JobLeaseLost);
    expect((await effects(db())).map((row) => row.instance)).toEqual(['other']);
    expect(await listJobs(db(), 'q')).toMatchObject([{ state: 'done', attempts: 2 }]);
  });

  it('keeps a long job by renewing its lease while it runs', async () => {
    // Real time: the lease is 300 ms and the job takes 1.2 s, polled by a second worker.
    const clock: Clock = systemClock;
    let release: (() => void) | undefined;
    const slow = createJobQueue({
      db: db(),
      clock,
      queues: [
        recordingQueue('long', 'slow', {
          leaseMs: 300,
          async handler(context) {
            await new Promise<void>((resolve) => {
              release = resolve;
            });
            await context.complete(async (trx) => {
              await sql`insert into job_test_effects (job_id, instance) values (${context.job.id}, 'slow')`.execute(
                trx,
              );
            });
          },
        }),
      ],
    });
    const poller = createJobQueue({
      db: db(),
      clock,
      queues: [recordingQueue('long', 'poller', { leaseMs: 300 })],
    });
    await slow.enqueue('long', {});
    const run = slow.runOnce();
    await vi.waitFor(() => expect(release).toBeDefined());
    const until = Date.now() + 1200;
    while (Date.now() < until) {
      expect(await poller.runOnce()).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    release?.();
    expect(await run).toBe(1);
    expect((await effects(db())).map((row) => row.instance)).toEqual(['slow']);
  });
});

const postgresUrl = process.env.TEST_DATABASE_URL?.trim();

describe.runIf(postgresUrl)('job queue: two instances on one PostgreSQL database', () => {
  const name = `portal_test_jobs_${process.pid}_${randomBytes(4).toString('hex')}`;
  const handles: DatabaseHandle[] = [];
  let url = '';

  async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    await admin((client) => client.query(`create database ${name}`));
    const target = new URL(postgresUrl ?? '');
    target.pathname = `/${name}`;
    url = target.toString();
    for (let index = 0; index < 2; index += 1) handles.push(await createDatabase({ url }));
    const [first] = handles;
    if (!first) throw new Error('no pool');
    await migrateToLatest(first.db);
    await createEffectsTable(first.db);
  });
  afterAll(async () => {
    await Promise.all(handles.map((handle) => handle.close()));
    await admin((client) => client.query(`drop database if exists ${name} with (force)`));
  });

  it('runs 1,000 jobs, each exactly once, with both instances polling at the same time', async () => {
    const [first, second] = handles;
    if (!first || !second) throw new Error('two pools expected');
    const instances = [first, second].map((handle, index) =>
      createJobQueue({
        db: handle.db,
        clock: systemClock,
        intervalMs: 20,
        queues: [recordingQueue('bulk', `instance-${index}`, { batchSize: 25 })],
      }),
    );
    const [producer] = instances;
    if (!producer) throw new Error('no instance');
    await first.db.transaction().execute(async (trx) => {
      for (let n = 0; n < 1000; n += 1)
        await producer.enqueue('bulk', { n }, { key: `bulk:${n}` }, trx);
    });
    for (const instance of instances) instance.start();
    try {
      await vi.waitFor(
        async () => {
          const left = await first.db
            .selectFrom('jobs')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .where('queue', '=', 'bulk')
            .where('state', '!=', 'done')
            .executeTakeFirstOrThrow();
          expect(Number(left.count)).toBe(0);
        },
        { timeout: 120_000, interval: 200 },
      );
    } finally {
      await Promise.all(instances.map((instance) => instance.stop()));
    }
    const rows = await effects(first.db);
    expect(rows).toHaveLength(1000);
    expect(new Set(rows.map((row) => row.job_id)).size).toBe(1000);
    // Both instances took part.
    const byInstance = new Set(rows.map((row) => row.instance));
    expect(byInstance).toEqual(new Set(['instance-0', 'instance-1']));
    const jobs = await listJobs(first.db, 'bulk');
    expect(jobs.every((job) => job.attempts === 1)).toBe(true);
  }, 180_000);

  it('finishes, once, the job of a worker process killed in the middle of it', async () => {
    const [first] = handles;
    if (!first) throw new Error('no pool');
    const leaseMs = 1500;
    const survivor = createJobQueue({
      db: first.db,
      clock: systemClock,
      queues: [recordingQueue('crash-test', 'survivor', { leaseMs })],
    });
    await survivor.enqueue('crash-test', {});
    const script = fileURLToPath(new URL('../../testing/crashing-job-worker.ts', import.meta.url));
    const child = fork(script, [url, String(leaseMs)], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    );
    await new Promise<void>((resolve, reject) => {
      child.on('message', (message) => {
        if (message === 'inside') resolve();
      });
      child.on('exit', () => reject(new Error('the worker exited before it claimed the job')));
    });
    // The job is leased and its effect written, not committed: the worker dies here.
    const [leased] = await listJobs(first.db, 'crash-test');
    expect(leased).toMatchObject({ state: 'active', attempts: 1 });
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    // Until the lease lapses, nobody takes the job; then the survivor does, once.
    expect(await survivor.runOnce()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, leaseMs + 200));
    expect(await survivor.runOnce()).toBe(1);
    expect(await survivor.runOnce()).toBe(0);
    const rows = await effects(first.db);
    expect(rows.filter((row) => row.job_id === leased?.id).map((row) => row.instance)).toEqual([
      'survivor',
    ]);
    expect(await listJobs(first.db, 'crash-test')).toMatchObject([{ state: 'done', attempts: 2 }]);
  }, 60_000);
});
