import { describe, expect, it } from 'vitest';
import { amountDueBreakdown } from './amount-due';

describe('amountDueBreakdown', () => {
  it('splits a past-due total into missed installments, late charges and the current installment', () => {
    // Two installments of $420.00 missed, the current one, two $25.00 late charges.
    const parts = amountDueBreakdown({
      totalCents: 3 * 42_000 + 5_000,
      installmentCents: 42_000,
      lateChargesCents: 5_000,
      otherFeesCents: 0,
      pastDue: true,
    });
    expect(parts).toEqual({
      missedInstallmentsCents: 84_000,
      missedInstallments: 2,
      lateChargesCents: 5_000,
      otherFeesCents: 0,
      currentInstallmentCents: 42_000,
      totalCents: 131_000,
      // The missed installments: a payment pays them before the charges, which stay owed.
      bringCurrentCents: 84_000,
    });
  });

  it('owes only the current installment when the loan is not past due', () => {
    const parts = amountDueBreakdown({
      totalCents: 77_594,
      installmentCents: 77_594,
      lateChargesCents: 0,
      otherFeesCents: 0,
      pastDue: false,
    });
    expect(parts.currentInstallmentCents).toBe(77_594);
    expect(parts.missedInstallmentsCents).toBe(0);
    expect(parts.missedInstallments).toBe(0);
    expect(parts.bringCurrentCents).toBe(0);
  });

  it('counts a partly paid missed installment as one missed installment', () => {
    const parts = amountDueBreakdown({
      totalCents: 10_000 + 4_000,
      installmentCents: 10_000,
      lateChargesCents: 0,
      otherFeesCents: 0,
      pastDue: true,
    });
    expect(parts.missedInstallmentsCents).toBe(4_000);
    expect(parts.missedInstallments).toBe(1);
    expect(parts.currentInstallmentCents).toBe(10_000);
  });

  it('calls everything missed when a past-due loan owes one installment or less (never too little to bring current)', () => {
    const parts = amountDueBreakdown({
      totalCents: 10_000 + 2_500,
      installmentCents: 10_000,
      lateChargesCents: 2_500,
      otherFeesCents: 0,
      pastDue: true,
    });
    expect(parts.currentInstallmentCents).toBe(0);
    expect(parts.missedInstallmentsCents).toBe(10_000);
    expect(parts.bringCurrentCents).toBe(10_000);
  });

  it('leaves late charges and other fees out of what brings the loan current: payments pay installments first', () => {
    const parts = amountDueBreakdown({
      totalCents: 20_000 + 1_000 + 500,
      installmentCents: 10_000,
      lateChargesCents: 1_000,
      otherFeesCents: 500,
      pastDue: true,
    });
    expect(parts.bringCurrentCents).toBe(10_000);
    expect(parts.otherFeesCents).toBe(500);
  });

  it('never lets charges exceed the total when a core disagrees with itself', () => {
    const parts = amountDueBreakdown({
      totalCents: 1_000,
      installmentCents: 10_000,
      lateChargesCents: 800,
      otherFeesCents: 700,
      pastDue: true,
    });
    expect(parts.lateChargesCents + parts.otherFeesCents).toBe(1_000);
    expect(parts.missedInstallmentsCents + parts.currentInstallmentCents).toBe(0);
  });
});
