import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Database, PaymentMethodsTable } from '../../db/schema';

type Db = Kysely<Database>;

export type PaymentMethodRow = Selectable<PaymentMethodsTable>;
export type NewPaymentMethodRow = Insertable<PaymentMethodsTable>;

export interface MethodOwner {
  institutionId: number;
  userId: string;
}

/**
 * The user's saved methods (single-use ones are never listed), oldest first, each marked when it
 * is the user's default for the account (`findDefaultPaymentMethod`'s), in one statement. Written
 * out rather than built: the payment screen runs it on every load. GetPaymentInfo reads the same
 * rows with the loan's payments, in its own statement (payments.repository `paymentInfoRows`):
 * a change of which methods are listed is made in both.
 */
export async function listSavedPaymentMethods(
  db: Db,
  owner: MethodOwner,
  accountNumber: string,
): Promise<(PaymentMethodRow & { is_account_default: boolean })[]> {
  const { rows } = await sql<PaymentMethodRow & { is_account_default: boolean }>`
    select method.*, chosen.payment_method_id is not null as is_account_default
    from payment_methods method
    left join payment_method_defaults chosen
      on chosen.payment_method_id = method.id and chosen.institution_id = ${owner.institutionId}
        and chosen.user_id = ${owner.userId} and chosen.account_number = ${accountNumber}
    where method.institution_id = ${owner.institutionId} and method.user_id = ${owner.userId}
      and method.saved
    order by method.id`.execute(db);
  return rows;
}

/** The user's saved method with this handle and kind; undefined for anyone else's. */
export async function findSavedPaymentMethod(
  db: Db,
  owner: MethodOwner,
  method: { profileId: string; isCard: boolean },
): Promise<PaymentMethodRow | undefined> {
  return db
    .selectFrom('payment_methods')
    .selectAll()
    .where('institution_id', '=', owner.institutionId)
    .where('user_id', '=', owner.userId)
    .where('profile_id', '=', method.profileId)
    .where('is_card', '=', method.isCard)
    .where('saved', '=', true)
    .executeTakeFirst();
}

