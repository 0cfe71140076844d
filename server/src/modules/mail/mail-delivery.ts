import type { Kysely } from 'kysely';
import type { Database, OutboxMessageRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { DataProtector } from '../../lib/data-protection';
import {
  createJobQueue,
  defaultRetryDelayMs,
  type JobQueue,
  type QueueDefinition,
} from '../jobs/job-queue';
import { MAIL_DELIVERY_QUEUE, MAIL_SOON_MS, openMailBody } from './mail.service';

export { MAIL_DELIVERY_QUEUE };
import {
  claimDueMessages,
  markMessageFailed,
  markSent,
  releaseFailedAttempt,
  renewMessageClaim,
} from './outbox.repository';
import type { MailTransport } from './transports';

/** How often the job queue sweeps the outbox without being asked (retries, a lost request). */
export const MAIL_SWEEP_EVERY_MS = 60_000;

const DEFAULT_MAX_ATTEMPTS = 8;

export interface MailDeliveryOptions {
  db: Kysely<Database>;
  clock: Clock;
  transport: MailTransport;
  /** Opens the sealed bodies (the data key). */
  dataProtector: Pick<DataProtector, 'decrypt'>;
  /** Demo mode keeps sent bodies for the demo mailbox; otherwise a sent body is blanked. */
  keepSentBodies?: boolean;
  /** Messages claimed at a time. */
  batchSize?: number;
  /**
   * A message not finished within this time is taken over by another sender (a crashed one).
   * The claim is renewed while a message is sent, and right before unless it is young, so it
   * must outlast the time between renewals (a third of it), SMTP timeouts included.
   */
  claimMs?: number;
  /** Attempts before a message is marked failed. */
  maxAttempts?: number;
}

/** Retry after 30 s, 1, 2, 4 ... minutes, at most an hour. */
export const retryDelayMs = defaultRetryDelayMs;

/*
 * Delivery sweeps the outbox: a sweep claims the messages due (each claim counts an attempt,
 * and that attempt number fences the claim, outbox.repository claimDueMessages), sends each and
 * marks it sent. The message row keeps what the demo mailbox and support see (status, attempts,
 * last error) and its own retry time, so a failed message waits out its backoff and is failed
 * for good after its last attempt.
 *
 * Every sweep runs on the job queue (queue 'mail.deliver'): the schedule's job every
 * MAIL_SWEEP_EVERY_MS, and the one `deliverSoon()` asks for after a message is queued
 * (JobQueue.soon: a burst of messages gets one). Decision: a sweep rather than a job per message,
 * which cost every message a job's insert, claim, lease renewal and finishing transaction (about
 * eight statements; a sweep costs a message about one and a half).
 *
 * At least once, as before: a message is sent only right after its claim was confirmed (renewed,
 * unless claimed within the last third of the claim time), and marked sent whoever's claim it
 * was sent under, so a sender that took it over finds it sent and stops. A second send needs a
 * sender to stall past its claim between that confirmation and the send.
 */
export interface OutboxSweep {
  /**
   * Claims and sends one batch of due messages; the number sent, and whether the batch was full
   * (more may be waiting).
   */
  sweepOnce(): Promise<{ sent: number; full: boolean }>;
}

export function createOutboxSweep(options: MailDeliveryOptions): OutboxSweep {
  const { db, clock, transport } = options;
  const claimMs = options.claimMs ?? 60_000;
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const claimUntil = () => new Date(clock.now().getTime() + claimMs);

  /** Sends one claimed message; true when this sender sent it. */
  async function deliver(message: OutboxMessageRow, claimedAt: number): Promise<boolean> {
    const claim = { id: message.id, attempts: message.attempts };
    // Its last sender died in its last attempt.
    if (message.attempts > maxAttempts) {
      await markMessageFailed(db, claim);
      return false;
    }
    // A message that waited behind others of its batch may have been taken over meanwhile:
    // unless its claim is still young, it is confirmed (and renewed) first.
    if (
      clock.now().getTime() - claimedAt > claimMs / 3 &&
      !(await renewMessageClaim(db, { ...claim, claimedUntil: claimUntil() }))
    ) {
      return false;
    }
    const heartbeat = setInterval(() => {
      renewMessageClaim(db, { ...claim, claimedUntil: claimUntil() }).catch(() => undefined);
    }, claimMs / 3);
    heartbeat.unref();
    try {
      await transport.send({
        to: message.to_address,
        subject: message.subject,
        text: openMailBody(options.dataProtector, message.body),
      });
    } catch (error) {
      const retry = message.attempts < maxAttempts;
      await releaseFailedAttempt(db, {
        ...claim,
        error: error instanceof Error ? error.message : String(error),
        retryAt: retry ? new Date(clock.now().getTime() + retryDelayMs(message.attempts)) : null,
      });
      return false;
    } finally {
      clearInterval(heartbeat);
    }
    await markSent(db, {
      id: message.id,
      at: clock.now(),
      transport: transport.name,
      keepBody: options.keepSentBodies ?? false,
    });
    return true;
  }

  return {
    async sweepOnce() {
      const limit = options.batchSize ?? 20;
      const claimedAt = clock.now().getTime();
      const batch = await claimDueMessages(db, {
        now: new Date(claimedAt),
        claimedUntil: new Date(claimedAt + claimMs),
        limit,
      });
      let sent = 0;
      for (const message of batch) if (await deliver(message, claimedAt)) sent += 1;
      return { sent, full: batch.length === limit };
    },
  };
}

/** Sweeps batch after batch while they come full; the number sent. */
async function sweepAll(sweep: OutboxSweep, goOn: () => Promise<boolean>): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await sweep.sweepOnce();
    sent += batch.sent;
    if (!batch.full || !(await goOn())) return sent;
  }
}

