import {
  calendarDateIn,
  normaliseSsnCandidate,
  passwordProblems,
  registrationRulesOf,
  type PostLoginStep,
  type ResetPasswordCode,
  agreementsNeededAtLogin,
  configuredAgreements,
  formatSteps,
  mayRunStep,
} from '@portal/domain';
import { agreementTypeCode } from '@portal/settings-schema';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { DataProtector } from '../../lib/data-protection';
import { normaliseSecretAnswer, type PasswordHasher } from '../../lib/passwords';
import { createSecurityCode, createToken, hashToken } from '../../lib/tokens';
import type { RequestSession, RequestUser } from '../../plugins/auth';
import type { MailService } from '../mail/mail.service';
import type { ThrottleService } from '../throttle/throttle.service';
import { secretQuestionChangedEmail, securityCodeEmail } from '../mail/emails';
import {
  loginCodeDigest,
  type AuthService,
  type BiometricsGrant,
  type InstitutionDirectory,
} from './auth.service';
import { createSecurityCodesService } from '../borrowers/security-codes.service';
import { createCurrentPasswordCheck } from './current-password';
import { passwordRulesOf, resetPasswordCodes } from './password-policy';
import { securityPolicyOf } from './policy';
import {
  revokeSession,
  revokeUserSessions,
  rotateSessionToken,
  updatePendingSteps,
} from './sessions.repository';
import { createBorrowersService, type AcceptedAgreement } from '../borrowers/borrowers.service';
import type { TellNotification } from '../notifications/notifications.service';

export interface StepInstitution {
  id: number;
  name: string;
  timeZone: string;
}

/** The caller of a step: the institution, the live session and its user, where the call came from. */
export interface StepCaller {
  institution: StepInstitution;
  session: RequestSession;
  user: RequestUser;
  ip: string;
}

export type StepResult<T> =
  { ok: true; value: T } | { ok: false; status: 403 | 429; codes: string[] };

export interface ValidatedCode {
  /** The session's new token: the one used before the code is spent. */
  token: string;
  trustedDeviceToken: string;
  email: string;
  customerId: string;
  biometrics: BiometricsGrant | null;
}

export interface PasswordChanged {
  /** The session stays signed in (the changePassword step); a reset link signs nobody in. */
  isLoggedIn: boolean;
  biometrics: BiometricsGrant | null;
}

/** A step call that answers only with the biometric grant of a sign-in it completed. */
export interface StepCompleted {
  biometrics: BiometricsGrant | null;
}

export interface PostLoginService {
  validateCode(
    caller: StepCaller,
    input: { userId: string; code: string; createTrustedDevice: boolean },
  ): Promise<StepResult<ValidatedCode>>;
  resendCode(caller: StepCaller, input: { userId: string }): Promise<StepResult<null>>;
  verifyNewUser(
    caller: StepCaller,
    input: { username: string; password: string; ssn: string },
  ): Promise<StepResult<StepCompleted>>;
  setPasswordQuestion(
    caller: StepCaller,
    input: { question: string; answer: string; currentPassword?: string },
  ): Promise<StepResult<StepCompleted>>;
  /** ResetPassword: the changePassword step's token or a recovery reset link's token. */
  resetPassword(
    caller: { institution: StepInstitution; session: RequestSession | null; ip: string },
    input: { enc: string; password: string },
  ): Promise<StepResult<PasswordChanged>>;
  agreementLogging(
    caller: StepCaller,
    input: { agreements: readonly number[]; username: string; unrestrictEmail: boolean },
  ): Promise<StepResult<StepCompleted>>;
}

export interface PostLoginServiceOptions {
  db: Kysely<Database>;
  clock: Clock;
  hasher: PasswordHasher;
  dataProtector: DataProtector;
  institutions: InstitutionDirectory;
  throttle: ThrottleService;
  mail: MailService;
  auth: AuthService;
  /** The password changed alert, when a reset or change link sets a new password. */
  tell?: TellNotification;
}

const MAINTENANCE = 'maintenanceModeEnabled';

function fail<T>(status: 403 | 429, ...codes: string[]): StepResult<T> {
  return { ok: false, status, codes };
}