export async function hasSavedDuplicate(
  db: Db,
  owner: MethodOwner,
  duplicateKey: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('payment_methods')
    .select('id')
    .where('institution_id', '=', owner.institutionId)
    .where('user_id', '=', owner.userId)
    .where('duplicate_key', '=', duplicateKey)
    .where('saved', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Inserts the method; undefined when the user already has it saved (the partial unique index
 * decides, so two instances saving the same method at once keep one).
 */
export async function insertPaymentMethod(
  db: Db,
  row: NewPaymentMethodRow,
): Promise<PaymentMethodRow | undefined> {
  return db
    .insertInto('payment_methods')
    .values(row)
    .onConflict((conflict) =>
      conflict
        .columns(['institution_id', 'user_id', 'duplicate_key'])
        .where('saved', '=', true)
        .doNothing(),
    )
    .returningAll()
    .executeTakeFirst();
}

/** Deletes the method (its defaults go with it); false when it was already gone. */
export async function deletePaymentMethod(db: Db, owner: MethodOwner, id: number) {
  const result = await db
    .deleteFrom('payment_methods')
    .where('institution_id', '=', owner.institutionId)
    .where('user_id', '=', owner.userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The loan's default method for this user, if one is set and still saved. */
export async function findDefaultPaymentMethod(
  db: Db,
  owner: MethodOwner,
  accountNumber: string,
): Promise<PaymentMethodRow | undefined> {
  // Written out rather than built: the loan page runs it on every load.
  const { rows } = await sql<PaymentMethodRow>`
    select method.*
    from payment_method_defaults chosen
    join payment_methods method on method.id = chosen.payment_method_id
    where chosen.institution_id = ${owner.institutionId} and chosen.user_id = ${owner.userId}
      and chosen.account_number = ${accountNumber} and method.saved`.execute(db);
  return rows[0];
}

export async function saveDefaultPaymentMethod(
  db: Db,
  entry: MethodOwner & { accountNumber: string; methodId: number; at: Date },
): Promise<void> {
  await db
    .insertInto('payment_method_defaults')
    .values({
      institution_id: entry.institutionId,
      user_id: entry.userId,
      account_number: entry.accountNumber,
      payment_method_id: entry.methodId,
      updated_at: entry.at,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['user_id', 'account_number'])
        .doUpdateSet({ payment_method_id: entry.methodId, updated_at: entry.at }),
    )
    .execute();
}

export async function removeDefaultPaymentMethod(
  db: Db,
  owner: MethodOwner,
  accountNumber: string,
): Promise<void> {
  await db
    .deleteFrom('payment_method_defaults')
    .where('institution_id', '=', owner.institutionId)
    .where('user_id', '=', owner.userId)
    .where('account_number', '=', accountNumber)
    .execute();
}

/**
 * The institution's bank accounts stored under a duplicate key (any user's, saved or used once):
 * the accounts the institution has used, and so validated, before (NACHA WEB first use).
 */
export async function listInstitutionAchAccounts(
  db: Db,
  institutionId: number,
  duplicateKey: string,
): Promise<{ routing_number: string | null; account_number_sealed: string | null }[]> {
  return db
    .selectFrom('payment_methods')
    .select(['routing_number', 'account_number_sealed'])
    .where('institution_id', '=', institutionId)
    .where('duplicate_key', '=', duplicateKey)
    .where('is_card', '=', false)
    .limit(20)
    .execute();
}

/**
 * Marks the user's card kept for a payment as saved (issue 20 item 9: saved with the payment).
 * Answers the id of the saved card: this one, or the card already saved under the same duplicate
 * key (then this one stays unsaved; the partial unique index keeps one saved copy).
 */
export async function markPaymentMethodSaved(
  db: Db,
  owner: MethodOwner,
  id: number,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('payment_methods')
    .select(['id', 'saved', 'duplicate_key'])
    .where('institution_id', '=', owner.institutionId)
    .where('user_id', '=', owner.userId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.saved) return row.id;
  const existing = await findSavedDuplicateId(db, owner, row.duplicate_key);
  if (existing !== undefined) return existing;
  const updated = await db
    .updateTable('payment_methods')
    .set({ saved: true })
    .where('id', '=', id)
    .where('saved', '=', false)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n ? id : findSavedDuplicateId(db, owner, row.duplicate_key);
}

/** The id of the user's saved method under this duplicate key, if any. */
export async function findSavedDuplicateId(
  db: Db,
  owner: MethodOwner,
  duplicateKey: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('payment_methods')
    .select('id')
    .where('institution_id', '=', owner.institutionId)
    .where('user_id', '=', owner.userId)
    .where('duplicate_key', '=', duplicateKey)
    .where('saved', '=', true)
    .executeTakeFirst();
  return row?.id;
}

/** Whether a return blocked this bank account (by its keyed digest) for ACH at the institution. */
export async function isAchAccountBlocked(
  db: Db,
  institutionId: number,
  accountKey: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('ach_blocked_accounts')
    .select('reason_code')
    .where('institution_id', '=', institutionId)
    .where('account_key', '=', accountKey)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A saved bank account of the user corrected by the bank's notification of change: its routing
 * number, account number (sealed, with its last four and keyed digest) and type. Answers whether
 * the user's method was found at the institution.
 */
export async function correctSavedAchAccount(
  db: Db,
  owner: MethodOwner,
  id: number,
  change: Pick<
    Updateable<PaymentMethodsTable>,
    'routing_number' | 'account_number_sealed' | 'last_four' | 'duplicate_key' | 'ach_account_type'
  >,
): Promise<boolean> {
  const result = await db
    .updateTable('payment_methods')
    .set(change)
    .where('institution_id', '=', owner.institutionId)
    .where('user_id', '=', owner.userId)
    .where('id', '=', id)
    .where('is_card', '=', false)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The user's bank account with this id (saved or not); undefined for anyone else's. */
export async function findUserAchMethod(
  db: Db,
  owner: MethodOwner,
  id: number,
): Promise<PaymentMethodRow | undefined> {
  return db
    .selectFrom('payment_methods')
    .selectAll()
    .where('institution_id', '=', owner.institutionId)
    .where('user_id', '=', owner.userId)
    .where('id', '=', id)
    .where('is_card', '=', false)
    .executeTakeFirst();
}
