import { createHash, timingSafeEqual } from 'node:crypto';
import { ADMIN_ERROR_CODES, type StaffMe, type StaffRole } from '@portal/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { DataProtector } from '../../lib/data-protection';
import { argon2PasswordHasher, type PasswordHasher } from '../../lib/passwords';
import { createSecurityCode, createToken, hashToken } from '../../lib/tokens';
import type { MailService } from '../mail/mail.service';
import type { ThrottleService } from '../throttle/throttle.service';
import { AdminError } from '../admin/admin-errors';
import {
  acceptTotpStep,
  consumeChallenge,
  countChallengeAttempt,
  deleteEndedStaffSessions,
  deleteSpentChallenges,
  findLiveStaffSession,
  findInstitutionIdsBySlug,
  findOpenChallenge,
  findStaffByEmail,
  findStaffById,
  insertChallenge,
  insertStaffAccount,
  insertStaffSession,
  listMemberships,
  listStaffWithMemberships,
  revokeStaffSession,
  touchStaffSession,
} from './staff.repository';
import type { AuditLog } from '../audit/audit.service';
import type { StaffPrincipal } from './staff-principal';
import { createTotpSecret, matchTotp, totpUri } from './totp';

const MINUTE = 60_000;

/** Staff sessions: shorter than a borrower's working day, because staff can change what borrowers see. */
export const STAFF_SESSION_POLICY = {
  idleMs: 30 * MINUTE,
  absoluteMs: 12 * 60 * MINUTE,
  challengeMs: 10 * MINUTE,
  /** Wrong codes per challenge before it is spent. */
  maxCodeAttempts: 5,
  /** Wrong passwords or codes in a row before the account locks. */
  lockAfterFailures: 5,
  lockMs: 15 * MINUTE,
  /** Sign-in requests per address and window. */
  loginsPerAddress: 30,
  loginWindowMs: 15 * MINUTE,
} as const;

export const STAFF_ROLES: readonly StaffRole[] = ['viewer', 'editor', 'publisher'];

export function isStaffRole(value: string): value is StaffRole {
  return STAFF_ROLES.some((role) => role === value);
}

export interface NewStaffInput {
  email: string;
  name: string;
  password: string;
  isImplementer?: boolean;
  memberships?: readonly { institutionId: number; role: StaffRole }[];
  /** Give the account a TOTP secret (returned once, with its otpauth:// address). */
  withTotp?: boolean;
}

export interface AdminAuthService {
  login(input: {
    email: string;
    password: string;
    ip: string;
  }): Promise<{ challengeId: string; method: 'totp' | 'email' }>;
  verify(input: {
    challengeId: string;
    code: string;
    ip?: string;
  }): Promise<{ token: string; me: StaffMe }>;
  resolveSession(token: string): Promise<StaffPrincipal | undefined>;
  logout(token: string): Promise<void>;
  me(principal: StaffPrincipal): Promise<StaffMe>;
  createStaff(input: NewStaffInput): Promise<{ id: string; totpSecret?: string; totpUri?: string }>;
  /** Implementers add staff by institution slug; the account gets an authenticator secret. */
  addStaff(
    by: StaffPrincipal,
    input: {
      email: string;
      name: string;
      password: string;
      isImplementer: boolean;
      memberships: readonly { institutionSlug: string; role: StaffRole }[];
    },
  ): Promise<{ id: string; totpSecret: string; totpUri: string }>;
  listStaff(by: StaffPrincipal): Promise<
    {
      id: string;
      email: string;
      name: string;
      isImplementer: boolean;
      hasAuthenticator: boolean;
      memberships: { institutionSlug: string; role: StaffRole }[];
    }[]
  >;
}

export interface AdminAuthServiceOptions {
  db: Kysely<Database>;
  clock: Clock;
  dataProtector: DataProtector;
  mail: MailService;
  throttle: ThrottleService;
  /** Where failed sign-ins and the locks they cause are recorded. */
  auditLog: AuditLog;
  /** Demo mode: staff without an authenticator get their code by e-mail (the demo mailbox). */
  demoMode: boolean;
  /** The institution whose outbox and counters staff sign-ins use (the default one). */
  anchorInstitutionId(): Promise<number | undefined>;
  hasher?: PasswordHasher;
}

/**
 * One answer for an unknown e-mail, a wrong password and a locked account, reached after the same
 * work (one argon2 verification), so neither the answer nor its time tells which it was.
 */
const invalidCredentials = () =>
  new AdminError(
    401,
    ADMIN_ERROR_CODES.invalidCredentials,
    'The e-mail or password is incorrect, or the account is locked for a while after too many failed attempts.',
  );
const invalidCode = () =>
  new AdminError(401, ADMIN_ERROR_CODES.invalidCode, 'The code is incorrect or has expired.');
const locked = (until: Date, now: Date) =>
  new AdminError(
    429,
    ADMIN_ERROR_CODES.tooManyRequests,
    'Too many failed attempts. Try again later.',
    { retryAfterSeconds: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)) },
  );

