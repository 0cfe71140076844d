import { fillPlaceholders, formatUsd, formatUsDate, type RecentPaymentInfo } from '@portal/domain';
import { paymentListsOfRefusal, usePaymentInfo } from '../../lib/payments/payment-info';
import { useSettings } from '../../lib/settings/settings-context';
import { PaymentNotices } from './returned-payments-notice';

/**
 * The loan's payments the institution refunded (staff's refund of a posted card payment, issue
 * 24), one notice each, shown first as a returned payment's is (ReturnedPaymentsNotice): what it
 * paid is owed again. From the recent payments of the loan's payment info (also when it refuses a
 * payment), so for as long as the payment is listed there (45 days from its date); nothing while
 * it loads or when there is none. Each opens its details, whose timeline says when it was
 * refunded.
 *
 * Its words are `loanDetailsTexts.refundedPaymentNoticeText`: what was paid, when, with which card,
 * and that it is owed again (the payment info does not say on which day it was refunded: its
 * details do).
 */
export function RefundedPaymentsNotice({ accountNumber }: { accountNumber: string }) {
  const settings = useSettings();
  const info = usePaymentInfo(accountNumber);
  const recent =
    info.data?.RecentPayments ?? paymentListsOfRefusal(info.error)?.RecentPayments ?? [];
  return (
    <PaymentNotices
      accountNumber={accountNumber}
      payments={recent.filter((payment) => payment.Status === 'refunded')}
      severity="warning"
      textOf={(payment) => refundedPaymentText(settings, payment)}
    />
  );
}

/**
 * A refunded payment's notice: what it paid, when, with which card, and that it is owed again;
 * one given back another way says so (the borrower will not find it on the card).
 */
export function refundedPaymentText(
  settings: ReturnType<typeof useSettings>,
  payment: RecentPaymentInfo,
): string {
  const text = payment.RefundedElsewhere
    ? settings.get('loanDetailsTexts.refundedElsewhereNoticeText')
    : settings.get('loanDetailsTexts.refundedPaymentNoticeText');
  return fillPlaceholders(text, {
    amount: formatUsd(payment.PaymentAmount),
    date: formatUsDate(payment.PaymentDate),
    lastFour: payment.AccountNumber,
  });
}
