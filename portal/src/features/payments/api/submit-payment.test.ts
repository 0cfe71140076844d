import { IDEMPOTENCY_KEY_HEADER } from '@portal/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { stubFetch } from '../../../testing/fetch-stub';
import { IN_PROGRESS_RETRIES, IN_PROGRESS_WAIT_MS, submitPayment } from './submit-payment';

const ROUTE = 'POST /api/PaymentImmediate/SubmitCard';
const DETAILS = {
  PaymentDate: '2026-11-30',
  LoanAccountNumber: '001-100234-1',
  Company: 0,
  // Cents, as the total step builds the body.
  PaymentAmount: 47_160,
  FirstPartyFee: 250,
  ThirdPartyFee: 0,
  AdditionalPrincipalAmount: 2_505,
};
const CARD = {
  IsCard: true,
  CardInfo: {
    CardType: 'visa',
    CardNumber: '1111',
    ExpirationDate: '12/29',
    ProfileId: 'card-1',
    DebitCreditType: 'DebitCard',
  },
} as const;
const SUBMISSION = {
  path: 'api/PaymentImmediate/SubmitCard',
  body: {
    EncryptedData: '',
    Payment: {
      LogonName: 'jrivers',
      Details: DETAILS,
      AccountType: 0,
      IsPayoff: false,
      Method: CARD,
    },
  },
};
/** The same details as the wire carries them: decimal dollars. */
const WIRE_DETAILS = {
  ...DETAILS,
  PaymentAmount: 471.6,
  FirstPartyFee: 2.5,
  AdditionalPrincipalAmount: 25.05,
};
const IN_PROGRESS = {
  status: 409,
  body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'IdempotencyKeyInProgress' }] },
};
const PAID = { body: { HasNoErrors: true, Errors: [], ReferenceNumber: 'R1' } };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a submit', () => {
  it("sends the body's cents as the wire's decimal dollars", async () => {
    const server = stubFetch({ [ROUTE]: PAID });
    await submitPayment(SUBMISSION, 'key-0');
    expect(server.requestsTo(ROUTE)[0]?.body).toEqual({
      EncryptedData: '',
      Payment: { ...SUBMISSION.body.Payment, Details: WIRE_DETAILS },
    });
  });

  it('sends a recurring body with its recurring details and draft token', async () => {
    const route = 'POST /api/PaymentRecurring/SubmitAch';
    const server = stubFetch({ [route]: PAID });
    const ach = {
      IsCard: false,
      AchInfo: { AccountType: 'Checking', AccountNumber: '6789', ProfileId: 'ach-1' },
    } as const;
    await submitPayment(
      {
        path: 'api/PaymentRecurring/SubmitAch',
        body: {
          EncryptedData: '',
          AchDraftAgreementToken: 'draft-1',
          Payment: {
            ...SUBMISSION.body.Payment,
            Method: ach,
            RecurringDetails: { RecurringOption: 'DayOfMonth', DaysBeforeDue: 0 },
          },
        },
      },
      'key-r',
    );
    expect(server.requestsTo(route)[0]?.body).toEqual({
      EncryptedData: '',
      AchDraftAgreementToken: 'draft-1',
      Payment: {
        ...SUBMISSION.body.Payment,
        Details: WIRE_DETAILS,
        Method: ach,
        RecurringDetails: { RecurringOption: 'DayOfMonth', DaysBeforeDue: 0 },
      },
    });
  });
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
