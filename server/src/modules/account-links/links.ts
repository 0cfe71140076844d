import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { createToken, hashToken } from '../../lib/tokens';
import { hostName } from '../../plugins/institution';
import { insertUserToken, type UserTokenPurpose } from '../borrowers/codes.repository';

/**
 * The portal address links in e-mails point to. Built from the resolved host name and a numeric
 * port only: the Host header is the caller's, and a link must never lead to another site
 * ('localhost:1@evil.example' would otherwise become a link to evil.example).
 */
export function portalOrigin(request: Pick<FastifyRequest, 'host' | 'protocol'>): string {
  const host = hostName(request.host);
  const portText = /:(\d{1,5})$/.exec(request.host.trim())?.[1];
  const port = portText && !request.host.trim().endsWith(']') ? `:${Number(portText)}` : '';
  const name = host.includes(':') ? `[${host}]` : host;
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  return `${protocol}://${name}${port}`;
}

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
  await insertUserToken(db, {
    institutionId: link.institutionId,
    userId: link.userId,
    purpose: link.purpose,
    tokenHash: hashToken(token),
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
