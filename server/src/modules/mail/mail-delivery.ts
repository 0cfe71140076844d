import type { JobQueue, QueueDefinition } from '../jobs/job-queue';
import { MAIL_DELIVERY_QUEUE, MAIL_MAX_ATTEMPTS, MAIL_SOON_MS } from './mail.service';
import { markSent } from './outbox.repository';
import {
  channelDeliveryQueue,
  type ChannelWorker,
  channelWorkerOf,
  createChannelWorker,
  type OutboxChannel,
  type OutboxDeliveryOptions,
  retryDelayMs,
} from './outbox-delivery';
import type { MailTransport } from './transports';

export { MAIL_DELIVERY_QUEUE, retryDelayMs };

export interface MailDeliveryOptions extends OutboxDeliveryOptions {
  transport: MailTransport;
}

/*
 * E-mail is a channel of the outbox mechanism (outbox-delivery.ts: a job per message on the
 * 'mail.deliver' queue, keyed 'mail:<id>', with the queue's leases, retries and dead jobs): the
 * 'outbox_messages' table, sent by the transport (SMTP, or the demo mailbox). SMTP takes no
 * idempotency key: a worker that loses its lease in the middle of a send can make an e-mail go
 * twice (outbox-delivery.ts, "at least once").
 */
function mailChannel(
  transport: MailTransport,
): OutboxChannel<'outbox_messages', { transport: string }> {
  return {
    table: 'outbox_messages',
    queue: MAIL_DELIVERY_QUEUE,
    maxAttempts: MAIL_MAX_ATTEMPTS,
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

/** The job queue's 'mail.deliver' queue: each of its jobs delivers one message. */
export function mailDeliveryQueue(options: MailDeliveryOptions): QueueDefinition<unknown> {
  return channelDeliveryQueue(mailChannel(options.transport), options);
}

/** The delivery of the e-mail outbox (the app's `services.outbox`). */
export type OutboxWorker = ChannelWorker;

/** Delivery on a job queue of its own (tests, and tools that only send mail). */
export function createOutboxWorker(
  options: MailDeliveryOptions & { onError?: (error: unknown) => void },
): OutboxWorker & Pick<JobQueue, 'start' | 'stop'> {
  return createChannelWorker(mailChannel(options.transport), options);
}

/** The outbox service of an app whose job queue runs the 'mail.deliver' queue. */
export function outboxWorkerOf(queue: Pick<JobQueue, 'drain' | 'nudgeSoon'>): OutboxWorker {
  return channelWorkerOf({ queue: MAIL_DELIVERY_QUEUE, soonMs: MAIL_SOON_MS }, queue);
}
