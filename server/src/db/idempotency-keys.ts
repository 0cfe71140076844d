import { sql, type Kysely, type Selectable } from 'kysely';
import type { IdempotencyScope, IdempotencyStore } from '../lib/idempotency';
import type { Database, IdempotencyKeysTable } from './schema';

/*
 * The portal's idempotency keys (`idempotency_keys`): the store of lib/idempotency.ts's
 * submissions, shared by every module that takes an Idempotency-Key (payments, loan
 * applications) and purged by the housekeeping job. Here rather than in one module's repository,
 * so no module reaches into another's.
 */

type Db = Kysely<Database>;

export type IdempotencyKeyRow = Selectable<IdempotencyKeysTable>;

/**
 * Inserts the key 'in_progress'; false when it already exists. On PostgreSQL, while another
 * transaction holds an uncommitted claim of the same key, this waits for it to commit (then
 * false) or roll back (then true).
 */
export async function claimIdempotencyKey(
  db: Db,
  claim: IdempotencyScope & { fingerprint: string; at: Date; expiresAt: Date },
): Promise<boolean> {
  const row = await db
    .insertInto('idempotency_keys')
    .values({
      institution_id: claim.institutionId,
      user_id: claim.userId,
      key: claim.key,
      fingerprint: claim.fingerprint,
      state: 'in_progress',
      created_at: claim.at,
      expires_at: claim.expiresAt,
    })
    .onConflict((conflict) => conflict.columns(['institution_id', 'user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

export async function findIdempotencyKey(
  db: Db,
  scope: IdempotencyScope,
): Promise<IdempotencyKeyRow | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('institution_id', '=', scope.institutionId)
    .where('user_id', '=', scope.userId)
    .where('key', '=', scope.key)
    .executeTakeFirst();
}

/** Stores the answer of a key this transaction claimed. */
export async function completeIdempotencyKey(
  db: Db,
  scope: IdempotencyScope,
  answer: { status: number; bodyJson: string; at: Date },
): Promise<void> {
  if (!(await completeOpenIdempotencyKey(db, scope, answer))) {
    throw new Error('The idempotency key to complete is not claimed by this transaction');
  }
}

/**
 * Sets the transaction's lock_timeout (e.g. '5000ms', or '0' for none) and returns the previous
 * value, so a wait can be bounded for one statement and restored after it.
 */
export async function setLocalLockTimeout(db: Db, value: string): Promise<string> {
  // One statement: PostgreSQL evaluates a select list left to right, so the previous value is
  // read before set_config changes it (two statements cost every submission two round trips).
  const { rows } = await sql<{ previous: string }>`
    select current_setting('lock_timeout') as previous,
      set_config('lock_timeout', ${value}, true) as current`.execute(db);
  return rows[0]?.previous ?? '0';
}

/** Deletes the keys whose expiry has passed; returns how many. */
export async function purgeExpiredIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Stores the answer of a key claimed earlier and still open ('in_progress'); false when another
 * request answered it first (the caller then reads that answer).
 */
export async function completeOpenIdempotencyKey(
  db: Db,
  scope: IdempotencyScope,
  answer: { status: number; bodyJson: string; at: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('idempotency_keys')
    .set({
      state: 'done',
      response_status: answer.status,
      response_body: answer.bodyJson,
      completed_at: answer.at,
    })
    .where('institution_id', '=', scope.institutionId)
    .where('user_id', '=', scope.userId)
    .where('key', '=', scope.key)
    .where('state', '=', 'in_progress')
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** The portal's store of keys, as every idempotent submission passes it (`store`). */
export const idempotencyKeys: IdempotencyStore<Database> = {
  claim: claimIdempotencyKey,
  find: findIdempotencyKey,
  complete: completeIdempotencyKey,
  completeOpen: completeOpenIdempotencyKey,
  setLocalLockTimeout,
};
