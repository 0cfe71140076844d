import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { createToken } from '../../lib/tokens';
import {
  createSecurityCodesService,
  type UserTokenPurpose,
} from '../borrowers/security-codes.service';

/** A hash route of the portal, e.g. `home/verifyEmail/<token>`. */
export function portalLink(origin: string, route: string): string {
  return `${origin}/#/${route}`;
}

/**
 * A new link token: the random token goes into the e-mail, only its hash is stored. Pass the
 * transaction as `db` so the token exists only if the change that issued it commits.
 */
export async function issueLinkToken(
  db: Kysely<Database>,
  link: {
    institutionId: number;
    userId: string;
    purpose: UserTokenPurpose;
    /** null: the token never expires (opt-out links). */
    lifetimeMs: number | null;
    at: Date;
  },
): Promise<string> {
  const token = createToken();
  await createSecurityCodesService({ db }).issueUserToken({
    institutionId: link.institutionId,
    userId: link.userId,
    purpose: link.purpose,
    token,
    sessionId: null,
    expiresAt: link.lifetimeMs === null ? null : new Date(link.at.getTime() + link.lifetimeMs),
    at: link.at,
  });
  return token;
}

export function verifyEmailLink(origin: string, token: string): string {
  return portalLink(origin, `home/verifyEmail/${encodeURIComponent(token)}`);
}

export function resetPasswordLink(origin: string, token: string): string {
  return portalLink(origin, `home/forcePasswordChange/${encodeURIComponent(token)}`);
}

export function activationLink(origin: string, token: string): string {
  return portalLink(origin, `home/activate?token=${encodeURIComponent(token)}`);
}

export function optOutLink(origin: string, token: string): string {
  return portalLink(origin, `opt-out?token=${encodeURIComponent(token)}`);
}
