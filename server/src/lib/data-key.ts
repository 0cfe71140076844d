import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { generateDataKey, parseDataKey } from './data-protection';

/** A data key problem; the message names the variable or file at fault. */
export class DataKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataKeyError';
  }
}

export interface DataKeySource {
  /** DATA_ENCRYPTION_KEY: 32 bytes as base64. */
  envKey: string | undefined;
  /** DATA_DIR: the demo key file lives in it. */
  dataDir: string;
  demoMode: boolean;
}

/**
 * The key that encrypts SSNs and institution secrets: DATA_ENCRYPTION_KEY when set. In demo mode
 * without it, a key is created once in `<DATA_DIR>/data-encryption.key` (readable by the owner
 * only) so the demo data stays readable across restarts. Outside demo mode the variable is
 * required: a lost or changed key makes every stored SSN unreadable.
 */
export function loadDataKey(source: DataKeySource): { key: Buffer; origin: string } {
  const text = source.envKey?.trim();
  if (text) {
    const key = parseDataKey(text);
    if (!key) throw new DataKeyError('DATA_ENCRYPTION_KEY: must be 32 random bytes as base64');
    return { key, origin: 'DATA_ENCRYPTION_KEY' };
  }
  if (!source.demoMode) {
    throw new DataKeyError(
      'DATA_ENCRYPTION_KEY: required outside demo mode (32 random bytes as base64, e.g. `openssl rand -base64 32`)',
    );
  }
  const file = join(source.dataDir, 'data-encryption.key');
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${generateDataKey()}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
  }
  const key = parseDataKey(readFileSync(file, 'utf8'));
  if (!key) throw new DataKeyError(`${file}: not a 32-byte base64 key (delete it to start over)`);
  return { key, origin: file };
}
