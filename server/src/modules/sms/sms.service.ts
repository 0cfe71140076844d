import { usPhoneNumberE164 } from '@portal/domain';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { DataProtector } from '../../lib/data-protection';
import type { JobQueue } from '../jobs/job-queue';
import type { PhoneLineType, SmsProvider } from './providers';
import {
  deleteFinishedSms,
  insertSmsMessage,
  insertSmsReply,
  listConversation,
  type SmsDeliveryJob,
} from './sms-outbox.repository';

/** The queue of the texts' delivery jobs (sms-delivery.ts handles it): 'sms:<id>' each. */
export const SMS_DELIVERY_QUEUE = 'sms.deliver';

/** A text's attempts before it fails for good (its job's max_attempts), as e-mail's. */
export const SMS_MAX_ATTEMPTS = 8;

/** A burst of texts (a payment's receipt and a reply) is one claim of their jobs. */
export const SMS_SOON_MS = 250;

/** A text's delivery job (sms-outbox.repository `SmsDeliveryJob`). */
const SMS_DELIVERY_JOB: SmsDeliveryJob = {
  queue: SMS_DELIVERY_QUEUE,
  keyPrefix: 'sms:',
  maxAttempts: SMS_MAX_ATTEMPTS,
};

export interface OutgoingText {
  institutionId: number;
  /** Any form usPhoneNumberE164 reads. */
  to: string;
  body: string;
  /**
   * What makes this text one of a kind ('payment-posted:123'): a second text with the same key
   * in the institution is not queued, whoever asks and however often.
   */
  dedupeKey: string;
}

export interface TextOnPhone {
  id: number;
  direction: 'out' | 'in';
  phoneNumber: string;
  body: string;
  at: Date;
}

/** Hears the replies a phone texts back (the texting module: STOP and HELP). */
export interface TextReplyHandler {
  onReply(reply: { institutionId: number; from: string; body: string }): Promise<void>;
}

export interface SmsService {
  /**
   * Queues a text with its delivery job (one statement); false when its dedupe key was queued
   * before (nothing is queued) or the number is not a US number. Inside a transaction pass it as
   * `db`; call `deliverSoon()` after it.
   */
  enqueue(text: OutgoingText, db?: Kysely<Database>): Promise<boolean>;
  deliverSoon(): void;
  /** Whether the provider can text the number. */
  lineType(phoneNumber: string): Promise<PhoneLineType>;
  /** A reply from a phone (the demo phone's form): kept, then handed to `replies`. */
  receiveReply(reply: { institutionId: number; from: string; body: string }): Promise<boolean>;
  /** The demo phone: what was texted to and from a number (all numbers without one). */
  conversation(query: {
    institutionId: number;
    phoneNumber?: string;
    limit?: number;
  }): Promise<TextOnPhone[]>;
  purgeFinished(cutoff: { sentBefore: Date; failedBefore: Date }): Promise<number>;
}

/**
 * Deletes sent texts and the demo phone's replies older than `sentBefore`, and texts failed for
 * good created before `failedBefore` (for the housekeeping job, with the e-mail outbox's
 * retention); texts still to send are never touched. Returns how many.
 */
export function purgeFinishedTexts(
  db: Kysely<Database>,
  cutoff: { sentBefore: Date; failedBefore: Date },
): Promise<number> {
  return deleteFinishedSms(db, cutoff);
}

export function createSmsService(options: {
  db: Kysely<Database>;
  clock: Clock;
  dataProtector: DataProtector;
  provider: SmsProvider;
  jobs: Pick<JobQueue, 'nudgeSoon'>;
  /** Who hears replies; set once the texting module is built (it sends through this service). */
  replies: () => TextReplyHandler | undefined;
}): SmsService {
  const { db, clock, dataProtector } = options;
  const seal = (body: string) => dataProtector.encrypt(body);
  const open = (sealed: string) => (sealed === '' ? '' : dataProtector.decrypt(sealed));
  return {
    async enqueue(text, executor = db) {
      const phoneNumber = usPhoneNumberE164(text.to);
      if (!phoneNumber) return false;
      return insertSmsMessage(
        executor,
        {
          institutionId: text.institutionId,
          phoneNumber,
          body: seal(text.body.trim()),
          dedupeKey: text.dedupeKey,
          at: clock.now(),
        },
        SMS_DELIVERY_JOB,
      );
    },
    deliverSoon() {
      options.jobs.nudgeSoon(SMS_DELIVERY_QUEUE, SMS_SOON_MS);
    },
    lineType: (phoneNumber) => options.provider.lineType(phoneNumber),
    async receiveReply(reply) {
      const from = usPhoneNumberE164(reply.from);
      if (!from) return false;
      const body = reply.body.trim().slice(0, 160);
      await insertSmsReply(db, {
        institutionId: reply.institutionId,
        phoneNumber: from,
        body: seal(body),
        dedupeKey: `reply:${randomUUID()}`,
        at: clock.now(),
      });
      await options.replies()?.onReply({ institutionId: reply.institutionId, from, body });
      return true;
    },
    async conversation(query) {
      const phoneNumber =
        query.phoneNumber === undefined ? undefined : usPhoneNumberE164(query.phoneNumber);
      if (phoneNumber === null) return [];
      const rows = await listConversation(db, {
        institutionId: query.institutionId,
        ...(phoneNumber ? { phoneNumber } : {}),
        limit: query.limit ?? 100,
      });
      return rows.map((row) => ({
        id: row.id,
        direction: row.direction,
        phoneNumber: row.phone_number,
        body: open(row.body),
        at: row.sent_at ?? row.created_at,
      }));
    },
    purgeFinished: (cutoff) => purgeFinishedTexts(db, cutoff),
  };
}
