import type {
  CreateAccountRequest,
  RegistrationErrorCode,
  ResetPasswordCode,
} from '@portal/domain';
import {
  calendarDateIn,
  isEmailCandidate,
  passwordProblems,
  registrationRulesOf,
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import type { Kysely } from 'kysely';
import type { CustomerRow, Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { DataProtector } from '../../lib/data-protection';
import {
  argon2PasswordHasher,
  normaliseSecretAnswer,
  type PasswordHasher,
} from '../../lib/passwords';
import { createSecurityCode, createToken, hashToken } from '../../lib/tokens';
import { optOutLink, verifyEmailLink, issueLinkToken } from '../account-links/links';
import { registrationCodeEmail, verifyEmailEmail, welcomeEmail } from '../mail/emails';
import { createSecurityCodesService } from '../borrowers/security-codes.service';
import { passwordRulesOf, resetPasswordCodes } from '../auth/password-policy';
import { securityPolicyOf } from '../auth/policy';
import { createBorrowersService } from '../borrowers/borrowers.service';
import type { MailService } from '../mail/mail.service';
import { HOUR_MS, type ThrottleService } from '../throttle/throttle.service';
import { findCustomersByIds } from './registration.repository';
import type { ServicingCore } from '../../core/servicing-core';
import { registrationFlags } from './registration-rules';
import type { RequestContext } from '../../plugins/request-context';

/** Loan-side and deposit-side account types (0 loan, 9 line of credit; the rest deposits). */
const ACCOUNT_TYPES: Readonly<Record<CreateAccountRequest['AccountType'], readonly number[]>> = {
  Loan: [0, 9],
  Deposit: [1, 3, 5, 6, 7, 8],
};

/** A verified registration code stays usable for account creation this long. */
export const VERIFIED_CODE_LIFETIME_MS = HOUR_MS;

/** Who is asking: the institution of the host, the caller's address and the portal's address. */
export type RegistrationCaller = Pick<
  RequestContext,
  'institutionId' | 'institutionName' | 'timeZone' | 'ip' | 'origin'
>;

export type CodeRefusal = 'Invalid' | 'CodeExpired' | 'MaxAttemptsReached';

export type CreateAccountResult =
  | { ok: true; userName: string; emailVerified: boolean; restricted: boolean }
  | { ok: false; flags: RegistrationErrorCode[] };

export type ActivateAccountResult =
  | { ok: true; userName: string }
  | {
      ok: false;
      code:
        | 'Invalid'
        | 'Expired'
        | 'LogonNameTaken'
        | 'Restricted'
        | 'maintenanceModeEnabled'
        | ResetPasswordCode;
      codes: string[];
      userName: string;
    };

export interface RegistrationService {
  /** E-mails a registration security code; answers the MFAToken it is bound to. */
  generateMfaCode(
    caller: RegistrationCaller,
    request: { anonymousId: string; firstName: string; email: string },
  ): Promise<
    | { ok: true; mfaToken: string }
    | { ok: false; code: 'Invalid' | 'RegistrationNotAllowed' | 'maintenanceModeEnabled' }
  >;
  validateCode(
    caller: RegistrationCaller,
    request: { code: string; mfaToken: string; anonymousId: string },
  ): Promise<{ ok: true } | { ok: false; code: CodeRefusal }>;
  createAccount(
    caller: RegistrationCaller,
    request: CreateAccountRequest,
  ): Promise<CreateAccountResult>;
  activateAccount(
    caller: RegistrationCaller,
    request: { token: string; password: string },
  ): Promise<ActivateAccountResult>;
}

export interface RegistrationServiceOptions {
  db: Kysely<Database>;
  clock: Clock;
  settings(institutionId: number): Promise<SettingsAccessor>;
  dataProtector: DataProtector;
  mail: MailService;
  throttle: ThrottleService;
  /** Account numbers and the accounts of a holder come from the core. */
  core: ServicingCore;
  hasher?: PasswordHasher;
}

const CODE_DIGEST_PURPOSE = 'registration-code';

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}

function sameText(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * Registration (spec 000 sections 2.9, 2.10, 5 and 8): the e-mail security code, the creation of
 * an online user for an existing account holder matched by identity, and the activation of a
 * user the institution created.
 */
export function createRegistrationService(
  options: RegistrationServiceOptions,
): RegistrationService {
  const { db, clock, dataProtector, mail, throttle, core } = options;
  const hasher = options.hasher ?? argon2PasswordHasher;
  const borrowers = createBorrowersService({ db });
  const securityCodes = createSecurityCodesService({ db });

  async function blocked(
    settings: SettingsAccessor,
  ): Promise<'maintenanceModeEnabled' | 'RegistrationNotAllowed' | undefined> {
    if (settings.get('maintenanceOptions.maintenanceModeOption')) return 'maintenanceModeEnabled';
    if (settings.get('ssoOptions.useSingleSignOnOption')) return 'RegistrationNotAllowed';
    return undefined;
  }

  /**
   * The account holder the details belong to, or the flag that says why there is none. Every
   * detail the form asked for must match; a mismatch and an unknown SSN answer alike (Invalid).
   */
  async function matchAccountHolder(
    caller: RegistrationCaller,
    settings: SettingsAccessor,
    request: CreateAccountRequest,
    checked: { ssnDigits: string; dateOfBirth: string | undefined; accountNumber: string },
  ): Promise<{ customer: CustomerRow } | { flag: RegistrationErrorCode }> {
    const config = registrationRulesOf(settings);
    const types = ACCOUNT_TYPES[request.AccountType];
    const fullSsn = checked.ssnDigits.length === 9;
    let candidates: CustomerRow[];
    if (config.accountNumberRequired) {
      const holders = await core.findAccountHolders(
        caller.institutionId,
        checked.accountNumber,
        config.removeCheckDigit,
      );
      candidates = await findCustomersByIds(
        db,
        caller.institutionId,
        holders.filter((holder) => types.includes(holder.accountType)).map((h) => h.customerId),
      );
    } else {
      const found = await borrowers.accountHoldersWithSsn(
        caller.institutionId,
        dataProtector.blindIndex(checked.ssnDigits),
      );
      candidates = [];
      for (const customer of found) {
        const accounts = await core.listAccounts(
          { institutionId: caller.institutionId, customerId: customer.id },
          calendarDateIn('UTC', clock.now()),
        );
        if (accounts.some((account) => types.includes(account.type))) candidates.push(customer);
      }
    }
    const unique = [...new Map(candidates.map((customer) => [customer.id, customer])).values()];
    const matching: CustomerRow[] = [];
    let ssnMissing = false;
    for (const customer of unique) {
      if (!sameText(customer.last_name, request.LastName)) continue;
      if (checked.dateOfBirth !== undefined && customer.date_of_birth !== checked.dateOfBirth)
        continue;
      if (config.show.zipCode && customer.zip.slice(0, 5) !== request.Zip.trim()) continue;
      if (!customer.ssn_encrypted || !customer.ssn_blind_index) {
        ssnMissing = true;
        continue;
      }
      const ssnMatches = fullSsn
        ? dataProtector.sameDigest(
            customer.ssn_blind_index,
            dataProtector.blindIndex(checked.ssnDigits),
          )
        : dataProtector
            .decrypt(customer.ssn_encrypted)
            .replace(/\D/g, '')
            .endsWith(checked.ssnDigits);
      if (ssnMatches) matching.push(customer);
    }
    const [customer] = matching;
    if (matching.length === 1 && customer) return { customer };
    if (matching.length === 0 && ssnMissing) return { flag: 'SSNNull' };
    // None, or several holders the details cannot tell apart: the institution must help.
    return { flag: matching.length === 0 ? 'Invalid' : 'Failed' };
  }

  return {
    async generateMfaCode(caller, request) {
      const settings = await options.settings(caller.institutionId);
      const refusal = await blocked(settings);
      if (refusal) return { ok: false, code: refusal };
      if (!settings.get('registrationOptions.multiFactorDuringRegistrationOption')) {
        return { ok: false, code: 'RegistrationNotAllowed' };
      }
      const email = request.email.trim();
      if (!isEmailCandidate(email) || request.anonymousId.trim() === '') {
        return { ok: false, code: 'Invalid' };
      }
      const policy = securityPolicyOf(settings);
      // Per registration session, per address typed and per caller address.
      for (const [bucket, key, factor] of [
        ['registration-code-session', request.anonymousId.trim(), 1],
        ['registration-code-email', email.toLowerCase(), 1],
        ['registration-code-ip', caller.ip, 4],
      ] as const) {
        await throttle.enforce({
          institutionId: caller.institutionId,
          bucket,
          key,
          limit: policy.securityCodeResendsPerHour * factor,
          windowMs: HOUR_MS,
        });
      }
      const now = clock.now();
      const mfaToken = createToken();
      const tokenHash = hashToken(mfaToken);
      const code = createSecurityCode();
      await db.transaction().execute(async (trx) => {
        await createSecurityCodesService({ db: trx }).issueRegistrationCode({
          institutionId: caller.institutionId,
          mfaToken,
          anonymousId: request.anonymousId.trim(),
          email: email.toLowerCase(),
          codeDigest: dataProtector.digest(CODE_DIGEST_PURPOSE, `${tokenHash}:${code}`),
          expiresAt: new Date(now.getTime() + policy.securityCodeLifetimeMs),
          at: now,
        });
        await mail.enqueue(
          registrationCodeEmail({
            settings,
            institutionId: caller.institutionId,
            institutionName: caller.institutionName,
            to: email,
            firstName: request.firstName,
            code,
            lifetimeMs: policy.securityCodeLifetimeMs,
          }),
          trx,
        );
      });
      mail.deliverSoon();
      return { ok: true, mfaToken };
    },

    async validateCode(caller, request) {
      const settings = await options.settings(caller.institutionId);
      const policy = securityPolicyOf(settings);
      const mfaToken = request.mfaToken.trim();
      const tokenHash = hashToken(mfaToken);
      const row = await securityCodes.findRegistrationCode(caller.institutionId, mfaToken);
      if (!row || row.consumedAt !== null || row.subject !== request.anonymousId.trim()) {
        return { ok: false, code: 'Invalid' };
      }
      if (row.expiresAt <= clock.now()) return { ok: false, code: 'CodeExpired' };
      const attempts = await securityCodes.countAttempt(row.id, policy.securityCodeMaxAttempts);
      if (attempts === undefined) return { ok: false, code: 'MaxAttemptsReached' };
      const code = request.code.replace(/\s/g, '');
      const matches = dataProtector.sameDigest(
        row.codeDigest,
        dataProtector.digest(CODE_DIGEST_PURPOSE, `${tokenHash}:${code}`),
      );
      if (!matches) return { ok: false, code: 'Invalid' };
      await securityCodes.markVerified(row.id, clock.now());
      return { ok: true };
    },

    async createAccount(caller, request) {
      const settings = await options.settings(caller.institutionId);
      const refusal = await blocked(settings);
      if (refusal) return { ok: false, flags: [refusal] };
      const policy = securityPolicyOf(settings);
      await throttle.enforce({
        institutionId: caller.institutionId,
        bucket: 'registration-ip',
        key: caller.ip,
        limit: policy.registrationRequestsPerHourPerIp,
        windowMs: HOUR_MS,
      });

      const now = clock.now();
      const today = calendarDateIn(caller.timeZone, now);
      const { flags, checked } = registrationFlags(request, settings, { today });
      if (flags.length > 0) return { ok: false, flags };

      // By account: the identity tried (full SSN, or the account number) is limited like the address.
      await throttle.enforce({
        institutionId: caller.institutionId,
        bucket: 'registration-identity',
        key:
          checked.ssnDigits.length === 9
            ? dataProtector.blindIndex(checked.ssnDigits)
            : `account:${checked.accountNumber}`,
        limit: policy.registrationRequestsPerHourPerIp,
        windowMs: HOUR_MS,
      });

      const config = registrationRulesOf(settings);
      let codeId: number | undefined;
      if (config.multiFactor) {
        const row = request.MFAToken
          ? await securityCodes.findRegistrationCode(caller.institutionId, request.MFAToken.trim())
          : undefined;
        const fresh =
          row?.verifiedAt !== null &&
          row?.verifiedAt !== undefined &&
          row.verifiedAt.getTime() + VERIFIED_CODE_LIFETIME_MS > now.getTime();
        if (
          !row ||
          !fresh ||
          row.consumedAt !== null ||
          row.email !== checked.email.toLowerCase()
        ) {
          return { ok: false, flags: ['Invalid'] };
        }
        codeId = row.id;
      }

      const match = await matchAccountHolder(caller, settings, request, checked);
      if ('flag' in match) return { ok: false, flags: [match.flag] };
      const { customer } = match;
      if (await borrowers.customerHasOnlineUser(customer.id)) {
        return { ok: false, flags: ['Failed'] };
      }
      // Only now, with the identity matched, may the answer say a user name is taken: asked
      // earlier, anyone could test which user names exist.
      if (await borrowers.isUsernameTaken(caller.institutionId, checked.username)) {
        return { ok: false, flags: ['LoginNameExists'] };
      }

      const question = request.SecretQuestion.trim();
      const answer = request.SecretAnswer.trim();
      const [passwordHash, answerHash] = await Promise.all([
        hasher.hash(request.Password),
        question !== '' && answer !== '' ? hasher.hash(normaliseSecretAnswer(answer)) : null,
      ]);
      const { agreements } = checked;
      const emailVerified = codeId !== undefined;

      try {
        await db.transaction().execute(async (trx) => {
          const borrowersInTrx = createBorrowersService({ db: trx });
          if (
            codeId !== undefined &&
            !(await createSecurityCodesService({ db: trx }).consume(codeId, now))
          ) {
            throw new RegistrationRefused('Invalid');
          }
          const phone = request.PhoneNumber.replace(/\D/g, '');
          const userId = await borrowersInTrx.registerOnlineUser({
            institutionId: caller.institutionId,
            customerId: customer.id,
            username: checked.username,
            passwordHash,
            passwordQuestion: answerHash ? question : '',
            passwordAnswerHash: answerHash,
            emailVerified,
            contact: { email: checked.email, ...(phone ? { phone } : {}) },
            at: now,
          });
          await borrowersInTrx.recordAgreements(
            agreements.map((agreement) => ({
              institutionId: caller.institutionId,
              userId,
              nameOfTerms: agreement.name,
              accountNumber: checked.accountNumber,
              ipAddress: caller.ip,
              dateOfAgreement: now,
              dateOfTerms: agreement.date,
              agreementType: agreement.hostNum,
              whenToAgree: 1,
            })),
          );
          const optOutToken = await issueLinkToken(trx, {
            institutionId: caller.institutionId,
            userId,
            purpose: 'optOut',
            lifetimeMs: null,
            at: now,
          });
          const optOutUrl = optOutLink(caller.origin, optOutToken);
          if (emailVerified) {
            await mail.enqueue(
              welcomeEmail({
                settings,
                institutionId: caller.institutionId,
                institutionName: caller.institutionName,
                to: checked.email,
                username: checked.username,
                optOutUrl,
              }),
              trx,
            );
          } else {
            const verifyToken = await issueLinkToken(trx, {
              institutionId: caller.institutionId,
              userId,
              purpose: 'verifyEmail',
              lifetimeMs: policy.emailVerificationLinkLifetimeMs,
              at: now,
            });
            await mail.enqueue(
              verifyEmailEmail({
                settings,
                institutionId: caller.institutionId,
                institutionName: caller.institutionName,
                to: checked.email,
                username: checked.username,
                verifyUrl: verifyEmailLink(caller.origin, verifyToken),
                lifetimeMs: policy.emailVerificationLinkLifetimeMs,
                optOutUrl,
              }),
              trx,
            );
          }
        });
      } catch (error) {
        if (error instanceof RegistrationRefused) return { ok: false, flags: [error.flag] };
        // Two registrations raced for the name or the holder: the loser is told as if it came second.
        if (isUniqueViolation(error)) {
          const taken = await borrowers.isUsernameTaken(caller.institutionId, checked.username);
          return { ok: false, flags: [taken ? 'LoginNameExists' : 'Failed'] };
        }
        throw error;
      }
      mail.deliverSoon();
      return {
        ok: true,
        userName: checked.username,
        emailVerified,
        restricted: customer.restricted,
      };
    },

    async activateAccount(caller, request) {
      const settings = await options.settings(caller.institutionId);
      const fail = (
        code: Extract<ActivateAccountResult, { ok: false }>['code'],
        userName = '',
        codes: string[] = [code],
      ): ActivateAccountResult => ({ ok: false, code, codes, userName });
      if (settings.get('maintenanceOptions.maintenanceModeOption')) {
        return fail('maintenanceModeEnabled');
      }
      const policy = securityPolicyOf(settings);
      await throttle.enforce({
        institutionId: caller.institutionId,
        bucket: 'activation-ip',
        key: caller.ip,
        limit: policy.registrationRequestsPerHourPerIp,
        windowMs: HOUR_MS,
      });
      const token = request.token.trim();
      if (token === '') return fail('Invalid');
      const link = await securityCodes.findUserToken(caller.institutionId, token, ['activation']);
      if (!link) return fail('Invalid');
      const borrower = await borrowers.findBorrowerById(caller.institutionId, link.userId);
      if (!borrower) return fail('Invalid');
      // Already activated (this link or another way): the user should sign in instead.
      if (link.usedAt !== null || borrower.password_hash !== null) {
        return fail('LogonNameTaken', borrower.username);
      }
      const now = clock.now();
      if (link.expiresAt !== null && link.expiresAt <= now) return fail('Expired');
      if (borrower.restricted || !borrower.logon_allowed)
        return fail('Restricted', borrower.username);

      const rules = { ...passwordRulesOf(settings), maximumLength: ACTIVATION_MAXIMUM_LENGTH };
      const ssn = borrower.ssn_encrypted
        ? dataProtector.decrypt(borrower.ssn_encrypted)
        : undefined;
      const problems = passwordProblems(request.password, rules, {
        logon: borrower.username,
        ssn,
        email: borrower.email,
      });
      if (problems.length > 0) {
        const codes = resetPasswordCodes(problems);
        return fail(codes[0] ?? 'Error', borrower.username, codes);
      }
      const passwordHash = await hasher.hash(request.password);
      const activated = await db.transaction().execute(async (trx) => {
        if (!(await createSecurityCodesService({ db: trx }).useUserToken(link.id, now))) {
          return false;
        }
        await createBorrowersService({ db: trx }).activateOnlineUser(borrower.id, {
          passwordHash,
          at: now,
        });
        return true;
      });
      if (!activated) return fail('LogonNameTaken', borrower.username);
      return { ok: true, userName: borrower.username };
    },
  };
}

/** Activation allows 128 characters whatever the institution's rules (spec 000 section 9). */
export const ACTIVATION_MAXIMUM_LENGTH = 128;

class RegistrationRefused extends Error {
  readonly flag: RegistrationErrorCode;
  constructor(flag: RegistrationErrorCode) {
    super(flag);
    this.flag = flag;
  }
}
