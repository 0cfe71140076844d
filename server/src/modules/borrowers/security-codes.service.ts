import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import {
  consumeCode,
  consumeSessionCodes,
  countCodeAttempt,
  deleteEndedBiometricDevices,
  deleteExpiredSsoTokenUses,
  deleteExpiredTrustedDevices,
  deleteExpiredUserTokens,
  deleteSpentSecurityCodes,
  findBiometricDevice,
  findRegistrationCode,
  findSessionCode,
  findUserToken,
  hasLiveBiometricDevice,
  insertBiometricDevice,
  insertSecurityCode,
  insertTrustedDevice,
  insertUserToken,
  isTrustedDevice,
  markCodeVerified,
  recordSsoTokenUse,
  revokeBiometricDevices,
  useUserToken,
  type UserTokenPurpose,
} from './codes.repository';

export type { UserTokenPurpose };

/** An e-mailed security code: its digest only, never the code. */
export interface SecurityCode {
  id: number;
  /** Who the code was sent for: the user (sign-in) or the registration's anonymous id. */
  subject: string;
  email: string;
  codeDigest: string;
  expiresAt: Date;
  verifiedAt: Date | null;
  consumedAt: Date | null;
}

/** A one-time (or lasting) link token of a user: verify e-mail, reset password, opt out... */
export interface UserToken {
  id: number;
  userId: string;
  purpose: string;
  /** The sign-in a change-password token belongs to. */
  sessionId: number | null;
  /** null: the token never expires (opt-out links). */
  expiresAt: Date | null;
  usedAt: Date | null;
}

export interface BiometricDevice {
  userId: string;
  deviceId: string;
  expiresAt: Date;
}

/** A sign-in code, bound to its session. */
export interface NewSignInCode {
  institutionId: number;
  sessionId: number;
  userId: string;
  email: string;
  codeDigest: string;
  expiresAt: Date;
  at: Date;
}

/** Rows deleted by one purge, per table. */
export interface SecurityCodesPurge {
  securityCodes: number;
  userTokens: number;
  trustedDevices: number;
  biometricDevices: number;
  ssoTokenUses: number;
}

/**
 * The borrowers' sign-in secrets: e-mailed security codes, link tokens, trusted devices,
 * biometric tokens and used single sign-on token ids. Callers make the secrets they hand out;
 * only their hashes are stored here. Every method works through the `db` it was created with:
 * inside a transaction, create it with the transaction.
 */
export interface SecurityCodesService {
  issueSignInCode(code: NewSignInCode): Promise<void>;
  /** Spends the session's unused sign-in codes and issues a new one (a resend). */
  reissueSignInCode(code: NewSignInCode): Promise<void>;
  /** The session's current sign-in code (the latest one not used). */
  currentSignInCode(sessionId: number): Promise<SecurityCode | undefined>;
  /** A registration code, bound to the MFAToken of the registration `anonymousId`. */
  issueRegistrationCode(code: {
    institutionId: number;
    mfaToken: string;
    anonymousId: string;
    email: string;
    codeDigest: string;
    expiresAt: Date;
    at: Date;
  }): Promise<void>;
  findRegistrationCode(institutionId: number, mfaToken: string): Promise<SecurityCode | undefined>;
  /**
   * Counts one attempt unless the code has used all of them. Counting before comparing keeps
   * parallel guesses within the limit. Answers the attempts so far, or undefined when none is left.
   */
  countAttempt(codeId: number, maxAttempts: number): Promise<number | undefined>;
  markVerified(codeId: number, at: Date): Promise<void>;
  /** Marks a code used; false when it already was (a concurrent request won). */
  consume(codeId: number, at: Date): Promise<boolean>;

  issueUserToken(token: {
    institutionId: number;
    userId: string;
    purpose: UserTokenPurpose;
    token: string;
    sessionId: number | null;
    expiresAt: Date | null;
    at: Date;
  }): Promise<void>;
  findUserToken(
    institutionId: number,
    token: string,
    purposes: readonly UserTokenPurpose[],
  ): Promise<UserToken | undefined>;
  /** Marks a one-time token used; false when it already was. */
  useUserToken(tokenId: number, at: Date): Promise<boolean>;

  /** Lets the device holding `token` skip the security code until `expiresAt`. */
  trustDevice(device: {
    institutionId: number;
    userId: string;
    token: string;
    expiresAt: Date;
    at: Date;
  }): Promise<void>;
  isTrustedDevice(device: {
    institutionId: number;
    userId: string;
    token: string;
    now: Date;
  }): Promise<boolean>;
  /** A biometric sign-in token for a device; it replaces the device's earlier one. */
  grantBiometricToken(device: {
    institutionId: number;
    userId: string;
    deviceId: string;
    token: string;
    expiresAt: Date;
    at: Date;
  }): Promise<void>;
  /** The device a biometric token was granted to, unless revoked. */
  findBiometricDevice(institutionId: number, token: string): Promise<BiometricDevice | undefined>;
  /** Biometric sign-in turned off: the user's tokens (or one device's) stop working. */
  revokeBiometricTokens(userId: string, at: Date, deviceId?: string): Promise<void>;
  /** Whether a device of the user (or the given one) holds a live biometric token. */
  hasBiometricToken(userId: string, now: Date, deviceId?: string): Promise<boolean>;
  /** Records a single sign-on token id; false when it was seen before (a replay). */
  recordSsoTokenUse(use: { institutionId: number; jti: string; expiresAt: Date }): Promise<boolean>;

