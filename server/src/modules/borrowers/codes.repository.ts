import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export interface NewSecurityCode {
  institutionId: number;
  purpose: 'login' | 'registration';
  sessionId: number | null;
  tokenHash: string | null;
  subject: string;
  email: string;
  codeDigest: string;
  expiresAt: Date;
  at: Date;
}

export async function insertSecurityCode(db: Db, code: NewSecurityCode): Promise<number> {
  const row = await db
    .insertInto('security_codes')
    .values({
      institution_id: code.institutionId,
      purpose: code.purpose,
      session_id: code.sessionId,
      token_hash: code.tokenHash,
      subject: code.subject,
      email: code.email,
      code_digest: code.codeDigest,
      expires_at: code.expiresAt,
      created_at: code.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The session's current sign-in code (the latest one not used). */
export async function findSessionCode(db: Db, sessionId: number) {
  return db
    .selectFrom('security_codes')
    .selectAll()
    .where('session_id', '=', sessionId)
    .where('purpose', '=', 'login')
    .where('consumed_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function findRegistrationCode(db: Db, institutionId: number, tokenHash: string) {
  return db
    .selectFrom('security_codes')
    .selectAll()
    .where('institution_id', '=', institutionId)
    .where('purpose', '=', 'registration')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Counts one attempt unless the code has used all of them. Counting before comparing keeps
 * parallel guesses within the limit. Returns the attempts so far, or undefined when none is left.
 */
export async function countCodeAttempt(
  db: Db,
  codeId: number,
  maxAttempts: number,
): Promise<number | undefined> {
  const row = await db
    .updateTable('security_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', codeId)
    .where('attempts', '<', maxAttempts)
    .where('consumed_at', 'is', null)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts;
}

export async function markCodeVerified(db: Db, codeId: number, at: Date): Promise<void> {
  await db
    .updateTable('security_codes')
    .set({ verified_at: at })
    .where('id', '=', codeId)
    .execute();
}

/** Marks a code used; false when it already was (a concurrent request won). */
export async function consumeCode(db: Db, codeId: number, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('security_codes')
    .set({ consumed_at: at })
    .where('id', '=', codeId)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function consumeSessionCodes(db: Db, sessionId: number, at: Date): Promise<void> {
  await db
    .updateTable('security_codes')
    .set({ consumed_at: at })
    .where('session_id', '=', sessionId)
    .where('consumed_at', 'is', null)
    .execute();
}

export type UserTokenPurpose =
  'changePassword' | 'resetPassword' | 'verifyEmail' | 'activation' | 'optOut';

export interface NewUserToken {
  institutionId: number;
  userId: string;
  purpose: UserTokenPurpose;
  tokenHash: string;
  sessionId: number | null;
  expiresAt: Date | null;
  at: Date;
}

export async function insertUserToken(db: Db, token: NewUserToken): Promise<void> {
  await db
    .insertInto('user_tokens')
    .values({
      institution_id: token.institutionId,
      user_id: token.userId,
      purpose: token.purpose,
      token_hash: token.tokenHash,
      session_id: token.sessionId,
      expires_at: token.expiresAt,
      created_at: token.at,
    })
    .execute();
}

export async function findUserToken(
  db: Db,
  institutionId: number,
  tokenHash: string,
  purposes: readonly UserTokenPurpose[],
) {
  return db
    .selectFrom('user_tokens')
    .selectAll()
    .where('institution_id', '=', institutionId)
    .where('token_hash', '=', tokenHash)
    .where('purpose', 'in', purposes)
    .executeTakeFirst();
}

/** Marks a one-time token used; false when it already was. */
export async function useUserToken(db: Db, tokenId: number, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('user_tokens')
    .set({ used_at: at })
    .where('id', '=', tokenId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Spends the other unused reset links of a user once the password changed. */
export async function useUserTokensOf(
  db: Db,
  userId: string,
  purposes: readonly UserTokenPurpose[],
  at: Date,
): Promise<void> {
  await db
    .updateTable('user_tokens')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('purpose', 'in', purposes)
    .where('used_at', 'is', null)
    .execute();
}

export async function insertTrustedDevice(
  db: Db,
  device: { institutionId: number; userId: string; tokenHash: string; expiresAt: Date; at: Date },
): Promise<void> {
  await db
    .insertInto('trusted_devices')
    .values({
      institution_id: device.institutionId,
      user_id: device.userId,
      token_hash: device.tokenHash,
      expires_at: device.expiresAt,
      created_at: device.at,
    })
    .execute();
}

export async function isTrustedDevice(
  db: Db,
  device: { institutionId: number; userId: string; tokenHash: string; now: Date },
): Promise<boolean> {
  const row = await db
    .selectFrom('trusted_devices')
    .select('id')
    .where('institution_id', '=', device.institutionId)
    .where('user_id', '=', device.userId)
    .where('token_hash', '=', device.tokenHash)
    .where('expires_at', '>', device.now)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertBiometricDevice(
  db: Db,
  device: {
    institutionId: number;
    userId: string;
    deviceId: string;
    tokenHash: string;
    expiresAt: Date;
    at: Date;
  },
): Promise<void> {
  // One token per device and user: a new opt-in replaces the old token.
  await db
    .updateTable('biometric_devices')
    .set({ revoked_at: device.at })
    .where('user_id', '=', device.userId)
    .where('device_id', '=', device.deviceId)
    .where('revoked_at', 'is', null)
    .execute();
  await db
    .insertInto('biometric_devices')
    .values({
      institution_id: device.institutionId,
      user_id: device.userId,
      device_id: device.deviceId,
      token_hash: device.tokenHash,
      expires_at: device.expiresAt,
      created_at: device.at,
    })
    .execute();
}

export async function findBiometricDevice(db: Db, institutionId: number, tokenHash: string) {
  return db
    .selectFrom('biometric_devices')
    .selectAll()
    .where('institution_id', '=', institutionId)
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/** Records a single sign-on token id; false when it was seen before (a replay). */
export async function recordSsoTokenUse(
  db: Db,
  use: { institutionId: number; jti: string; expiresAt: Date },
): Promise<boolean> {
  const row = await db
    .insertInto('sso_token_uses')
    .values({ institution_id: use.institutionId, jti: use.jti, expires_at: use.expiresAt })
    .onConflict((conflict) => conflict.columns(['institution_id', 'jti']).doNothing())
    .returning('jti')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Security codes expired by `expiredBefore`, except a registration code verified after
 * `verifiedAfter`: account creation still accepts it for a while after the code's own expiry.
 */
export async function deleteSpentSecurityCodes(
  db: Db,
  cutoff: { expiredBefore: Date; verifiedBefore: Date },
): Promise<number> {
  const result = await db
    .deleteFrom('security_codes')
    .where('expires_at', '<=', cutoff.expiredBefore)
    .where((eb) =>
      eb.or([
        eb('verified_at', 'is', null),
        eb('verified_at', '<=', cutoff.verifiedBefore),
        eb('consumed_at', 'is not', null),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Link tokens expired by `before`, used or not; lasting ones (no expiry: opt-out) stay. */
export async function deleteExpiredUserTokens(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('user_tokens')
    .where('expires_at', 'is not', null)
    .where('expires_at', '<=', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * After a password change: the user's biometric tokens stop working (revoked) and no device
 * skips the security code any more (trusted devices deleted). Both stood in for the old password.
 */
/** The user's biometric sign-in tokens (every device's, or one device's) stop working. */
export async function revokeBiometricDevices(
  db: Db,
  userId: string,
  at: Date,
  deviceId?: string,
): Promise<void> {
  let update = db
    .updateTable('biometric_devices')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (deviceId !== undefined) update = update.where('device_id', '=', deviceId);
  await update.execute();
}

/** Whether one of the user's devices (or the given one) holds a live biometric token. */
export async function hasLiveBiometricDevice(
  db: Db,
  userId: string,
  now: Date,
  deviceId?: string,
): Promise<boolean> {
  let query = db
    .selectFrom('biometric_devices')
    .select('id')
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now);
  if (deviceId !== undefined) query = query.where('device_id', '=', deviceId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

export async function revokeDeviceTokensOf(db: Db, userId: string, at: Date): Promise<void> {
  await db
    .updateTable('biometric_devices')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
  await db.deleteFrom('trusted_devices').where('user_id', '=', userId).execute();
}

export async function deleteExpiredTrustedDevices(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('trusted_devices')
    .where('expires_at', '<=', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Biometric tokens expired or replaced (revoked) by `before`. */
export async function deleteEndedBiometricDevices(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('biometric_devices')
    .where((eb) => eb.or([eb('expires_at', '<=', before), eb('revoked_at', '<=', before)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Used single sign-on token ids whose token expired by `before`: an expired token is refused
 * anyway, so its id no longer needs to be remembered to refuse a replay.
 */
export async function deleteExpiredSsoTokenUses(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('sso_token_uses')
    .where('expires_at', '<=', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
