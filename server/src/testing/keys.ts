import { createDataProtector, parseDataKey } from '../lib/data-protection';

/** The fixed data encryption key of the tests (never used outside them). */
export const TEST_DATA_ENCRYPTION_KEY = 'dGVzdC1vbmx5LWRhdGEta2V5LTMyLWJ5dGVzLWxvbmc=';

function testKey(): Buffer {
  const key = parseDataKey(TEST_DATA_ENCRYPTION_KEY);
  if (!key) throw new Error('TEST_DATA_ENCRYPTION_KEY is not a 32-byte base64 key');
  return key;
}

export const TEST_DATA_PROTECTOR = createDataProtector(testKey());
