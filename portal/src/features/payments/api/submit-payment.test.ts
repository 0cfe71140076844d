import { IDEMPOTENCY_KEY_HEADER } from '@portal/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { stubFetch } from '../../../testing/fetch-stub';
import { IN_PROGRESS_RETRIES, IN_PROGRESS_WAIT_MS, submitPayment } from './submit-payment';

const ROUTE = 'POST /api/PaymentImmediate/SubmitCard';
const SUBMISSION = {
  path: 'api/PaymentImmediate/SubmitCard',
  // The body is passed through as it is; its shape is the total step's business.
  body: { EncryptedData: '' } as unknown as Parameters<typeof submitPayment>[0]['body'],
};
const IN_PROGRESS = {
  status: 409,
  body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'IdempotencyKeyInProgress' }] },
};
const PAID = { body: { HasNoErrors: true, Errors: [], ReferenceNumber: 'R1' } };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a submit answered 409 IdempotencyKeyInProgress', () => {
  it('is sent again with the same key after a short wait, and takes the stored answer', async () => {
    let calls = 0;
    const server = stubFetch({ [ROUTE]: () => (++calls < 3 ? IN_PROGRESS : PAID) });
    const waits: number[] = [];
    const answer = await submitPayment(SUBMISSION, 'key-1', (ms) => {
      waits.push(ms);
      return Promise.resolve();
    });
    expect(answer.ReferenceNumber).toBe('R1');
    const sent = server.requestsTo(ROUTE);
    expect(sent).toHaveLength(3);
    expect(sent.map((request) => request.headers.get(IDEMPOTENCY_KEY_HEADER))).toEqual([
      'key-1',
      'key-1',
      'key-1',
    ]);
    expect(waits).toEqual([IN_PROGRESS_WAIT_MS, IN_PROGRESS_WAIT_MS]);
  });

  it('gives up after the retries with the refusal itself', async () => {
    const server = stubFetch({ [ROUTE]: IN_PROGRESS });
    const failed = submitPayment(SUBMISSION, 'key-2', () => Promise.resolve());
    await expect(failed).rejects.toBeInstanceOf(ApiError);
    await expect(failed).rejects.toMatchObject({ status: 409, code: 'IdempotencyKeyInProgress' });
    expect(server.requestsTo(ROUTE)).toHaveLength(1 + IN_PROGRESS_RETRIES);
  });

  it('does not retry any other refusal (a reused key, a declined card)', async () => {
    for (const [status, code] of [
      [422, 'IdempotencyKeyReused'],
      [200, 'Declined'],
    ] as const) {
      const server = stubFetch({
        [ROUTE]: { status, body: { HasNoErrors: false, Errors: [{ ErrorMessage: code }] } },
      });
      await expect(
        submitPayment(SUBMISSION, 'key-3', () => Promise.resolve()),
      ).rejects.toMatchObject({ code });
      expect(server.requestsTo(ROUTE)).toHaveLength(1);
    }
  });
});
