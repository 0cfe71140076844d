import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, totpCode } from './totp';

// RFC 6238 appendix B uses the ASCII secret "12345678901234567890" (SHA-1, 8 digits).
const RFC_SECRET = Buffer.from('12345678901234567890');

describe('TOTP (RFC 6238)', () => {
  it('matches the RFC test vectors', () => {
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
    ];
    for (const [seconds, code] of vectors) {
      expect(hotp(RFC_SECRET, Math.floor(seconds / 30), 8)).toBe(code);
    }
  });

  it('round-trips base32 and accepts one step of drift only', () => {
    const secret = base32Encode(RFC_SECRET);
    expect(secret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode(secret)).toEqual(RFC_SECRET);
    const at = new Date('2025-03-14T15:00:10Z');
    const code = totpCode(secret, at);
    expect(matchTotp(secret, code, at)).toBe(Math.floor(at.getTime() / 30_000));
    expect(matchTotp(secret, code, new Date(at.getTime() + 30_000))).toBeDefined();
    expect(matchTotp(secret, code, new Date(at.getTime() + 90_000))).toBeUndefined();
    expect(matchTotp(secret, 'abc123', at)).toBeUndefined();
  });
});
