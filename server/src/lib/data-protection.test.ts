import { describe, expect, it } from 'vitest';
import { TEST_DATA_ENCRYPTION_KEY } from '../testing/keys';
import { createDataProtector, generateDataKey, parseDataKey } from './data-protection';

describe('data protection', () => {
  const key = parseDataKey(TEST_DATA_ENCRYPTION_KEY);
  if (!key) throw new Error('bad test key');
  const protector = createDataProtector(key);

  it('encrypts with a fresh IV each time and decrypts back', () => {
    const first = protector.encrypt('900-00-0001');
    const second = protector.encrypt('900-00-0001');
    expect(first).not.toBe(second);
    expect(first).not.toContain('900');
    expect(protector.decrypt(first)).toBe('900-00-0001');
  });

  it('refuses a value that was altered or sealed with another key', () => {
    const sealed = protector.encrypt('123456789');
    const [format, iv, tag, body = ''] = sealed.split(':');
    const flipped = `${body.slice(0, -2)}${body.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(() => protector.decrypt([format, iv, tag, flipped].join(':'))).toThrow();
    const other = createDataProtector(parseDataKey(generateDataKey()) ?? Buffer.alloc(32));
    expect(() => other.decrypt(sealed)).toThrow();
  });

  it('gives equal SSNs equal blind indexes, and another key other indexes', () => {
    expect(protector.blindIndex('900000001')).toBe(protector.blindIndex('900000001'));
    expect(protector.blindIndex('900000001')).not.toBe(protector.blindIndex('900000002'));
    const other = createDataProtector(parseDataKey(generateDataKey()) ?? Buffer.alloc(32));
    expect(other.blindIndex('900000001')).not.toBe(protector.blindIndex('900000001'));
  });

  it('reads only base64 keys of exactly 32 bytes', () => {
    expect(parseDataKey(generateDataKey())).toHaveLength(32);
    expect(parseDataKey('c2hvcnQ=')).toBeUndefined();
    expect(parseDataKey('not base64 at all!')).toBeUndefined();
  });
});
