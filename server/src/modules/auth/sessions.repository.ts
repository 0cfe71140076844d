import type { Kysely } from 'kysely';
import type { Database, SessionRow } from '../../db/schema';

type Db = Kysely<Database>;

export interface LoginAttempt {
  institutionId: number;
  userId: string | null;
  usernameAttempted: string;
  ip: string;
  /** The User-Agent header ('' when none); cut to 512 characters. */
  userAgent: string;
  success: boolean;
  reason: string;
  at: Date;
}

export async function insertLoginAttempt(db: Db, attempt: LoginAttempt): Promise<void> {
  await db
    .insertInto('login_history')
    .values({
      institution_id: attempt.institutionId,
      user_id: attempt.userId,
      username_attempted: attempt.usernameAttempted,
      ip: attempt.ip,
      user_agent: attempt.userAgent.slice(0, 512),
      success: attempt.success,
      reason: attempt.reason,
      created_at: attempt.at,
    })
    .execute();
}

/** The user agents of the user's latest successful sign-ins, newest first (distinct). */
export async function recentSignInUserAgents(
  db: Db,
  userId: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('login_history')
    .select('user_agent')
    .where('user_id', '=', userId)
    .where('success', '=', true)
    .groupBy('user_agent')
    .orderBy((eb) => eb.fn.max('id'), 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.user_agent);
}

export async function listLoginAttempts(db: Db, institutionId: number) {
  return db
    .selectFrom('login_history')
    .selectAll()
    .where('institution_id', '=', institutionId)
    .orderBy('id')
    .execute();
}

export interface NewSession {
  tokenHash: string;
  userId: string;
  institutionId: number;
  createdAt: Date;
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
  ip: string;
  userAgent: string;
  pendingSteps: string;
  signInMethod: string;
  deviceId: string | null;
  /** The admin preview's sample borrower: every change is refused (plugins/auth). */
  readOnly?: boolean;
}

export async function insertSession(db: Db, session: NewSession): Promise<SessionRow> {
  return db
    .insertInto('sessions')
    .values({
      token_hash: session.tokenHash,
      user_id: session.userId,
      institution_id: session.institutionId,
      created_at: session.createdAt,
      last_seen_at: session.createdAt,
      idle_expires_at: session.idleExpiresAt,
      absolute_expires_at: session.absoluteExpiresAt,
      ip: session.ip,
      user_agent: session.userAgent,
      pending_steps: session.pendingSteps,
      sign_in_method: session.signInMethod,
      device_id: session.deviceId,
      read_only: session.readOnly ?? false,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A session that is not revoked and not past either expiry at `now`, with its borrower. */
export async function findLiveSession(db: Db, tokenHash: string, institutionId: number, now: Date) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', (join) =>
      join
        .onRef('users.id', '=', 'sessions.user_id')
        .onRef('users.institution_id', '=', 'sessions.institution_id'),
    )
    .innerJoin('customers', 'customers.id', 'users.customer_id')
    .select([
      'sessions.id',
      'sessions.user_id',
      'sessions.institution_id',
      'sessions.created_at',
      'sessions.idle_expires_at',
      'sessions.absolute_expires_at',
      'sessions.pending_steps',
      'sessions.device_id',
      'sessions.sign_in_method',
      'sessions.read_only',
      'users.customer_id',
      'users.username',
      'users.email_verified',
      'users.logon_allowed',
      'customers.personal_name',
      'customers.email',
      'customers.company_number',
      'customers.servicing_branch',
      'customers.restricted',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.institution_id', '=', institutionId)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.idle_expires_at', '>', now)
    .where('sessions.absolute_expires_at', '>', now)
    .executeTakeFirst();
}

/** Any session of a token (live or not), for status checks and logout. */
export async function findSessionByTokenHash(
  db: Db,
  tokenHash: string,
  institutionId: number,
): Promise<SessionRow | undefined> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('institution_id', '=', institutionId)
    .executeTakeFirst();
}

/**
 * Sessions that ended (idle, absolute expiry or sign-out) by `before`. Their sign-in codes and
 * change-password links go with them (ON DELETE CASCADE): both only ever served that session.
 */
export async function deleteEndedSessions(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('idle_expires_at', '<=', before),
        eb('absolute_expires_at', '<=', before),
        eb('revoked_at', '<=', before),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Slides the idle expiry; the conditions repeat the liveness check so a concurrent logout wins. */
export async function touchSession(
  db: Db,
  sessionId: number,
  now: Date,
  idleExpiresAt: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ last_seen_at: now, idle_expires_at: idleExpiresAt })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .where('idle_expires_at', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function revokeSession(db: Db, sessionId: number, at: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every session of a user (after a password reset), except `keep` when given. */
export async function revokeUserSessions(
  db: Db,
  userId: string,
  at: Date,
  keep?: number,
): Promise<void> {
  let update = db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keep !== undefined) update = update.where('id', '!=', keep);
  await update.execute();
}

/**
 * Replaces the pending steps if they are still what the caller read (`expected`), so two
 * concurrent step calls cannot both complete the same step. False when another call won.
 */
export async function updatePendingSteps(
  db: Db,
  session: { id: number; expected: string; next: string; deviceId?: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({
      pending_steps: session.next,
      ...(session.deviceId === undefined ? {} : { device_id: session.deviceId }),
    })
    .where('id', '=', session.id)
    .where('pending_steps', '=', session.expected)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A new token for a session whose trust just went up (the security code was entered). */
export async function rotateSessionToken(db: Db, sessionId: number, tokenHash: string) {
  await db
    .updateTable('sessions')
    .set({ token_hash: tokenHash })
    .where('id', '=', sessionId)
    .execute();
}

/** The successful sign-in before `before` (the one preceding the current session). */
export async function findPreviousSuccessfulLogin(db: Db, userId: string, before: Date) {
  return db
    .selectFrom('login_history')
    .select(['created_at', 'ip'])
    .where('user_id', '=', userId)
    .where('success', '=', true)
    .where('created_at', '<', before)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * The user's sign-in attempts since `since`, succeeded and failed, newest first (the login
 * history screen). Attempts under a user name that matched no user are nobody's.
 */
export async function listSignInAttempts(
  db: Db,
  institutionId: number,
  userId: string,
  since: Date,
  limit: number,
) {
  return (
    db
      .selectFrom('login_history')
      .select(['id', 'created_at', 'ip', 'user_agent', 'success'])
      .where('institution_id', '=', institutionId)
      .where('user_id', '=', userId)
      .where('created_at', '>=', since)
      // The spec's order: EntryKey (the id) descending, the order the attempts were recorded in.
      .orderBy('id', 'desc')
      .limit(limit)
      .execute()
  );
}
