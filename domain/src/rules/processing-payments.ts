import type { PaymentStatus } from '../api/payment-timeline';
import type { Cents } from './money';

/**
 * The statuses of a payment the borrower is told is processing: 'settling' (paid, not yet credited
 * by the core; a bank payment waiting for its ACH file among them).
 * DECISION: not 'needsReview'. Its money may not have arrived (a return came before it posted,
 * payment-returns.ts) or not moved at all (its posting died before the charge), and staff decide
 * what becomes of it: counting it would tell the borrower a payment will be credited that may
 * never be, and take it off what they owe, a late fee risked on a guess. The server's payoff
 * check counts it (payments.repository loanAmountInFlight), where erring the other way is safe.
 */
export const PROCESSING_PAYMENT_STATUSES = ['settling'] as const satisfies readonly PaymentStatus[];

/** Whether a listed payment is processing: paid, not yet credited to the loan. */
export function isProcessingPayment(payment: { Status: PaymentStatus }): boolean {
  return (PROCESSING_PAYMENT_STATUSES as readonly PaymentStatus[]).includes(payment.Status);
}

/** A loan's amount due seen past the payments it has processing. */
export interface AmountLeftToPay<Payment> {
  /** The processing payments, in the order listed (the payment info's newest first). */
  processing: Payment[];
  /** What they pay together toward the amount due (without additional principal and fees). */
  processingCents: Cents;
  /** The amount due less the processing payments, never below 0. */
  leftToPayCents: Cents;
  /**
   * Whether the loan has payments processing and they leave nothing to pay: Make Payment is then
   * no longer what the screen leads with.
   */
  coveredByProcessing: boolean;
}

/**
 * What a borrower still owes of a loan's amount due once the payments already made and not yet
 * credited by the core are (the core's amount due does not count them yet, so a borrower who
 * has just paid would otherwise be asked for the whole amount again). The loan page and the
 * dashboard both show it. Amounts are integer cents, as the API schemas decode them.
 */
export function amountLeftToPay<Payment extends { Status: PaymentStatus; TowardAmountDue: Cents }>(
  amountDueCents: Cents,
  recentPayments: readonly Payment[],
): AmountLeftToPay<Payment> {
  const processing = recentPayments.filter(isProcessingPayment);
  const processingCents = processing.reduce((sum, payment) => sum + payment.TowardAmountDue, 0);
  const leftToPayCents = Math.max(0, amountDueCents - processingCents);
  return {
    processing,
    processingCents,
    leftToPayCents,
    coveredByProcessing: processing.length > 0 && leftToPayCents === 0,
  };
}
