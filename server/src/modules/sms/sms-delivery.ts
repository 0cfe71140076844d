import type { JobQueue, QueueDefinition } from '../jobs/job-queue';
import {
  channelDeliveryQueue,
  type ChannelWorker,
  channelWorkerOf,
  createChannelWorker,
  type OutboxChannel,
  type OutboxDeliveryOptions,
} from '../mail/outbox-delivery';
import { SmsRefusedError, type SmsProvider } from './providers';
import { SMS_DELIVERY_QUEUE, SMS_MAX_ATTEMPTS, SMS_SOON_MS } from './sms.service';
import { markSmsSent } from './sms-outbox.repository';

export { SMS_DELIVERY_QUEUE };

export interface SmsDeliveryOptions extends OutboxDeliveryOptions {
  provider: SmsProvider;
}

/*
 * Texts are a channel of the outbox mechanism the e-mail outbox runs on (mail/outbox-delivery.ts:
 * a job per text on the 'sms.deliver' queue, keyed 'sms:<id>', with the queue's leases, retries
 * and dead jobs): the 'sms_messages' table, sent by the provider. Two things are its own: a text
 * the provider refuses for good (SmsRefusedError: a landline) fails at once, and the outbox
 * row's dedupe key goes to the provider as its idempotency key, so a worker that lost its lease
 * or crashed between the provider's answer and marking the row sent makes the next attempt the
 * same text, not a second one.
 */
function smsChannel(
  provider: SmsProvider,
): OutboxChannel<'sms_messages', { providerMessageId: string }> {
  return {
    table: 'sms_messages',
    queue: SMS_DELIVERY_QUEUE,
    maxAttempts: SMS_MAX_ATTEMPTS,
    soonMs: SMS_SOON_MS,
    send: (message, body) =>
      provider.send({
        to: message.phone_number,
        body,
        idempotencyKey: `${message.institution_id}:${message.dedupe_key}`,
      }),
    refusedForGood: (error) => error instanceof SmsRefusedError,
    markSent: (db, sent) =>
      markSmsSent(db, {
        id: sent.message.id,
        at: sent.at,
        provider: provider.name,
        providerMessageId: sent.receipt.providerMessageId,
        keepBody: sent.keepBody,
      }),
  };
}

/** The job queue's 'sms.deliver' queue: each of its jobs delivers one text. */
export function smsDeliveryQueue(options: SmsDeliveryOptions): QueueDefinition<unknown> {
  return channelDeliveryQueue(smsChannel(options.provider), options);
}

/** The delivery of the SMS outbox (the app's `services.smsOutbox`). */
export type SmsOutboxWorker = ChannelWorker;

/** Delivery on a job queue of its own (tests, and tools that only text). */
export function createSmsOutboxWorker(
  options: SmsDeliveryOptions & { onError?: (error: unknown) => void },
): SmsOutboxWorker & Pick<JobQueue, 'start' | 'stop'> {
  return createChannelWorker(smsChannel(options.provider), options);
}

/** The SMS outbox service of an app whose job queue runs the 'sms.deliver' queue. */
export function smsOutboxWorkerOf(queue: Pick<JobQueue, 'drain' | 'nudgeSoon'>): SmsOutboxWorker {
  return channelWorkerOf({ queue: SMS_DELIVERY_QUEUE, soonMs: SMS_SOON_MS }, queue);
}
