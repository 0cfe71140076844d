import { TooManyRequestsError } from '../../lib/http-errors';
import {
  type LoginErrorCode,
  type PostLoginStep,
  type SignInChallenge,
  type WebAgreementLog,
  calendarDateIn,
  agreementsNeededAtLogin,
  configuredAgreements,
  formatSteps,
  parseSteps,
  pendingStepsFor,
  isNewSignInDevice,
  signInDeviceOf,
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { DataProtector } from '../../lib/data-protection';
import { verifyHs256 } from '../../lib/hs256';
import type { PasswordHasher } from '../../lib/passwords';
import { createSecurityCode, createToken, hashToken } from '../../lib/tokens';
import type { RequestSession, RequestUser } from '../../plugins/auth';
import type { MailService } from '../mail/mail.service';
import type { ThrottleService } from '../throttle/throttle.service';
import { securityCodeEmail } from '../mail/emails';
import { createSecurityCodesService } from '../borrowers/security-codes.service';
import { securityPolicyOf, type SecurityPolicy } from './policy';
import { createSignInCheck } from './sign-in-check';
import type { SessionCache } from './session-cache';
import { nextIdleExpiry, SESSION_TOUCH_EVERY_MS, sessionPolicyOf } from './session-policy';
import {
  deleteEndedSessions,
  findLiveSession,
  findPreviousSuccessfulLogin,
  findSessionByTokenHash,
  insertLoginAttempt,
  insertSession,
  recentSignInUserAgents,
  revokeSession,
  revokeUserSessions,
  touchSession,
} from './sessions.repository';
import { createBorrowersService, type Borrower } from '../borrowers/borrowers.service';
import type { TellNotification } from '../notifications/notifications.service';
import type { RequestContext } from '../../plugins/request-context';

/** What the auth module needs of the institutions module. */
export interface InstitutionDirectory {
  settings(institutionId: number): Promise<SettingsAccessor>;
  maintenanceMode(institutionId: number): Promise<boolean>;
  secret(institutionId: number, name: string): Promise<string | undefined>;
}

/** The request a sign-in comes with (the slug is the audience of single sign-on tokens). */
export type SignInContext = Pick<
  RequestContext,
  'institutionId' | 'institutionSlug' | 'institutionName' | 'timeZone' | 'ip' | 'userAgent'
>;

export interface PasswordSignInInput extends SignInContext {
  username: string;
  password: string;
  /** The mobile device asking for biometric sign-in from now on. */
  deviceId?: string;
  /** The solved sign-in check, when the address needs one (sign-in-check.ts). */
  signInCheck?: string;
  /** user name → trusted-device token, as the client keeps them. */
  trustedDeviceTokens?: Readonly<Record<string, string>>;
}

export interface SignedIn {
  ok: true;
  /** The session token; it leaves the server once, in a cookie or in UserToken. */
  token: string;
  session: RequestSession;
  /** The borrower as stored before this sign-in: last_login_* are the previous sign-in's. */
  borrower: Borrower;
  passwordSignIn: boolean;
  mfaRequired: boolean;
  trustedDevice: boolean;
  /** The ResetPassword token of the changePassword step ('' when the step is not pending). */
  changePasswordToken: string;
  agreementLogs: WebAgreementLog[];
  biometrics: BiometricsGrant | null;
}

export interface BiometricsGrant {
  token: string;
  expiresAt: Date;
}

export type SignInResult = SignedIn | { ok: false; code: LoginErrorCode };

export interface TokenStatus {
  live: boolean;
  /** When the session ends if nothing else happens (the earlier of the two expiries). */
  expiresAt: Date | null;
}

export interface ResolvedSession {
  session: RequestSession;
  user: RequestUser;
}

export interface AuthService {
  signIn(input: PasswordSignInInput): Promise<SignInResult>;
  /** Mobile biometric sign-in with the token issued to a device. */
  tokenSignIn(input: SignInContext & { token: string; deviceId: string }): Promise<SignInResult>;
  /** Single sign-on: a short-lived, single-use HS256 token of the institution's identity provider. */
  ssoSignIn(input: SignInContext & { token: string }): Promise<SignInResult>;
  /** The live session of a token, its idle expiry slid; undefined when none. */
  resolveSession(token: string, institutionId: number): Promise<ResolvedSession | undefined>;
  /** Expiry of a token's session without extending it. */
  tokenStatus(token: string, institutionId: number): Promise<TokenStatus>;
  /** The user name of a live session, without extending it. */
  lookupLogin(token: string, institutionId: number): Promise<string | undefined>;
  signOut(token: string, institutionId: number): Promise<void>;
  /** The sign-in before the given session began (what "previous login" shows). */
  previousSignIn(session: RequestSession): Promise<{ at: Date; ip: string } | undefined>;
  /** A biometric sign-in token for a device, once the session's steps are done. */
  grantBiometrics(
    institutionId: number,
    userId: string,
    deviceId: string,
  ): Promise<BiometricsGrant | null>;
  /** The institution's security policy (securityPolicyOptions.*). */
  policy(institutionId: number): Promise<SecurityPolicy>;
  /** A sign-in check for the next sign-in from this address, as hard as its failures make it. */
  signInChallenge(institutionId: number, ip: string): Promise<SignInChallenge>;
}

export interface AuthServiceOptions {
  db: Kysely<Database>;
  clock: Clock;
  hasher: PasswordHasher;
  dataProtector: DataProtector;
  institutions: InstitutionDirectory;
  throttle: ThrottleService;
  mail: MailService;
  /** Keeps resolved sessions in memory (PGlite only: see session-cache.ts). */
  sessionCache?: SessionCache<LiveSessionRow>;
  /** Tells the alert of a sign-in from a new device (userLogsOn). */
  tell?: TellNotification;
}

/** Earlier devices compared with a sign-in's: the user agents of this many latest sign-ins. */
const DEVICES_REMEMBERED = 50;

/**
 * How long failed sign-ins from an address count towards its sign-in check: the lockout length,
 * or an hour when a lock lasts until staff unlock it.
 */
function addressWindowMs(policy: SecurityPolicy): number {
  return policy.lockoutMs > 0 ? policy.lockoutMs : 60 * 60_000;
}

/**
 * Failures from an address never lock it (a household or an office shares one): they are only
 * counted, for the sign-in check. A count this high is never reached.
 */
const NEVER_LOCKS = Number.MAX_SAFE_INTEGER;

export type LiveSessionRow = NonNullable<Awaited<ReturnType<typeof findLiveSession>>>;

/** Sign-in failures are counted per user name and per address (spec 000: lockout). */
export const LOGIN_USER_SCOPE = 'login-user';
export const LOGIN_IP_SCOPE = 'login-ip';
/** The name of the single sign-on secret when ssoOptions.ssoSharedSecretReference is empty. */
export const DEFAULT_SSO_SECRET_NAME = 'sso-shared-secret';
/** Allowed clock difference with the identity provider. */
const SSO_CLOCK_SKEW_S = 30;

export function normaliseUsername(username: string): string {
  return username.trim().toLowerCase();
}

/** The digest of a sign-in security code, bound to its session so a code fits nowhere else. */
export function loginCodeDigest(protector: DataProtector, sessionId: number, code: string) {
  return protector.digest(`login-code:${sessionId}`, code);
}

/**
 * The admin preview's session of its sample borrower (modules/previews): read-only, with no step
 * to take, and never living past `endsAt` whatever its activity.
 */
export async function openSampleSession(
  db: Kysely<Database>,
  session: {
    token: string;
    userId: string;
    institutionId: number;
    at: Date;
    endsAt: Date;
    ip: string;
    userAgent: string;
  },
): Promise<void> {
  await insertSession(db, {
    tokenHash: hashToken(session.token),
    userId: session.userId,
    institutionId: session.institutionId,
    createdAt: session.at,
    idleExpiresAt: session.endsAt,
    absoluteExpiresAt: session.endsAt,
    ip: session.ip,
    userAgent: session.userAgent.slice(0, 500),
    pendingSteps: '',
    signInMethod: 'preview',
    deviceId: null,
    readOnly: true,
  });
}

/** Ends one session (a guesser's, once its guesses locked the user). */
export function endSession(db: Kysely<Database>, sessionId: number, at: Date): Promise<void> {
  return revokeSession(db, sessionId, at);
}

/**
 * Ends every other session of the user (a password changed while signed in): whoever was signed
 * in with the old password is signed out. Pass the transaction of the change as `db`.
 */
export function endOtherSessions(
  db: Kysely<Database>,
  userId: string,
  at: Date,
  keepSessionId: number,
): Promise<void> {
  return revokeUserSessions(db, userId, at, keepSessionId);
}

/**
 * Deletes the sessions that ended (idle, absolute expiry or sign-out) by `before`, and with them
 * their sign-in codes and change-password links (housekeeping). Answers how many went.
 */
export function purgeEndedSessions(db: Kysely<Database>, before: Date): Promise<number> {
  return deleteEndedSessions(db, before);
}

export function createAuthService(options: AuthServiceOptions): AuthService {
  const { db, clock, hasher, dataProtector, institutions, throttle, mail, sessionCache } = options;
  const borrowers = createBorrowersService({ db });
  const signInCheck = createSignInCheck({ clock, dataProtector, throttle });

  const addressCounter = (institutionId: number, ip: string) => ({
    institutionId,
    scope: LOGIN_IP_SCOPE,
    key: ip,
  });

  /** Counts a failed sign-in of the address, for its sign-in check; it locks nothing. */
  async function countAddressFailure(institutionId: number, ip: string, security: SecurityPolicy) {
    const window = addressWindowMs(security);
    await throttle.registerFailure(addressCounter(institutionId, ip), {
      maxFailures: NEVER_LOCKS,
      lockoutMs: window,
      windowMs: window,
    });
  }
  const securityCodes = createSecurityCodesService({ db });

  async function policy(institutionId: number): Promise<SecurityPolicy> {
    return securityPolicyOf(await institutions.settings(institutionId));
  }

  async function record(
    context: SignInContext,
    attempt: { userId: string | null; username: string; success: boolean; reason: string },
  ): Promise<void> {
    await insertLoginAttempt(db, {
      institutionId: context.institutionId,
      userId: attempt.userId,
      usernameAttempted: attempt.username.slice(0, 200),
      ip: context.ip,
      userAgent: context.userAgent,
      success: attempt.success,
      reason: attempt.reason,
      at: clock.now(),
    });
  }

  async function refuse(
    context: SignInContext,
    attempt: { userId: string | null; username: string },
    code: LoginErrorCode,
  ): Promise<SignInResult> {
    await record(context, { ...attempt, success: false, reason: code });
    return { ok: false, code };
  }

  async function grantBiometrics(
    institutionId: number,
    userId: string,
    deviceId: string,
  ): Promise<BiometricsGrant | null> {
    const settings = await institutions.settings(institutionId);
    if (!settings.get('mobileAppOptions.allowBiometricSignInOption')) return null;
    const lifetime = securityPolicyOf(settings).biometricsTokenLifetimeMs;
    if (lifetime <= 0) return null;
    const now = clock.now();
    const token = createToken();
    const expiresAt = new Date(now.getTime() + lifetime);
    await securityCodes.grantBiometricToken({
      institutionId,
      userId,
      deviceId,
      token,
      expiresAt,
      at: now,
    });
    return { token, expiresAt };
  }

  /**
   * Opens the session of accepted credentials: decides the post-login steps, sends the security
   * code, records the sign-in. Everything is written in one transaction.
   */
  async function openSession(
    context: SignInContext,
    borrower: Borrower,
    how: {
      method: 'password' | 'biometric' | 'sso';
      deviceId: string | null;
      trustedDevice: boolean;
      rehash?: string;
    },
  ): Promise<SignInResult> {
    const settings = await institutions.settings(context.institutionId);
    const security = securityPolicyOf(settings);
    const passwordSignIn = how.method === 'password';
    const mfaRequired =
      passwordSignIn && settings.get('securityCodeOptions.multiFactorOption') && !how.trustedDevice;
    if (mfaRequired && borrower.email.trim() === '') {
      return refuse(context, { userId: borrower.id, username: borrower.username }, 'MFANoEmail');
    }
    const acceptances = await borrowers.agreementAcceptances(
      context.institutionId,
      borrower.id,
      context.timeZone,
    );
    const agreements = configuredAgreements(settings);
    const today = calendarDateIn(context.timeZone, clock.now());
    const needed = agreementsNeededAtLogin(agreements, {
      acceptances,
      emailCommunicationRestricted: borrower.email_communication_restricted,
      today,
    });
    const steps = pendingStepsFor(settings, {
      securityCode: mfaRequired,
      passwordSignIn,
      emailVerified: borrower.email_verified,
      mustChangePassword: borrower.must_change_password,
      hasPasswordQuestion:
        borrower.password_question !== '' && borrower.password_answer_hash !== null,
      agreementsNeeded: needed.length,
    });

    const now = clock.now();
    const token = createToken();
    const sessions = sessionPolicyOf(security);
    const absoluteExpiresAt = new Date(now.getTime() + sessions.absoluteTimeoutMs);
    const code = mfaRequired ? createSecurityCode() : '';
    const changePasswordToken = steps.includes('changePassword') ? createToken() : '';

    // Read before this sign-in is recorded: is its device one the user signed in from before?
    const newDevice =
      options.tell !== undefined &&
      isNewSignInDevice(
        context.userAgent,
        await recentSignInUserAgents(db, borrower.id, DEVICES_REMEMBERED),
      );
    const row = await db.transaction().execute(async (trx) => {
      const session = await insertSession(trx, {
        tokenHash: hashToken(token),
        userId: borrower.id,
        institutionId: context.institutionId,
        createdAt: now,
        idleExpiresAt: nextIdleExpiry(sessions, now, absoluteExpiresAt),
        absoluteExpiresAt,
        ip: context.ip,
        userAgent: context.userAgent.slice(0, 500),
        pendingSteps: formatSteps(steps),
        signInMethod: how.method,
        deviceId: how.deviceId,
      });
      const borrowersInTrx = createBorrowersService({ db: trx });
      const securityCodesInTrx = createSecurityCodesService({ db: trx });
      if (mfaRequired) {
        await securityCodesInTrx.issueSignInCode({
          institutionId: context.institutionId,
          sessionId: session.id,
          userId: borrower.id,
          email: borrower.email,
          codeDigest: loginCodeDigest(dataProtector, session.id, code),
          expiresAt: new Date(now.getTime() + security.securityCodeLifetimeMs),
          at: now,
        });
        await mail.enqueue(
          securityCodeEmail({
            settings,
            institutionId: context.institutionId,
            institutionName: context.institutionName,
            to: borrower.email,
            code,
            lifetimeMs: security.securityCodeLifetimeMs,
          }),
          trx,
        );
      }
      if (changePasswordToken !== '') {
        await securityCodesInTrx.issueUserToken({
          institutionId: context.institutionId,
          userId: borrower.id,
          purpose: 'changePassword',
          token: changePasswordToken,
          sessionId: session.id,
          expiresAt: absoluteExpiresAt,
          at: now,
        });
      }
      await borrowersInTrx.recordSignIn(borrower.id, {
        at: now,
        ip: context.ip,
        rehashedPassword: how.rehash,
      });
      await insertLoginAttempt(trx, {
        institutionId: context.institutionId,
        userId: borrower.id,
        usernameAttempted: borrower.username,
        ip: context.ip,
        userAgent: context.userAgent,
        success: true,
        reason: how.method === 'password' ? '' : how.method,
        at: now,
      });
      return session;
    });
    if (mfaRequired) mail.deliverSoon();
    if (newDevice) {
      await options.tell?.({
        institutionId: context.institutionId,
        userId: borrower.id,
        kind: 'newDeviceSignIn',
        sessionId: String(row.id),
        device: signInDeviceOf(context.userAgent),
        at: now,
      });
    }

    const biometrics =
      how.deviceId && steps.length === 0 && how.method !== 'biometric'
        ? await grantBiometrics(context.institutionId, borrower.id, how.deviceId)
        : null;

    return {
      ok: true,
      token,
      borrower,
      passwordSignIn,
      mfaRequired,
      trustedDevice: how.trustedDevice,
      changePasswordToken,
      biometrics,
      agreementLogs: acceptances.map((log) => ({
        DateOfTerms: log.dateOfTerms,
        DateOfAgreement: log.acceptedAt.toISOString(),
        Name: log.name,
        Url: agreements.find((agreement) => agreement.hostNum === log.hostNum)?.url ?? '',
        HostNum: log.hostNum,
      })),
      session: {
        id: row.id,
        userId: row.user_id,
        institutionId: row.institution_id,
        createdAt: row.created_at,
        idleExpiresAt: row.idle_expires_at,
        absoluteExpiresAt: row.absolute_expires_at,
        pendingSteps: steps,
        deviceId: row.device_id,
        readOnly: row.read_only,
      },
    };
  }

  /** Checks the borrower may sign in at all (after the credentials were accepted). */
  function barred(borrower: Borrower): LoginErrorCode | undefined {
    if (!borrower.logon_allowed) return 'LogonNotAllowed';
    if (borrower.restricted) return 'Restricted';
    return undefined;
  }

  async function trustedDeviceOf(
    input: PasswordSignInInput,
    borrower: Borrower,
    settings: SettingsAccessor,
  ): Promise<boolean> {
    if (!settings.get('securityCodeOptions.allowTrustedDevicesOption')) return false;
    const tokens = input.trustedDeviceTokens ?? {};
    const candidates = new Set(
      Object.entries(tokens)
        .filter(([name]) => normaliseUsername(name) === normaliseUsername(borrower.username))
        .map(([, token]) => token)
        .filter((token) => token !== ''),
    );
    for (const token of [...candidates].slice(0, 3)) {
      const trusted = await securityCodes.isTrustedDevice({
        institutionId: input.institutionId,
        userId: borrower.id,
        token,
        now: clock.now(),
      });
      if (trusted) return true;
    }
    return false;
  }

  return {
    async signIn(input) {
      const username = input.username.trim();
      if (await institutions.maintenanceMode(input.institutionId)) {
        return { ok: false, code: 'maintenanceModeEnabled' };
      }
      const settings = await institutions.settings(input.institutionId);
      const security = securityPolicyOf(settings);
      const userCounter = {
        institutionId: input.institutionId,
        scope: LOGIN_USER_SCOPE,
        key: normaliseUsername(username).slice(0, 200),
      };
      const attempt = { userId: null, username };

      // Request rate per address, then the failure locks. A locked name answers the same whether
      // or not it exists, and without looking at the password.
      const allowed = await throttle.allow({
        institutionId: input.institutionId,
        bucket: 'login-ip',
        key: input.ip,
        limit: security.loginRequestsPerMinutePerIp,
        windowMs: 60_000,
      });
      if (!allowed) {
        // A flood from one address, not a lock: 429 with its own wording, so a household or an
        // office behind one address is not told its accounts are locked.
        await record(input, { ...attempt, success: false, reason: 'TooManyRequests' });
        const now = clock.now().getTime();
        throw new TooManyRequestsError((60_000 - (now % 60_000)) / 1000);
      }
      // Many failures from this address: every sign-in from it carries a solved sign-in check
      // (issue 20). It locks no one: a household behind the address waits a few seconds.
      const addressFailures = await throttle.recentFailures(
        addressCounter(input.institutionId, input.ip),
        addressWindowMs(security),
      );
      if (
        addressFailures >= security.maxFailedLoginAttemptsPerIp &&
        !(input.signInCheck && (await signInCheck.verify(input.institutionId, input.signInCheck)))
      ) {
        return refuse(input, attempt, 'SignInCheckRequired');
      }
      if (await throttle.lockedUntil(userCounter)) {
        return refuse(input, attempt, 'LockedOnBadPassword');
      }

      const borrower =
        username === ''
          ? undefined
          : await borrowers.findBorrowerSigningIn(input.institutionId, username);
      // Exactly one argon2 verification per attempt, against a dummy hash when there is no user
      // (or no password yet), so the answer time does not tell which names exist.
      const check =
        borrower?.password_hash != null
          ? await hasher.verify(borrower.password_hash, input.password)
          : await hasher.verifyDummy(input.password);

      if (!borrower || !check.matches) {
        const failure = {
          maxFailures: security.maxFailedLoginAttempts,
          lockoutMs: security.lockoutMs,
        };
        const window = security.lockoutMs > 0 ? { windowMs: security.lockoutMs } : {};
        const [byUser] = await Promise.all([
          throttle.registerFailure(userCounter, { ...failure, ...window }),
          countAddressFailure(input.institutionId, input.ip, security),
        ]);
        const known = { userId: borrower?.id ?? null, username };
        if (byUser.locked) {
          // The guess that locked a real user's account: its owner hears of it (the profile's
          // restricted-after-failed-sign-ins alert). Later guesses stop at lockedUntil above.
          if (borrower) {
            await options.tell?.({
              institutionId: input.institutionId,
              userId: borrower.id,
              kind: 'lockedOnBadPassword',
              at: clock.now(),
            });
          }
          return refuse(input, known, 'LockedOnBadPassword');
        }
        return refuse(input, known, 'Invalid');
      }
      // Checked only after the password, so these answers do not reveal that a user exists.
      const bar = barred(borrower);
      if (bar) return refuse(input, { userId: borrower.id, username }, bar);
      await throttle.reset(userCounter);

      const trustedDevice = await trustedDeviceOf(input, borrower, settings);
      const rehash = check.needsRehash ? await hasher.hash(input.password) : undefined;
      return openSession(input, borrower, {
        method: 'password',
        deviceId: input.deviceId?.trim() || null,
        trustedDevice,
        ...(rehash ? { rehash } : {}),
      });
    },

    async tokenSignIn(input) {
      if (await institutions.maintenanceMode(input.institutionId)) {
        return { ok: false, code: 'maintenanceModeEnabled' };
      }
      const settings = await institutions.settings(input.institutionId);
      const security = securityPolicyOf(settings);
      const attempt = { userId: null, username: '' };
      // A biometric token is 256 random bits: it cannot be guessed, so no sign-in check; its
      // failures still count for the address (the request rate per address limits floods).
      const device = settings.get('mobileAppOptions.allowBiometricSignInOption')
        ? await securityCodes.findBiometricDevice(input.institutionId, input.token)
        : undefined;
      const borrower =
        device && device.deviceId === input.deviceId && device.expiresAt > clock.now()
          ? await borrowers.findBorrowerById(input.institutionId, device.userId)
          : undefined;
      if (!borrower) {
        await countAddressFailure(input.institutionId, input.ip, security);
        return refuse(input, attempt, 'Invalid');
      }
      const bar = barred(borrower);
      if (bar) return refuse(input, { userId: borrower.id, username: borrower.username }, bar);
      // No device on the session: the device already holds a live token, so finishing a pending
      // step must not grant (and rotate) another one, just as this sign-in itself does not.
      return openSession(input, borrower, {
        method: 'biometric',
        deviceId: null,
        trustedDevice: false,
      });
    },

    async ssoSignIn(input) {
      if (await institutions.maintenanceMode(input.institutionId)) {
        return { ok: false, code: 'maintenanceModeEnabled' };
      }
      const settings = await institutions.settings(input.institutionId);
      const attempt = { userId: null, username: '' };
      if (!settings.get('ssoOptions.useSingleSignOnOption')) {
        return refuse(input, attempt, 'Invalid');
      }
      const secretName =
        settings.get('ssoOptions.ssoSharedSecretReference').trim() || DEFAULT_SSO_SECRET_NAME;
      const secret = await institutions.secret(input.institutionId, secretName);
      if (!secret) return refuse(input, attempt, 'Invalid');
      const verified = verifyHs256(input.token, secret);
      if (!verified.ok) return refuse(input, attempt, 'Invalid');
      const { claims } = verified;
      const nowS = clock.now().getTime() / 1000;
      const lifetimeS = Math.max(1, settings.get('ssoOptions.ssoTokenLifetimeSeconds'));
      const timely =
        claims.aud === input.institutionSlug &&
        claims.exp > nowS &&
        claims.iat <= nowS + SSO_CLOCK_SKEW_S &&
        claims.exp - claims.iat <= lifetimeS + SSO_CLOCK_SKEW_S;
      const named = { userId: null, username: claims.sub };
      if (!timely) return refuse(input, named, 'Invalid');
      const firstUse = await securityCodes.recordSsoTokenUse({
        institutionId: input.institutionId,
        jti: claims.jti,
        expiresAt: new Date(claims.exp * 1000),
      });
      if (!firstUse) return refuse(input, named, 'Invalid');
      const borrower = await borrowers.findBorrowerSigningIn(input.institutionId, claims.sub);
      if (!borrower) return refuse(input, named, 'Invalid');
      const bar = barred(borrower);
      if (bar) return refuse(input, { userId: borrower.id, username: borrower.username }, bar);
      return openSession(input, borrower, { method: 'sso', deviceId: null, trustedDevice: false });
    },

    async resolveSession(token, institutionId) {
      const now = clock.now();
      const tokenHash = hashToken(token);
      const load = () => findLiveSession(db, tokenHash, institutionId, now);
      const row = sessionCache
        ? await sessionCache.lookup(`${institutionId}:${tokenHash}`, now, load)
        : await load();
      if (!row || !row.logon_allowed) return undefined;
      const sessions = sessionPolicyOf(await policy(institutionId));
      let idleExpiresAt = nextIdleExpiry(sessions, now, row.absolute_expires_at);
      // Sliding the expiry is a write; a session touched in the last SESSION_TOUCH_EVERY_MS keeps
      // its stored expiry (at most that much shorter than exact) and the request writes nothing.
      if (idleExpiresAt.getTime() - row.idle_expires_at.getTime() < SESSION_TOUCH_EVERY_MS) {
        idleExpiresAt = row.idle_expires_at;
      } else if (!(await touchSession(db, row.id, now, idleExpiresAt))) return undefined;
      return {
        session: {
          id: row.id,
          userId: row.user_id,
          institutionId: row.institution_id,
          createdAt: row.created_at,
          idleExpiresAt,
          absoluteExpiresAt: row.absolute_expires_at,
          pendingSteps: parseSteps(row.pending_steps),
          deviceId: row.device_id,
          readOnly: row.read_only,
        },
        user: {
          id: row.user_id,
          customerId: row.customer_id,
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

    grantBiometrics,
    policy,

    async signInChallenge(institutionId, ip) {
      const security = await policy(institutionId);
      const settings = await institutions.settings(institutionId);
      const failures = await throttle.recentFailures(
        addressCounter(institutionId, ip),
        addressWindowMs(security),
      );
      const work = settings.get('securityPolicyOptions.loginCheckWork');
      return signInCheck.issue(institutionId, {
        failures,
        threshold: security.maxFailedLoginAttemptsPerIp,
        work: typeof work === 'number' && work > 0 ? work : 50_000,
      });
    },
  };
}

export type { PostLoginStep };
