import { describe, expect, it } from 'vitest';
import {
  amortizedInstallment,
  applyPayment,
  type LoanState,
  type LoanTerms,
  originateLoan,
} from './loan-engine';
import { MAX_PROJECTED_PAYMENTS, projectPayoff } from './payoff-projection';

/** $10,000 at 6.75 % over 36 months, due on the 15th. */
const TERMS: LoanTerms = {
  originationDate: '2026-01-15',
  originalPrincipalCents: 1_000_000,
  rateHundredths: 675,
  termPayments: 36,
  installmentCents: amortizedInstallment(1_000_000, 675, 36, 'monthly'),
  frequency: 'monthly',
  firstDueDate: '2026-02-15',
  graceDays: 10,
  lateFeeCents: 2_500,
};
const opened = (): LoanState => originateLoan(TERMS).state;

describe('the payoff projection of the built-in core', () => {
  it('repays a new loan on its last scheduled due date, paying its amortized interest', () => {
    const path = projectPayoff(TERMS, opened(), '2026-01-15', 0);
    expect(path.payments).toBe(36);
    expect(path.payoffDate).toBe('2029-01-15');
    // Simple daily interest on the amortized schedule: close to the textbook $1,074.53 total.
    expect(path.interestCents).toBeGreaterThan(105_000);
    expect(path.interestCents).toBeLessThan(110_000);
    expect(path.balances.at(-1)?.principalCents).toBe(0);
    // The balance only falls.
    const balances = path.balances.map((point) => point.principalCents);
    expect(balances).toEqual([...balances].sort((a, b) => b - a));
  });

  it('pays off earlier and with less interest with extra principal each payment', () => {
    const regular = projectPayoff(TERMS, opened(), '2026-01-15', 0);
    const extra = projectPayoff(TERMS, opened(), '2026-01-15', 10_000);
    expect(extra.payoffDate && regular.payoffDate && extra.payoffDate < regular.payoffDate).toBe(
      true,
    );
    expect(extra.payments).toBeLessThan(regular.payments);
    expect(extra.interestCents).toBeLessThan(regular.interestCents);
    const more = projectPayoff(TERMS, opened(), '2026-01-15', 20_000);
    expect(more.interestCents).toBeLessThan(extra.interestCents);
  });

  it('pays a past-due installment today and the rest on their dates', () => {
    // Nothing paid since opening; on 2026-04-01 two installments are past due.
    const path = projectPayoff(TERMS, opened(), '2026-04-01', 0);
    expect(path.balances.slice(0, 3).map((point) => point.date)).toEqual([
      '2026-04-01',
      '2026-04-01',
      '2026-04-15',
    ]);
    // Paid late, the first installments carried more interest; the last scheduled installment
    // pays what is left, so the loan still ends on its maturity date.
    expect(path.payoffDate).toBe('2029-01-15');
    expect(path.payments).toBe(36);
  });

  it('starts from the loan as it stands: a loan paid ahead pays off sooner', () => {
    const ahead = applyPayment(TERMS, opened(), {
      date: '2026-02-10',
      amountCents: TERMS.installmentCents * 4,
    }).state;
    const path = projectPayoff(TERMS, ahead, '2026-02-11', 0);
    expect(path.balances[0]?.date).toBe('2026-06-15');
    expect(path.payoffDate).toBe('2029-01-15');
    expect(path.payments).toBeLessThan(36);
  });

  it('leaves the loan unchanged and says when the payments never repay it', () => {
    const state = opened();
    const copy = structuredClone(state);
    projectPayoff(TERMS, state, '2026-01-15', 5_000);
    expect(state).toEqual(copy);
    // An installment below the interest never repays the loan before the projection gives up.
    const tooSmall = { ...TERMS, installmentCents: 100, termPayments: 5_000 };
    const path = projectPayoff(tooSmall, originateLoan(tooSmall).state, '2026-01-15', 0);
    expect(path.payoffDate).toBeNull();
    expect(path.payments).toBe(MAX_PROJECTED_PAYMENTS);
  });

  it('refuses a negative or fractional extra amount', () => {
    expect(() => projectPayoff(TERMS, opened(), '2026-01-15', -1)).toThrow(RangeError);
    expect(() => projectPayoff(TERMS, opened(), '2026-01-15', 1.5)).toThrow(RangeError);
  });
});
