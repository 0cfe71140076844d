import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

// ---- Preview tokens -------------------------------------------------------------------------

export async function insertPreviewToken(
  db: Db,
  token: {
    tokenHash: string;
    staffId: string;
    institutionId: number;
    adminOrigin: string;
    expiresAt: Date;
    at: Date;
  },
): Promise<void> {
  await db
    .insertInto('preview_tokens')
    .values({
      token_hash: token.tokenHash,
      staff_id: token.staffId,
      institution_id: token.institutionId,
      admin_origin: token.adminOrigin,
      expires_at: token.expiresAt,
      created_at: token.at,
    })
    .execute();
}

/** A live token of an enabled staff member who may still read the institution. */
export async function findLivePreviewToken(db: Db, tokenHash: string, now: Date) {
  return db
    .selectFrom('preview_tokens')
    .innerJoin('staff_accounts', 'staff_accounts.id', 'preview_tokens.staff_id')
    .select([
      'preview_tokens.institution_id as institutionId',
      'preview_tokens.admin_origin as adminOrigin',
      'preview_tokens.expires_at as expiresAt',
      'staff_accounts.id as staffId',
      'staff_accounts.is_implementer as isImplementer',
    ])
    .where('preview_tokens.token_hash', '=', tokenHash)
    .where('preview_tokens.expires_at', '>', now)
    .where('staff_accounts.disabled', '=', false)
    .executeTakeFirst();
}

/** Preview tokens expired by `before`; returns how many went. */
export async function deleteExpiredPreviewTokens(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('preview_tokens')
    .where('expires_at', '<=', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
