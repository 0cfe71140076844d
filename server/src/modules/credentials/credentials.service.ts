import {
  isEmailCandidate,
  normaliseSsnCandidate,
  type LogonValidationRulesResponse,
  type PasswordValidationRulesResponse,
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { DataProtector } from '../../lib/data-protection';
import { argon2PasswordHasher, type PasswordHasher } from '../../lib/passwords';
import { createSecurityCodesService } from '../borrowers/security-codes.service';
import { logonRulesOf, passwordRulesOf } from '../auth/password-policy';
import { securityPolicyOf } from '../auth/policy';
import { createCurrentPasswordCheck } from '../auth/current-password';
import { MINUTE_MS, type ThrottleService } from '../throttle/throttle.service';
import { createBorrowersService } from '../borrowers/borrowers.service';

/** What ValidatePasswordFor* asks to be checked (each check only when its flag is set). */
export interface PasswordCheckRequest {
  password: string;
  checkSsn: boolean;
  checkEmail: boolean;
  checkHistory: boolean;
}

export interface PasswordCheckResult {
  matchesSsn: boolean;
  matchesEmail: boolean;
  exists: boolean;
}

/** The link token of a reset is unknown, used or expired. */
export type ResetTokenRefusal = 'Expired';

export interface CredentialsService {
  passwordRules(
    institutionId: number,
  ): Promise<Omit<PasswordValidationRulesResponse, 'HasNoErrors' | 'Errors'>>;
  logonRules(
    institutionId: number,
  ): Promise<Omit<LogonValidationRulesResponse, 'HasNoErrors' | 'Errors'>>;
  /** The checks for the signed-in user (the profile's new password). */
  checkForUser(
    institutionId: number,
    userId: string,
    request: PasswordCheckRequest,
  ): Promise<PasswordCheckResult>;
  /** The checks for the user of a change-password or reset link that is still valid. */
  checkForResetToken(
    institutionId: number,
    resetToken: string,
    request: PasswordCheckRequest,
  ): Promise<PasswordCheckResult | ResetTokenRefusal>;
}

export interface CredentialsServiceOptions {
  db: Kysely<Database>;
  clock: Clock;
  settings(institutionId: number): Promise<SettingsAccessor>;
  dataProtector: DataProtector;
  hasher?: PasswordHasher;
  /** Caps the checks per user and counts current-password hits toward the sign-in lockout. */
  throttle: ThrottleService;
}

/**
 * Checks per user a minute, whichever page asks (429 past it). The portal sends one at most every
 * 500 ms while the user types; each may verify several argon2 hashes (spec 000 fixes no number).
 */
export const PASSWORD_CHECKS_PER_USER_PER_MINUTE = 30;

/**
 * Of those, the checks a minute that compare the user's secrets (SSN, passwords): "a few" (issue
 * 21), enough for the pauses of one person typing a new password and its confirmation.
 */
export const SECRET_CHECKS_PER_USER_PER_MINUTE = 6;

/**
 * What the SSN check compares with the user's SSN: the candidate's first run of exactly nine
 * digits (dashes ignored). One SSN guess per request at most: comparing every nine-digit window
 * let one long candidate test a hundred SSNs. A password that holds the SSN in a longer run of
 * digits is still refused when it is saved (passwordProblems compares every position there).
 */
export function ssnCandidateOf(password: string): string | undefined {
  const runs = password.replace(/-/g, '').match(/\d+/g) ?? [];
  return runs.find((run) => run.length === 9);
}

/** Link tokens a password may be checked for: the post-login change and the recovery reset. */
export const PASSWORD_LINK_PURPOSES = ['changePassword', 'resetPassword'] as const;

/**
 * The password and logon rules of the institution (rule types 0-11 from settings) and the server
 * side of the portal's debounced checks: does a password contain the SSN, equal the e-mail
 * address, or equal the current or a remembered previous password.
 */
export function createCredentialsService(options: CredentialsServiceOptions): CredentialsService {
  const { db, clock, dataProtector } = options;
  const hasher = options.hasher ?? argon2PasswordHasher;
  const borrowers = createBorrowersService({ db });
  const securityCodes = createSecurityCodesService({ db });
  const currentPassword = createCurrentPasswordCheck({ throttle: options.throttle, hasher });

  async function check(
    institutionId: number,
    userId: string,
    request: PasswordCheckRequest,
  ): Promise<PasswordCheckResult> {
    const result = { matchesSsn: false, matchesEmail: false, exists: false };
    await options.throttle.enforce({
      institutionId,
      bucket: 'password-check-user',
      key: userId,
      limit: PASSWORD_CHECKS_PER_USER_PER_MINUTE,
      windowMs: MINUTE_MS,
    });
    const settings = await options.settings(institutionId);
    // A candidate longer than a password may be is refused by the length rule anyway; checking
    // it would let one request test a long string of SSN guesses.
    if (request.password.length > passwordRulesOf(settings).maximumLength) return result;
    const borrower = await borrowers.findBorrowerById(institutionId, userId);
    if (!borrower || request.password === '') return result;
    // The secrets (the SSN, the current and remembered passwords) are compared only a few times
    // a minute; past that the answer says nothing about them, and saving still refuses such a
    // password (passwordProblems), so the check guides a typist and answers no script.
    const secrets =
      (request.checkSsn || request.checkHistory) &&
      (await options.throttle.allow({
        institutionId,
        bucket: 'password-secret-check-user',
        key: userId,
        limit: SECRET_CHECKS_PER_USER_PER_MINUTE,
        windowMs: MINUTE_MS,
      }));

    if (secrets && request.checkSsn && borrower.ssn_encrypted) {
      const ssn = normaliseSsnCandidate(dataProtector.decrypt(borrower.ssn_encrypted));
      result.matchesSsn = ssn !== undefined && ssnCandidateOf(request.password) === ssn;
    }
    if (request.checkEmail && isEmailCandidate(borrower.email)) {
      result.matchesEmail =
        request.password.trim().toLowerCase() === borrower.email.trim().toLowerCase();
    }
    if (secrets && request.checkHistory) {
      const policy = securityPolicyOf(settings);
      // A locked user's passwords are not compared at all: the check would go on answering
      // guesses of the current password that sign-in no longer takes.
      if (await currentPassword.locked(institutionId, borrower)) return result;
      // The current password first: a hit on it counts like a failed sign-in (below).
      if (
        borrower.password_hash &&
        (await hasher.verify(borrower.password_hash, request.password)).matches
      ) {
        result.exists = true;
        await currentPassword.countFailure(institutionId, borrower, policy);
        return result;
      }
      const previous = await borrowers.previousPasswordHashes(
        userId,
        policy.previousPasswordsRemembered,
      );
      for (const stored of new Set(previous)) {
        if (stored === borrower.password_hash) continue;
        if ((await hasher.verify(stored, request.password)).matches) {
          result.exists = true;
          break;
        }
      }
    }
    return result;
  }

  return {
    async passwordRules(institutionId) {
      const rules = passwordRulesOf(await options.settings(institutionId));
      return {
        MinimumLength: rules.minimumLength,
        MaximumLength: rules.maximumLength,
        CustomerCredentials: rules.customerCredentials,
        PasswordValidationRules: rules.rules,
      };
    },

    async logonRules(institutionId) {
      const rules = logonRulesOf(await options.settings(institutionId));
      return {
        MinimumLength: rules.minimumLength,
        MaximumLength: rules.maximumLength,
        LogonValidationRules: rules.rules,
      };
    },

    checkForUser: check,

    async checkForResetToken(institutionId, resetToken, request) {
      const token = resetToken.trim();
      if (token === '') return 'Expired';
      const link = await securityCodes.findUserToken(institutionId, token, PASSWORD_LINK_PURPOSES);
      if (
        !link ||
        link.usedAt !== null ||
        (link.expiresAt !== null && link.expiresAt <= clock.now())
      ) {
        return 'Expired';
      }
      return check(institutionId, link.userId, request);
    },
  };
}
