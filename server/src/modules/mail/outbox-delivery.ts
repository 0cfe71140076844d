import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { DataProtector } from '../../lib/data-protection';
import {
  createJobQueue,
  defaultRetryDelayMs,
  JobLeaseLost,
  type JobQueue,
  PermanentJobError,
  type QueueDefinition,
} from '../jobs/job-queue';
import { openMailBody } from './mail.service';
import {
  findOutboxRow,
  markFailed,
  type OutboxRowOf,
  type OutboxTable,
  recordFailedAttempt,
} from './outbox.repository';

/*
 * The outbox mechanism, one for every channel (e-mail: mail-delivery.ts; texts:
 * sms/sms-delivery.ts), on the one job queue: each message is delivered by a job of its own on
 * the channel's queue ('mail.deliver' keyed 'mail:<id>', 'sms.deliver' keyed 'sms:<id>', the
 * message's id in its payload). The job is written by the statement that writes the message
 * (outbox.repository insertOutboxMessage, sms-outbox.repository insertSmsMessage, and a payment's
 * change with its e-mail in payments.repository), so one exists exactly when the other does, in
 * or out of a transaction. Claiming, leases, fencing, retries with backoff and giving up are the
 * queue's (job-queue.ts) and nothing else's: the outbox row keeps only what support and the demo
 * pages see (status, the last attempt's reason, when it was sent).
 *
 * A job reads its message, confirms its lease (`stillMine`), hands the message to the channel's
 * sender and marks it sent; the job is then done with its batch. A failed send keeps its reason
 * on the row and throws: the queue retries the job after its backoff (`retryDelayMs`, as the
 * outbox's own retries were: 30 s doubling, at most an hour, MAIL_MAX_ATTEMPTS / SMS_MAX_ATTEMPTS
 * attempts, about an hour in all), and when the job dies (out of attempts, or a send its sender
 * refused for good: PermanentJobError at once) its `onDead` marks the message failed in the same
 * transaction. A job of a message no longer pending (sent, failed or purged) does nothing.
 *
 * At least once, decided: a message is sent only right after `stillMine()` confirmed the job's
 * lease (the lease is renewed while the send runs), and marked sent whoever's lease it was sent
 * under, on purpose unfenced: "sent" is a fact, and a worker that took the job over reads the
 * row first and stops. A second send therefore needs a worker to lose its lease in the middle of
 * a send (stalled past the lease between that check and the sender's answer, or dead after the
 * sender took the message but before the mark). SMTP takes no idempotency key, so such an
 * e-mail goes twice (better than never; the demo mailbox shows the row, so once); the SMS
 * provider takes the row's dedupe key as its idempotency key, which makes even that one text.
 * Fencing the mark with the lease (`complete`) would not help: a worker whose lease lapsed
 * mid-send would then leave a sent message pending, and its new worker would send it again.
 *
 * Cost: a message's job is inserted by the message's own statement; delivering it costs its
 * read, the lease check and the mark, plus a share of its batch's claim and done mark (one
 * statement each per batch of 20), about three statements a message.
 */

/** Retry after 30 s, 1, 2, 4 ... minutes, at most an hour. */
export const retryDelayMs = defaultRetryDelayMs;

/** One channel's outbox: its table, its queue and how a message leaves. */
export interface OutboxChannel<T extends OutboxTable, Receipt> {
  table: T;
  /** The job queue of its messages' delivery jobs. */
  queue: string;
  /** Attempts before a message fails for good (the jobs' max_attempts, written with them). */
  maxAttempts: number;
  /** How long a nudge waits for others to join it (a burst is one claim). */
  soonMs: number;
  /** Hands a message to the sender (its body opened); throws to retry it. */
  send(message: OutboxRowOf<T>, body: string): Promise<Receipt>;
  /** A send the sender refused for good: failed at once, not retried. */
  refusedForGood?(error: unknown): boolean;
  /** Marks the message sent with what the sender answered (sent stays sent). */
  markSent(
    db: Kysely<Database>,
    sent: { message: OutboxRowOf<T>; at: Date; keepBody: boolean; receipt: Receipt },
  ): Promise<void>;
}

