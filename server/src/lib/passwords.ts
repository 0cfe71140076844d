import { randomBytes } from 'node:crypto';
import { argon2id, hash, verify } from 'argon2';

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane (about 50 ms per hash on the demo machine). */
export const PASSWORD_HASH_OPTIONS = {
  type: argon2id,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

/** False for a wrong password and for a stored value that is not an argon2 hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of a real verification when the user does not exist, so the answer time does
 * not tell an attacker which user names are taken. Always false.
 */
export async function verifyAgainstDummyHash(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(18).toString('base64url'));
  await verifyPassword(await dummyHash, password);
  return false;
}

/** Computes the dummy hash ahead of the first unknown-user sign-in (which would otherwise be slower). */
export async function prepareDummyHash(): Promise<void> {
  await verifyAgainstDummyHash('');
}
