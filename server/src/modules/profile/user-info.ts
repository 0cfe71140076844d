import {
  emailAddressIssue,
  logonNameIssues,
  passwordProblems,
  registrationRulesOf,
  secretQuestionChange,
  type PasswordFacts,
  type SecretQuestionChange,
  type SecretQuestionRules,
  type ProfileErrorCode,
  type ProfileUserInfo,
  type UpdateUserInfoRequest,
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import { normaliseSecretAnswer } from '../../lib/passwords';
import { createToken, hashToken } from '../../lib/tokens';
import { verifyEmailLink } from '../account-links/links';
import { endOtherSessions, endSession, type BiometricsGrant } from '../auth/auth.service';
import { createCurrentPasswordCheck } from '../auth/current-password';
import {
  logonRulesOf,
  passwordRulesOf,
  profileLogonCodes,
  resetPasswordCodes,
} from '../auth/password-policy';
import { securityPolicyOf } from '../auth/policy';
import { createBorrowersService, type Borrower } from '../borrowers/borrowers.service';
import { createSecurityCodesService } from '../borrowers/security-codes.service';
import { emailChangeVerifyEmail, secretQuestionChangedEmail } from '../mail/emails';
import type { NotificationEvent } from '../notifications/notification-events';
import type { ProfileReader } from './profile-data';
import { endPendingEmailChanges, insertEmailChange } from './profile.repository';
import {
  refused,
  type ProfileCaller,
  type ProfileDeps,
  type ProfileOutcome,
} from './profile-types';

export interface UserInfoSaved {
  userInfo: ProfileUserInfo;
  /** The biometric token of the device, when this update turned biometrics on. */
  biometrics: BiometricsGrant | null;
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}

/** What the form asks to change, against the saved profile. */
interface AskedChange {
  /** The new login name, when it differs (a change of case counts). */
  logon: string | undefined;
  /** The new e-mail address, when it differs (case aside). */
  email: string | undefined;
  /** '' when the password stays. */
  newPassword: string;
  confirmNewPassword: string | null | undefined;
  oldPassword: string;
  secret: SecretQuestionChange;
  /** The login name after the change. */
  username: string;
}

function askedChange(
  typed: UpdateUserInfoRequest['UserInfo'],
  borrower: Borrower,
  rules: SecretQuestionRules,
): AskedChange {
  const logon = typed.LogonName?.trim();
  const email = typed.EmailAddress?.trim();
  const changedLogon = logon !== undefined && logon !== borrower.username ? logon : undefined;
  return {
    logon: changedLogon,
    email:
      email !== undefined && email.toLowerCase() !== borrower.email.trim().toLowerCase()
        ? email
        : undefined,
    newPassword: typed.NewPassword ?? '',
    confirmNewPassword: typed.ConfirmNewPassword,
    oldPassword: typed.OldPassword ?? '',
    secret: secretQuestionChange(
      { question: typed.SecretQuestion ?? '', answer: typed.SecretAnswer ?? '' },
      { question: borrower.password_answer_hash === null ? '' : borrower.password_question },
      rules,
    ),
    username: changedLogon ?? borrower.username,
  };
}

/**
 * `POST /api/Profile/UpdateUserInfo` (spec 002 sections 5 and 8). Only what differs from the
 * saved profile changes, all of it or nothing: every field is checked first, then the current
 * password (for a new password or secret question; a wrong one counts as a failed sign-in, a
 * locked user is refused whatever they type, and the guess that locks ends the session), then
 * one transaction writes the changes and queues their e-mails. A new e-mail address only waits
 * for its link (it replaces the old one when the link is opened, email-changes.ts). Biometrics
 * come last: a new password revokes the device tokens they would grant.
 */
export function createUserInfoUpdate(deps: ProfileDeps, reader: ProfileReader) {
  const { db, clock, hasher, mail } = deps;
  const borrowers = createBorrowersService({ db });
  const securityCodes = createSecurityCodesService({ db });
  const currentPassword = createCurrentPasswordCheck({ throttle: deps.throttle, hasher });

  function passwordFacts(borrower: Borrower, change: AskedChange): PasswordFacts {
    return {
      logon: change.username,
      ssn: borrower.ssn_encrypted ? deps.dataProtector.decrypt(borrower.ssn_encrypted) : undefined,
      email: borrower.email,
    };
  }

  /** The codes of the fields as typed (nothing here needs the current password). */
  async function fieldCodes(
    caller: ProfileCaller,
    change: AskedChange,
    borrower: Borrower,
    settings: SettingsAccessor,
  ): Promise<ProfileErrorCode[]> {
    const codes = new Set<ProfileErrorCode>();
    const { logon, email, newPassword } = change;
    if (logon !== undefined) {
      const issues = logonNameIssues(
        logon,
        { ...logonRulesOf(settings), pattern: registrationRulesOf(settings).userNamePattern },
        { email: borrower.email },
      );
      for (const code of profileLogonCodes(issues)) codes.add(code);
      const onlyCase = logon.toLowerCase() === borrower.username.toLowerCase();
      if (
        issues.length === 0 &&
        !onlyCase &&
        (await borrowers.isUsernameTaken(caller.institutionId, logon))
      ) {
        codes.add('LogonNameExists');
      }
    }
    if (email !== undefined && emailAddressIssue(email) !== undefined) codes.add('Invalid');
    if (change.secret.changes && change.secret.issues.length > 0) codes.add('Invalid');
    if (newPassword !== '') {
      const confirm = change.confirmNewPassword;
      const confirmAsked = settings.get('passwordRuleOptions.useConfirmPasswordOption');
      if ((confirmAsked || confirm != null) && confirm !== newPassword) codes.add('Invalid');
      const problems = passwordProblems(
        newPassword,
        passwordRulesOf(settings),
        passwordFacts(borrower, change),
      );
      for (const code of resetPasswordCodes(problems)) codes.add(code);
    }
    return [...codes];
  }

  /**
   * The current password, for what sign-in and recovery trust (the password, the secret
   * question): the refusal, or undefined when it may go on.
   */
  async function currentPasswordRefusal(
    caller: ProfileCaller,
    change: AskedChange,
    borrower: Borrower,
    settings: SettingsAccessor,
  ): Promise<{ codes: ProfileErrorCode[]; signedOut: boolean } | undefined> {
    if (change.newPassword === '' && !change.secret.changes) return undefined;
    if (await currentPassword.locked(caller.institutionId, borrower)) {
      return { codes: ['LockedOnBadPassword'], signedOut: false };
    }
    if (change.oldPassword === '') return { codes: ['InvalidCurrentPassword'], signedOut: false };
    const check = await currentPassword.verify({
      institutionId: caller.institutionId,
      user: borrower,
      password: change.oldPassword,
      policy: securityPolicyOf(settings),
      maximumLength: passwordRulesOf(settings).maximumLength,
    });
    if (check.ok) return undefined;
    if (check.locked && check.lockedNow) {
      // The guess that locked the user: whoever holds this session is guessing. The session
      // ends, and the owner hears of the lock, in one transaction.
      const at = clock.now();
      const alert = await deps.prepareTell?.({
        institutionId: caller.institutionId,
        userId: caller.userId,
        kind: 'lockedOnBadPassword',
        at,
      });
      await db.transaction().execute(async (trx) => {
        await endSession(trx, caller.session.id, at);
        await alert?.queue(trx);
      });
      alert?.deliverSoon();
      return { codes: ['Unauthorized', 'LockedOnBadPassword'], signedOut: true };
    }
    return {
      codes: [check.locked ? 'LockedOnBadPassword' : 'InvalidCurrentPassword'],
      signedOut: false,
    };
  }

  /** What only the verified current password lets be compared: the same, or a remembered one. */
  async function historyCodes(
    change: AskedChange,
    borrower: Borrower,
    settings: SettingsAccessor,
  ): Promise<ProfileErrorCode[]> {
    const { newPassword } = change;
    if (newPassword === '') return [];
    const isCurrent = newPassword === change.oldPassword;
    let isPrevious = false;
    if (!isCurrent) {
      const remembered = securityPolicyOf(settings).previousPasswordsRemembered;
      for (const stored of new Set(
        await borrowers.previousPasswordHashes(borrower.id, remembered),
      )) {
        if ((await hasher.verify(stored, newPassword)).matches) {
          isPrevious = true;
          break;
        }
      }
    }
    const problems = passwordProblems(newPassword, passwordRulesOf(settings), {
      ...passwordFacts(borrower, change),
      isCurrent,
      isPrevious,
    });
    return resetPasswordCodes(problems);
  }

  /** Writes the changes in one transaction with their e-mails; throws a unique violation. */
  async function save(
    caller: ProfileCaller,
    change: AskedChange,
    borrower: Borrower,
    settings: SettingsAccessor,
  ): Promise<void> {
    const policy = securityPolicyOf(settings);
    const now = clock.now();
    const { logon, email, secret, username } = change;
    const passwordHash = change.newPassword !== '' ? await hasher.hash(change.newPassword) : '';
    const answerHash = secret.changes
      ? await hasher.hash(normaliseSecretAnswer(secret.answer))
      : '';
    const linkToken = createToken();
    const mailBase = {
      settings,
      institutionId: caller.institutionId,
      institutionName: caller.institutionName,
    };
    // The alerts of the change, read and worded before its transaction, queued in it.
    const alerts = await prepareAlerts(caller, change, now);
    await db.transaction().execute(async (trx) => {
      for (const alert of alerts) if (alert.sends) await alert.queue(trx);
      const borrowersInTrx = createBorrowersService({ db: trx });
      if (logon !== undefined) await borrowersInTrx.changeUsername(borrower.id, logon);
      if (passwordHash !== '') {
        // The history, the links and device tokens of the old password go (changePassword),
        // and every other session signed in with it ends.
        await borrowersInTrx.changePassword(borrower, {
          passwordHash,
          at: now,
          remembered: policy.previousPasswordsRemembered,
        });
        await endOtherSessions(trx, borrower.id, now, caller.session.id);
      }
      if (answerHash !== '') {
        await borrowersInTrx.setSecretQuestion(borrower.id, {
          question: secret.question,
          answerHash,
        });
        if (borrower.email.trim() !== '') {
          await mail.enqueue(
            secretQuestionChangedEmail({ ...mailBase, to: borrower.email, username }),
            trx,
          );
        }
      }
      if (email !== undefined) {
        await endPendingEmailChanges(trx, borrower.id, now);
        await insertEmailChange(trx, {
          institutionId: caller.institutionId,
          userId: borrower.id,
          newEmail: email,
          tokenHash: hashToken(linkToken),
          expiresAt: new Date(now.getTime() + policy.emailVerificationLinkLifetimeMs),
          at: now,
        });
        await mail.enqueue(
          emailChangeVerifyEmail({
            ...mailBase,
            to: email,
            username,
            verifyUrl: verifyEmailLink(caller.origin, linkToken),
            lifetimeMs: policy.emailVerificationLinkLifetimeMs,
          }),
          trx,
        );
      }
    });
    if (answerHash !== '' || email !== undefined) mail.deliverSoon();
    for (const alert of alerts) alert.deliverSoon();
  }

  /** The alerts of what is saved (the e-mail address changes only when its link is opened). */
  async function prepareAlerts(caller: ProfileCaller, change: AskedChange, at: Date) {
    const prepare = deps.prepareTell;
    if (!prepare) return [];
    const who = { institutionId: caller.institutionId, userId: caller.userId };
    const events: NotificationEvent[] = [];
    if (change.newPassword !== '') events.push({ ...who, kind: 'passwordChanged', at });
    if (change.logon !== undefined) {
      events.push({ ...who, kind: 'logonNameChanged', username: change.logon, at });
    }
    return Promise.all(events.map((event) => prepare(event)));
  }

  /** Biometric sign-in on or off for the device; 'failed' when it cannot be turned on. */
  async function updateBiometrics(
    caller: ProfileCaller,
    mobile: NonNullable<UpdateUserInfoRequest['MobileInfo']>,
  ): Promise<BiometricsGrant | null | 'failed'> {
    const now = clock.now();
    const enabled = await securityCodes.hasBiometricToken(caller.userId, now, mobile.DeviceId);
    if (mobile.BiometricsEnabled && !enabled) {
      const grant = await deps.auth.grantBiometrics(
        caller.institutionId,
        caller.userId,
        mobile.DeviceId,
      );
      return grant ?? 'failed';
    }
    if (!mobile.BiometricsEnabled && enabled) {
      await securityCodes.revokeBiometricTokens(caller.userId, now, mobile.DeviceId);
    }
    return null;
  }

  return async function updateUserInfo(
    caller: ProfileCaller,
    request: UpdateUserInfoRequest,
  ): Promise<ProfileOutcome<UserInfoSaved>> {
    const [settings, borrower] = await Promise.all([
      deps.institutions.settings(caller.institutionId),
      reader.borrowerOf(caller),
    ]);
    if (!borrower) return { ok: false, codes: ['Unauthorized'], value: null, signedOut: true };
    const saved = async (biometrics: BiometricsGrant | null = null): Promise<UserInfoSaved> => {
      const current = await reader.borrowerOf(caller);
      return { userInfo: await reader.userInfo(caller, current ?? borrower), biometrics };
    };
    // A hidden section is no permission (profileOptions.hideUserInformationOption).
    if (settings.get('profileOptions.hideUserInformationOption')) {
      return refused(['Error'], await saved());
    }
    const change = askedChange(request.UserInfo, borrower, registrationRulesOf(settings));
    const codes = await fieldCodes(caller, change, borrower, settings);
    if (codes.length > 0) return refused(codes, await saved());
    const refusal = await currentPasswordRefusal(caller, change, borrower, settings);
    if (refusal?.signedOut)
      return { ok: false, codes: refusal.codes, value: null, signedOut: true };
    if (refusal) return refused(refusal.codes, await saved());
    const reused = await historyCodes(change, borrower, settings);
    if (reused.length > 0) return refused(reused, await saved());
    try {
      await save(caller, change, borrower, settings);
    } catch (error) {
      // Another user took the name between the check and the write.
      if (isUniqueViolation(error)) return refused(['LogonNameExists'], await saved());
      throw error;
    }
    const biometrics = request.MobileInfo
      ? await updateBiometrics(caller, request.MobileInfo)
      : null;
    if (biometrics === 'failed') return refused(['BiometricsNotUpdated'], await saved());
    return { ok: true, value: await saved(biometrics) };
  };
}
