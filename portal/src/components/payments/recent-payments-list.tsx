import type { RecentPaymentInfo } from '@portal/domain';
import { lazy, Suspense } from 'react';
import { paymentListsOfRefusal, usePaymentInfo } from '../../lib/payments/payment-info';

/** The heading and the table load with the first recent payment to show. */
const RecentPaymentsTable = lazy(() => import('./recent-payments-table'));

/**
 * The loan's payments of the last 45 days no longer waiting for their date (issue 24, "Lifecycle
 * of a payment": the borrower sees each state): made with Pay Now, dates of a recurring payment,
 * scheduled payments once posted. Each says where it is (Processing, Posted, Returned, Refunded,
 * Needs review, ...) and opens its timeline. The specs have no such list; without it, a payment made
 * with Pay Now is seen again only once the core has posted it. Nothing when there is none.
 *
 * The payments come from the caller's payment info (GetPaymentInfo's RecentPayments, also in a
 * refusal): a query observer of its own here, mounted only while a refusal shows, made the page
 * fetch the refused info again on every mount, and the refusal blinked forever.
 */
export function RecentPaymentsList(props: {
  accountNumber: string;
  payments: readonly RecentPaymentInfo[] | undefined;
}) {
  const { accountNumber, payments = [] } = props;
  if (payments.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <RecentPaymentsTable accountNumber={accountNumber} payments={payments} />
    </Suspense>
  );
}

/**
 * The loan page's recent payments, from the loan's payment info (read there always, as the
 * returned payments' notice reads it); nothing while it loads or when it cannot be read.
 */
export function LoanRecentPayments({ accountNumber }: { accountNumber: string }) {
  const info = usePaymentInfo(accountNumber);
  return (
    <RecentPaymentsList
      accountNumber={accountNumber}
      payments={info.data?.RecentPayments ?? paymentListsOfRefusal(info.error)?.RecentPayments}
    />
  );
}
