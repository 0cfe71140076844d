import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** RFC 6238 with the authenticator apps' defaults: HMAC-SHA1, 30-second steps, 6 digits. */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let output = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      output += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) output += BASE32[(value << (5 - bits)) & 31];
  return output;
}

/** Decodes RFC 4648 base32 (case, spaces and padding ignored); throws on another character. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const character of clean) {
    const index = BASE32.indexOf(character);
    if (index === -1) throw new Error('Not a base32 secret');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** A new 160-bit secret, base32 as authenticator apps take it. */
export function createTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** RFC 4226 HOTP of one counter value. */
export function hotp(secret: Buffer, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', secret).update(message).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_STEP_SECONDS);
}

/** The code an authenticator shows at `at`. */
export function totpCode(secretBase32: string, at: Date): string {
  return hotp(base32Decode(secretBase32), totpStep(at));
}

/**
 * The time step a code belongs to, within one step of clock drift either way; undefined when it
 * matches none. The caller refuses steps it has already accepted (no replay).
 */
export function matchTotp(secretBase32: string, code: string, at: Date): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const secret = base32Decode(secretBase32);
  const now = totpStep(at);
  for (const step of [now, now - 1, now + 1]) {
    const expected = Buffer.from(hotp(secret, step));
    if (timingSafeEqual(expected, Buffer.from(code))) return step;
  }
  return undefined;
}

/** The otpauth:// address an authenticator app imports (as a QR code). */
export function totpUri(secretBase32: string, account: string, issuer: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const query = new URLSearchParams({ secret: secretBase32, issuer, algorithm: 'SHA1' });
  query.set('digits', String(TOTP_DIGITS));
  query.set('period', String(TOTP_STEP_SECONDS));
  return `otpauth://totp/${label}?${query}`;
}
