import { ENVELOPE_CODES } from '@portal/domain';

/**
 * Too many requests in a rate-limit window. The envelope error handler answers it with 429
 * TooManyRequests and a Retry-After header.
 */
export class TooManyRequestsError extends Error {
  readonly statusCode = 429;
  readonly code = ENVELOPE_CODES.tooManyRequests;
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    super('Too many requests');
    this.name = 'TooManyRequestsError';
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}
