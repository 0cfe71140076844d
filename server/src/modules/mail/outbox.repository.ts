import { sql, type Kysely } from 'kysely';
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
export async function insertOutboxMessage(db: Db, message: NewOutboxMessage): Promise<void> {
  await db
    .insertInto('outbox_messages')
    .values({
      institution_id: message.institutionId,
      to_address: message.to,
      subject: message.subject,
      body: message.body,
      next_attempt_at: message.at,
      created_at: message.at,
    })
    .execute();
}

/**
 * Claims up to `limit` due messages for one worker: pending ones whose time has come, and ones a
 * crashed worker claimed and never finished. `FOR UPDATE SKIP LOCKED` lets several instances
 * claim at once without ever taking the same row. Oldest first.
 */
export async function claimDueMessages(
  db: Db,
  claim: { now: Date; claimUntil: Date; limit: number },
): Promise<OutboxMessageRow[]> {
  const { rows } = await sql<OutboxMessageRow>`
    update outbox_messages
    set status = 'sending', claimed_until = ${claim.claimUntil}, attempts = attempts + 1
    where id in (
      select id from outbox_messages
      where (status = 'pending' and next_attempt_at <= ${claim.now})
         or (status = 'sending' and claimed_until < ${claim.now})
      order by id
      limit ${claim.limit}
      for update skip locked
    )
    returning *`.execute(db);
  // RETURNING keeps no order; send the oldest first.
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * Extends one claimed message's claim right before it is sent, and only while this attempt's
 * claim still holds: false when it lapsed or another worker claimed the message since (its
 * attempts moved on), so the caller must not send it. A batch is claimed at once but sent one
 * message after another, and slow sends can outlast the batch's claim.
 */
export async function renewClaim(
  db: Db,
  claim: { id: number; attempts: number; now: Date; claimUntil: Date },
): Promise<boolean> {
  const row = await db
    .updateTable('outbox_messages')
    .set({ claimed_until: claim.claimUntil })
    .where('id', '=', claim.id)
    .where('status', '=', 'sending')
    .where('attempts', '=', claim.attempts)
    .where('claimed_until', '>', claim.now)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
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

/**
 * Records a failed attempt, only while the message is still under this attempt's claim: a worker
 * whose claim lapsed (another worker took the message over, maybe sent it) must not queue it again.
 */
export async function markFailedAttempt(
  db: Db,
  message: { id: number; attempts: number; error: string; retryAt: Date | null },
): Promise<void> {
  await db
    .updateTable('outbox_messages')
    .set({
      status: message.retryAt ? 'pending' : 'failed',
      next_attempt_at: message.retryAt ?? sql<Date>`next_attempt_at`,
      claimed_until: null,
      last_error: message.error.slice(0, 500),
    })
    .where('id', '=', message.id)
    .where('status', '=', 'sending')
    .where('attempts', '=', message.attempts)
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
