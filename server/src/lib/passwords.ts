import { pbkdf2, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { argon2id, hash, needsRehash, verify } from 'argon2';

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane (about 50 ms per hash on the demo machine). */
export const PASSWORD_HASH_OPTIONS = {
  type: argon2id,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * The legacy format of passwords imported from the previous system:
 * `pbkdf2-sha256$<iterations>$<salt, base64>$<hash, base64>` (32-byte PBKDF2-HMAC-SHA256). They
 * verify as they are and are rehashed to argon2id at the next successful sign-in.
 */
export const LEGACY_PREFIX = 'pbkdf2-sha256$';

const pbkdf2Async = promisify(pbkdf2);

export interface PasswordCheck {
  matches: boolean;
  /** The stored hash is legacy or has older parameters: store a fresh argon2id hash. */
  needsRehash: boolean;
}

/**
 * Hashing and checking passwords (and secret answers). Injected, so tests can count how often a
 * sign-in verifies: every sign-in attempt runs exactly one verification, against the dummy hash
 * when the user name is unknown, so the answer time does not tell which names exist.
 */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(storedHash: string, password: string): Promise<PasswordCheck>;
  /** Spends the time of a real verification; never matches. */
  verifyDummy(password: string): Promise<PasswordCheck>;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

/** A legacy hash of `password` (the seed uses it for one demo user; tests use it). */
export async function legacyHashPassword(password: string, iterations = 100_000): Promise<string> {
  const salt = randomBytes(16);
  const derived = await pbkdf2Async(password, salt, iterations, 32, 'sha256');
  return `${LEGACY_PREFIX}${iterations}$${salt.toString('base64')}$${derived.toString('base64')}`;
}

async function verifyLegacy(storedHash: string, password: string): Promise<boolean> {
  const [, iterationsText = '', saltText = '', hashText = ''] = storedHash.split('$');
  const iterations = Number(iterationsText);
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > 10_000_000) return false;
  const expected = Buffer.from(hashText, 'base64');
  if (expected.length === 0) return false;
  const derived = await pbkdf2Async(
    password,
    Buffer.from(saltText, 'base64'),
    iterations,
    expected.length,
    'sha256',
  );
  return timingSafeEqual(derived, expected);
}

/** False for a wrong password and for a stored value that is not a known hash format. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  return (await checkPassword(storedHash, password)).matches;
}

async function checkPassword(storedHash: string, password: string): Promise<PasswordCheck> {
  try {
    if (storedHash.startsWith(LEGACY_PREFIX)) {
      const matches = await verifyLegacy(storedHash, password);
      return { matches, needsRehash: matches };
    }
    const matches = await verify(storedHash, password);
    return { matches, needsRehash: matches && needsRehash(storedHash, PASSWORD_HASH_OPTIONS) };
  } catch {
    return { matches: false, needsRehash: false };
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of a real verification when the user does not exist, so the answer time does
 * not tell an attacker which user names are taken. Always false.
 */
export async function verifyAgainstDummyHash(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(18).toString('base64url'));
  await verify(await dummyHash, password).catch(() => false);
  return false;
}

/** Computes the dummy hash ahead of the first unknown-user sign-in (which would otherwise be slower). */
export async function prepareDummyHash(): Promise<void> {
  await verifyAgainstDummyHash('');
}

export const argon2PasswordHasher: PasswordHasher = {
  hash: hashPassword,
  verify: checkPassword,
  async verifyDummy(password) {
    await verifyAgainstDummyHash(password);
    return { matches: false, needsRehash: false };
  },
};

/**
 * Secret answers are compared without case and surrounding spaces (spec 000: 'matched
 * case-insensitively trimmed'), so the normalised answer is what is hashed.
 */
export function normaliseSecretAnswer(answer: string): string {
  return answer.trim().toLowerCase();
}
