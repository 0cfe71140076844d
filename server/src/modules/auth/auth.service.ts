import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { verifyAgainstDummyHash, verifyPassword } from '../../lib/passwords';
import { createToken, hashToken } from '../../lib/tokens';
import type { RequestSession, RequestUser } from '../../plugins/auth';
import {
  findLiveSession,
  findPreviousSuccessfulLogin,
  findSessionByTokenHash,
  findUserByUsername,
  insertLoginAttempt,
  insertSession,
  revokeSession,
  touchSession,
  updateLastLogin,
} from './auth.repository';
import { nextIdleExpiry, type SessionPolicy } from './session-policy';

/** The sign-in refusals of this first version (spec 000 section 8); lockout and MFA come later. */
export type SignInRefusal = 'Invalid' | 'LogonNotAllowed' | 'Restricted' | 'maintenanceModeEnabled';

export type SignInResult =
  | {
      ok: true;
      /** The session token; it leaves the server once, in a cookie or in UserToken. */
      token: string;
      session: RequestSession;
      /** The user as stored before this sign-in: last_login_* are the previous sign-in's. */
      user: UserRow;
    }
  | { ok: false; code: SignInRefusal };

export interface SignInInput {
  institutionId: number;
  username: string;
  password: string;
  ip: string;
  userAgent: string;
}

export interface TokenStatus {
  live: boolean;
  /** When the session ends if nothing else happens (the earlier of the two expiries). */
  expiresAt: Date | null;
}

export interface AuthService {
  signIn(input: SignInInput): Promise<SignInResult>;
  /** The live session of a token, its idle expiry slid; undefined when none. */
  resolveSession(
    token: string,
    institutionId: number,
  ): Promise<{ session: RequestSession; user: RequestUser } | undefined>;
  /** Expiry of a token's session without extending it. */
  tokenStatus(token: string, institutionId: number): Promise<TokenStatus>;
  /** The user name of a live session, without extending it. */
  lookupLogin(token: string, institutionId: number): Promise<string | undefined>;
  signOut(token: string, institutionId: number): Promise<void>;
  /** The sign-in before the given session began (what "previous login" shows). */
  previousSignIn(session: RequestSession): Promise<{ at: Date; ip: string } | undefined>;
}

export interface AuthServiceOptions {
  db: Kysely<Database>;
  clock: Clock;
  policy: SessionPolicy;
  maintenanceMode(institutionId: number): Promise<boolean>;
}

export function createAuthService(options: AuthServiceOptions): AuthService {
  const { db, clock, policy } = options;

  async function refuse(
    input: SignInInput,
    userId: string | null,
    code: SignInRefusal,
  ): Promise<SignInResult> {
    await insertLoginAttempt(db, {
      institutionId: input.institutionId,
      userId,
      usernameAttempted: input.username.slice(0, 200),
      ip: input.ip,
      success: false,
      reason: code,
      at: clock.now(),
    });
    return { ok: false, code };
  }

  return {
    async signIn(input) {
      if (await options.maintenanceMode(input.institutionId)) {
        return { ok: false, code: 'maintenanceModeEnabled' };
      }
      const user = await findUserByUsername(db, input.institutionId, input.username);
      const passwordMatches = user
        ? await verifyPassword(user.password_hash, input.password)
        : await verifyAgainstDummyHash(input.password);
      if (!user || !passwordMatches) return refuse(input, user?.id ?? null, 'Invalid');
      // Checked only after the password, so these answers do not reveal that a user exists.
      if (!user.logon_allowed) return refuse(input, user.id, 'LogonNotAllowed');
      if (user.restricted) return refuse(input, user.id, 'Restricted');

      const now = clock.now();
      const token = createToken();
      const absoluteExpiresAt = new Date(now.getTime() + policy.absoluteTimeoutMs);
      const row = await insertSession(db, {
        tokenHash: hashToken(token),
        userId: user.id,
        institutionId: input.institutionId,
        createdAt: now,
        idleExpiresAt: nextIdleExpiry(policy, now, absoluteExpiresAt),
        absoluteExpiresAt,
        ip: input.ip,
        userAgent: input.userAgent.slice(0, 500),
      });
      await updateLastLogin(db, user.id, now, input.ip);
      await insertLoginAttempt(db, {
        institutionId: input.institutionId,
        userId: user.id,
        usernameAttempted: user.username,
        ip: input.ip,
        success: true,
        reason: '',
        at: now,
      });
      return {
        ok: true,
        token,
        user,
        session: {
          id: row.id,
          userId: row.user_id,
          institutionId: row.institution_id,
          createdAt: row.created_at,
          idleExpiresAt: row.idle_expires_at,
          absoluteExpiresAt: row.absolute_expires_at,
        },
      };
    },

    async resolveSession(token, institutionId) {
      const now = clock.now();
      const row = await findLiveSession(db, hashToken(token), institutionId, now);
      if (!row || !row.logon_allowed) return undefined;
      const idleExpiresAt = nextIdleExpiry(policy, now, row.absolute_expires_at);
      if (!(await touchSession(db, row.id, now, idleExpiresAt))) return undefined;
      return {
        session: {
          id: row.id,
          userId: row.user_id,
          institutionId: row.institution_id,
          createdAt: row.created_at,
          idleExpiresAt,
          absoluteExpiresAt: row.absolute_expires_at,
        },
        user: {
          id: row.user_id,
          username: row.username,
          personalName: row.personal_name,
          email: row.email,
          emailVerified: row.email_verified,
          companyNumber: row.company_number,
          servicingBranch: row.servicing_branch,
        },
      };
    },

    async tokenStatus(token, institutionId) {
      const row = await findLiveSession(db, hashToken(token), institutionId, clock.now());
      if (!row) return { live: false, expiresAt: null };
      const expiresAt = Math.min(row.idle_expires_at.getTime(), row.absolute_expires_at.getTime());
      return { live: true, expiresAt: new Date(expiresAt) };
    },

    async lookupLogin(token, institutionId) {
      const row = await findLiveSession(db, hashToken(token), institutionId, clock.now());
      return row?.username;
    },

    async signOut(token, institutionId) {
      const row = await findSessionByTokenHash(db, hashToken(token), institutionId);
      if (row) await revokeSession(db, row.id, clock.now());
    },

    async previousSignIn(session) {
      const row = await findPreviousSuccessfulLogin(db, session.userId, session.createdAt);
      return row ? { at: row.created_at, ip: row.ip } : undefined;
    },
  };
}