/** Settings-driven pattern; a pattern that does not compile permits letters, digits, punctuation and spaces. */
export function createPostLoginService(options: PostLoginServiceOptions): PostLoginService {
  const { db, clock, hasher, dataProtector, institutions, throttle, mail, auth } = options;
  const borrowers = createBorrowersService({ db });
  const securityCodes = createSecurityCodesService({ db });
  const currentPassword = createCurrentPasswordCheck({ throttle, hasher });

  /** The common gate of a step call: maintenance off, and no earlier step still pending. */
  async function gate(caller: StepCaller, step: PostLoginStep): Promise<string | undefined> {
    if (await institutions.maintenanceMode(caller.institution.id)) return MAINTENANCE;
    if (!mayRunStep(caller.session.pendingSteps, step)) return 'Invalid';
    return undefined;
  }

  /** Takes a step off the session; false when a concurrent call already changed the steps. */
  async function complete(
    executor: Kysely<Database>,
    session: RequestSession,
    step: PostLoginStep,
  ): Promise<boolean> {
    if (!session.pendingSteps.includes(step)) return true;
    return updatePendingSteps(executor, {
      id: session.id,
      expected: formatSteps(session.pendingSteps),
      next: formatSteps(session.pendingSteps.filter((other) => other !== step)),
    });
  }

  /**
   * The biometric token of a mobile sign-in, once its last step is done: only the call that took
   * the last pending step off the session gets it (a step call on a session with no steps left,
   * such as a later agreement, does not), and only when the sign-in carried a deviceId.
   */
  async function biometricsAfter(caller: {
    session: RequestSession;
    step: PostLoginStep;
  }): Promise<BiometricsGrant | null> {
    const { session } = caller;
    if (!session.pendingSteps.includes(caller.step) || !session.deviceId) return null;
    const left = session.pendingSteps.filter((other) => other !== caller.step);
    if (left.length > 0) return null;
    return auth.grantBiometrics(session.institutionId, session.userId, session.deviceId);
  }

  /** The answer of a step call that completed its step. */
  async function completed(
    caller: StepCaller,
    step: PostLoginStep,
  ): Promise<StepResult<StepCompleted>> {
    return {
      ok: true,
      value: { biometrics: await biometricsAfter({ session: caller.session, step }) },
    };
  }

  return {
    async validateCode(caller, input) {
      const refused = await gate(caller, 'securityCode');
      if (refused) return fail(403, refused);
      if (!caller.session.pendingSteps.includes('securityCode')) return fail(403, 'Invalid');
      if (input.userId !== caller.user.id) return fail(403, 'Invalid');
      const settings = await institutions.settings(caller.institution.id);
      const security = securityPolicyOf(settings);
      // Code entry per address and per account, beyond the attempts of each code.
      const withinRate =
        (await throttle.allow({
          institutionId: caller.institution.id,
          bucket: 'code-entry-ip',
          key: caller.ip,
          limit: security.securityCodeMaxAttempts * 6,
          windowMs: 15 * 60_000,
        })) &&
        (await throttle.allow({
          institutionId: caller.institution.id,
          bucket: 'code-entry-user',
          key: caller.user.id,
          limit: security.securityCodeMaxAttempts * 3,
          windowMs: 15 * 60_000,
        }));
      if (!withinRate) return fail(403, 'MaxAttemptsReached');

      const code = await securityCodes.currentSignInCode(caller.session.id);
      if (!code) return fail(403, 'CodeExpired');
      if (code.expiresAt <= clock.now()) return fail(403, 'CodeExpired');
      const attempts = await securityCodes.countAttempt(code.id, security.securityCodeMaxAttempts);
      if (attempts === undefined) return fail(403, 'MaxAttemptsReached');
      const given = input.code.replace(/\s/g, '');
      const matches =
        /^\d{6}$/.test(given) &&
        dataProtector.sameDigest(
          code.codeDigest,
          loginCodeDigest(dataProtector, caller.session.id, given),
        );
      if (!matches) {
        return fail(
          403,
          attempts >= security.securityCodeMaxAttempts ? 'MaxAttemptsReached' : 'Invalid',
        );
      }

      const now = clock.now();
      const token = createToken();
      const trust =
        input.createTrustedDevice &&
        settings.get('securityCodeOptions.allowTrustedDevicesOption') &&
        security.trustedDeviceLifetimeMs > 0;
      const trustedDeviceToken = trust ? createToken() : '';
      const done = await db.transaction().execute(async (trx) => {
        const securityCodesInTrx = createSecurityCodesService({ db: trx });
        if (!(await securityCodesInTrx.consume(code.id, now))) return false;
        if (!(await complete(trx, caller.session, 'securityCode'))) return false;
        // The token that was issued before the code is no longer good.
        await rotateSessionToken(trx, caller.session.id, hashToken(token));
        if (trust) {
          await securityCodesInTrx.trustDevice({
            institutionId: caller.institution.id,
            userId: caller.user.id,
            token: trustedDeviceToken,
            expiresAt: new Date(now.getTime() + security.trustedDeviceLifetimeMs),
            at: now,
          });
        }
        return true;
      });
      if (!done) return fail(403, 'Invalid');
      return {
        ok: true,
        value: {
          token,
          trustedDeviceToken,
          email: caller.user.email,
          customerId: caller.user.customerId,
          biometrics: await biometricsAfter({ session: caller.session, step: 'securityCode' }),
        },
      };
    },

    async resendCode(caller, input) {
      const refused = await gate(caller, 'securityCode');
      if (refused) return fail(403, refused);
      if (!caller.session.pendingSteps.includes('securityCode')) return fail(403, 'Invalid');
      if (input.userId !== caller.user.id) return fail(403, 'Invalid');
      const settings = await institutions.settings(caller.institution.id);
      const security = securityPolicyOf(settings);
      const allowed = await throttle.allow({
        institutionId: caller.institution.id,
        bucket: 'code-resend-user',
        key: caller.user.id,
        limit: security.securityCodeResendsPerHour,
        windowMs: 60 * 60_000,
      });
      if (!allowed) return fail(429, 'TooManyRequests');
      if (caller.user.email.trim() === '') return fail(403, 'MFANoEmail');
      const now = clock.now();
      const code = createSecurityCode();
      await db.transaction().execute(async (trx) => {
        await createSecurityCodesService({ db: trx }).reissueSignInCode({
          institutionId: caller.institution.id,
          sessionId: caller.session.id,
          userId: caller.user.id,
          email: caller.user.email,
          codeDigest: loginCodeDigest(dataProtector, caller.session.id, code),
          expiresAt: new Date(now.getTime() + security.securityCodeLifetimeMs),
          at: now,
        });
        await mail.enqueue(
          securityCodeEmail({
            settings,
            institutionId: caller.institution.id,
            institutionName: caller.institution.name,
            to: caller.user.email,
            code,
            lifetimeMs: security.securityCodeLifetimeMs,
          }),
          trx,
        );
      });
      mail.deliverSoon();
      return { ok: true, value: null };
    },

    async verifyNewUser(caller, input) {
      const refused = await gate(caller, 'validateSSN');
      if (refused) return fail(403, refused);
      if (!caller.session.pendingSteps.includes('validateSSN')) return fail(403, 'Invalid');
      const settings = await institutions.settings(caller.institution.id);
      const security = securityPolicyOf(settings);
      const counter = {
        institutionId: caller.institution.id,
        scope: 'ssn-check-user',
        key: caller.user.id,
      };
      if (await throttle.lockedUntil(counter)) return fail(403, 'MaxAttemptsReached');
      const borrower = await borrowers.findBorrowerById(caller.institution.id, caller.user.id);
      if (!borrower) return fail(403, 'Invalid');
      const sameUser = input.username.trim().toLowerCase() === borrower.username.toLowerCase();
      const passwordOk =
        borrower.password_hash !== null
          ? (await hasher.verify(borrower.password_hash, input.password)).matches
          : (await hasher.verifyDummy(input.password)).matches;
      const ssn = normaliseSsnCandidate(input.ssn);
      const ssnOk =
        ssn !== undefined &&
        borrower.ssn_encrypted !== null &&
        dataProtector.sameDigest(
          dataProtector.blindIndex(ssn),
          dataProtector.blindIndex(dataProtector.decrypt(borrower.ssn_encrypted)),
        );
      if (!sameUser || !passwordOk || !ssnOk) {
        const { locked } = await throttle.registerFailure(counter, {
          maxFailures: security.securityCodeMaxAttempts,
          lockoutMs: security.lockoutMs,
        });
        if (locked) {
          // Too many wrong answers: this sign-in is over.
          await revokeSession(db, caller.session.id, clock.now());
          return fail(403, 'MaxAttemptsReached');
        }
        return fail(403, 'Invalid');
      }
      await throttle.reset(counter);
      const done = await db.transaction().execute(async (trx) => {
        if (!(await complete(trx, caller.session, 'validateSSN'))) return false;
        // The identity is confirmed: the step is not asked again at the next sign-in.
        await createBorrowersService({ db: trx }).markEmailVerified(borrower.id);
        return true;
      });
      return done ? completed(caller, 'validateSSN') : fail(403, 'Invalid');
    },

    async setPasswordQuestion(caller, input) {
      const refused = await gate(caller, 'setupSecretQuestion');
      if (refused) return fail(403, refused);
      const settings = await institutions.settings(caller.institution.id);
      // Recovery trusts the answer, so a session may replace it only while the sign-in asks for
      // it, or with the current password (a wrong one counts as a failed sign-in, and a locked
      // user is refused whatever they type).
      if (!caller.session.pendingSteps.includes('setupSecretQuestion')) {
        const borrower = await borrowers.findBorrowerById(caller.institution.id, caller.user.id);
        const check = await currentPassword.verify({
          institutionId: caller.institution.id,
          user: borrower ?? {
            id: caller.user.id,
            username: caller.user.username,
            password_hash: null,
          },
          password: input.currentPassword ?? '',
          policy: securityPolicyOf(settings),
          maximumLength: passwordRulesOf(settings).maximumLength,
        });
        if (!check.ok) return fail(403, check.locked ? 'LockedOnBadPassword' : 'Invalid');
      }
      const rules = registrationRulesOf(settings);
      const question = input.question.trim();
      const answer = input.answer.trim();
      const questionOk = rules.customQuestion
        ? question !== '' && rules.answerPattern.test(question)
        : rules.questions.includes(question);
      if (!questionOk || answer === '' || !rules.answerPattern.test(answer)) {
        return fail(403, 'Invalid');
      }
      const answerHash = await hasher.hash(normaliseSecretAnswer(answer));
      const done = await db.transaction().execute(async (trx) => {
        if (!(await complete(trx, caller.session, 'setupSecretQuestion'))) return false;
        await createBorrowersService({ db: trx }).setSecretQuestion(caller.user.id, {
          question,
          answerHash,
        });
        if (caller.user.email.trim() !== '') {
          await mail.enqueue(
            secretQuestionChangedEmail({
              settings,
              institutionId: caller.institution.id,
              institutionName: caller.institution.name,
              to: caller.user.email,
              username: caller.user.username,
            }),
            trx,
          );
        }
        return true;
      });
      return done ? completed(caller, 'setupSecretQuestion') : fail(403, 'Invalid');
    },

    async resetPassword(caller, input) {
      if (await institutions.maintenanceMode(caller.institution.id)) return fail(403, MAINTENANCE);
      const settings = await institutions.settings(caller.institution.id);
      const security = securityPolicyOf(settings);
      const now = clock.now();
      const link = await securityCodes.findUserToken(caller.institution.id, input.enc.trim(), [
        'changePassword',
        'resetPassword',
      ]);
      const expired =
        !link || link.usedAt !== null || (link.expiresAt !== null && link.expiresAt <= now);
      if (!link || expired) return fail(403, 'Expired');
      // The changePassword token belongs to its sign-in: only that session may use it.
      const stepSession =
        link.purpose === 'changePassword' &&
        caller.session !== null &&
        caller.session.id === link.sessionId
          ? caller.session
          : null;
      if (link.purpose === 'changePassword') {
        if (!stepSession) return fail(403, 'Expired');
        if (!mayRunStep(stepSession.pendingSteps, 'changePassword')) return fail(403, 'Error');
      }
      const borrower = await borrowers.findBorrowerById(caller.institution.id, link.userId);
      if (!borrower) return fail(403, 'Expired');

      const isCurrent =
        borrower.password_hash !== null &&
        (await hasher.verify(borrower.password_hash, input.password)).matches;
      const history = await borrowers.previousPasswordHashes(
        borrower.id,
        security.previousPasswordsRemembered,
      );
      let isPrevious = false;
      for (const previous of history) {
        if ((await hasher.verify(previous, input.password)).matches) {
          isPrevious = true;
          break;
        }
      }
      const problems = passwordProblems(input.password, passwordRulesOf(settings), {
        logon: borrower.username,
        ssn: borrower.ssn_encrypted ? dataProtector.decrypt(borrower.ssn_encrypted) : undefined,
        email: borrower.email,
        isCurrent,
        isPrevious,
      });
      if (problems.length > 0) {
        const codes: ResetPasswordCode[] = resetPasswordCodes(problems);
        return fail(403, ...codes);
      }

      const passwordHash = await hasher.hash(input.password);
      const done = await db.transaction().execute(async (trx) => {
        if (!(await createSecurityCodesService({ db: trx }).useUserToken(link.id, now))) {
          return false;
        }
        if (stepSession && !(await complete(trx, stepSession, 'changePassword'))) return false;
        // What stood in for the old password (biometric tokens, trusted devices) stops working,
        // and anyone else signed in with it is signed out.
        await createBorrowersService({ db: trx }).changePassword(borrower, {
          passwordHash,
          at: now,
          remembered: security.previousPasswordsRemembered,
        });
        await revokeUserSessions(trx, borrower.id, now, stepSession?.id);
        return true;
      });
      if (!done) return fail(403, 'Expired');
      // The owner hears of it whichever way the password changed (profile, reset link, or the
      // change required at sign-in): a reset they did not ask for is how a takeover shows.
      await options.tell?.({
        institutionId: caller.institution.id,
        userId: borrower.id,
        kind: 'passwordChanged',
        at: now,
      });
      return {
        ok: true,
        value: {
          isLoggedIn: stepSession !== null,
          biometrics: stepSession
            ? await biometricsAfter({ session: stepSession, step: 'changePassword' })
            : null,
        },
      };
    },

    async agreementLogging(caller, input) {
      const refused = await gate(caller, 'agreements');
      if (refused) return fail(403, refused);
      if (input.username.trim().toLowerCase() !== caller.user.username.toLowerCase()) {
        return fail(403, 'AgreementRecordingError');
      }
      const settings = await institutions.settings(caller.institution.id);
      const agreements = configuredAgreements(settings);
      const accepted = agreements.filter((agreement) =>
        input.agreements.includes(agreement.hostNum),
      );
      if (accepted.length !== new Set(input.agreements).size) {
        return fail(403, 'AgreementRecordingError');
      }
      const borrower = await borrowers.findBorrowerById(caller.institution.id, caller.user.id);
      if (!borrower) return fail(403, 'AgreementRecordingError');
      const now = clock.now();
      const today = calendarDateIn(caller.institution.timeZone, now);
      const previous = await borrowers.agreementAcceptances(
        caller.institution.id,
        caller.user.id,
        caller.institution.timeZone,
      );
      const acceptances = [
        ...previous.map((row) => ({ hostNum: row.hostNum, acceptedOn: row.acceptedOn })),
        ...accepted.map((agreement) => ({ hostNum: agreement.hostNum, acceptedOn: today })),
      ];
      const unrestrict =
        input.unrestrictEmail &&
        borrower.email_communication_restricted &&
        accepted.some((agreement) => agreement.whenToAgree.includes('ecommunicationreagree'));
      const stillNeeded = agreementsNeededAtLogin(agreements, {
        acceptances,
        emailCommunicationRestricted: borrower.email_communication_restricted && !unrestrict,
        today,
      });
      if (caller.session.pendingSteps.includes('agreements') && stillNeeded.length > 0) {
        return fail(403, 'MustAgreeToAllError');
      }
      const records: AcceptedAgreement[] = accepted.map((agreement) => ({
        institutionId: caller.institution.id,
        userId: caller.user.id,
        nameOfTerms: agreement.name,
        accountNumber: '',
        ipAddress: caller.ip,
        dateOfAgreement: now,
        dateOfTerms: agreement.date,
        agreementType: agreement.hostNum,
        whenToAgree: agreement.whenToAgree.includes('login')
          ? agreementTypeCode('login')
          : agreementTypeCode(agreement.whenToAgree[0] ?? 'login'),
      }));
      const done = await db.transaction().execute(async (trx) => {
        if (!(await complete(trx, caller.session, 'agreements'))) return false;
        const borrowersInTrx = createBorrowersService({ db: trx });
        await borrowersInTrx.recordAgreements(records);
        if (unrestrict) await borrowersInTrx.liftEmailRestriction(caller.user.id);
        return true;
      });
      return done ? completed(caller, 'agreements') : fail(403, 'AgreementRecordingError');
    },
  };
}
