import { describe, expect, it } from 'vitest';
import {
  argon2PasswordHasher,
  hashPassword,
  legacyHashPassword,
  verifyAgainstDummyHash,
  verifyPassword,
} from './passwords';

describe('password hashing', () => {
  it('stores argon2id with the OWASP parameters and verifies only the right password', async () => {
    const stored = await hashPassword('Demo-Pass-2024');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    await expect(verifyPassword(stored, 'Demo-Pass-2024')).resolves.toBe(true);
    await expect(verifyPassword(stored, 'demo-pass-2024')).resolves.toBe(false);
    await expect(argon2PasswordHasher.verify(stored, 'Demo-Pass-2024')).resolves.toEqual({
      matches: true,
      needsRehash: false,
    });
  });

  it('treats a stored value that is not a hash as a mismatch', async () => {
    await expect(verifyPassword('not-a-hash', 'anything')).resolves.toBe(false);
    await expect(verifyPassword('pbkdf2-sha256$x$y$z', 'anything')).resolves.toBe(false);
  });

  it('verifies a legacy PBKDF2 hash and asks for a rehash only when it matches', async () => {
    const legacy = await legacyHashPassword('Old-Pass-1999', 1000);
    expect(legacy).toMatch(/^pbkdf2-sha256\$1000\$/);
    await expect(argon2PasswordHasher.verify(legacy, 'Old-Pass-1999')).resolves.toEqual({
      matches: true,
      needsRehash: true,
    });
    await expect(argon2PasswordHasher.verify(legacy, 'old-pass-1999')).resolves.toEqual({
      matches: false,
      needsRehash: false,
    });
  });

  it('asks for a rehash of an argon2 hash made with weaker parameters', async () => {
    const { hash, argon2id } = await import('argon2');
    const weak = await hash('Demo-Pass-2024', { type: argon2id, memoryCost: 8192, timeCost: 1 });
    await expect(argon2PasswordHasher.verify(weak, 'Demo-Pass-2024')).resolves.toEqual({
      matches: true,
      needsRehash: true,
    });
  });

  it('refuses every password when comparing against the dummy hash', async () => {
    await expect(verifyAgainstDummyHash('Demo-Pass-2024')).resolves.toBe(false);
    await expect(argon2PasswordHasher.verifyDummy('x')).resolves.toEqual({
      matches: false,
      needsRehash: false,
    });
  });
});