/** The e-mailed code's digest, keyed by the challenge id that only the client holds. */
function codeDigest(challengeId: string, code: string): string {
  return createHash('sha256').update(`${challengeId}:${code}`).digest('hex');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Deletes the staff sign-in challenges spent or expired by `before`, and the staff sessions that
 * ended by then (for the housekeeping job); returns how many of each.
 */
export async function purgeEndedStaffSignIns(
  db: Kysely<Database>,
  before: Date,
): Promise<{ challenges: number; sessions: number }> {
  return {
    challenges: await deleteSpentChallenges(db, before),
    sessions: await deleteEndedStaffSessions(db, before),
  };
}

export function createAdminAuthService(options: AdminAuthServiceOptions): AdminAuthService {
  const { db, clock, dataProtector, mail, throttle, auditLog } = options;
  const hasher = options.hasher ?? argon2PasswordHasher;
  const policy = STAFF_SESSION_POLICY;

  async function anchor(): Promise<number> {
    const id = await options.anchorInstitutionId();
    if (id === undefined) {
      throw new AdminError(503, 'ServerError', 'No institution is set up yet.');
    }
    return id;
  }

  async function me(principal: StaffPrincipal): Promise<StaffMe> {
    const memberships = await listMemberships(db, principal.staffId);
    return {
      id: principal.staffId,
      email: principal.email,
      name: principal.name,
      isImplementer: principal.isImplementer,
      memberships: memberships.flatMap((membership) =>
        isStaffRole(membership.role)
          ? [
              {
                institutionSlug: membership.slug,
                institutionName: membership.name,
                role: membership.role,
              },
            ]
          : [],
      ),
    };
  }

  /** Staff failures are counted by the borrowers' throttle service, per e-mail address. */
  function failureCounter(anchorId: number, email: string) {
    return { institutionId: anchorId, scope: 'staff-login', key: email.trim().toLowerCase() };
  }

  /** Counts a wrong password or code, and writes it (and a lock it causes) to the audit log. */
  async function fail(
    anchorId: number,
    attempt: { email: string; staffId: string | null; ip: string; step: 'password' | 'code' },
  ): Promise<void> {
    const { locked } = await throttle.registerFailure(failureCounter(anchorId, attempt.email), {
      maxFailures: policy.lockAfterFailures,
      lockoutMs: policy.lockMs,
      windowMs: policy.lockMs,
    });
    const email = attempt.email.trim().toLowerCase().slice(0, 200);
    // An unknown address is named only: the entry has no staff account to point at.
    const staff = { staffId: attempt.staffId ?? '', email, name: email, isImplementer: false };
    await auditLog.record(db, {
      staff,
      institutionId: anchorId,
      action: 'staff.signInFailed',
      comment: `${attempt.step === 'password' ? 'Wrong password' : 'Wrong code'} from ${attempt.ip}`,
    });
    if (locked) {
      await auditLog.record(db, {
        staff,
        institutionId: anchorId,
        action: 'staff.locked',
        comment: `Locked for ${policy.lockMs / MINUTE} minutes after ${policy.lockAfterFailures} failures`,
      });
    }
  }

  async function createStaff(input: NewStaffInput) {
    const totpSecret = input.withTotp ? createTotpSecret() : undefined;
    const id = await insertStaffAccount(db, {
      email: input.email,
      name: input.name,
      passwordHash: await hasher.hash(input.password),
      totpSecretEncrypted: totpSecret ? dataProtector.encrypt(totpSecret) : null,
      isImplementer: input.isImplementer ?? false,
      memberships: input.memberships ?? [],
      at: clock.now(),
    });
    return totpSecret
      ? { id, totpSecret, totpUri: totpUri(totpSecret, input.email, 'Borrower portal admin') }
      : { id };
  }

  return {
    async login({ email, password, ip }) {
      const anchorId = await anchor();
      await throttle.enforce({
        institutionId: anchorId,
        bucket: 'admin-login-ip',
        key: ip,
        limit: policy.loginsPerAddress,
        windowMs: policy.loginWindowMs,
      });
      const now = clock.now();
      const staff = await findStaffByEmail(db, email);
      const lockedUntil = await throttle.lockedUntil(failureCounter(anchorId, email));
      // Always one verification, against a dummy hash when there is no usable account.
      const usable = staff && !staff.disabled ? staff : undefined;
      const check = usable
        ? await hasher.verify(usable.password_hash, password)
        : await hasher.verifyDummy(password);
      if (lockedUntil) throw invalidCredentials();
      if (!usable || !check.matches) {
        await fail(anchorId, { email, staffId: usable?.id ?? null, ip, step: 'password' });
        throw invalidCredentials();
      }
      const method = usable.totp_secret_encrypted ? 'totp' : 'email';
      if (method === 'email' && !options.demoMode) {
        throw new AdminError(
          403,
          ADMIN_ERROR_CODES.forbidden,
          'This account has no authenticator app set up. Ask an implementer to set one up.',
        );
      }
      const challengeId = createToken();
      let digest: string | null = null;
      if (method === 'email') {
        const code = createSecurityCode();
        digest = codeDigest(challengeId, code);
        await mail.enqueue({
          institutionId: anchorId,
          to: usable.email,
          subject: 'Your admin sign-in code',
          body: `Your sign-in code for the portal admin is ${code}. It expires in ${policy.challengeMs / MINUTE} minutes. If you did not try to sign in, tell your implementer.`,
        });
        mail.deliverSoon();
      }
      await insertChallenge(db, {
        tokenHash: hashToken(challengeId),
        staffId: usable.id,
        method,
        codeDigest: digest,
        expiresAt: new Date(now.getTime() + policy.challengeMs),
        at: now,
      });
      return { challengeId, method };
    },

    async verify({ challengeId, code, ip }) {
      const now = clock.now();
      const challenge = await findOpenChallenge(db, hashToken(challengeId), now);
      if (!challenge) throw invalidCode();
      const staff = await findStaffById(db, challenge.staff_id);
      if (!staff || staff.disabled) throw invalidCode();
      const anchorId = await anchor();
      const counter = failureCounter(anchorId, staff.email);
      const lockedUntil = await throttle.lockedUntil(counter);
      if (lockedUntil) throw locked(lockedUntil, now);
      const attempts = await countChallengeAttempt(db, challenge.id);
      if (attempts > policy.maxCodeAttempts) {
        await consumeChallenge(db, challenge.id, now);
        throw invalidCode();
      }
      const typed = code.replace(/\s+/g, '');
      let matches = false;
      if (challenge.method === 'totp' && staff.totp_secret_encrypted) {
        const secret = dataProtector.decrypt(staff.totp_secret_encrypted);
        const step = matchTotp(secret, typed, now);
        matches = step !== undefined && (await acceptTotpStep(db, staff.id, step));
      } else if (challenge.method === 'email' && challenge.code_digest) {
        matches = sameText(codeDigest(challengeId, typed), challenge.code_digest);
      }
      if (!matches) {
        await fail(anchorId, { email: staff.email, staffId: staff.id, ip: ip ?? '', step: 'code' });
        throw invalidCode();
      }
      if (!(await consumeChallenge(db, challenge.id, now))) throw invalidCode();
      await throttle.reset(counter);
      const token = createToken();
      await insertStaffSession(db, {
        tokenHash: hashToken(token),
        staffId: staff.id,
        at: now,
        idleExpiresAt: new Date(now.getTime() + policy.idleMs),
        absoluteExpiresAt: new Date(now.getTime() + policy.absoluteMs),
      });
      return {
        token,
        me: await me({
          staffId: staff.id,
          email: staff.email,
          name: staff.name,
          isImplementer: staff.is_implementer,
        }),
      };
    },

    async resolveSession(token) {
      const now = clock.now();
      const row = await findLiveStaffSession(db, hashToken(token), now);
      if (!row) return undefined;
      const idle = new Date(
        Math.min(now.getTime() + policy.idleMs, row.absoluteExpiresAt.getTime()),
      );
      await touchStaffSession(db, row.sessionId, now, idle);
      return {
        staffId: row.staffId,
        email: row.email,
        name: row.name,
        isImplementer: row.isImplementer,
      };
    },

    async logout(token) {
      await revokeStaffSession(db, hashToken(token), clock.now());
    },

    me,

    async addStaff(by, input) {
      if (!by.isImplementer) {
        throw new AdminError(403, ADMIN_ERROR_CODES.forbidden, 'Only implementers can add staff.');
      }
      if (await findStaffByEmail(db, input.email)) {
        throw new AdminError(
          409,
          ADMIN_ERROR_CODES.conflict,
          'A staff account with this e-mail exists.',
        );
      }
      const ids = await findInstitutionIdsBySlug(
        db,
        input.memberships.map((membership) => membership.institutionSlug),
      );
      const memberships = input.memberships.map((membership) => {
        const institutionId = ids.get(membership.institutionSlug);
        if (institutionId === undefined) {
          throw new AdminError(
            404,
            ADMIN_ERROR_CODES.notFound,
            `There is no institution "${membership.institutionSlug}".`,
          );
        }
        return { institutionId, role: membership.role };
      });
      const created = await createStaff({ ...input, memberships, withTotp: true });
      if (!created.totpSecret || !created.totpUri) throw new Error('No TOTP secret was created');
      return { id: created.id, totpSecret: created.totpSecret, totpUri: created.totpUri };
    },

    async listStaff(by) {
      if (!by.isImplementer) {
        throw new AdminError(403, ADMIN_ERROR_CODES.forbidden, 'Only implementers can list staff.');
      }
      const rows = await listStaffWithMemberships(db);
      return rows.map((row) => ({
        ...row,
        memberships: row.memberships.flatMap((membership) =>
          isStaffRole(membership.role)
            ? [{ institutionSlug: membership.institutionSlug, role: membership.role }]
            : [],
        ),
      }));
    },

    createStaff,
  };
}
