import { isEmailAddress, isZipCode, registrationDateOfBirth } from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import {
  argon2PasswordHasher,
  normaliseSecretAnswer,
  type PasswordHasher,
} from '../../lib/passwords';
import { resetPasswordEmail } from '../mail/emails';
import { issueLinkToken, resetPasswordLink } from '../account-links/links';
import { securityPolicyOf, type SecurityPolicy } from '../auth/policy';
import { createBorrowersService, type Borrower } from '../borrowers/borrowers.service';
import type { MailService } from '../mail/mail.service';
import { HOUR_MS, type FailureCounter, type ThrottleService } from '../throttle/throttle.service';
import type { RequestContext } from '../../plugins/request-context';

/** The identifying details of step 1; each is '' when the institution hides its field. */
export interface RecoveryIdentity {
  email: string;
  servicingBranch: string;
  /** MM/DD/YYYY as typed. */
  dateOfBirth: string;
  zipCode: string;
}

/** Who is asking: the institution of the host, the caller's address and the portal's address. */
export type RecoveryCaller = Pick<
  RequestContext,
  'institutionId' | 'institutionName' | 'ip' | 'origin' | 'today'
>;

export type RecoveryCode =
  'BadQuestion' | 'Invalid' | 'RecoveryFailed' | 'RecoveryMaxAttempts' | 'maintenanceModeEnabled';

export type RecoveryResult<T> = ({ ok: true } & T) | { ok: false; code: RecoveryCode };

export interface RecoveryService {
  /** Step 1: the logon name and secret question of the user the details identify. */
  getSecretQuestion(
    caller: RecoveryCaller,
    identity: RecoveryIdentity,
  ): Promise<RecoveryResult<{ logonName: string; secretQuestion: string }>>;
  /** Step 2: a right answer e-mails a one-time reset link. */
  answerSecretQuestion(
    caller: RecoveryCaller,
    request: RecoveryIdentity & { logonName: string; secretAnswer: string },
  ): Promise<RecoveryResult<{ successMessage: string }>>;
  /**
   * Step 2 without a question (recoverCredentialsWithoutQuestionOption): e-mails the reset link
   * when the details match and answers the same either way. The link is queued by `queueLink`,
   * which the caller runs after the answer has gone out (it does nothing for no user).
   */
  generateNewPassword(
    caller: RecoveryCaller,
    request: { logonName: string; email: string; zipCode: string; servicingBranch: string },
  ): Promise<RecoveryResult<{ successMessage: string; queueLink: () => Promise<void> }>>;
}

export interface RecoveryServiceOptions {
  db: Kysely<Database>;
  clock: Clock;
  settings(institutionId: number): Promise<SettingsAccessor>;
  mail: MailService;
  throttle: ThrottleService;
  hasher?: PasswordHasher;
}

interface RecoveryFields {
  email: boolean;
  dateOfBirth: boolean;
  zipCode: boolean;
  branch: boolean;
}

function fieldsOf(settings: SettingsAccessor): RecoveryFields {
  return {
    email: !settings.get('recoveryOptions.hideEmailOption'),
    dateOfBirth: !settings.get('recoveryOptions.hideDateOfBirthOption'),
    zipCode: !settings.get('recoveryOptions.hideZipCodeOption'),
    branch: !settings.get('recoveryOptions.hideBranchOption'),
  };
}

