import type { InstitutionConfiguration } from '@portal/settings-schema';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { asConfiguration } from '../../db/stored-configuration';

type Db = Kysely<Database>;

// ---- Drafts and versions ---------------------------------------------------------------------

export interface VersionRow {
  version: number;
  document: InstitutionConfiguration;
  comment: string;
  publishedBy: string;
  publishedAt: Date;
}

export async function findVersion(
  db: Db,
  institutionId: number,
  version: number | 'latest',
): Promise<VersionRow | undefined> {
  let query = db
    .selectFrom('settings_versions')
    .select(['version', 'document', 'comment', 'published_by', 'published_at'])
    .where('institution_id', '=', institutionId);
  query =
    version === 'latest'
      ? query.orderBy('version', 'desc').limit(1)
      : query.where('version', '=', version);
  const row = await query.executeTakeFirst();
  return row
    ? {
        version: row.version,
        document: asConfiguration(row.document),
        comment: row.comment,
        publishedBy: row.published_by,
        publishedAt: row.published_at,
      }
    : undefined;
}

export async function listVersions(db: Db, institutionId: number) {
  return db
    .selectFrom('settings_versions')
    .select(['version', 'comment', 'published_by', 'published_at'])
    .where('institution_id', '=', institutionId)
    .orderBy('version', 'desc')
    .execute();
}

export interface DraftRow {
  document: InstitutionConfiguration;
  baseVersion: number;
  updatedAt: Date;
  updatedBy: string;
}

/** The draft; `forUpdate` locks it for the rest of the transaction (pass the transaction). */
export async function findDraft(
  db: Db,
  institutionId: number,
  forUpdate = false,
): Promise<DraftRow | undefined> {
  let query = db
    .selectFrom('settings_drafts')
    .select(['document', 'base_version', 'updated_at', 'updated_by'])
    .where('institution_id', '=', institutionId);
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row
    ? {
        document: asConfiguration(row.document),
        baseVersion: row.base_version,
        updatedAt: row.updated_at,
        updatedBy: row.updated_by,
      }
    : undefined;
}

export async function upsertDraft(
  db: Db,
  draft: {
    institutionId: number;
    document: InstitutionConfiguration;
    baseVersion: number;
    at: Date;
    by: string;
  },
): Promise<void> {
  const document = JSON.stringify(draft.document);
  await db
    .insertInto('settings_drafts')
    .values({
      institution_id: draft.institutionId,
      document,
      base_version: draft.baseVersion,
      updated_at: draft.at,
      updated_by: draft.by,
    })
    .onConflict((conflict) =>
      conflict.column('institution_id').doUpdateSet({
        document,
        base_version: draft.baseVersion,
        updated_at: draft.at,
        updated_by: draft.by,
      }),
    )
    .execute();
}

export async function deleteDraft(db: Db, institutionId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('settings_drafts')
    .where('institution_id', '=', institutionId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Serialises writers of one institution's configuration for the rest of the transaction. */
export async function lockInstitution(db: Db, institutionId: number): Promise<void> {
  await sql`select id from institutions where id = ${institutionId} for update`.execute(db);
}
