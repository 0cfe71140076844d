import { createHmac, timingSafeEqual } from 'node:crypto';

/** The claims of a single sign-on token this server accepts. */
export interface SsoClaims {
  /** The borrower's user name. */
  sub: string;
  /** The institution (its slug). */
  aud: string;
  /** Seconds since the epoch. */
  iat: number;
  exp: number;
  /** Unique per token: a token is accepted once. */
  jti: string;
  iss?: string;
}

export type VerifyFailure = 'malformed' | 'algorithm' | 'signature' | 'claims';

const HEADER = { alg: 'HS256', typ: 'JWT' } as const;

function encodePart(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function signature(signingInput: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(signingInput).digest();
}

/** Signs claims as a compact JWS with HS256 (what an identity provider, or the demo one, does). */
export function signHs256(claims: SsoClaims, secret: string): string {
  const signingInput = `${encodePart(HEADER)}.${encodePart(claims)}`;
  return `${signingInput}.${signature(signingInput, secret).toString('base64url')}`;
}

function parseJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asClaims(value: unknown): SsoClaims | undefined {
  if (!isRecord(value)) return undefined;
  const { sub, aud, iat, exp, jti, iss } = value;
  if (typeof sub !== 'string' || sub === '' || typeof aud !== 'string' || typeof jti !== 'string')
    return undefined;
  if (jti === '' || jti.length > 200) return undefined;
  if (typeof iat !== 'number' || typeof exp !== 'number') return undefined;
  if (!Number.isFinite(iat) || !Number.isFinite(exp)) return undefined;
  return { sub, aud, iat, exp, jti, ...(typeof iss === 'string' ? { iss } : {}) };
}

/**
 * Checks the form, the algorithm (HS256 only: 'none' and any other algorithm are refused) and the
 * signature. Time and audience checks are the caller's, with its own clock.
 */
export function verifyHs256(
  token: string,
  secret: string,
): { ok: true; claims: SsoClaims } | { ok: false; reason: VerifyFailure } {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'malformed' };
  const [headerPart = '', payloadPart = '', signaturePart = ''] = parts;
  const header = parseJson(headerPart);
  if (!isRecord(header)) return { ok: false, reason: 'malformed' };
  if (header.alg !== 'HS256') return { ok: false, reason: 'algorithm' };
  const expected = signature(`${headerPart}.${payloadPart}`, secret);
  const given = Buffer.from(signaturePart, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'signature' };
  }
  const claims = asClaims(parseJson(payloadPart));
  return claims ? { ok: true, claims } : { ok: false, reason: 'claims' };
}
