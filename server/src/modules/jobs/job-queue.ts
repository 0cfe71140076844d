import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, JobRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { createRecurringJob } from './recurring-job';
import {
  claimJobs,
  failJob,
  finishJob,
  finishJobs,
  insertJob,
  insertJobs,
  renewLease,
  renewLeases,
} from './jobs.repository';

/**
 * The job queue: every background job of the server (each e-mail and text of the outboxes,
 * housekeeping, the core's end of day, the posting of due payments) runs through it, on PGlite
 * and on PostgreSQL alike.
 *
 * Guarantees, each covered by job-queue.test.ts:
 * - A job is leased to one worker at a time (claims use FOR UPDATE SKIP LOCKED); the lease is
 *   renewed while the handler runs, and a job whose worker died is taken over once the lease
 *   lapses.
 * - Each claim carries a fencing token. A handler makes its database changes through
 *   `ctx.complete(trx => …)`, which marks the job done in the same transaction, under its token:
 *   a worker that lost its lease rolls back instead of writing twice. Database effects therefore
 *   happen exactly once; effects outside the database (sending mail) happen at least once, right
 *   after `ctx.stillMine()` confirmed the lease, which makes a second send need a worker to stall
 *   past its lease between that check and the send.
 * - A failed attempt is retried with backoff; after `maxAttempts` the job is dead (kept 30 days
 *   with its last error, for support) and the queue's `onDead` runs in the same transaction.
 * - Enqueueing is idempotent per (queue, key), and can join the caller's transaction, so a job
 *   exists only if the change that asked for it commits.
 * - A job whose handler writes nothing through `complete` is marked done after the rest of its
 *   claimed batch ran, with them, in one statement under each one's lease: a worker that died
 *   before that leaves them to be run again once their leases lapse, as any job whose worker
 *   died (every job is idempotent).
 *
 * Cost, since every statement counts on PGlite's one connection: the batch's done marks are one
 * statement; many jobs can be queued by one statement (`enqueueMany`, or a repository's own
 * statement that writes its row and the row's job together: the outboxes); a nudge that names its
 * queue polls that queue alone, and `nudgeSoon` turns a burst of nudges into one poll.
 *
 * Why not pg-boss: it needs its own connection pool and schema next to ours (PGlite has a single
 * connection we already serialise), its completion is keyed by job id only (a worker whose job
 * expired and was retried elsewhere can still complete it), and enqueueing inside our Kysely
 * transactions would need a second executor. The guarantees above are about 200 lines here.
 */

export interface JobContext<P> {
  job: { id: number; queue: string; key: string | null; payload: P; attempts: number };
  /** Aborted when the lease was lost (another worker took the job over). */
  signal: AbortSignal;
  /** Renews the lease now; false when the job is no longer ours (then do nothing more). */
  stillMine(): Promise<boolean>;
  /**
   * Runs `change` in a transaction that also marks the job done under this lease. When the
   * lease was lost the transaction rolls back and `JobLeaseLost` is thrown.
   */
  complete<T>(change: (db: Kysely<Database>) => Promise<T>): Promise<T>;
}

export class JobLeaseLost extends Error {
  constructor(id: number) {
    super(`job ${id}: lease lost to another worker`);
    this.name = 'JobLeaseLost';
  }
}

/** A failure no retry can fix: the job is dead at once. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

export interface QueueDefinition<P = unknown> {
  name: string;
  handler(context: JobContext<P>): Promise<void>;
  /** How long a claim lasts without renewal (default a minute). */
  leaseMs?: number;
  /** Attempts before the job is dead (default 8). */
  maxAttempts?: number;
  /** Delay before attempt n + 1 after n failed (default 30 s doubling, at most an hour). */
  retryDelayMs?(attempts: number): number;
  /** Jobs claimed at a time (default 10). */
  batchSize?: number;
  /** Runs when a job dies, in the transaction that marks it dead. */
  onDead?(job: JobRow, error: string, db: Kysely<Database>): Promise<void>;
}

/** Retry after 30 s, 1, 2, 4 ... minutes, at most an hour. */
export function defaultRetryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

const DEFAULT_MAX_ATTEMPTS = 8;
/** Jobs inserted by one statement of `enqueueMany`. */
const ENQUEUE_CHUNK = 1_000;