export interface OutboxDeliveryOptions {
  db: Kysely<Database>;
  clock: Clock;
  /** Opens the sealed bodies (the data key). */
  dataProtector: Pick<DataProtector, 'decrypt'>;
  /** Demo mode keeps sent bodies for the demo pages; otherwise a sent body is blanked. */
  keepSentBodies?: boolean;
  /** Delivery jobs claimed at a time (default 20). */
  batchSize?: number;
  /**
   * A job not finished within this time is taken over by another worker (a crashed one). The
   * lease is renewed while a message is sent, so it must outlast the time between renewals (a
   * third of it), the sender's timeouts included (default a minute).
   */
  leaseMs?: number;
}

/** The message id a delivery job's payload names; undefined for any other payload. */
function messageIdOf(payload: unknown): number | undefined {
  if (typeof payload !== 'object' || payload === null || !('messageId' in payload)) {
    return undefined;
  }
  return typeof payload.messageId === 'number' ? payload.messageId : undefined;
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The channel's queue on the job queue: each of its jobs delivers one message. */
export function channelDeliveryQueue<T extends OutboxTable, Receipt>(
  channel: OutboxChannel<T, Receipt>,
  options: OutboxDeliveryOptions,
): QueueDefinition<unknown> {
  const { db, clock } = options;
  const { table } = channel;
  return {
    name: channel.queue,
    leaseMs: options.leaseMs ?? 60_000,
    batchSize: options.batchSize ?? 20,
    maxAttempts: channel.maxAttempts,
    retryDelayMs,
    async handler({ job, stillMine }) {
      const id = messageIdOf(job.payload);
      // A sweep job queued before each message had its own (migration 0044): nothing to do.
      if (id === undefined) return;
      const message = await findOutboxRow(db, table, id);
      // Sent by a worker that had lost this job's lease, failed, or purged.
      if (message?.status !== 'pending') return;
      if (!(await stillMine())) throw new JobLeaseLost(job.id);
      let receipt: Receipt;
      try {
        receipt = await channel.send(message, openMailBody(options.dataProtector, message.body));
      } catch (error) {
        await recordFailedAttempt(db, table, { id, error: reasonOf(error) });
        throw channel.refusedForGood?.(error) ? new PermanentJobError(reasonOf(error)) : error;
      }
      await channel.markSent(db, {
        message,
        at: clock.now(),
        keepBody: options.keepSentBodies ?? false,
        receipt,
      });
    },
    async onDead(job, error, trx) {
      const id = messageIdOf(job.payload);
      if (id !== undefined) await markFailed(trx, table, { id, error });
    },
  };
}

export interface ChannelWorker {
  /** Runs the delivery jobs due now, batch after batch; resolves to the number done. */
  runOnce(): Promise<number>;
  /** Delivers soon (a message was just queued). */
  nudge(): void;
}

/** The delivery service of a channel whose queue the job queue runs. */
export function channelWorkerOf(
  channel: Pick<OutboxChannel<OutboxTable, unknown>, 'queue' | 'soonMs'>,
  queue: Pick<JobQueue, 'drain' | 'nudgeSoon'>,
): ChannelWorker {
  return {
    runOnce: () => queue.drain(channel.queue),
    nudge: () => queue.nudgeSoon(channel.queue, channel.soonMs),
  };
}

/** A channel's delivery on a job queue of its own (tests, and tools that only send). */
export function createChannelWorker<T extends OutboxTable, Receipt>(
  channel: OutboxChannel<T, Receipt>,
  options: OutboxDeliveryOptions & { onError?: (error: unknown) => void },
): ChannelWorker & Pick<JobQueue, 'start' | 'stop'> {
  const queue = createJobQueue({
    db: options.db,
    clock: options.clock,
    queues: [channelDeliveryQueue(channel, options)],
    ...(options.onError ? { onError: options.onError } : {}),
  });
  return {
    ...channelWorkerOf(channel, queue),
    start: () => queue.start(),
    stop: () => queue.stop(),
  };
}
