import type { Kysely } from 'kysely';
import type { Database, SmsMessageRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { DataProtector } from '../../lib/data-protection';
import { defaultRetryDelayMs, type JobQueue, type QueueDefinition } from '../jobs/job-queue';
import { SmsRefusedError, type SmsProvider } from './providers';
import { SMS_DELIVERY_QUEUE, SMS_SOON_MS } from './sms.service';

export { SMS_DELIVERY_QUEUE };
import { claimDueSms, markSmsSent, releaseFailedSms, renewSmsClaim } from './sms-outbox.repository';

/** How often the job queue sweeps the SMS outbox without being asked. */
export const SMS_SWEEP_EVERY_MS = 60_000;

const DEFAULT_MAX_ATTEMPTS = 8;

export interface SmsDeliveryOptions {
  db: Kysely<Database>;
  clock: Clock;
  provider: SmsProvider;
  dataProtector: Pick<DataProtector, 'decrypt'>;
  /** Demo mode keeps sent bodies for the demo phone; otherwise a sent body is blanked. */
  keepSentBodies?: boolean;
  batchSize?: number;
  /** As the e-mail outbox's claim (mail-delivery.ts): renewed every third of it while sending. */
  claimMs?: number;
  maxAttempts?: number;
}

/*
 * The SMS outbox is swept as the e-mail outbox is (mail-delivery.ts: claims fenced by their
 * attempt number, a sweep per job on the 'sms.deliver' queue, retries with backoff, failed for
 * good after the last attempt). Two differences: a text the provider refuses for good
 * (SmsRefusedError: a landline) fails at once, and the outbox row's dedupe key goes to the
 * provider as its idempotency key, so a sender that crashed between the provider's answer and
 * marking the row sent makes the next sender's attempt the same text, not a second one.
 */
export interface SmsSweep {
  sweepOnce(): Promise<{ sent: number; full: boolean }>;
}

export function createSmsSweep(options: SmsDeliveryOptions): SmsSweep {
  const { db, clock, provider } = options;
  const claimMs = options.claimMs ?? 60_000;
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const claimUntil = () => new Date(clock.now().getTime() + claimMs);

  async function deliver(message: SmsMessageRow, claimedAt: number): Promise<boolean> {
    const claim = { id: message.id, attempts: message.attempts };
    if (message.attempts > maxAttempts) {
      await releaseFailedSms(db, { ...claim, error: 'out of attempts', retryAt: null });
      return false;
    }
    if (
      clock.now().getTime() - claimedAt > claimMs / 3 &&
      !(await renewSmsClaim(db, { ...claim, claimedUntil: claimUntil() }))
    ) {
      return false;
    }
    const heartbeat = setInterval(() => {
      renewSmsClaim(db, { ...claim, claimedUntil: claimUntil() }).catch(() => undefined);
    }, claimMs / 3);
    heartbeat.unref();
    let providerMessageId: string;
    try {
      const body = message.body === '' ? '' : options.dataProtector.decrypt(message.body);
      ({ providerMessageId } = await provider.send({
        to: message.phone_number,
        body,
        idempotencyKey: `${message.institution_id}:${message.dedupe_key}`,
      }));
    } catch (error) {
      const retry = !(error instanceof SmsRefusedError) && message.attempts < maxAttempts;
      await releaseFailedSms(db, {
        ...claim,
        error: error instanceof Error ? error.message : String(error),
        retryAt: retry
          ? new Date(clock.now().getTime() + defaultRetryDelayMs(message.attempts))
          : null,
      });
      return false;
    } finally {
      clearInterval(heartbeat);
    }
    await markSmsSent(db, {
      id: message.id,
      at: clock.now(),
      provider: provider.name,
      providerMessageId,
      keepBody: options.keepSentBodies ?? false,
    });
    return true;
  }

  return {
    async sweepOnce() {
      const limit = options.batchSize ?? 20;
      const claimedAt = clock.now().getTime();
      const batch = await claimDueSms(db, {
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

async function sweepAll(sweep: SmsSweep, goOn: () => Promise<boolean>): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await sweep.sweepOnce();
    sent += batch.sent;
    if (!batch.full || !(await goOn())) return sent;
  }
}

/** The job queue's 'sms.deliver' queue: each job is a sweep of the SMS outbox. */
export function smsDeliveryQueue(
  options: SmsDeliveryOptions,
): QueueDefinition<unknown> & { sweep: SmsSweep } {
  const sweep = createSmsSweep(options);
  return {
    name: SMS_DELIVERY_QUEUE,
    maxAttempts: 1,
    sweep,
    async handler({ stillMine }) {
      await sweepAll(sweep, stillMine);
    },
  };
}

export interface SmsOutboxWorker {
  /** Sweeps the texts due now; resolves to the number sent. */
  runOnce(): Promise<number>;
  nudge(): void;
}

export function smsOutboxWorkerOf(sweep: SmsSweep, queue: Pick<JobQueue, 'soon'>): SmsOutboxWorker {
  return {
    runOnce: () => sweepAll(sweep, async () => true),
    nudge: () => queue.soon(SMS_DELIVERY_QUEUE, SMS_SOON_MS),
  };
}
