import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { StaffAccountRow } from '../../db/tables/staff';

type Db = Kysely<Database>;

// ---- Staff accounts, challenges and sessions -------------------------------------------------

export async function findStaffByEmail(
  db: Db,
  email: string,
): Promise<StaffAccountRow | undefined> {
  return db
    .selectFrom('staff_accounts')
    .selectAll()
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function findStaffById(db: Db, id: string): Promise<StaffAccountRow | undefined> {
  return db.selectFrom('staff_accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface NewStaffAccount {
  email: string;
  name: string;
  passwordHash: string;
  totpSecretEncrypted: string | null;
  isImplementer: boolean;
  memberships: readonly { institutionId: number; role: string }[];
  at: Date;
}

export async function insertStaffAccount(db: Db, staff: NewStaffAccount): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('staff_accounts')
      .values({
        email: staff.email.trim().toLowerCase(),
        name: staff.name,
        password_hash: staff.passwordHash,
        totp_secret_encrypted: staff.totpSecretEncrypted,
        is_implementer: staff.isImplementer,
        created_at: staff.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (staff.memberships.length > 0) {
      await trx
        .insertInto('staff_memberships')
        .values(
          staff.memberships.map((membership) => ({
            staff_id: id,
            institution_id: membership.institutionId,
            role: membership.role,
          })),
        )
        .execute();
    }
    return id;
  });
}

export interface MembershipRow {
  institutionId: number;
  slug: string;
  name: string;
  role: string;
}

export async function listMemberships(db: Db, staffId: string): Promise<MembershipRow[]> {
  return db
    .selectFrom('staff_memberships')
    .innerJoin('institutions', 'institutions.id', 'staff_memberships.institution_id')
    .select([
      'institutions.id as institutionId',
      'institutions.slug as slug',
      'institutions.name as name',
      'staff_memberships.role as role',
    ])
    .where('staff_memberships.staff_id', '=', staffId)
    .orderBy('institutions.name')
    .execute();
}

export async function findMembershipRole(
  db: Db,
  staffId: string,
  institutionId: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('staff_memberships')
    .select('role')
    .where('staff_id', '=', staffId)
    .where('institution_id', '=', institutionId)
    .executeTakeFirst();
  return row?.role;
}

/**
 * Disables or re-enables an account; false when there is none. Disabling ends the account's
 * sessions and preview tokens for good (revoked, not just hidden), so enabling it again later
 * never brings back a session someone else may hold.
 */
export async function setStaffDisabled(
  db: Db,
  email: string,
  disabled: boolean,
  at: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('staff_accounts')
      .set({ disabled })
      .where('email', '=', email.trim().toLowerCase())
      .returning('id')
      .executeTakeFirst();
    if (!row) return false;
    if (disabled) {
      await trx
        .updateTable('staff_sessions')
        .set({ revoked_at: at })
        .where('staff_id', '=', row.id)
        .where('revoked_at', 'is', null)
        .execute();
      await trx.deleteFrom('preview_tokens').where('staff_id', '=', row.id).execute();
    }
    return true;
  });
}

