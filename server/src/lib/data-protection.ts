import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/** The data encryption key is 32 random bytes (AES-256), given as base64. */
export const DATA_KEY_BYTES = 32;

const FORMAT = 'v1';
const IV_BYTES = 12;

/**
 * Encrypts personal data at rest (AES-256-GCM) and derives keyed digests of secrets that must be
 * found again without being readable: the SSN's blind index, security codes. Each purpose uses
 * its own key derived from the data key (HKDF), so a digest can never be mistaken for another.
 */
export interface DataProtector {
  /** `v1:<iv>:<tag>:<ciphertext>` (base64url parts); a fresh IV every time. */
  encrypt(plain: string): string;
  /** Throws when the text was not encrypted with this key or was altered. */
  decrypt(sealed: string): string;
  /** HMAC-SHA256 of a normalised SSN: equal SSNs give equal indexes, and it reveals nothing without the key. */
  blindIndex(value: string): string;
  /** HMAC-SHA256 of a short secret (a security code) bound to what it belongs to. */
  digest(purpose: string, value: string): string;
  /** Constant-time comparison of two digests from `digest` or `blindIndex`. */
  sameDigest(a: string, b: string): boolean;
}

function subKey(master: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `portal:${purpose}`, 32));
}

/** Reads a base64 key; undefined when it is not exactly 32 bytes. */
export function parseDataKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return undefined;
  const key = Buffer.from(trimmed, 'base64');
  return key.length === DATA_KEY_BYTES ? key : undefined;
}

export function generateDataKey(): string {
  return randomBytes(DATA_KEY_BYTES).toString('base64');
}

export function createDataProtector(key: Buffer): DataProtector {
  if (key.length !== DATA_KEY_BYTES) {
    throw new Error(`The data encryption key must be ${DATA_KEY_BYTES} bytes`);
  }
  const encryptionKey = subKey(key, 'encryption');
  const indexKey = subKey(key, 'blind-index');
  const digestKey = subKey(key, 'digest');

  return {
    encrypt(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [FORMAT, iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join(':');
    },
    decrypt(sealed) {
      const [format, iv, tag, body] = sealed.split(':');
      if (format !== FORMAT || iv === undefined || tag === undefined || body === undefined) {
        throw new Error('Not an encrypted value of this format');
      }
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
    blindIndex(value) {
      return createHmac('sha256', indexKey).update(value).digest('hex');
    },
    digest(purpose, value) {
      return createHmac('sha256', digestKey).update(`${purpose}\n${value}`).digest('hex');
    },
    sameDigest(a, b) {
      const left = Buffer.from(a);
      const right = Buffer.from(b);
      return left.length === right.length && timingSafeEqual(left, right);
    },
  };
}
