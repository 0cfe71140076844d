import { describe, expect, it } from 'vitest';
import { createIdempotencyAttempts } from './idempotency-attempt';

function counter() {
  let next = 0;
  return () => `key-${(next += 1)}`;
}

describe('idempotency attempts', () => {
  it('reuses the open attempt’s key while the request stays the same', () => {
    const attempts = createIdempotencyAttempts(counter());
    expect(attempts.keyFor('body-a')).toBe('key-1');
    expect(attempts.keyFor('body-a')).toBe('key-1');
  });

  it('takes a new key when the request body changes', () => {
    const attempts = createIdempotencyAttempts(counter());
    attempts.keyFor('body-a');
    expect(attempts.keyFor('body-b')).toBe('key-2');
  });

  it('takes a new key for the same request after a definitive answer', () => {
    const attempts = createIdempotencyAttempts(counter());
    attempts.keyFor('body-a');
    attempts.settle();
    expect(attempts.keyFor('body-a')).toBe('key-2');
  });
});