  /**
   * Deletes what can never be used again: security codes expired by `codesExpiredBefore` (a
   * registration code verified after `codesVerifiedBefore` stays while account creation still
   * accepts it), link tokens expired by `linksExpiredBefore` (lasting ones stay), and trusted
   * devices, biometric tokens and used single sign-on token ids ended by `endedBefore`.
   */
  purgeSpent(cutoff: {
    codesExpiredBefore: Date;
    codesVerifiedBefore: Date;
    linksExpiredBefore: Date;
    endedBefore: Date;
  }): Promise<SecurityCodesPurge>;
}

type CodeRow = NonNullable<Awaited<ReturnType<typeof findSessionCode>>>;

function toSecurityCode(row: CodeRow): SecurityCode {
  return {
    id: row.id,
    subject: row.subject,
    email: row.email,
    codeDigest: row.code_digest,
    expiresAt: row.expires_at,
    verifiedAt: row.verified_at,
    consumedAt: row.consumed_at,
  };
}

export function createSecurityCodesService(options: {
  db: Kysely<Database>;
}): SecurityCodesService {
  const { db } = options;

  async function issueSignInCode(code: NewSignInCode): Promise<void> {
    await insertSecurityCode(db, {
      institutionId: code.institutionId,
      purpose: 'login',
      sessionId: code.sessionId,
      tokenHash: null,
      subject: code.userId,
      email: code.email,
      codeDigest: code.codeDigest,
      expiresAt: code.expiresAt,
      at: code.at,
    });
  }

  return {
    issueSignInCode,

    async reissueSignInCode(code) {
      await consumeSessionCodes(db, code.sessionId, code.at);
      await issueSignInCode(code);
    },

    async currentSignInCode(sessionId) {
      const row = await findSessionCode(db, sessionId);
      return row ? toSecurityCode(row) : undefined;
    },

    async issueRegistrationCode(code) {
      await insertSecurityCode(db, {
        institutionId: code.institutionId,
        purpose: 'registration',
        sessionId: null,
        tokenHash: hashToken(code.mfaToken),
        subject: code.anonymousId,
        email: code.email,
        codeDigest: code.codeDigest,
        expiresAt: code.expiresAt,
        at: code.at,
      });
    },

    async findRegistrationCode(institutionId, mfaToken) {
      const row = await findRegistrationCode(db, institutionId, hashToken(mfaToken));
      return row ? toSecurityCode(row) : undefined;
    },

    countAttempt: (codeId, maxAttempts) => countCodeAttempt(db, codeId, maxAttempts),
    markVerified: (codeId, at) => markCodeVerified(db, codeId, at),
    consume: (codeId, at) => consumeCode(db, codeId, at),

    async issueUserToken({ token, ...grant }) {
      await insertUserToken(db, { ...grant, tokenHash: hashToken(token) });
    },

    async findUserToken(institutionId, token, purposes) {
      const row = await findUserToken(db, institutionId, hashToken(token), purposes);
      return row
        ? {
            id: row.id,
            userId: row.user_id,
            purpose: row.purpose,
            sessionId: row.session_id,
            expiresAt: row.expires_at,
            usedAt: row.used_at,
          }
        : undefined;
    },

    useUserToken: (tokenId, at) => useUserToken(db, tokenId, at),

    async trustDevice({ token, ...device }) {
      await insertTrustedDevice(db, { ...device, tokenHash: hashToken(token) });
    },

    isTrustedDevice: ({ token, ...device }) =>
      isTrustedDevice(db, { ...device, tokenHash: hashToken(token) }),

    async grantBiometricToken({ token, ...device }) {
      await insertBiometricDevice(db, { ...device, tokenHash: hashToken(token) });
    },

    async findBiometricDevice(institutionId, token) {
      const row = await findBiometricDevice(db, institutionId, hashToken(token));
      return row
        ? { userId: row.user_id, deviceId: row.device_id, expiresAt: row.expires_at }
        : undefined;
    },

    recordSsoTokenUse: (use) => recordSsoTokenUse(db, use),
    revokeBiometricTokens: (userId, at, deviceId) =>
      revokeBiometricDevices(db, userId, at, deviceId),
    hasBiometricToken: (userId, now, deviceId) => hasLiveBiometricDevice(db, userId, now, deviceId),

    async purgeSpent(cutoff) {
      return {
        securityCodes: await deleteSpentSecurityCodes(db, {
          expiredBefore: cutoff.codesExpiredBefore,
          verifiedBefore: cutoff.codesVerifiedBefore,
        }),
        userTokens: await deleteExpiredUserTokens(db, cutoff.linksExpiredBefore),
        trustedDevices: await deleteExpiredTrustedDevices(db, cutoff.endedBefore),
        biometricDevices: await deleteEndedBiometricDevices(db, cutoff.endedBefore),
        ssoTokenUses: await deleteExpiredSsoTokenUses(db, cutoff.endedBefore),
      };
    },
  };
}
