import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export async function insertDownloadToken(
  db: Db,
  token: {
    institutionId: number;
    userId: string;
    tokenHash: string;
    purpose: string;
    payload: Record<string, unknown>;
    expiresAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('download_tokens')
    .values({
      institution_id: token.institutionId,
      user_id: token.userId,
      token_hash: token.tokenHash,
      purpose: token.purpose,
      payload: JSON.stringify(token.payload),
      expires_at: token.expiresAt,
    })
    .execute();
}

/**
 * Marks a live, unused token of this purpose used and returns it: one statement, so two requests
 * with the same token cannot both win.
 */
export async function consumeDownloadToken(
  db: Db,
  lookup: { institutionId: number; tokenHash: string; purpose: string; now: Date },
): Promise<{ userId: string; payload: Record<string, unknown> } | undefined> {
  const row = await db
    .updateTable('download_tokens')
    .set({ used_at: lookup.now })
    .where('token_hash', '=', lookup.tokenHash)
    .where('institution_id', '=', lookup.institutionId)
    .where('purpose', '=', lookup.purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', lookup.now)
    .returning(['user_id', 'payload'])
    .executeTakeFirst();
  return row ? { userId: row.user_id, payload: row.payload } : undefined;
}

export async function deleteExpiredDownloadTokens(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('download_tokens')
    .where('expires_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
