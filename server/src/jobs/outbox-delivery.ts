import type { DataProtector } from '../lib/data-protection';
import { openMailBody } from '../modules/mail/mail.service';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Clock } from '../lib/clock';
import {
  claimDueMessages,
  markFailedAttempt,
  markSent,
  renewClaim,
} from '../modules/mail/outbox.repository';
import type { MailTransport } from '../modules/mail/transports';
import { createRecurringJob } from './recurring-job';

export interface OutboxWorkerOptions {
  db: Kysely<Database>;
  clock: Clock;
  transport: MailTransport;
  /** Opens the sealed bodies (the data key). */
  dataProtector: Pick<DataProtector, 'decrypt'>;
  /** Demo mode keeps sent bodies for the demo mailbox; otherwise a sent body is blanked. */
  keepSentBodies?: boolean;
  /** Messages claimed per round. */
  batchSize?: number;
  /**
   * A claimed message not finished within this time is claimed again (a crashed worker). The
   * claim is renewed before each send, so it must outlast one send (SMTP timeouts included).
   */
  claimMs?: number;
  /** Attempts before a message is marked failed. */
  maxAttempts?: number;
  /** Time between rounds when nothing nudges the worker. */
  intervalMs?: number;
  /** Called once a round with any error (the worker keeps going). */
  onError?: (error: unknown) => void;
}

export interface OutboxWorker {
  /** Claims and sends one batch; resolves to the number of messages sent. */
  runOnce(): Promise<number>;
  /** Runs rounds every intervalMs until stop(). */
  start(): void;
  /** Runs a round as soon as possible (a message was just queued). */
  nudge(): void;
  stop(): Promise<void>;
}

/** Retry after 30 s, 1, 2, 4 ... minutes, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/**
 * The outbox delivery job. Messages are claimed in a short transaction (FOR UPDATE SKIP LOCKED,
 * so several instances never take the same row), sent outside it, then marked sent. A failure is
 * retried with backoff; a message whose worker died is claimed again after `claimMs`, and the
 * late failure of a worker whose claim lapsed never queues the message again. Each message's
 * claim is renewed right before it is sent, so a slow batch never sends a message whose claim
 * lapsed and another instance took over.
 */
export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, clock, transport } = options;
  const batchSize = options.batchSize ?? 20;
  const claimMs = options.claimMs ?? 60_000;
  const maxAttempts = options.maxAttempts ?? 8;
  const intervalMs = options.intervalMs ?? 2000;
  async function runOnce(): Promise<number> {
    const now = clock.now();
    const claimed = await claimDueMessages(db, {
      now,
      claimUntil: new Date(now.getTime() + claimMs),
      limit: batchSize,
    });
    let sent = 0;
    for (const message of claimed) {
      // The batch's claim may have lapsed while earlier messages were sent: renew this one's,
      // and leave it to the worker that claimed it since when it is no longer ours.
      const sendingAt = clock.now();
      const stillOurs = await renewClaim(db, {
        id: message.id,
        attempts: message.attempts,
        now: sendingAt,
        claimUntil: new Date(sendingAt.getTime() + claimMs),
      });
      if (!stillOurs) continue;
      try {
        await transport.send({
          to: message.to_address,
          subject: message.subject,
          text: openMailBody(options.dataProtector, message.body),
        });
        await markSent(db, {
          id: message.id,
          at: clock.now(),
          transport: transport.name,
          keepBody: options.keepSentBodies ?? false,
        });
        sent += 1;
      } catch (error) {
        const retry = message.attempts < maxAttempts;
        await markFailedAttempt(db, {
          id: message.id,
          attempts: message.attempts,
          error: error instanceof Error ? error.message : String(error),
          retryAt: retry ? new Date(clock.now().getTime() + retryDelayMs(message.attempts)) : null,
        });
      }
    }
    return sent;
  }

  const job = createRecurringJob({
    intervalMs,
    // A full batch means more may be waiting.
    round: async (stopped) => {
      while ((await runOnce()) === batchSize && !stopped());
    },
    ...(options.onError ? { onError: options.onError } : {}),
  });

  return { runOnce, ...job };
}
