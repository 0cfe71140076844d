import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createIdempotencyAttempts, retiresAttempt } from './idempotency-attempt';

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

describe('which failed submits retire the attempt', () => {
  it.each([
    ['a 200 envelope with an error key', new ApiError(200, ['Invalid']), true],
    ['a 400 with an error key', new ApiError(400, ['PaymentAmountMinimum']), true],
    ['a 403 with an error key', new ApiError(403, ['SecurityNotAllowed']), true],
    ['a 500 Generic', new ApiError(500, ['Generic']), false],
    ['a 503 with any key', new ApiError(503, ['Connection']), false],
    ['a Generic in a 200 envelope', new ApiError(200, ['Generic']), false],
    ['a 409 (the first submission still running)', new ApiError(409, ['Conflict']), false],
    ['no answer', new ApiError(0, ['NetworkError']), false],
    ['an answer the client could not read', new ApiError(200, ['InvalidResponse']), false],
    ['a 4xx without an error key', new ApiError(400, []), false],
    ['anything that is not an answer', new TypeError('Failed to fetch'), false],
  ])('%s', (_case, caught, retires) => {
    expect(retiresAttempt(caught)).toBe(retires);
  });
});
