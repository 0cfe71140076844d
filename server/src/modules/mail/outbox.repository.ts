import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database, OutboxMessageRow, OutboxMessagesTable } from '../../db/schema';

type Db = Kysely<Database>;

export interface NewOutboxMessage {
  institutionId: number;
  to: string;
  subject: string;
  body: string;
  at: Date;
}

/** A message's outbox row, due at once. */
export function outboxRowOf(message: NewOutboxMessage): Insertable<OutboxMessagesTable> {
  return {
    institution_id: message.institutionId,
    to_address: message.to,
    subject: message.subject,
    body: message.body,
    next_attempt_at: message.at,
    created_at: message.at,
  };
}

/** Queues a message; pass the caller's transaction so it is sent only if the change commits. */
export async function insertOutboxMessage(db: Db, message: NewOutboxMessage): Promise<number> {
  const row = await db
    .insertInto('outbox_messages')
    .values(outboxRowOf(message))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The outbox mechanism's queries, for any table that is an outbox (the e-mail outbox here, the
 * SMS outbox of modules/sms): a row per message with its delivery state, swept by
 * outbox-sweep.ts. Each takes the table's name.
 */

/** The columns the sweep reads and writes in an outbox table. */
export interface OutboxRow {
  id: number;
  institution_id: number;
  /** Sealed with the data key; blanked once sent outside demo mode. */
  body: string;
  /** 'pending' (claimed while claimed_until lies ahead), 'sent' or 'failed'. */
  status: string;
  attempts: number;
  next_attempt_at: Date;
  claimed_until: Date | null;
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

/**
 * Claims up to `limit` messages due now for one sender: pending ones whose time has come and
 * whose last claim (a sender that died, or one that failed and let go) has lapsed. Each claim
 * counts an attempt, and the attempt number is the claim's fencing token: a sender acts on a
 * message only while the row still carries its attempt (a sender that took it over counted the
 * next). `FOR UPDATE SKIP LOCKED` lets several senders claim at once without taking one message
 * twice. Oldest due first.
 */
export async function claimDue<T extends OutboxTable>(
  db: Db,
  table: T,
  claim: { now: Date; claimedUntil: Date; limit: number },
): Promise<OutboxRowOf<T>[]> {
  const { rows } = await sql<OutboxRowOf<T>>`
    with claimed as (
      update ${sql.table(table)}
      set attempts = attempts + 1, claimed_until = ${claim.claimedUntil}
      where id in (
        select id from ${sql.table(table)}
        where status = 'pending' and next_attempt_at <= ${claim.now}
          and (claimed_until is null or claimed_until < ${claim.now})
        order by next_attempt_at, id
        limit ${claim.limit}
        for update skip locked
      )
      returning *
    )
    select * from claimed order by next_attempt_at, id`.execute(db);
  return rows;
}

/** Extends a claim while its attempt holds; false when another sender took the message over. */
export async function renewClaim(
  db: Db,
  table: OutboxTable,
  claim: { id: number; attempts: number; claimedUntil: Date },
): Promise<boolean> {
  const { rows } = await sql<{ id: number }>`
    update ${sql.table(table)} set claimed_until = ${claim.claimedUntil}
    where id = ${claim.id} and attempts = ${claim.attempts} and status = 'pending'
    returning id`.execute(db);
  return rows.length > 0;
}

/**
 * Lets go of a failed attempt, keeping its reason for support: pending again from `retryAt`, or
 * failed for good when it is null (purged after a month). A message another sender took over
 * (or sent) meanwhile is left as it is.
 */
export async function releaseFailedAttempt(
  db: Db,
  table: OutboxTable,
  failure: { id: number; attempts: number; error: string; retryAt: Date | null },
): Promise<void> {
  const retryAt = failure.retryAt ? sql`${failure.retryAt}` : sql.ref('next_attempt_at');
  await sql`
    update ${sql.table(table)}
    set status = ${failure.retryAt ? 'pending' : 'failed'}, next_attempt_at = ${retryAt},
      claimed_until = null, last_error = ${failure.error.slice(0, 500)}
    where id = ${failure.id} and attempts = ${failure.attempts} and status = 'pending'`.execute(db);
}

/** Out of attempts (its last sender died): failed for good, unless another sender has it. */
export async function markFailed(
  db: Db,
  table: OutboxTable,
  claim: { id: number; attempts: number },
): Promise<void> {
  await sql`
    update ${sql.table(table)} set status = 'failed', claimed_until = null
    where id = ${claim.id} and attempts = ${claim.attempts} and status = 'pending'`.execute(db);
}

/** The e-mail outbox's messages due now (claimDue of 'outbox_messages'). */
export function claimDueMessages(
  db: Db,
  claim: { now: Date; claimedUntil: Date; limit: number },
): Promise<OutboxMessageRow[]> {
  return claimDue(db, 'outbox_messages', claim);
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
