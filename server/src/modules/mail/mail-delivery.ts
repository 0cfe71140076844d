import { createJobQueue, type JobQueue, type QueueDefinition } from '../jobs/job-queue';
import { MAIL_DELIVERY_QUEUE, MAIL_SOON_MS } from './mail.service';
import { markSent } from './outbox.repository';
import {
  channelDeliveryQueue,
  channelWorkerOf,
  type OutboxChannel,
  type OutboxSweep,
  type OutboxSweepOptions,
  retryDelayMs,
} from './outbox-sweep';
import type { MailTransport } from './transports';

export { MAIL_DELIVERY_QUEUE, retryDelayMs };

/** How often the job queue sweeps the outbox without being asked (retries, a lost request). */
export const MAIL_SWEEP_EVERY_MS = 60_000;

export interface MailDeliveryOptions extends OutboxSweepOptions {
  transport: MailTransport;
}

/*
 * E-mail is a channel of the outbox mechanism (outbox-sweep.ts: claims fenced by their attempt
 * number, a sweep per job on the 'mail.deliver' queue, retries with backoff, failed for good
 * after the last attempt): the 'outbox_messages' table, sent by the transport (SMTP, or the demo
 * mailbox).
 */
function mailChannel(
  transport: MailTransport,
): OutboxChannel<'outbox_messages', { transport: string }> {
  return {
    table: 'outbox_messages',
    queue: MAIL_DELIVERY_QUEUE,
    soonMs: MAIL_SOON_MS,
    async send(message, text) {
      await transport.send({ to: message.to_address, subject: message.subject, text });
      return { transport: transport.name };
    },
    markSent: (db, sent) =>
      markSent(db, {
        id: sent.message.id,
        at: sent.at,
        transport: sent.receipt.transport,
        keepBody: sent.keepBody,
      }),
  };
}

/** The job queue's 'mail.deliver' queue: each of its jobs is a sweep of the outbox. */
export function mailDeliveryQueue(
  options: MailDeliveryOptions,
): QueueDefinition<unknown> & { sweep: OutboxSweep } {
  return channelDeliveryQueue(mailChannel(options.transport), options);
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
    ...channelWorkerOf({ queue: MAIL_DELIVERY_QUEUE, soonMs: MAIL_SOON_MS }, sweep, queue),
    start: () => queue.start(),
    stop: () => queue.stop(),
  };
}