/** Done jobs are kept a week and dead ones a month (for support), then housekeeping deletes them. */
export const DONE_JOB_RETENTION_MS = 7 * 24 * 3_600_000;
export const DEAD_JOB_RETENTION_MS = 30 * 24 * 3_600_000;

export interface EnqueueOptions {
  /** Idempotency key: a second enqueue with the same key (same queue) is a no-op. */
  key?: string;
  /** A dead job of the key starts over instead (jobs.repository `NewJob.reviveDead`). */
  reviveDead?: boolean;
  runAt?: Date;
  /** Overrides the queue's maxAttempts for this job. */
  maxAttempts?: number;
}

export interface JobQueue {
  /**
   * Queues a job; pass the caller's transaction as `db` so it exists only if that commits.
   * Resolves to false when the key was queued already.
   */
  enqueue(
    queue: string,
    payload: unknown,
    options?: EnqueueOptions,
    db?: Kysely<Database>,
  ): Promise<boolean>;
  /**
   * Queues many jobs of one queue in one statement (a day's payments to post); keys already
   * queued are skipped. Resolves to how many were queued.
   */
  enqueueMany(
    queue: string,
    jobs: readonly { payload: unknown; key: string }[],
    options?: Omit<EnqueueOptions, 'key'>,
  ): Promise<number>;
  /** Claims and runs the due jobs of one queue (all queues without a name); the number done. */
  runOnce(queue?: string): Promise<number>;
  /** Queues the current period's job of every schedule (each poll does it first). */
  schedule(): Promise<void>;
  /**
   * Runs one queue's due jobs batch after batch while they come full; the number done (what
   * `runOnce` does for one batch; tests and tools that drive a queue by hand).
   */
  drain(queue: string): Promise<number>;
  /**
   * Polls `queue` about `withinMs` from now, however often this is asked in the meantime: a
   * burst of jobs just queued (the outbox's messages of a burst of requests) is one claim. Only
   * while polling (between start() and stop()); the next full round finds what a stop cut short.
   */
  nudgeSoon(queue: string, withinMs: number): void;
  /** Polls every intervalMs until stop(). */
  start(): void;
  /**
   * Polls as soon as possible (a job was just queued). Naming the queue polls that queue alone
   * (unless the timer's full round is due): a nudge per request must not cost every queue's
   * claim and every schedule's insert.
   */
  nudge(queue?: string): void;
  /** Stops polling and waits for the jobs under way. */
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  db: Kysely<Database>;
  clock: Clock;
  queues: QueueDefinition<never>[];
  /** Time between polls when nothing nudges the queue (default 2 s). */
  intervalMs?: number;
  /**
   * Recurring jobs: at each poll, every instance queues the job of the current period under the
   * key 'every:<period start>', so the period's job exists once however many instances run.
   */
  schedules?: { queue: string; everyMs: number }[];
  onError?: (error: unknown, job?: JobRow) => void;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { db, clock } = options;
  const definitions = new Map<string, QueueDefinition>();
  for (const queue of options.queues as QueueDefinition[]) {
    if (definitions.has(queue.name)) throw new Error(`queue ${queue.name} defined twice`);
    definitions.set(queue.name, queue);
  }
  const definitionOf = (name: string): QueueDefinition => {
    const definition = definitions.get(name);
    if (!definition) throw new Error(`no queue named ${name}`);
    return definition;
  };
  const workerToken = randomUUID();