/** Accepts a TOTP time step once: false when it (or a later one) was used already. */
export async function acceptTotpStep(db: Db, staffId: string, step: number): Promise<boolean> {
  const row = await db
    .updateTable('staff_accounts')
    .set({ totp_last_step: step })
    .where('id', '=', staffId)
    .where('totp_last_step', '<', step)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertChallenge(
  db: Db,
  challenge: {
    tokenHash: string;
    staffId: string;
    method: string;
    codeDigest: string | null;
    expiresAt: Date;
    at: Date;
  },
): Promise<void> {
  await db
    .insertInto('staff_challenges')
    .values({
      token_hash: challenge.tokenHash,
      staff_id: challenge.staffId,
      method: challenge.method,
      code_digest: challenge.codeDigest,
      expires_at: challenge.expiresAt,
      created_at: challenge.at,
    })
    .execute();
}

export async function findOpenChallenge(db: Db, tokenHash: string, now: Date) {
  return db
    .selectFrom('staff_challenges')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export async function countChallengeAttempt(db: Db, id: number): Promise<number> {
  const row = await db
    .updateTable('staff_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .returning('attempts')
    .executeTakeFirstOrThrow();
  return row.attempts;
}

/** Marks the challenge used; false when another request used it first. */
export async function consumeChallenge(db: Db, id: number, at: Date): Promise<boolean> {
  const row = await db
    .updateTable('staff_challenges')
    .set({ consumed_at: at })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Challenges expired or used by `before`: neither can finish a sign-in. */
export async function deleteSpentChallenges(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('staff_challenges')
    .where((eb) => eb.or([eb('expires_at', '<=', before), eb('consumed_at', '<=', before)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function insertStaffSession(
  db: Db,
  session: {
    tokenHash: string;
    staffId: string;
    at: Date;
    idleExpiresAt: Date;
    absoluteExpiresAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('staff_sessions')
    .values({
      token_hash: session.tokenHash,
      staff_id: session.staffId,
      created_at: session.at,
      last_seen_at: session.at,
      idle_expires_at: session.idleExpiresAt,
      absolute_expires_at: session.absoluteExpiresAt,
    })
    .execute();
}

export async function findLiveStaffSession(db: Db, tokenHash: string, now: Date) {
  return db
    .selectFrom('staff_sessions')
    .innerJoin('staff_accounts', 'staff_accounts.id', 'staff_sessions.staff_id')
    .select([
      'staff_sessions.id as sessionId',
      'staff_sessions.absolute_expires_at as absoluteExpiresAt',
      'staff_accounts.id as staffId',
      'staff_accounts.email as email',
      'staff_accounts.name as name',
      'staff_accounts.is_implementer as isImplementer',
    ])
    .where('staff_sessions.token_hash', '=', tokenHash)
    .where('staff_sessions.revoked_at', 'is', null)
    .where('staff_sessions.idle_expires_at', '>', now)
    .where('staff_sessions.absolute_expires_at', '>', now)
    .where('staff_accounts.disabled', '=', false)
    .executeTakeFirst();
}

export async function touchStaffSession(
  db: Db,
  sessionId: number,
  at: Date,
  idleExpiresAt: Date,
): Promise<void> {
  await db
    .updateTable('staff_sessions')
    .set({ last_seen_at: at, idle_expires_at: idleExpiresAt })
    .where('id', '=', sessionId)
    .execute();
}

/** Staff sessions that ended (idle, absolute expiry or sign-out) by `before`. */
export async function deleteEndedStaffSessions(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('staff_sessions')
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

export async function revokeStaffSession(db: Db, tokenHash: string, at: Date): Promise<void> {
  await db
    .updateTable('staff_sessions')
    .set({ revoked_at: at })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function listStaffWithMemberships(db: Db) {
  const [accounts, memberships] = await Promise.all([
    db
      .selectFrom('staff_accounts')
      .select(['id', 'email', 'name', 'is_implementer', 'disabled', 'totp_secret_encrypted'])
      .orderBy('email')
      .execute(),
    db
      .selectFrom('staff_memberships')
      .innerJoin('institutions', 'institutions.id', 'staff_memberships.institution_id')
      .select([
        'staff_memberships.staff_id as staffId',
        'institutions.slug as slug',
        'staff_memberships.role as role',
      ])
      .orderBy('institutions.slug')
      .execute(),
  ]);
  return accounts.map((account) => ({
    id: account.id,
    email: account.email,
    name: account.name,
    isImplementer: account.is_implementer,
    disabled: account.disabled,
    hasAuthenticator: account.totp_secret_encrypted !== null,
    memberships: memberships
      .filter((membership) => membership.staffId === account.id)
      .map((membership) => ({ institutionSlug: membership.slug, role: membership.role })),
  }));
}

/** An institution's staff by membership (implementers aside), enabled or not, by name. */
export async function listInstitutionStaff(db: Db, institutionId: number) {
  return db
    .selectFrom('staff_memberships')
    .innerJoin('staff_accounts', 'staff_accounts.id', 'staff_memberships.staff_id')
    .select([
      'staff_accounts.id as id',
      'staff_accounts.name as name',
      'staff_accounts.email as email',
      'staff_accounts.disabled as disabled',
      'staff_memberships.role as role',
    ])
    .where('staff_memberships.institution_id', '=', institutionId)
    .orderBy('staff_accounts.name')
    .orderBy('staff_accounts.email')
    .execute();
}

/** The names and addresses of these staff accounts (those that exist). */
export async function findStaffNames(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('staff_accounts')
    .select(['id', 'name', 'email'])
    .where('id', 'in', ids)
    .execute();
}

export async function findInstitutionIdsBySlug(db: Db, slugs: readonly string[]) {
  if (slugs.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom('institutions')
    .select(['id', 'slug'])
    .where('slug', 'in', slugs)
    .execute();
  return new Map(rows.map((row) => [row.slug, row.id]));
}