function sameText(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * Account recovery (spec 000 sections 2.8, 4, 5 and 8). Failures are counted per e-mail address
 * typed, whether or not any user has it, so a locked or unknown address answers exactly like a
 * registered one; the same database work is done either way, so the timing does not tell either.
 */
export function createRecoveryService(options: RecoveryServiceOptions): RecoveryService {
  const { db, clock, mail, throttle } = options;
  const hasher = options.hasher ?? argon2PasswordHasher;
  const borrowers = createBorrowersService({ db });

  function counters(institutionId: number, email: string, logonName?: string): FailureCounter[] {
    const list: FailureCounter[] = [
      { institutionId, scope: 'recovery-email', key: email.trim().toLowerCase() },
    ];
    if (logonName !== undefined) {
      list.push({ institutionId, scope: 'recovery-user', key: logonName.trim().toLowerCase() });
    }
    return list;
  }

  async function locked(list: readonly FailureCounter[]): Promise<boolean> {
    for (const counter of list) {
      if (await throttle.lockedUntil(counter)) return true;
    }
    return false;
  }

  /** Counts a failure on every counter; true when one of them is now locked. */
  async function fail(list: readonly FailureCounter[], policy: SecurityPolicy): Promise<boolean> {
    let nowLocked = false;
    for (const counter of list) {
      const { locked: lockedNow } = await throttle.registerFailure(counter, {
        maxFailures: policy.recoveryMaxAttempts,
        lockoutMs: policy.recoveryLockoutMs,
        windowMs: Math.max(policy.recoveryLockoutMs, HOUR_MS),
      });
      nowLocked ||= lockedNow;
    }
    return nowLocked;
  }

  /** Common checks: maintenance, single sign-on, the per-address request limit, required fields. */
  async function start(
    caller: RecoveryCaller,
  ): Promise<{ settings: SettingsAccessor; policy: SecurityPolicy } | RecoveryCode> {
    const settings = await options.settings(caller.institutionId);
    if (settings.get('maintenanceOptions.maintenanceModeOption')) return 'maintenanceModeEnabled';
    // Recovery is blocked under single sign-on: the identity provider owns the credentials.
    if (settings.get('ssoOptions.useSingleSignOnOption')) return 'RecoveryFailed';
    const policy = securityPolicyOf(settings);
    await throttle.enforce({
      institutionId: caller.institutionId,
      bucket: 'recovery-ip',
      key: caller.ip,
      limit: policy.recoveryRequestsPerHourPerIp,
      windowMs: HOUR_MS,
    });
    return { settings, policy };
  }

  /**
   * The users the details identify; undefined when a required detail is missing or malformed.
   * The formats are domain's contact-field rules, the portal's too; the date of birth is read
   * against the institution's today (the request's calendar date), not the server's UTC date.
   */
  async function identify(
    caller: RecoveryCaller,
    fields: RecoveryFields,
    identity: RecoveryIdentity,
  ): Promise<Borrower[] | undefined> {
    const email = identity.email.trim();
    const zip = identity.zipCode.trim();
    const branch = identity.servicingBranch.trim();
    const dateOfBirth = fields.dateOfBirth
      ? registrationDateOfBirth(identity.dateOfBirth, caller.today)
      : undefined;
    // Always the same lookup, so a missing detail takes as long as a wrong one.
    const found = await borrowers.findBorrowersToRecover(caller.institutionId, email);
    if (!fields.email || !isEmailAddress(email)) return undefined;
    if (fields.dateOfBirth && dateOfBirth === undefined) return undefined;
    if (fields.zipCode && !isZipCode(zip)) return undefined;
    if (fields.branch && !/^\d+$/.test(branch)) return undefined;
    return found.filter(
      (user) =>
        (!fields.dateOfBirth || user.date_of_birth === dateOfBirth) &&
        (!fields.zipCode || user.zip.slice(0, 5) === zip) &&
        (!fields.branch || Number(user.servicing_branch) === Number(branch)),
    );
  }

  /** Issues the one-time reset link and queues its e-mail, in one transaction. */
  async function sendResetLink(
    caller: RecoveryCaller,
    user: Borrower,
    settings: SettingsAccessor,
    policy: SecurityPolicy,
  ): Promise<void> {
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      const token = await issueLinkToken(trx, {
        institutionId: caller.institutionId,
        userId: user.id,
        purpose: 'resetPassword',
        lifetimeMs: policy.passwordResetLinkLifetimeMs,
        at: now,
      });
      await mail.enqueue(
        resetPasswordEmail({
          settings,
          institutionId: caller.institutionId,
          institutionName: caller.institutionName,
          to: user.email,
          username: user.username,
          resetUrl: resetPasswordLink(caller.origin, token),
          lifetimeMs: policy.passwordResetLinkLifetimeMs,
        }),
        trx,
      );
    });
    mail.deliverSoon();
  }

  return {
    async getSecretQuestion(caller, identity) {
      const started = await start(caller);
      if (typeof started === 'string') return { ok: false, code: started };
      const { settings, policy } = started;
      const list = counters(caller.institutionId, identity.email);
      if (await locked(list)) return { ok: false, code: 'RecoveryMaxAttempts' };
      const users = await identify(caller, fieldsOf(settings), identity);
      if (!users || users.length === 0) {
        return { ok: false, code: (await fail(list, policy)) ? 'RecoveryMaxAttempts' : 'Invalid' };
      }
      const [user] = users;
      // Several users share these details: only the institution can tell them apart.
      if (users.length > 1 || !user) return { ok: false, code: 'RecoveryFailed' };
      const withoutQuestion = settings.get(
        'recoveryOptions.recoverCredentialsWithoutQuestionOption',
      );
      if (!withoutQuestion && (user.password_question === '' || !user.password_answer_hash)) {
        return { ok: false, code: 'RecoveryFailed' };
      }
      return {
        ok: true,
        logonName: user.username,
        secretQuestion: withoutQuestion ? '' : user.password_question,
      };
    },

    async answerSecretQuestion(caller, request) {
      const started = await start(caller);
      if (typeof started === 'string') return { ok: false, code: started };
      const { settings, policy } = started;
      const list = counters(caller.institutionId, request.email, request.logonName);
      if (await locked(list)) return { ok: false, code: 'RecoveryMaxAttempts' };
      const users = await identify(caller, fieldsOf(settings), request);
      const user = users?.find((candidate) => sameText(candidate.username, request.logonName));
      const answer = normaliseSecretAnswer(request.secretAnswer);
      // One verification whether or not the user exists.
      const check =
        user?.password_answer_hash && answer !== ''
          ? await hasher.verify(user.password_answer_hash, answer)
          : await hasher.verifyDummy(answer);
      if (!user) {
        return { ok: false, code: (await fail(list, policy)) ? 'RecoveryMaxAttempts' : 'Invalid' };
      }
      if (!user.password_answer_hash) return { ok: false, code: 'RecoveryFailed' };
      if (!check.matches) {
        return {
          ok: false,
          code: (await fail(list, policy)) ? 'RecoveryMaxAttempts' : 'BadQuestion',
        };
      }
      for (const counter of list) await throttle.reset(counter);
      // Only the holder of every detail and the answer gets here: waiting for the link is safe.
      await sendResetLink(caller, user, settings, policy);
      return { ok: true, successMessage: settings.get('recoveryTexts.successText') };
    },

    async generateNewPassword(caller, request) {
      const started = await start(caller);
      if (typeof started === 'string') return { ok: false, code: started };
      const { settings, policy } = started;
      if (!settings.get('recoveryOptions.recoverCredentialsWithoutQuestionOption')) {
        return { ok: false, code: 'RecoveryFailed' };
      }
      // Counted per address typed whatever the outcome, so the limit reveals nothing either.
      await throttle.enforce({
        institutionId: caller.institutionId,
        bucket: 'recovery-link-email',
        key: request.email.trim().toLowerCase(),
        limit: policy.recoveryMaxAttempts,
        windowMs: HOUR_MS,
      });
      const fields = { ...fieldsOf(settings), dateOfBirth: false };
      const users = await identify(caller, fields, {
        email: request.email,
        zipCode: request.zipCode,
        servicingBranch: request.servicingBranch,
        dateOfBirth: '',
      });
      const user = users?.find((candidate) => sameText(candidate.username, request.logonName));
      // The answer does not wait for the link: writing it takes time that an unknown address
      // would not take (PGlite even runs it on this thread), and the answer must take as long
      // either way.
      return {
        ok: true,
        successMessage: settings.get('recoveryTexts.successText'),
        queueLink: async () => {
          if (user) await sendResetLink(caller, user, settings, policy);
        },
      };
    },
  };
}