  /**
   * Runs one claimed job: 'done' when it finished (through `complete`), 'ran' when its handler
   * ended without writing through `complete` (finished with its batch), 'not done' otherwise.
   */
  async function runJob(
    definition: QueueDefinition,
    job: JobRow,
    /** Called with each lease renewal (its batch marks its finished jobs done meanwhile). */
    onHeartbeat?: () => Promise<void>,
  ): Promise<'done' | 'ran' | 'not done'> {
    const leaseMs = definition.leaseMs ?? 60_000;
    const token = job.lease_token ?? '';
    const lease = () => ({
      id: job.id,
      token,
      leaseUntil: new Date(clock.now().getTime() + leaseMs),
    });
    const lost = new AbortController();
    const stillMine = async () => {
      if (lost.signal.aborted) return false;
      const mine = await renewLease(db, lease());
      if (!mine) lost.abort();
      return mine;
    };
    // A job that waited behind others of its batch may have been taken over meanwhile: unless
    // its claim is still young (a takeover needs the lease to have lapsed), the lease is renewed
    // first. Skipping it for a fresh claim saves a statement on every short job.
    const claimedUntil = job.lease_until?.getTime() ?? 0;
    if (claimedUntil - clock.now().getTime() < (leaseMs * 2) / 3 && !(await stillMine())) {
      return 'not done';
    }
    const heartbeat = setInterval(() => {
      stillMine().catch((error: unknown) => options.onError?.(error, job));
      onHeartbeat?.().catch((error: unknown) => options.onError?.(error, job));
    }, leaseMs / 3);
    heartbeat.unref();
    let completed = false;
    const context: JobContext<unknown> = {
      job: {
        id: job.id,
        queue: job.queue,
        key: job.key,
        payload: job.payload,
        attempts: job.attempts,
      },
      signal: lost.signal,
      stillMine,
      async complete(change) {
        const result = await db.transaction().execute(async (trx) => {
          if (!(await finishJob(trx, { id: job.id, token, at: clock.now() }))) {
            throw new JobLeaseLost(job.id);
          }
          return change(trx);
        });
        completed = true;
        return result;
      },
    };
    try {
      // A job whose last attempt's worker died is out of attempts before it runs.
      if (job.attempts > job.max_attempts) throw new PermanentJobError('out of attempts');
      await definition.handler(context);
      return completed ? 'done' : 'ran';
    } catch (error) {
      if (error instanceof JobLeaseLost) return 'not done';
      options.onError?.(error, job);
      const message = messageOf(error);
      const retry = !(error instanceof PermanentJobError) && job.attempts < job.max_attempts;
      const at = clock.now();
      const retryAt = retry
        ? new Date(at.getTime() + (definition.retryDelayMs ?? defaultRetryDelayMs)(job.attempts))
        : null;
      await db.transaction().execute(async (trx) => {
        if (!(await failJob(trx, { id: job.id, token, at, error: message, retryAt }))) return;
        if (!retryAt) await definition.onDead?.(job, message, trx);
      });
      return 'not done';
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function runQueue(definition: QueueDefinition): Promise<{ done: number; full: boolean }> {
    const now = clock.now();
    const limit = definition.batchSize ?? 10;
    const leaseMs = definition.leaseMs ?? 60_000;
    const jobs = await claimJobs(db, {
      queue: definition.name,
      now,
      leaseUntil: new Date(now.getTime() + leaseMs),
      limit,
      token: `${workerToken}:${randomUUID()}`,
    });
    let done = 0;
    // The jobs that wrote nothing through `complete` are marked done together, each under its
    // lease (one statement a batch, not one a job). A finished job's lease is no longer renewed,
    // so in a batch that runs long they are marked as it goes: before the next job once a third
    // of the lease has passed since the claim, and with each renewal of a long job's lease.
    // Either way within the lease they were claimed under, so no other worker runs them again.
    // One taken over meanwhile (its worker stalled past the lease) stays its new worker's; a
    // crash before the mark runs them again once their leases lapse (jobs are idempotent).
    let ran: JobRow[] = [];
    // One mark at a time, in order (a renewal's mark may still run when the batch ends).
    let marking: Promise<void> = Promise.resolve();
    const markRan = () => {
      marking = marking
        .catch(() => undefined)
        .then(async () => {
          if (ran.length === 0) return;
          const finished = ran;
          ran = [];
          done += await finishJobs(db, {
            leases: finished.map((job) => ({ id: job.id, token: job.lease_token ?? '' })),
            at: clock.now(),
          });
        });
      return marking;
    };
    // The jobs still waiting behind a long one keep their leases too: a job taken over before
    // it started would count an attempt it never made (one allowed a single attempt would die).
    const renewWaiting = async (index: number) => {
      await renewLeases(db, {
        leases: jobs.slice(index + 1).map((job) => ({ id: job.id, token: job.lease_token ?? '' })),
        leaseUntil: new Date(clock.now().getTime() + leaseMs),
      });
    };
    for (const [index, job] of jobs.entries()) {
      if (clock.now().getTime() - now.getTime() >= leaseMs / 3) await markRan();
      const outcome = await runJob(definition, job, async () => {
        await Promise.all([markRan(), renewWaiting(index)]);
      });
      if (outcome === 'done') done += 1;
      else if (outcome === 'ran') ran.push(job);
    }
    await markRan();
    return { done, full: jobs.length === limit };
  }

  async function runOnce(queue?: string): Promise<number> {
    const selected = queue === undefined ? [...definitions.values()] : [definitionOf(queue)];
    let done = 0;
    for (const definition of selected) done += (await runQueue(definition)).done;
    return done;
  }

  async function drain(queue: string): Promise<number> {
    const definition = definitionOf(queue);
    let done = 0;
    for (;;) {
      const batch = await runQueue(definition);
      done += batch.done;
      if (!batch.full) return done;
    }
  }

  async function schedule(): Promise<void> {
    const now = clock.now().getTime();
    for (const { queue, everyMs } of options.schedules ?? []) {
      const start = new Date(now - (now % everyMs));
      await enqueue(queue, {}, { key: `every:${start.toISOString()}`, runAt: start });
    }
  }

  async function enqueue(
    queue: string,
    payload: unknown,
    enqueueOptions: EnqueueOptions = {},
    executor: Kysely<Database> = db,
  ): Promise<boolean> {
    const now = clock.now();
    return insertJob(executor, {
      queue,
      payload,
      ...(enqueueOptions.key === undefined ? {} : { key: enqueueOptions.key }),
      ...(enqueueOptions.reviveDead ? { reviveDead: true } : {}),
      runAt: enqueueOptions.runAt ?? now,
      // A queue another instance runs may be unknown here: its default applies.
      maxAttempts:
        enqueueOptions.maxAttempts ?? definitions.get(queue)?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      now,
    });
  }

  async function enqueueMany(
    queue: string,
    jobs: readonly { payload: unknown; key: string }[],
    enqueueOptions: Omit<EnqueueOptions, 'key'> = {},
  ): Promise<number> {
    const now = clock.now();
    const runAt = enqueueOptions.runAt ?? now;
    const maxAttempts =
      enqueueOptions.maxAttempts ?? definitions.get(queue)?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    let queued = 0;
    // A statement's parameters are limited (65,535 in PostgreSQL): a thousand jobs at a time.
    for (let first = 0; first < jobs.length; first += ENQUEUE_CHUNK) {
      queued += await insertJobs(
        db,
        jobs.slice(first, first + ENQUEUE_CHUNK).map(({ payload, key }) => ({
          queue,
          payload,
          key,
          runAt,
          maxAttempts,
          now,
        })),
      );
    }
    return queued;
  }

  const intervalMs = options.intervalMs ?? 2000;
  // Queues named by nudges since the last round. A round runs only those, unless it is a full
  // round (schedules, then every queue): the timer's, a nudge that named no queue, or any round
  // once intervalMs has passed since the last full one (steady nudges keep the timer from firing).
  const nudged = new Set<string>();
  let fullRoundAsked = true;
  let lastFullRound = -Infinity;
  const poller = createRecurringJob({
    intervalMs,
    round: async (stopped) => {
      const full = fullRoundAsked || performance.now() - lastFullRound >= intervalMs;
      const selected = full
        ? [...definitions.values()]
        : [...nudged].map((name) => definitionOf(name));
      nudged.clear();
      fullRoundAsked = false;
      if (full) {
        lastFullRound = performance.now();
        await schedule();
      }
      for (const definition of selected) {
        // A full batch means more may be waiting.
        while (!stopped() && (await runQueue(definition)).full);
      }
    },
    ...(options.onError ? { onError: (error: unknown) => options.onError?.(error) } : {}),
  });

  function nudge(queue?: string): void {
    if (queue === undefined) fullRoundAsked = true;
    // A queue this instance does not run: nothing to poll here.
    else if (definitions.has(queue)) nudged.add(queue);
    else return;
    poller.nudge();
  }

  let polling = false;
  const soonTimers = new Map<string, NodeJS.Timeout>();

  return {
    enqueue,
    enqueueMany,
    runOnce,
    drain,
    schedule,
    start() {
      polling = true;
      poller.start();
    },
    async stop() {
      polling = false;
      for (const timer of soonTimers.values()) clearTimeout(timer);
      soonTimers.clear();
      await poller.stop();
    },
    nudgeSoon(queue, withinMs) {
      if (!polling || soonTimers.has(queue)) return;
      const timer = setTimeout(() => {
        soonTimers.delete(queue);
        nudge(queue);
      }, withinMs);
      timer.unref();
      soonTimers.set(queue, timer);
    },
    nudge,
  };
}
