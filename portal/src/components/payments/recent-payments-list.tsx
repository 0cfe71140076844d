import { lazy, Suspense } from 'react';
import { paymentListsOfRefusal, usePaymentInfo } from '../../lib/payments/payment-info';

/** The heading and the table load with the first recent payment to show. */
const RecentPaymentsTable = lazy(() => import('./recent-payments-table'));

/**
 * The loan's payments of the last 45 days no longer waiting for their date (issue 24, "Lifecycle
 * of a payment": the borrower sees each state): made with Pay Now, dates of a recurring payment,
 * scheduled payments once posted. Each says where it is (Processing, Posted, Returned, Needs
 * review, ...) and opens its timeline. The specs have no such list; without it, a payment made
 * with Pay Now is seen again only once the core has posted it. From the loan's payment info (also
 * when it refuses a payment); nothing while it loads or when there is none.
 */
export function RecentPaymentsList({ accountNumber }: { accountNumber: string }) {
  const info = usePaymentInfo(accountNumber);
  const recent =
    info.data?.RecentPayments ?? paymentListsOfRefusal(info.error)?.RecentPayments ?? [];
  if (recent.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <RecentPaymentsTable accountNumber={accountNumber} payments={recent} />
    </Suspense>
  );
}
