import type { JobQueue, QueueDefinition } from '../jobs/job-queue';
import {
  channelDeliveryQueue,
  channelWorkerOf,
  createChannelSweep,
  type OutboxChannel,
  type OutboxSweep,
  type OutboxSweepOptions,
} from '../mail/outbox-sweep';
import { SmsRefusedError, type SmsProvider } from './providers';
import { SMS_DELIVERY_QUEUE, SMS_SOON_MS } from './sms.service';
import { markSmsSent } from './sms-outbox.repository';

export { SMS_DELIVERY_QUEUE };

/** How often the job queue sweeps the SMS outbox without being asked. */
export const SMS_SWEEP_EVERY_MS = 60_000;

export interface SmsDeliveryOptions extends OutboxSweepOptions {
  provider: SmsProvider;
}

/*
 * Texts are a channel of the outbox mechanism the e-mail outbox runs on (mail/outbox-sweep.ts:
 * claims fenced by their attempt number, a sweep per job on the 'sms.deliver' queue, retries
 * with backoff, failed for good after the last attempt): the 'sms_messages' table, sent by the
 * provider. Two things are its own: a text the provider refuses for good (SmsRefusedError: a
 * landline) fails at once, and the outbox row's dedupe key goes to the provider as its
 * idempotency key, so a sender that crashed between the provider's answer and marking the row
 * sent makes the next sender's attempt the same text, not a second one.
 */
export type SmsSweep = OutboxSweep;

function smsChannel(
  provider: SmsProvider,
): OutboxChannel<'sms_messages', { providerMessageId: string }> {
  return {
    table: 'sms_messages',
    queue: SMS_DELIVERY_QUEUE,
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

export function createSmsSweep(options: SmsDeliveryOptions): SmsSweep {
  return createChannelSweep(smsChannel(options.provider), options);
}

/** The job queue's 'sms.deliver' queue: each job is a sweep of the SMS outbox. */
export function smsDeliveryQueue(
  options: SmsDeliveryOptions,
): QueueDefinition<unknown> & { sweep: SmsSweep } {
  return channelDeliveryQueue(smsChannel(options.provider), options);
}

export interface SmsOutboxWorker {
  /** Sweeps the texts due now; resolves to the number sent. */
  runOnce(): Promise<number>;
  nudge(): void;
}

export function smsOutboxWorkerOf(sweep: SmsSweep, queue: Pick<JobQueue, 'soon'>): SmsOutboxWorker {
  return channelWorkerOf({ queue: SMS_DELIVERY_QUEUE, soonMs: SMS_SOON_MS }, sweep, queue);
}
