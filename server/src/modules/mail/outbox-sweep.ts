import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { DataProtector } from '../../lib/data-protection';
import { defaultRetryDelayMs, type JobQueue, type QueueDefinition } from '../jobs/job-queue';
import { openMailBody } from './mail.service';
import {
  claimDue,
  markFailed,
  type OutboxRowOf,
  type OutboxTable,
  releaseFailedAttempt,
  renewClaim,
} from './outbox.repository';

/*
 * The outbox mechanism, one for every channel (e-mail: mail-delivery.ts; texts:
 * sms/sms-delivery.ts). A channel is an outbox table, the job queue that sweeps it and its
 * sender; the rest is here once.
 *
 * A sweep claims the messages due (each claim counts an attempt, and that attempt number fences
 * the claim, outbox.repository claimDue), sends each and marks it sent. The row keeps what
 * support and the demo pages see (status, attempts, last error) and its own retry time, so a
 * failed message waits out its backoff and is failed for good after its last attempt (or at once
 * when its sender refuses it for good).
 *
 * Every sweep runs on the job queue (the channel's queue): the schedule's job every period, and
 * the one `nudge()` asks for after a message is queued (JobQueue.soon: a burst of messages gets
 * one). Decision: a sweep rather than a job per message, which cost every message a job's insert,
 * claim, lease renewal and finishing transaction (about eight statements; a sweep costs a message
 * about one and a half).
 *
 * At least once: a message is sent only right after its claim was confirmed (renewed, unless
 * claimed within the last third of the claim time), and marked sent whoever's claim it was sent
 * under, so a sender that took it over finds it sent and stops. A second send needs a sender to
 * stall past its claim between that confirmation and the send; a channel whose sender takes an
 * idempotency key (the SMS provider: the row's dedupe key) makes even that one message.
 */

const DEFAULT_MAX_ATTEMPTS = 8;

/** Retry after 30 s, 1, 2, 4 ... minutes, at most an hour. */
export const retryDelayMs = defaultRetryDelayMs;

/** One channel's outbox: its table, its queue and how a message leaves. */
export interface OutboxChannel<T extends OutboxTable, Receipt> {
  table: T;
  /** The job queue whose jobs sweep the table. */
  queue: string;
  /** How long a nudge waits for others to join it (a burst is one sweep). */
  soonMs: number;
  /** Hands a claimed message to the sender (its body opened); throws to retry it. */
  send(message: OutboxRowOf<T>, body: string): Promise<Receipt>;
  /** A send the sender refused for good: failed at once, not retried. */
  refusedForGood?(error: unknown): boolean;
  /** Marks the message sent with what the sender answered (sent stays sent). */
  markSent(
    db: Kysely<Database>,
    sent: { message: OutboxRowOf<T>; at: Date; keepBody: boolean; receipt: Receipt },
  ): Promise<void>;
}

export interface OutboxSweepOptions {
  db: Kysely<Database>;
  clock: Clock;
  /** Opens the sealed bodies (the data key). */
  dataProtector: Pick<DataProtector, 'decrypt'>;
  /** Demo mode keeps sent bodies for the demo pages; otherwise a sent body is blanked. */
  keepSentBodies?: boolean;
  /** Messages claimed at a time. */
  batchSize?: number;
  /**
   * A message not finished within this time is taken over by another sender (a crashed one).
   * The claim is renewed while a message is sent, and right before unless it is young, so it
   * must outlast the time between renewals (a third of it), the sender's timeouts included.
   */
  claimMs?: number;
  /** Attempts before a message is marked failed. */
  maxAttempts?: number;
}

export interface OutboxSweep {
  /**
   * Claims and sends one batch of due messages; the number sent, and whether the batch was full
   * (more may be waiting).
   */
  sweepOnce(): Promise<{ sent: number; full: boolean }>;
}

export function createChannelSweep<T extends OutboxTable, Receipt>(
  channel: OutboxChannel<T, Receipt>,
  options: OutboxSweepOptions,
): OutboxSweep {
  const { db, clock } = options;
  const { table } = channel;
  const claimMs = options.claimMs ?? 60_000;
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const claimUntil = () => new Date(clock.now().getTime() + claimMs);

  /** Sends one claimed message; true when this sender sent it. */
  async function deliver(message: OutboxRowOf<T>, claimedAt: number): Promise<boolean> {
    const claim = { id: message.id, attempts: message.attempts };
    // Its last sender died in its last attempt.
    if (message.attempts > maxAttempts) {
      await markFailed(db, table, claim);
      return false;
    }
    // A message that waited behind others of its batch may have been taken over meanwhile:
    // unless its claim is still young, it is confirmed (and renewed) first.
    if (
      clock.now().getTime() - claimedAt > claimMs / 3 &&
      !(await renewClaim(db, table, { ...claim, claimedUntil: claimUntil() }))
    ) {
      return false;
    }
    const heartbeat = setInterval(() => {
      renewClaim(db, table, { ...claim, claimedUntil: claimUntil() }).catch(() => undefined);
    }, claimMs / 3);
    heartbeat.unref();
    let receipt: Receipt;
    try {
      receipt = await channel.send(message, openMailBody(options.dataProtector, message.body));
    } catch (error) {
      const retry = !channel.refusedForGood?.(error) && message.attempts < maxAttempts;
      await releaseFailedAttempt(db, table, {
        ...claim,
        error: error instanceof Error ? error.message : String(error),
        retryAt: retry ? new Date(clock.now().getTime() + retryDelayMs(message.attempts)) : null,
      });
      return false;
    } finally {
      clearInterval(heartbeat);
    }
    await channel.markSent(db, {
      message,
      at: clock.now(),
      keepBody: options.keepSentBodies ?? false,
      receipt,
    });
    return true;
  }

  return {
    async sweepOnce() {
      const limit = options.batchSize ?? 20;
      const claimedAt = clock.now().getTime();
      const batch = await claimDue(db, table, {
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
export async function sweepAll(sweep: OutboxSweep, goOn: () => Promise<boolean>): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await sweep.sweepOnce();
    sent += batch.sent;
    if (!batch.full || !(await goOn())) return sent;
  }
}

/** The channel's queue on the job queue: each of its jobs is a sweep of the channel's outbox. */
export function channelDeliveryQueue<T extends OutboxTable, Receipt>(
  channel: OutboxChannel<T, Receipt>,
  options: OutboxSweepOptions,
): QueueDefinition<unknown> & { sweep: OutboxSweep } {
  const sweep = createChannelSweep(channel, options);
  return {
    name: channel.queue,
    // The messages carry their own attempts: a failed sweep is simply the next one's work.
    maxAttempts: 1,
    sweep,
    async handler({ stillMine }) {
      await sweepAll(sweep, stillMine);
    },
  };
}

export interface ChannelWorker {
  /** Sweeps the messages due now; resolves to the number sent. */
  runOnce(): Promise<number>;
  /** Delivers soon (a message was just queued). */
  nudge(): void;
}

/** The delivery service of a channel whose queue the app's job queue runs. */
export function channelWorkerOf(
  channel: Pick<OutboxChannel<OutboxTable, unknown>, 'queue' | 'soonMs'>,
  sweep: OutboxSweep,
  queue: Pick<JobQueue, 'soon'>,
): ChannelWorker {
  return {
    runOnce: () => sweepAll(sweep, async () => true),
    nudge: () => queue.soon(channel.queue, channel.soonMs),
  };
}
