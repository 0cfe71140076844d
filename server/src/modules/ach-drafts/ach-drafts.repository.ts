import type { Insertable, Kysely, Selectable } from 'kysely';
import type { AchDraftPreviewsTable, AchDraftsTable, Database } from '../../db/schema';

type Db = Kysely<Database>;

export type AchDraftPreviewRow = Selectable<AchDraftPreviewsTable>;
export type NewAchDraftPreviewRow = Insertable<AchDraftPreviewsTable>;
export type NewAchDraftRow = Insertable<AchDraftsTable>;

export interface DraftOwner {
  institutionId: number;
  userId: string;
}

/**
 * Stores a preview, and drops the user's expired ones (previews are short-lived; the user's own
 * writes keep the table small without a housekeeping job).
 */
export async function insertAchDraftPreview(db: Db, row: NewAchDraftPreviewRow, now: Date) {
  await db
    .deleteFrom('ach_draft_previews')
    .where('institution_id', '=', row.institution_id)
    .where('user_id', '=', row.user_id)
    .where('expires_at', '<=', now)
    .execute();
  await db.insertInto('ach_draft_previews').values(row).execute();
}

/** The user's live preview under this token hash; undefined for anyone else's or an expired one. */
export async function findLiveAchDraftPreview(
  db: Db,
  owner: DraftOwner,
  tokenHash: string,
  now: Date,
): Promise<AchDraftPreviewRow | undefined> {
  return db
    .selectFrom('ach_draft_previews')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('institution_id', '=', owner.institutionId)
    .where('user_id', '=', owner.userId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** The user's latest preview of the loan, expired or not (what the borrower last saw). */
export async function findLatestAchDraftPreview(
  db: Db,
  owner: DraftOwner,
  loanNumber: string,
): Promise<AchDraftPreviewRow | undefined> {
  return db
    .selectFrom('ach_draft_previews')
    .selectAll()
    .where('institution_id', '=', owner.institutionId)
    .where('user_id', '=', owner.userId)
    .where('loan_number', '=', loanNumber)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertAchDraft(db: Db, row: NewAchDraftRow) {
  await db.insertInto('ach_drafts').values(row).execute();
}

/** The user's authorizations, newest first (without their documents). */
export async function listAchDrafts(db: Db, owner: DraftOwner) {
  return db
    .selectFrom('ach_drafts')
    .select(['id', 'loan_number', 'created_at'])
    .where('institution_id', '=', owner.institutionId)
    .where('user_id', '=', owner.userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** One of the user's authorizations with its document; undefined for anyone else's. */
export async function findAchDraft(db: Db, owner: DraftOwner, id: string) {
  return db
    .selectFrom('ach_drafts')
    .select(['id', 'loan_number', 'created_at', 'local_time_offset', 'document'])
    .where('id', '=', id)
    .where('institution_id', '=', owner.institutionId)
    .where('user_id', '=', owner.userId)
    .executeTakeFirst();
}

/** A live preview under this token hash, whoever made it (the caller checks the user). */
export async function findLiveAchDraftPreviewByToken(
  db: Db,
  institutionId: number,
  tokenHash: string,
  now: Date,
): Promise<AchDraftPreviewRow | undefined> {
  return db
    .selectFrom('ach_draft_previews')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('institution_id', '=', institutionId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/**
 * Records that the preview under this token hash was opened, if it never was and it was made
 * after `madeAfter`; true only for that one opening (atomic: of two requests at once, one wins).
 */
export async function markAchDraftPreviewOpened(
  db: Db,
  institutionId: number,
  tokenHash: string,
  now: Date,
  madeAfter: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('ach_draft_previews')
    .set({ opened_at: now })
    .where('token_hash', '=', tokenHash)
    .where('institution_id', '=', institutionId)
    .where('opened_at', 'is', null)
    .where('created_at', '>', madeAfter)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The user's customer's names (the portal shows personal_name as the user's name). */
export async function findBorrowerNames(db: Db, owner: DraftOwner) {
  return db
    .selectFrom('users')
    .innerJoin('customers', 'customers.id', 'users.customer_id')
    .select([
      'customers.personal_name',
      'customers.first_name',
      'customers.middle_name',
      'customers.last_name',
    ])
    .where('users.id', '=', owner.userId)
    .where('users.institution_id', '=', owner.institutionId)
    .executeTakeFirst();
}
