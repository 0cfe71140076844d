import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database, JobRow } from '../../db/schema';

type Db = Kysely<Database>;

export interface NewJob {
  queue: string;
  payload: unknown;
  runAt: Date;
  maxAttempts: number;
  /** One job per (queue, key): enqueueing the same key again is a no-op. */
  key?: string;
  /**
   * A dead job of the same key starts over (attempts from 0, due at `runAt`) instead of the
   * no-op: staff retrying what the queue gave up on. A queued, active or done one is still kept.
   */
  reviveDead?: boolean;
  now: Date;
}

/** Inserts a job; false when one with the same queue and key exists already. */
export async function insertJob(db: Db, job: NewJob): Promise<boolean> {
  const row = await db
    .insertInto('jobs')
    .values({
      queue: job.queue,
      key: job.key ?? null,
      payload: JSON.stringify(job.payload ?? {}),
      run_at: job.runAt,
      max_attempts: job.maxAttempts,
      created_at: job.now,
    })
    .onConflict((conflict) =>
      job.reviveDead
        ? conflict
            .columns(['queue', 'key'])
            .doUpdateSet({
              state: 'queued',
              attempts: 0,
              payload: JSON.stringify(job.payload ?? {}),
              run_at: job.runAt,
              max_attempts: job.maxAttempts,
              lease_token: null,
              lease_until: null,
              last_error: '',
              finished_at: null,
            })
            .where('jobs.state', '=', 'dead')
        : conflict.columns(['queue', 'key']).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Inserts many jobs in one statement, skipping (queue, key) pairs that exist; how many went in. */
export async function insertJobs(
  db: Db,
  jobs: readonly (NewJob & { key: string })[],
): Promise<number> {
  if (jobs.length === 0) return 0;
  const rows = await db
    .insertInto('jobs')
    .values(
      jobs.map((job) => ({
        queue: job.queue,
        key: job.key,
        payload: JSON.stringify(job.payload ?? {}),
        run_at: job.runAt,
        max_attempts: job.maxAttempts,
        created_at: job.now,
      })),
    )
    .onConflict((conflict) => conflict.columns(['queue', 'key']).doNothing())
    .returning('id')
    .execute();
  return rows.length;
}

/**
 * Leases up to `limit` due jobs of one queue to one worker: queued ones whose time has come and
 * active ones whose lease lapsed (their worker died). `FOR UPDATE SKIP LOCKED` lets several
 * instances claim at once without ever taking the same row; a job whose finishing transaction is
 * under way is locked, so it is skipped too. Each claim gets a new fencing token.
 */
export async function claimJobs(
  db: Db,
  claim: { queue: string; now: Date; leaseUntil: Date; limit: number; token: string },
): Promise<JobRow[]> {
  const { rows } = await sql<JobRow>`
    update jobs
    set state = 'active', attempts = attempts + 1,
        lease_token = ${claim.token} || ':' || id, lease_until = ${claim.leaseUntil}
    where id in (
      select id from jobs
      where queue = ${claim.queue}
        and ((state = 'queued' and run_at <= ${claim.now})
          or (state = 'active' and lease_until < ${claim.now}))
      order by run_at, id
      limit ${claim.limit}
      for update skip locked
    )
    returning *`.execute(db);
  return rows.sort((a, b) => a.run_at.getTime() - b.run_at.getTime() || a.id - b.id);
}

/** Extends a lease while its token still holds; false when another worker took the job over. */
export async function renewLease(
  db: Db,
  lease: { id: number; token: string; leaseUntil: Date },
): Promise<boolean> {
  const row = await db
    .updateTable('jobs')
    .set({ lease_until: lease.leaseUntil })
    .where('id', '=', lease.id)
    .where('state', '=', 'active')
    .where('lease_token', '=', lease.token)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The active jobs among these whose leases still hold (each one's id under its own token). */
function underLeases(leases: readonly { id: number; token: string }[]) {
  return (eb: ExpressionBuilder<Database, 'jobs'>) =>
    eb.and([
      eb('state', '=', 'active'),
      eb(
        eb.refTuple('id', 'lease_token'),
        'in',
        leases.map((lease) => eb.tuple(lease.id, lease.token)),
      ),
    ]);
}

/**
 * Extends the leases that still hold of jobs claimed together: the ones waiting in a batch
 * behind a long job. Returns how many were still under their leases.
 */
export async function renewLeases(
  db: Db,
  batch: { leases: readonly { id: number; token: string }[]; leaseUntil: Date },
): Promise<number> {
  if (batch.leases.length === 0) return 0;
  const rows = await db
    .updateTable('jobs')
    .set({ lease_until: batch.leaseUntil })
    .where(underLeases(batch.leases))
    .returning('id')
    .execute();
  return rows.length;
}

/**
 * Marks the job done under this lease only. Run it first in the transaction that makes the
 * job's changes: it locks the row, so the job cannot be claimed again until the transaction ends,
 * and it finds no row when the lease was lost, so the caller rolls back.
 */
export async function finishJob(
  db: Db,
  lease: { id: number; token: string; at: Date },
): Promise<boolean> {
  const row = await db
    .updateTable('jobs')
    .set({ state: 'done', finished_at: lease.at, lease_token: null, lease_until: null })
    .where('id', '=', lease.id)
    .where('state', '=', 'active')
    .where('lease_token', '=', lease.token)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Marks done the jobs whose leases still hold (a batch whose handlers wrote nothing through
 * `complete`); answers how many. One taken over by another worker is left to it.
 */
export async function finishJobs(
  db: Db,
  batch: { leases: readonly { id: number; token: string }[]; at: Date },
): Promise<number> {
  const rows = await db
    .updateTable('jobs')
    .set({ state: 'done', finished_at: batch.at, lease_token: null, lease_until: null })
    .where(underLeases(batch.leases))
    .returning('id')
    .execute();
  return rows.length;
}

/**
 * Records a failed attempt under this lease: queued again at `retryAt`, or dead when it is null.
 * A worker whose lease lapsed changes nothing (the job is someone else's now).
 */
export async function failJob(
  db: Db,
  lease: { id: number; token: string; at: Date; error: string; retryAt: Date | null },
): Promise<boolean> {
  const row = await db
    .updateTable('jobs')
    .set({
      state: lease.retryAt ? 'queued' : 'dead',
      run_at: lease.retryAt ?? sql<Date>`run_at`,
      finished_at: lease.retryAt ? null : lease.at,
      lease_token: null,
      lease_until: null,
      last_error: lease.error.slice(0, 500),
    })
    .where('id', '=', lease.id)
    .where('state', '=', 'active')
    .where('lease_token', '=', lease.token)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Jobs of a queue, oldest first (tests and the operator's view). */
export async function listJobs(db: Db, queue: string): Promise<JobRow[]> {
  return db.selectFrom('jobs').selectAll().where('queue', '=', queue).orderBy('id').execute();
}

/** Deletes done jobs finished before `doneBefore` and dead ones before `deadBefore`. */
export async function deleteFinishedJobs(
  db: Db,
  before: { doneBefore: Date; deadBefore: Date },
): Promise<number> {
  const result = await db
    .deleteFrom('jobs')
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'done'), eb('finished_at', '<', before.doneBefore)]),
        eb.and([eb('state', '=', 'dead'), eb('finished_at', '<', before.deadBefore)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The database server's clock now (not the transaction's start: `clock_timestamp()`). */
export async function readDatabaseTime(db: Db): Promise<Date> {
  const { rows } = await sql<{ now: Date | string }>`select clock_timestamp() as now`.execute(db);
  const value = rows[0]?.now;
  if (value === undefined) throw new Error('The database did not say its time');
  return value instanceof Date ? value : new Date(value);
}
