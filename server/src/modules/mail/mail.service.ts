import type { Insertable, Kysely } from 'kysely';
import type { Database, OutboxMessagesTable } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { DataProtector } from '../../lib/data-protection';
import type { JobQueue } from '../jobs/job-queue';

import {
  deleteFinishedMessages,
  type DeliveryJob,
  insertOutboxMessage,
  listDeliveredMessages,
  type NewOutboxMessage,
  outboxRowOf,
} from './outbox.repository';

/** The queue of the messages' delivery jobs (mail-delivery.ts handles it): 'mail:<id>' each. */
export const MAIL_DELIVERY_QUEUE = 'mail.deliver';

/**
 * A message's attempts before it fails for good (its job's max_attempts), retried as the outbox's
 * channels are (outbox-delivery.ts `retryDelayMs`): the eighth about an hour after the first.
 */
export const MAIL_MAX_ATTEMPTS = 8;

/**
 * How long a request to deliver waits for others to join it: a burst of messages (a receipt a
 * payment) is one claim of their jobs instead of one each. A person waiting for a code does not
 * notice a quarter of a second.
 */
export const MAIL_SOON_MS = 250;

/** A message's delivery job (outbox.repository `DeliveryJob`). */
export const MAIL_DELIVERY_JOB: DeliveryJob = {
  queue: MAIL_DELIVERY_QUEUE,
  keyPrefix: 'mail:',
  maxAttempts: MAIL_MAX_ATTEMPTS,
};

/**
 * A message ready for a repository that queues it in the statement of the change that causes it
 * (`prepare`): its outbox row and its delivery job, which that statement writes together (the
 * job's key and payload name the row's id, due at its created_at, as `insertOutboxMessage`).
 */
export interface PreparedMail {
  message: Insertable<OutboxMessagesTable>;
  job: DeliveryJob;
}

export interface OutgoingMail {
  institutionId: number;
  to: string;
  subject: string;
  /** Plain text. Codes and links only: never a password. */
  body: string;
}

export interface DeliveredMail {
  id: number;
  to: string;
  subject: string;
  body: string;
  sentAt: Date;
}

export interface MailService {
  /**
   * Queues a message in the outbox with its delivery job (one statement). Inside a transaction
   * pass it as `db`: the message then exists only if the change that caused it commits. Call
   * `deliverSoon()` after the commit.
   */
  enqueue(message: OutgoingMail, db?: Kysely<Database>): Promise<void>;
  /**
   * The message's outbox row (cleaned, its body sealed) and its delivery job, for a repository
   * that queues both in the same statement as the change that causes them (a payment marked
   * posted and its receipt). Call `deliverSoon()` after that statement.
   */
  prepare(message: OutgoingMail): PreparedMail;
  /** Polls the delivery jobs soon (MAIL_SOON_MS) instead of at the queue's next round. */
  deliverSoon(): void;
  /** The demo mailbox's view: delivered messages of an institution, newest first. */
  delivered(query: {
    institutionId: number;
    to?: string;
    limit?: number;
  }): Promise<DeliveredMail[]>;
}

/** Control characters would let a user-typed name forge headers or lines in some mail clients. */
function cleanLine(text: string): string {
  return text.replace(/\p{Cc}+/gu, ' ').trim();
}

/**
 * Outbox bodies carry security codes and live links, so they are stored encrypted with the data
 * key, opened only to send them (and, in demo mode, to show them in the demo mailbox).
 */
export function sealMailBody(protector: Pick<DataProtector, 'encrypt'>, body: string): string {
  return protector.encrypt(body);
}

export function openMailBody(protector: Pick<DataProtector, 'decrypt'>, sealed: string): string {
  // A body blanked after sending (outside demo mode) stays blank.
  return sealed === '' ? '' : protector.decrypt(sealed);
}

/**
 * Deletes sent messages older than `sentBefore` and failed ones created before `failedBefore`
 * (for the housekeeping job); pending and in-flight messages are never touched. Returns how many.
 */
export function purgeFinishedMail(
  db: Kysely<Database>,
  cutoff: { sentBefore: Date; failedBefore: Date },
): Promise<number> {
  return deleteFinishedMessages(db, cutoff);
}

export function createMailService(options: {
  db: Kysely<Database>;
  clock: Clock;
  dataProtector: DataProtector;
  /** The queue of the delivery jobs ('mail.deliver', run by mail-delivery.ts). */
  jobs: Pick<JobQueue, 'nudgeSoon'>;
}): MailService {
  const { db, clock, dataProtector } = options;
  const outboxMessageOf = (message: OutgoingMail): NewOutboxMessage => ({
    institutionId: message.institutionId,
    to: cleanLine(message.to),
    subject: cleanLine(message.subject),
    body: sealMailBody(dataProtector, message.body),
    at: clock.now(),
  });
  return {
    async enqueue(message, executor = db) {
      await insertOutboxMessage(executor, outboxMessageOf(message), MAIL_DELIVERY_JOB);
    },
    prepare(message) {
      return { message: outboxRowOf(outboxMessageOf(message)), job: MAIL_DELIVERY_JOB };
    },
    deliverSoon() {
      options.jobs.nudgeSoon(MAIL_DELIVERY_QUEUE, MAIL_SOON_MS);
    },
    async delivered(query) {
      const rows = await listDeliveredMessages(db, {
        institutionId: query.institutionId,
        to: query.to,
        limit: query.limit ?? 100,
      });
      return rows.map((row) => ({
        id: row.id,
        to: row.to_address,
        subject: row.subject,
        body: openMailBody(dataProtector, row.body),
        sentAt: row.sent_at ?? row.created_at,
      }));
    },
  };
}
