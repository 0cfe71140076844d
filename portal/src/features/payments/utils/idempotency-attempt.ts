/**
 * One Idempotency-Key per payment attempt (spec 001 section 4 "Submit", ARCHITECTURE.md): the
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
