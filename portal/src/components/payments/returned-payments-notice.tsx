import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { fillPlaceholders, formatUsd, formatUsDate } from '@portal/domain';
import {
  type PaymentInfo,
  paymentListsOfRefusal,
  usePaymentInfo,
} from '../../lib/payments/payment-info';
import { useSettings } from '../../lib/settings/settings-context';
import { detailsButtonLabel, useShowPaymentDetails } from './payment-list-columns';

/**
 * The loan's payments its borrower's bank sent back in the last 45 days (ACH returns, issue 24),
 * one notice each, shown first: the amount is due again, which matters more than anything below
 * it. From the loan's payment info (also when it refuses a payment: the loan's lists come with a
 * refusal); nothing while it loads or when there is none. Each has its details (the payment's
 * timeline, as a scheduled payment's): a payment made with Pay Now is listed nowhere else.
 */
export function ReturnedPaymentsNotice({ accountNumber }: { accountNumber: string }) {
  const settings = useSettings();
  const info = usePaymentInfo(accountNumber);
  const returned =
    info.data?.ReturnedPayments ?? paymentListsOfRefusal(info.error)?.ReturnedPayments ?? [];
  return (
    <PaymentNotices
      accountNumber={accountNumber}
      payments={returned}
      severity="error"
      textOf={(payment) => returnedPaymentText(settings, payment)}
    />
  );
}

/**
 * One notice per payment with the View button that opens its details; the returned and the
 * refunded payments' notices.
 */
export function PaymentNotices<Payment extends { EncryptedString: string }>({
  accountNumber,
  payments,
  severity,
  textOf,
}: {
  accountNumber: string;
  payments: readonly (Payment & Parameters<typeof detailsButtonLabel>[1])[];
  severity: 'error' | 'warning';
  textOf: (payment: Payment) => string;
}) {
  const settings = useSettings();
  const showDetails = useShowPaymentDetails(accountNumber);
  if (payments.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      {payments.map((payment) => (
        <Alert
          severity={severity}
          key={payment.EncryptedString}
          action={
            <Button
              color="inherit"
              size="small"
              aria-label={detailsButtonLabel(settings, payment)}
              onClick={() => showDetails(payment.EncryptedString)}
            >
              {settings.get('recurringPaymentTexts.scheduledDetailsButtonText')}
            </Button>
          }
        >
          {textOf(payment)}
        </Alert>
      ))}
    </Stack>
  );
}

/** A returned payment's notice (setting `loanDetailsTexts.returnedPaymentNoticeText`). */
export function returnedPaymentText(
  settings: ReturnType<typeof useSettings>,
  payment: NonNullable<PaymentInfo['ReturnedPayments']>[number],
): string {
  return fillPlaceholders(settings.get('loanDetailsTexts.returnedPaymentNoticeText'), {
    amount: formatUsd(payment.PaymentAmount),
    date: formatUsDate(payment.PaymentDate),
    method: payment.IsCard
      ? settings.get('cardPaymentTexts.cardOptionText')
      : settings.get('achPaymentTexts.eCheckOptionText'),
    lastFour: payment.AccountNumber,
    reason: payment.Reason,
  });
}
