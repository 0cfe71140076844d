import type { Kysely } from 'kysely';
import {
  DELIVERY_JOB_COLUMNS,
  deliveryJobSelection,
  type DeliveryJob,
} from '../../db/delivery-job';
import type { Database, SmsMessageRow } from '../../db/schema';

type Db = Kysely<Database>;

/*
 * The SMS outbox's own queries: queuing (one text per dedupe key, with its delivery job),
 * replies, the demo phone, the purge, and a text marked sent with the provider's id. The
 * delivery (the job's reading, failures and giving up) is the outbox mechanism's, shared with
 * e-mail (mail/outbox-delivery.ts on mail/outbox.repository.ts's table-generic queries).
 */

export interface NewSmsMessage {
  institutionId: number;
  phoneNumber: string;
  /** Sealed. */
  body: string;
  dedupeKey: string;
  at: Date;
}

/** The job that delivers a text, written with it ('sms:42'; db/delivery-job.ts). */
export type SmsDeliveryJob = DeliveryJob;

/**
 * Queues a text and its delivery job in one statement, unless a text with its dedupe key is
 * queued already (or was sent: then neither is written): true when this call queued it. Pass
 * the caller's transaction so both exist only if the change commits.
 */
export async function insertSmsMessage(
  db: Db,
  message: NewSmsMessage,
  job: SmsDeliveryJob,
): Promise<boolean> {
  const row = await db
    .with('message', (cte) =>
      cte
        .insertInto('sms_messages')
        .values({
          institution_id: message.institutionId,
          phone_number: message.phoneNumber,
          body: message.body,
          dedupe_key: message.dedupeKey,
          created_at: message.at,
        })
        .onConflict((conflict) => conflict.columns(['institution_id', 'dedupe_key']).doNothing())
        .returning('id'),
    )
    .insertInto('jobs')
    .columns([...DELIVERY_JOB_COLUMNS])
    .expression((eb) =>
      eb.selectFrom('message').select(deliveryJobSelection(job, 'message', message.at)),
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** A reply the phone sent (the demo phone's), kept beside the texts it answers. */
export async function insertSmsReply(db: Db, reply: NewSmsMessage): Promise<void> {
  await db
    .insertInto('sms_messages')
    .values({
      institution_id: reply.institutionId,
      direction: 'in',
      status: 'received',
      phone_number: reply.phoneNumber,
      body: reply.body,
      dedupe_key: reply.dedupeKey,
      created_at: reply.at,
      sent_at: reply.at,
    })
    .execute();
}

/** Sent stays sent, whichever worker's lease it was sent under. */
export async function markSmsSent(
  db: Db,
  sent: { id: number; at: Date; provider: string; providerMessageId: string; keepBody: boolean },
): Promise<void> {
  await db
    .updateTable('sms_messages')
    .set({
      status: 'sent',
      sent_at: sent.at,
      provider: sent.provider,
      provider_message_id: sent.providerMessageId,
      last_error: '',
      ...(sent.keepBody ? {} : { body: '' }),
    })
    .where('id', '=', sent.id)
    .where('status', '!=', 'sent')
    .execute();
}

/** The demo phone: an institution's sent texts and received replies, newest first. */
export async function listConversation(
  db: Db,
  query: { institutionId: number; phoneNumber?: string; limit: number },
): Promise<SmsMessageRow[]> {
  let select = db
    .selectFrom('sms_messages')
    .selectAll()
    .where('institution_id', '=', query.institutionId)
    .where('status', 'in', ['sent', 'received']);
  if (query.phoneNumber !== undefined) {
    select = select.where('phone_number', '=', query.phoneNumber);
  }
  return select.orderBy('id', 'desc').limit(query.limit).execute();
}

/** Sent texts and replies older than `sentBefore`, failed ones created before `failedBefore`. */
export async function deleteFinishedSms(
  db: Db,
  cutoff: { sentBefore: Date; failedBefore: Date },
): Promise<number> {
  const result = await db
    .deleteFrom('sms_messages')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', 'in', ['sent', 'received']), eb('sent_at', '<', cutoff.sentBefore)]),
        eb.and([eb('status', '=', 'failed'), eb('created_at', '<', cutoff.failedBefore)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
