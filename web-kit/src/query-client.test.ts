import { describe, expect, it } from 'vitest';
import { HttpError } from './api-client';
import { createQueryClient } from './query-client';

describe('createQueryClient', () => {
  it('retries a failed query twice, but not one the server refused (4xx)', () => {
    const retry = createQueryClient().getDefaultOptions().queries?.retry;
    if (typeof retry !== 'function') throw new Error('expected a retry rule');

    expect(retry(0, new HttpError(503, 'unavailable'))).toBe(true);
    expect(retry(1, new HttpError(0, 'offline'))).toBe(true);
    expect(retry(2, new HttpError(503, 'unavailable'))).toBe(false);
    expect(retry(0, new HttpError(404, 'not found'))).toBe(false);
    expect(retry(0, new HttpError(401, 'signed out'))).toBe(false);
  });

  it('leaves queries unretried when asked (tests), and never retries a mutation', () => {
    const defaults = createQueryClient({ retry: false }).getDefaultOptions();
    expect(defaults.queries?.retry).toBe(false);
    expect(defaults.mutations?.retry).toBe(false);
  });
});
