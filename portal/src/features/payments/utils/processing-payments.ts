import {
  amountLeftToPay,
  initialPaymentAmount,
  paymentAmountBounds,
  type AccountListItem,
  type AmountLeftToPay,
  type InitialPaymentAmount,
  type PaymentAmountContext,
  type ProcessingPayment,
  processingPaymentsOf,
} from '@portal/domain';
import type { PaymentInfo } from '../../../lib/payments/payment-info';
import { amountLoanOf } from './payment-context';

/**
 * The loan's processing payments (paid, not yet credited by the core) and what they leave of the
 * amount due the amount step starts from (the account list's), from the payment info the page
 * has already loaded.
 */
export function leftToPayOfLoan(
  info: PaymentInfo,
  account: Pick<AccountListItem, 'LoanAmountDue'>,
): AmountLeftToPay<ProcessingPayment> {
  return amountLeftToPay(amountLoanOf(info, account).amountDueCents, processingPaymentsOf(info));
}

/**
 * The amount the step starts with. While payments are processing, a one-time payment starts from
 * what they leave to pay instead of the amount due, which the core does not lower until it
 * credits them (a borrower who had just paid was offered the whole amount again): held to the
 * step's bounds as the domain's starting amount is, and none at all when nothing is left (the
 * borrower types an amount to pay more). A recurring payment repeats the installment, whatever
 * is processing today: the domain's starting amount, as without processing payments.
 */
export function startingPaymentAmount(
  context: PaymentAmountContext,
  processing: AmountLeftToPay<ProcessingPayment> | undefined,
): InitialPaymentAmount | undefined {
  if (context.frequency !== 'OneTime' || !processing || processing.processing.length === 0) {
    return initialPaymentAmount(context);
  }
  if (processing.leftToPayCents === 0) return undefined;
  // The institution's minimum (the total due when it is forced) does not count processing
  // payments either: starting below it would start with an amount the step refuses.
  const bounds = paymentAmountBounds(context);
  const raised = Math.max(processing.leftToPayCents, bounds.minimumCents);
  if (raised > bounds.maximumCents) {
    return { amountCents: bounds.maximumCents, aboveMaximumWarning: { amountCents: raised } };
  }
  return { amountCents: raised };
}
