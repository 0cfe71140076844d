import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { DataProtector } from '../../lib/data-protection';
import {
  createJobQueue,
  defaultRetryDelayMs,
  JobLeaseLost,
  type JobQueue,
  type QueueDefinition,
} from '../jobs/job-queue';
import { MAIL_DELIVERY_QUEUE, openMailBody } from './mail.service';

export { MAIL_DELIVERY_QUEUE };
import {
  findOutboxMessage,
  markMessageFailed,
  markSent,
  recordAttempt,
  recordFailedAttempt,
} from './outbox.repository';
import type { MailTransport } from './transports';

export interface MailDeliveryPayload {
  messageId: number;
}

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
   * A message not finished within this time is taken over by another worker (a crashed one).
   * The lease is renewed while a message is sent, and right before, so it must outlast the time
   * between renewals (a third of it), SMTP timeouts included.
   */
  claimMs?: number;
  /** Attempts before a message is marked failed. */
  maxAttempts?: number;
}

/** Retry after 30 s, 1, 2, 4 ... minutes, at most an hour. */
export const retryDelayMs = defaultRetryDelayMs;

/**
 * Delivery of one outbox message. The message row keeps what the demo mailbox and support see
 * (status, attempts, last error); the job queue does the leasing, retries and take-over. A
 * message is sent only right after the lease was confirmed, and marked sent whoever's lease it
 * was sent under, so a worker that took over finds it sent and stops.
 */
export function mailDeliveryQueue(
  options: MailDeliveryOptions,
): QueueDefinition<MailDeliveryPayload> {
  const { db, clock, transport } = options;
  return {
    name: MAIL_DELIVERY_QUEUE,
    leaseMs: options.claimMs ?? 60_000,
    batchSize: options.batchSize ?? 20,
    ...(options.maxAttempts === undefined ? {} : { maxAttempts: options.maxAttempts }),
    retryDelayMs,
    async handler({ job, stillMine }) {
      const message = await findOutboxMessage(db, job.payload.messageId);
      // Sent already (a worker whose lease lapsed after sending), failed, or purged.
      if (message?.status !== 'pending') return;
      if (!(await recordAttempt(db, { id: message.id, attempts: job.attempts }))) return;
      if (!(await stillMine())) throw new JobLeaseLost(job.id);
      try {
        await transport.send({
          to: message.to_address,
          subject: message.subject,
          text: openMailBody(options.dataProtector, message.body),
        });
      } catch (error) {
        await recordFailedAttempt(db, {
          id: message.id,
          error: error instanceof Error ? error.message : String(error),
        });
        throw error;
      }
      await markSent(db, {
        id: message.id,
        at: clock.now(),
        transport: transport.name,
        keepBody: options.keepSentBodies ?? false,
      });
    },
    async onDead(job, _error, trx) {
      await markMessageFailed(trx, (job.payload as MailDeliveryPayload).messageId);
    },
  };
}

export interface OutboxWorker {
  /** Claims and sends the due messages once; resolves to the number sent. */
  runOnce(): Promise<number>;
  /** Delivers as soon as possible (a message was just queued). */
  nudge(): void;
}

/** A job queue that runs mail delivery alone (tests, and tools that only send mail). */
export function createOutboxWorker(
  options: MailDeliveryOptions & { onError?: (error: unknown) => void },
): OutboxWorker & Pick<JobQueue, 'start' | 'stop'> {
  const queue = createJobQueue({
    db: options.db,
    clock: options.clock,
    queues: [mailDeliveryQueue(options)],
    ...(options.onError ? { onError: options.onError } : {}),
  });
  return {
    runOnce: () => queue.runOnce(MAIL_DELIVERY_QUEUE),
    nudge: () => queue.nudge(),
    start: () => queue.start(),
    stop: () => queue.stop(),
  };
}
