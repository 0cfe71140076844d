import type { Kysely } from 'kysely';
import type { Database, OutboxMessageRow } from '../../db/schema';

type Db = Kysely<Database>;

export interface NewOutboxMessage {
  institutionId: number;
  to: string;
  subject: string;
  body: string;
  at: Date;
}

/** Queues a message; pass the caller's transaction so it is sent only if the change commits. */
export async function insertOutboxMessage(db: Db, message: NewOutboxMessage): Promise<number> {
  const row = await db
    .insertInto('outbox_messages')
    .values({
      institution_id: message.institutionId,
      to_address: message.to,
      subject: message.subject,
      body: message.body,
      next_attempt_at: message.at,
      created_at: message.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** One message by id (undefined once purged). */
export async function findOutboxMessage(db: Db, id: number): Promise<OutboxMessageRow | undefined> {
  return db.selectFrom('outbox_messages').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Counts an attempt on a message still to send; false when it was sent or failed meanwhile. */
export async function recordAttempt(
  db: Db,
  attempt: { id: number; attempts: number },
): Promise<boolean> {
  const row = await db
    .updateTable('outbox_messages')
    .set({ attempts: attempt.attempts })
    .where('id', '=', attempt.id)
    .where('status', '=', 'pending')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Keeps the reason of a failed attempt for support; a message sent meanwhile keeps its ''. */
export async function recordFailedAttempt(db: Db, failure: { id: number; error: string }) {
  await db
    .updateTable('outbox_messages')
    .set({ last_error: failure.error.slice(0, 500) })
    .where('id', '=', failure.id)
    .where('status', '=', 'pending')
    .execute();
}

/** Out of attempts: the message is failed for good (and purged after a month). */
export async function markMessageFailed(db: Db, id: number): Promise<void> {
  await db
    .updateTable('outbox_messages')
    .set({ status: 'failed', claimed_until: null })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** A delivered message stays delivered, whichever worker's claim it was sent under. */
export async function markSent(
  db: Db,
  message: { id: number; at: Date; transport: string; keepBody: boolean },
): Promise<void> {
  await db
    .updateTable('outbox_messages')
    .set({
      status: 'sent',
      sent_at: message.at,
      claimed_until: null,
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
