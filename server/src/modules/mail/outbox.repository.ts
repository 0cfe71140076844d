import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import {
  DELIVERY_JOB_COLUMNS,
  deliveryJobSelection,
  type DeliveryJob,
} from '../../db/delivery-job';
import type { Database, OutboxMessageRow, OutboxMessagesTable } from '../../db/schema';

export type { DeliveryJob };

type Db = Kysely<Database>;

export interface NewOutboxMessage {
  institutionId: number;
  to: string;
  subject: string;
  body: string;
  at: Date;
}

/** A message's outbox row. */
export function outboxRowOf(message: NewOutboxMessage): Insertable<OutboxMessagesTable> {
  return {
    institution_id: message.institutionId,
    to_address: message.to,
    subject: message.subject,
    body: message.body,
    created_at: message.at,
  };
}

/**
 * Queues a message and its delivery job in one statement; pass the caller's transaction so both
 * exist only if the change commits. The message's id.
 */
export async function insertOutboxMessage(
  db: Db,
  message: NewOutboxMessage,
  job: DeliveryJob,
): Promise<number> {
  const row = await db
    .with('message', (cte) =>
      cte.insertInto('outbox_messages').values(outboxRowOf(message)).returning('id'),
    )
    .insertInto('jobs')
    .columns([...DELIVERY_JOB_COLUMNS])
    .expression((eb) =>
      eb.selectFrom('message').select(deliveryJobSelection(job, 'message', message.at)),
    )
    .returning(sql<number>`(select id from message)`.as('messageId'))
    .executeTakeFirstOrThrow();
  return row.messageId;
}

/**
 * The outbox mechanism's queries, for any table that is an outbox (the e-mail outbox here, the
 * SMS outbox of modules/sms): a row per message with what support and the demo pages see, its
 * delivery the job queue's (outbox-delivery.ts). Each takes the table's name.
 */

/** The columns the delivery reads and writes in an outbox table. */
export interface OutboxRow {
  id: number;
  institution_id: number;
  /** Sealed with the data key; blanked once sent outside demo mode. */
  body: string;
  /** 'pending' (its job queued or running), 'sent' or 'failed' (its job dead). */
  status: string;
  /** The last failed attempt's reason, for support ('' once sent). */
  last_error: string;
  created_at: Date;
  sent_at: Date | null;
}

/** The tables that are outboxes: those whose rows have the outbox's columns. */
export type OutboxTable = {
  [T in keyof Database]: Selectable<Database[T]> extends OutboxRow ? T : never;
}[keyof Database];

/** A row of an outbox table, with every column of its own. */
export type OutboxRowOf<T extends OutboxTable> = Selectable<Database[T]> & OutboxRow;

/** One message of an outbox, by id. */
export async function findOutboxRow<T extends OutboxTable>(
  db: Db,
  table: T,
  id: number,
): Promise<OutboxRowOf<T> | undefined> {
  const { rows } = await sql<OutboxRowOf<T>>`
    select * from ${sql.table(table)} where id = ${id}`.execute(db);
  return rows[0];
}

/**
 * Keeps a failed attempt's reason on a message still to send, for support (its retry is the
 * job's). A message sent meanwhile (by a worker that had lost the job's lease) is left as it is.
 */
export async function recordFailedAttempt(
  db: Db,
  table: OutboxTable,
  failure: { id: number; error: string },
): Promise<void> {
  await sql`
    update ${sql.table(table)} set last_error = ${failure.error.slice(0, 500)}
    where id = ${failure.id} and status = 'pending'`.execute(db);
}

/**
 * Failed for good (its job is dead: out of attempts, or refused for good), keeping the last
 * attempt's reason, or the job's when no attempt recorded one (its workers died); purged after a
 * month. A message sent meanwhile stays sent.
 */
export async function markFailed(
  db: Db,
  table: OutboxTable,
  failure: { id: number; error: string },
): Promise<void> {
  await sql`
    update ${sql.table(table)}
    set status = 'failed',
      last_error = case when last_error = '' then ${failure.error.slice(0, 500)} else last_error end
    where id = ${failure.id} and status = 'pending'`.execute(db);
}

/** A delivered message stays delivered, whichever worker's lease it was sent under. */
export async function markSent(
  db: Db,
  message: { id: number; at: Date; transport: string; keepBody: boolean },
): Promise<void> {
  await db
    .updateTable('outbox_messages')
    .set({
      status: 'sent',
      sent_at: message.at,
      transport: message.transport,
      last_error: '',
      // Once sent, the code or link it carried is of no use to us: only the demo mailbox keeps it.
      ...(message.keepBody ? {} : { body: '' }),
    })
    .where('id', '=', message.id)
    .where('status', '!=', 'sent')
    .execute();
}

/** The demo mailbox: an institution's delivered messages, newest first. */
export async function listDeliveredMessages(
  db: Db,
  query: { institutionId: number; to?: string; limit: number },
): Promise<OutboxMessageRow[]> {
  let select = db
    .selectFrom('outbox_messages')
    .selectAll()
    .where('institution_id', '=', query.institutionId)
    .where('status', '=', 'sent');
  if (query.to !== undefined) {
    const to = query.to.trim().toLowerCase();
    select = select.where((eb) => eb(eb.fn('lower', ['to_address']), '=', to));
  }
  return select.orderBy('id', 'desc').limit(query.limit).execute();
}

export async function listOutboxMessages(db: Db, institutionId: number) {
  return db
    .selectFrom('outbox_messages')
    .selectAll()
    .where('institution_id', '=', institutionId)
    .orderBy('id')
    .execute();
}

/**
 * Deletes sent messages older than `sentBefore` and failed ones created before `failedBefore`;
 * pending and in-flight messages are never touched. The number deleted.
 */
export async function deleteFinishedMessages(
  db: Db,
  cutoff: { sentBefore: Date; failedBefore: Date },
): Promise<number> {
  const result = await db
    .deleteFrom('outbox_messages')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'sent'), eb('sent_at', '<', cutoff.sentBefore)]),
        eb.and([eb('status', '=', 'failed'), eb('created_at', '<', cutoff.failedBefore)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
