import { CLIENT_ERROR_CODES } from '@portal/web-kit';
import { ApiError } from './api-client';

/**
 * One Idempotency-Key per attempt of a payment (spec 001 section 4 "Submit", ARCHITECTURE.md) or
 * of a loan application (`POST /api/Register/Apply`, which keeps keys the same way): the
 * same key while the request stays the same and no definitive answer has come, so that a retry
 * after a network failure (the answer may have been lost after the server committed) or a 409
 * (the first submission is still running) can never make a second payment. A definitive answer,
 * success or refusal, retires the key: the server stores that answer under it, so a new attempt
 * after a refusal needs a new key. A changed request body is a new attempt with a new key.
 */
export interface IdempotencyAttempts {
  /** The key for this request: the open attempt's when the request is the same, else a new one. */
  keyFor(fingerprint: string): string;
  /** The answer was definitive (a payment was made, or refused): the next submit is a new attempt. */
  settle(): void;
}

function newKey(): string {
  return crypto.randomUUID();
}

export function createIdempotencyAttempts(generate: () => string = newKey): IdempotencyAttempts {
  let open: { fingerprint: string; key: string } | undefined;
  return {
    keyFor(fingerprint) {
      if (open?.fingerprint !== fingerprint) open = { fingerprint, key: generate() };
      return open.key;
    },
    settle() {
      open = undefined;
    },
  };
}

const CLIENT_CODES: readonly string[] = Object.values(CLIENT_ERROR_CODES);

/**
 * Whether a failed submit is a definitive refusal, which retires the attempt's key: the server
 * answered with an error key, in a 200 envelope or a 4xx answer (other than 409, the first
 * submission still running). Everything else keeps the key, so a retry of the same attempt
 * resumes it on the server instead of starting a second payment: no answer, a 409, any 5xx (the
 * server keeps the key claimed and its posting job may still complete the payment), an answer
 * the client could not read, and a Generic answer (section 8: 'Please do not submit your payment
 * again or your account could be charged multiple times'), whatever its status.
 */
export function retiresAttempt(caught: unknown): boolean {
  if (!(caught instanceof ApiError)) return false;
  const code = caught.code;
  if (code === undefined || CLIENT_CODES.includes(code)) return false;
  // SUBMIT_ERRORS.Generic: the payment may have gone through.
  if (code === 'Generic') return false;
  if (caught.status === 200) return true;
  return caught.status >= 400 && caught.status < 500 && caught.status !== 409;
}
