import { createHash, randomBytes } from 'node:crypto';

/** A random 256-bit secret as base64url (43 characters). */
export function createToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of a token: a leaked table does not hand out live sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
