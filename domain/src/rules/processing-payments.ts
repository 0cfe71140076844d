import type { PaymentStatus } from '../api/payment-timeline';
import type { RecentPaymentInfo, ScheduledPaymentInfo } from '../api/payments';
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

/** A processing payment as the notices show it, whichever list of the payment info holds it. */
export type ProcessingPayment = Pick<
  RecentPaymentInfo,
  'EncryptedString' | 'PaymentDate' | 'PaymentAmount' | 'TowardAmountDue' | 'Status'
>;

/** A loan's payment lists, as its payment info (and its refusals) carry them; amounts in cents. */
export interface PaymentListsWithStatus {
  RecentPayments?: readonly RecentPaymentInfo[];
  ScheduledPayments?: readonly ScheduledPaymentInfo[];
}

/**
 * The loan's processing payments from both of its lists, newest first: a recent payment (Pay
 * Now, a recurring date, a scheduled one no longer listed as scheduled) and a scheduled one-time
 * payment still listed as scheduled while it settles (a bank payment waiting for its ACH file).
 * A scheduled payment is the payment alone (its PaymentAmount is what counts toward the amount
 * due), so it is listed with that amount for both.
 */
export function processingPaymentsOf(lists: PaymentListsWithStatus): ProcessingPayment[] {
  const recent: ProcessingPayment[] = (lists.RecentPayments ?? [])
    .filter(isProcessingPayment)
    .map((payment) => ({
      EncryptedString: payment.EncryptedString,
      PaymentDate: payment.PaymentDate,
      PaymentAmount: payment.PaymentAmount,
      TowardAmountDue: payment.TowardAmountDue,
      Status: payment.Status,
    }));
  const scheduled: ProcessingPayment[] = (lists.ScheduledPayments ?? [])
    .filter(isProcessingPayment)
    .map((payment) => ({
      EncryptedString: payment.EncryptedString,
      PaymentDate: payment.PaymentDate,
      PaymentAmount: payment.PaymentAmount,
      TowardAmountDue: payment.PaymentAmount,
      Status: payment.Status,
    }));
  // Stable: the recent list's own order (newest first) holds among payments of one date.
  return [...recent, ...scheduled].sort((a, b) =>
    a.PaymentDate === b.PaymentDate ? 0 : a.PaymentDate > b.PaymentDate ? -1 : 1,
  );
}
