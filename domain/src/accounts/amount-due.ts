import type { Cents } from '../rules/money';

/**
 * What a loan's amount due is made of, as the loan page, the dashboard, Make Payment and the
 * statement say it. The core answers one total (spec 002's TotalAmountDue, GetPaymentInfo's
 * TotalAmountDue, the account list's LoanAmountDue): every installment due up to the end of the
 * current billing period that is not paid yet, plus late charges and other fees. This splits it
 * back into the parts a borrower needs to see when the loan is late.
 */
export interface AmountDueParts {
  /** The whole amount due now. */
  totalCents: Cents;
  /** The regular installment (the account list's MonthlyInstallment). */
  installmentCents: Cents;
  /** Late charges owed (spec 002's LateChargesDue). */
  lateChargesCents: Cents;
  /** Every other fee owed (TotalLoanFees less the late charges). */
  otherFeesCents: Cents;
  /** Whether an installment's due date has passed unpaid (isLoanPastDue, Status 'Past Due'). */
  pastDue: boolean;
}

export interface AmountDueBreakdown {
  /** Installments whose due date has passed unpaid (a partly paid one counts by what is left). */
  missedInstallmentsCents: Cents;
  /** How many installments that is: a partly paid one counts as one. */
  missedInstallments: number;
  lateChargesCents: Cents;
  otherFeesCents: Cents;
  /** The installment of the current period, not yet late. */
  currentInstallmentCents: Cents;
  totalCents: Cents;
  /**
   * What brings the loan current today: the missed installments; 0 when the loan is not past due.
   * DECISION: not the late charges and fees. A payment pays the installments due before any
   * charge (the core's allocation, loan-engine.ts `applyPayment`), the current period's among
   * them, and a charge owed never makes a loan past due; so a payment of the missed installments
   * and the charges paid the current installment with the charges' part and left them owed, and
   * the borrower who paid the figure shown still read charges due (issue 24 review). The charges
   * stay in the amount due and its breakdown, marked late.
   */
  bringCurrentCents: Cents;
}

const nonNegative = (cents: Cents) => (Number.isFinite(cents) && cents > 0 ? Math.round(cents) : 0);

/**
 * The parts of an amount due. Late charges and fees are taken first (never more than the total,
 * should a core's figures disagree); the rest is installments. A loan that is not past due owes
 * only the current installment. A past-due loan owes the current installment only when what is
 * left is more than one installment; when it is one installment or less, all of it is missed
 * (a past-due loan has missed something, and the amount to bring it current then errs high,
 * never low: paying it always brings the loan current).
 */
export function amountDueBreakdown(parts: AmountDueParts): AmountDueBreakdown {
  const totalCents = nonNegative(parts.totalCents);
  const lateChargesCents = Math.min(nonNegative(parts.lateChargesCents), totalCents);
  const otherFeesCents = Math.min(nonNegative(parts.otherFeesCents), totalCents - lateChargesCents);
  const installmentsCents = totalCents - lateChargesCents - otherFeesCents;
  const installmentCents = nonNegative(parts.installmentCents);
  let missedInstallmentsCents = 0;
  let currentInstallmentCents = installmentsCents;
  if (parts.pastDue) {
    currentInstallmentCents =
      installmentCents > 0 && installmentsCents > installmentCents ? installmentCents : 0;
    missedInstallmentsCents = installmentsCents - currentInstallmentCents;
  }
  const missedInstallments =
    missedInstallmentsCents === 0
      ? 0
      : installmentCents > 0
        ? Math.ceil(missedInstallmentsCents / installmentCents)
        : 1;
  return {
    missedInstallmentsCents,
    missedInstallments,
    lateChargesCents,
    otherFeesCents,
    currentInstallmentCents,
    totalCents,
    bringCurrentCents: parts.pastDue ? missedInstallmentsCents : 0,
  };
}
