import { UserAlertsInfo } from '@portal/domain';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** What is kept of the preferences: the read-back shape without its bookkeeping fields. */
const StoredPreferences = UserAlertsInfo.omit({ sequenceNumber: true, alertsAreDirty: true });
export type StoredPreferences = z.infer<typeof StoredPreferences>;

/** The user's saved notification preferences and their sequence number, if ever saved. */
export async function findNotificationPreferences(
  db: Db,
  userId: string,
): Promise<{ preferences: StoredPreferences | undefined; sequenceNumber: number } | undefined> {
  const row = await db
    .selectFrom('notification_preferences')
    .select(['preferences', 'sequence_number'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const parsed = StoredPreferences.safeParse(row.preferences);
  return {
    preferences: parsed.success ? parsed.data : undefined,
    sequenceNumber: row.sequence_number,
  };
}

/**
 * Saves the preferences if the saved sequence number is still `expected` (0: never saved), and
 * answers the new number; undefined when another save came first.
 */
export async function saveNotificationPreferences(
  db: Db,
  entry: {
    institutionId: number;
    userId: string;
    preferences: StoredPreferences;
    expected: number;
    at: Date;
  },
): Promise<number | undefined> {
  const preferences = JSON.stringify(entry.preferences);
  const next = entry.expected + 1;
  const row = await db
    .insertInto('notification_preferences')
    .values({
      user_id: entry.userId,
      institution_id: entry.institutionId,
      preferences,
      sequence_number: next,
      updated_at: entry.at,
    })
    .onConflict((conflict) =>
      conflict
        .column('user_id')
        .doUpdateSet({ preferences, sequence_number: next, updated_at: entry.at })
        .where('notification_preferences.sequence_number', '=', entry.expected),
    )
    .returning('sequence_number')
    .executeTakeFirst();
  // A first save (expected 0) that met a row another save inserted updates nothing either.
  return row?.sequence_number === next ? next : undefined;
}

/** The user's saved preferences with every text alert off (texting withdrawn). */
export async function replaceStoredPreferences(
  db: Db,
  userId: string,
  preferences: StoredPreferences,
  at: Date,
): Promise<void> {
  await db
    .updateTable('notification_preferences')
    .set((eb) => ({
      preferences: JSON.stringify(preferences),
      sequence_number: eb('sequence_number', '+', 1),
      updated_at: at,
    }))
    .where('user_id', '=', userId)
    .execute();
}

/** The new e-mail address waiting for its link, if any (the latest, unexpired, not ended). */
export async function findPendingEmailChange(
  db: Db,
  userId: string,
  now: Date,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('email_changes')
    .select('new_email')
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.new_email;
}

/** Ends the user's changes still waiting (a newer one supersedes them). */
export async function endPendingEmailChanges(db: Db, userId: string, at: Date): Promise<void> {
  await db
    .updateTable('email_changes')
    .set({ ended_at: at })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .execute();
}

export async function insertEmailChange(
  db: Db,
  change: {
    institutionId: number;
    userId: string;
    newEmail: string;
    tokenHash: string;
    expiresAt: Date;
    at: Date;
  },
): Promise<void> {
  await db
    .insertInto('email_changes')
    .values({
      institution_id: change.institutionId,
      user_id: change.userId,
      new_email: change.newEmail,
      token_hash: change.tokenHash,
      expires_at: change.expiresAt,
      created_at: change.at,
    })
    .execute();
}

export async function findEmailChangeByToken(db: Db, institutionId: number, tokenHash: string) {
  return db
    .selectFrom('email_changes')
    .select(['id', 'user_id', 'new_email', 'expires_at', 'ended_at'])
    .where('institution_id', '=', institutionId)
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Ends a change by its link being opened; false when it had ended already (a second click). */
export async function confirmEmailChange(db: Db, id: number, at: Date): Promise<boolean> {
  const row = await db
    .updateTable('email_changes')
    .set({ ended_at: at, confirmed: true })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * E-mail changes whose link expired by `before`, opened, superseded or never used alike (the
 * housekeeping job).
 */
export async function deleteExpiredEmailChanges(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('email_changes')
    .where('expires_at', '<=', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
