import { createHash, randomBytes, randomInt } from 'node:crypto';

/** A random 256-bit secret as base64url (43 characters). */
export function createToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of a token: a leaked table does not hand out live sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A six-digit security code from the operating system's random source, leading zeros kept. */
export function createSecurityCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}
