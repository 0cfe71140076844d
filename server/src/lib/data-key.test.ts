import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_DATA_ENCRYPTION_KEY } from '../testing/keys';
import { loadDataKey } from './data-key';

describe('loadDataKey', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-key-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('reads DATA_ENCRYPTION_KEY and names it when it is not a 32-byte key', () => {
    const { key } = loadDataKey({ envKey: TEST_DATA_ENCRYPTION_KEY, dataDir, demoMode: false });
    expect(key).toHaveLength(32);
    expect(() => loadDataKey({ envKey: 'c2hvcnQ=', dataDir, demoMode: true })).toThrow(
      /^DATA_ENCRYPTION_KEY: must be 32 random bytes/,
    );
  });

  it('requires the variable outside demo mode', () => {
    expect(() => loadDataKey({ envKey: undefined, dataDir, demoMode: false })).toThrow(
      /DATA_ENCRYPTION_KEY: required outside demo mode/,
    );
  });

  it('creates a demo key file once, readable by the owner only, and keeps using it', () => {
    const first = loadDataKey({ envKey: '', dataDir, demoMode: true });
    const second = loadDataKey({ envKey: undefined, dataDir, demoMode: true });
    expect(second.key.equals(first.key)).toBe(true);
    expect(statSync(join(dataDir, 'data-encryption.key')).mode & 0o777).toBe(0o600);
  });
});