/** The job queue's 'mail.deliver' queue: each of its jobs is a sweep of the outbox. */
export function mailDeliveryQueue(
  options: MailDeliveryOptions,
): QueueDefinition<unknown> & { sweep: OutboxSweep } {
  const sweep = createOutboxSweep(options);
  return {
    name: MAIL_DELIVERY_QUEUE,
    // The messages carry their own attempts: a failed sweep is simply the next one's work.
    maxAttempts: 1,
    sweep,
    async handler({ stillMine }) {
      await sweepAll(sweep, stillMine);
    },
  };
}

export interface OutboxWorker {
  /** Sweeps the messages due now; resolves to the number sent. */
  runOnce(): Promise<number>;
  /** Delivers soon (a message was just queued). */
  nudge(): void;
}

/** Delivery on its own job queue (tests, and tools that only send mail). */
export function createOutboxWorker(
  options: MailDeliveryOptions & { onError?: (error: unknown) => void },
): OutboxWorker & Pick<JobQueue, 'start' | 'stop'> {
  const definition = mailDeliveryQueue(options);
  const queue = createJobQueue({
    db: options.db,
    clock: options.clock,
    queues: [definition],
    schedules: [{ queue: MAIL_DELIVERY_QUEUE, everyMs: MAIL_SWEEP_EVERY_MS }],
    ...(options.onError ? { onError: options.onError } : {}),
  });
  return outboxWorkerOf(definition.sweep, queue);
}

/** The outbox service of an app whose job queue runs the 'mail.deliver' queue. */
export function outboxWorkerOf(
  sweep: OutboxSweep,
  queue: Pick<JobQueue, 'soon' | 'start' | 'stop'>,
): OutboxWorker & Pick<JobQueue, 'start' | 'stop'> {
  return {
    runOnce: () => sweepAll(sweep, async () => true),
    nudge: () => queue.soon(MAIL_DELIVERY_QUEUE, MAIL_SOON_MS),
    start: () => queue.start(),
    stop: () => queue.stop(),
  };
}
