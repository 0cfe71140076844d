import { fillPlaceholders, formatUsDate, type RecentPaymentInfo } from '@portal/domain';
import { paymentListsOfRefusal, usePaymentInfo } from '../../lib/payments/payment-info';
import { PAYMENT_STATUS_TEXT_KEYS } from '../../lib/payments/payment-timeline';
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
 * Its words are the status settings the payment's details use ("Payment of {date}: {status}",
 * `paymentDetailsStatusText` with `paymentStatusRefundedText`): the portal has no notice text of
 * its own for a refund, and the payment info does not say on which day it was refunded.
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

/** A refunded payment's notice: its date and status, in the words of its details. */
export function refundedPaymentText(
  settings: ReturnType<typeof useSettings>,
  payment: RecentPaymentInfo,
): string {
  return fillPlaceholders(settings.get('recurringPaymentTexts.paymentDetailsStatusText'), {
    date: formatUsDate(payment.PaymentDate),
    status: settings.get(PAYMENT_STATUS_TEXT_KEYS.refunded),
  });
}
