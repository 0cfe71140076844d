import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstDummyHash, verifyPassword } from './passwords';

describe('password hashing', () => {
  it('stores argon2id with the OWASP parameters and verifies only the right password', async () => {
    const stored = await hashPassword('Demo-Pass-2024');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    await expect(verifyPassword(stored, 'Demo-Pass-2024')).resolves.toBe(true);
    await expect(verifyPassword(stored, 'demo-pass-2024')).resolves.toBe(false);
  });

  it('treats a stored value that is not a hash as a mismatch', async () => {
    await expect(verifyPassword('not-a-hash', 'anything')).resolves.toBe(false);
  });

  it('refuses every password when comparing against the dummy hash', async () => {
    await expect(verifyAgainstDummyHash('Demo-Pass-2024')).resolves.toBe(false);
  });
});
