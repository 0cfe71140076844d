import { describe, expect, it } from 'vitest';
import type { PaymentStatus } from '../api/payment-timeline';
import { amountLeftToPay, isProcessingPayment, processingPaymentsOf } from './processing-payments';

const payment = (Status: PaymentStatus, TowardAmountDue: number, id: string = Status) => ({
  id,
  Status,
  TowardAmountDue,
});

describe('the amount left to pay after processing payments', () => {
  it('counts settling payments as processing, and no other status (not one under review)', () => {
    expect(isProcessingPayment({ Status: 'settling' })).toBe(true);
    for (const status of [
      'needsReview',
      'scheduled',
      'posted',
      'failed',
      'cancelled',
      'returned',
      'refunded',
    ] as const) {
      expect(isProcessingPayment({ Status: status })).toBe(false);
    }
  });

  it('takes the processing payments off the amount due, in whole cents', () => {
    // 0.1 + 0.2 dollars would not be 0.3; cents add exactly.
    const result = amountLeftToPay(97_820, [
      payment('settling', 10, 'a'),
      payment('posted', 50_000),
      payment('settling', 20, 'b'),
      payment('needsReview', 40),
      payment('refunded', 8_825),
    ]);
    expect(result.processing.map((listed) => listed.id)).toEqual(['a', 'b']);
    expect(result.processingCents).toBe(30);
    expect(result.leftToPayCents).toBe(97_790);
    expect(result.coveredByProcessing).toBe(false);
  });

  it('leaves nothing to pay, never less, when the processing payments cover the amount due', () => {
    expect(amountLeftToPay(25_000, [payment('settling', 25_000)])).toMatchObject({
      processingCents: 25_000,
      leftToPayCents: 0,
      coveredByProcessing: true,
    });
    // Paid more than was due (extra principal, the fee): still 0, not a credit.
    expect(amountLeftToPay(25_000, [payment('settling', 25_295)])).toMatchObject({
      leftToPayCents: 0,
      coveredByProcessing: true,
    });
  });

  it('changes nothing when no payment is processing', () => {
    expect(amountLeftToPay(47_160, [])).toEqual({
      processing: [],
      processingCents: 0,
      leftToPayCents: 47_160,
      coveredByProcessing: false,
    });
    // Nothing due and nothing processing: nothing is covered by a payment.
    expect(amountLeftToPay(0, [payment('posted', 100)]).coveredByProcessing).toBe(false);
  });
});

describe('the processing payments of both lists', () => {
  const listed = { IsCard: false, AccountNumber: '6789' };
  it('takes settling payments from the scheduled list too, counting their amount, newest first', () => {
    const found = processingPaymentsOf({
      RecentPayments: [
        {
          ...listed,
          EncryptedString: 'now',
          PaymentDate: '2026-12-01',
          PaymentAmount: 12_295,
          TowardAmountDue: 10_000,
          Status: 'settling',
        },
        {
          ...listed,
          EncryptedString: 'old',
          PaymentDate: '2026-11-20',
          PaymentAmount: 5_000,
          TowardAmountDue: 5_000,
          Status: 'posted',
        },
      ],
      ScheduledPayments: [
        // A scheduled bank payment waiting for its ACH file: settling, still listed as scheduled.
        {
          ...listed,
          EncryptedString: 'filed',
          PaymentDate: '2026-12-02',
          PaymentAmount: 20_000,
          CanDelete: false,
          HasBeenPosted: true,
          Status: 'settling',
        },
        {
          ...listed,
          EncryptedString: 'later',
          PaymentDate: '2026-12-20',
          PaymentAmount: 30_000,
          CanDelete: true,
          HasBeenPosted: false,
          Status: 'scheduled',
        },
        {
          ...listed,
          EncryptedString: 'review',
          PaymentDate: '2026-11-30',
          PaymentAmount: 40_000,
          CanDelete: false,
          HasBeenPosted: true,
          Status: 'needsReview',
        },
      ],
    });
    expect(found).toEqual([
      {
        EncryptedString: 'filed',
        PaymentDate: '2026-12-02',
        PaymentAmount: 20_000,
        TowardAmountDue: 20_000,
        Status: 'settling',
      },
      {
        EncryptedString: 'now',
        PaymentDate: '2026-12-01',
        PaymentAmount: 12_295,
        TowardAmountDue: 10_000,
        Status: 'settling',
      },
    ]);
    expect(amountLeftToPay(47_160, found).leftToPayCents).toBe(47_160 - 30_000);
  });

  it('finds none in lists without payments', () => {
    expect(processingPaymentsOf({})).toEqual([]);
  });
});
