import type { Kysely } from 'kysely';
import type { Database, SessionRow, UserRow } from '../../db/schema';

type Db = Kysely<Database>;

/** Sign-in is case-insensitive on the user name (the unique index is on lower(username)). */
export async function findUserByUsername(
  db: Db,
  institutionId: number,
  username: string,
): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('institution_id', '=', institutionId)
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
}

export async function findUserById(
  db: Db,
  institutionId: number,
  userId: string,
): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('institution_id', '=', institutionId)
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function updateLastLogin(db: Db, userId: string, at: Date, ip: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ last_login_at: at, last_login_ip: ip })
    .where('id', '=', userId)
    .execute();
}

export interface LoginAttempt {
  institutionId: number;
  userId: string | null;
  usernameAttempted: string;
  ip: string;
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
      success: attempt.success,
      reason: attempt.reason,
      created_at: attempt.at,
    })
    .execute();
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
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A session that is not revoked and not past either expiry at `now`, with its user. */
export async function findLiveSession(db: Db, tokenHash: string, institutionId: number, now: Date) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', (join) =>
      join
        .onRef('users.id', '=', 'sessions.user_id')
        .onRef('users.institution_id', '=', 'sessions.institution_id'),
    )
    .select([
      'sessions.id',
      'sessions.user_id',
      'sessions.institution_id',
      'sessions.created_at',
      'sessions.idle_expires_at',
      'sessions.absolute_expires_at',
      'users.username',
      'users.personal_name',
      'users.email',
      'users.email_verified',
      'users.company_number',
      'users.servicing_branch',
      'users.logon_allowed',
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
