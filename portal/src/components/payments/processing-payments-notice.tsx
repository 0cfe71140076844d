import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import {
  amountLeftToPay,
  type AmountLeftToPay,
  fillPlaceholders,
  formatUsd,
  formatUsDate,
  type PaymentListsWithStatus,
  type ProcessingPayment,
  processingPaymentsOf,
} from '@portal/domain';
import { type PaymentInfo, paymentListsOfRefusal } from '../../lib/payments/payment-info';
import { useSettings } from '../../lib/settings/settings-context';

type Settings = ReturnType<typeof useSettings>;

/** A loan's payment info query as the loan page and the dashboard hold it. */
interface PaymentInfoResult {
  data?: Pick<PaymentInfo, 'RecentPayments' | 'ScheduledPayments'>;
  error: unknown;
}

/**
 * The loan's payment lists from its payment info (also when it refuses a payment: the loan's
 * lists come with a refusal); none while it loads or when it cannot be had.
 */
function paymentListsOf(result: PaymentInfoResult | undefined): PaymentListsWithStatus {
  if (!result) return {};
  return result.data ?? paymentListsOfRefusal(result.error) ?? {};
}

/**
 * What is left of the amount due past the loan's processing payments, recent or scheduled
 * (domain processingPaymentsOf, amountLeftToPay).
 */
export function leftToPayOf(
  amountDueCents: number,
  result: PaymentInfoResult | undefined,
): AmountLeftToPay<ProcessingPayment> {
  return amountLeftToPay(amountDueCents, processingPaymentsOf(paymentListsOf(result)));
}

/** A processing payment's notice (setting `accountSummaryTexts.processingPaymentNoticeText`). */
export function processingPaymentText(settings: Settings, payment: ProcessingPayment): string {
  return fillPlaceholders(settings.get('accountSummaryTexts.processingPaymentNoticeText'), {
    amount: formatUsd(payment.PaymentAmount),
    date: formatUsDate(payment.PaymentDate),
  });
}

/**
 * One notice per payment of the loan that is processing (paid, not yet credited by the core), so
 * a borrower who has just paid is not led to pay the amount due again. Plain information, not a
 * live region: it says what the page is about when it shows, and interrupts nothing. `title`
 * names the loan where several loans' notices share a screen (the dashboard).
 */
export function ProcessingPaymentsNotice(props: {
  payments: readonly ProcessingPayment[];
  title?: string;
}) {
  const settings = useSettings();
  if (props.payments.length === 0) return null;
  return (
    <Stack spacing={1}>
      {props.payments.map((payment) => (
        <Alert severity="info" role="note" key={payment.EncryptedString}>
          {props.title ? <AlertTitle>{props.title}</AlertTitle> : null}
          {processingPaymentText(settings, payment)}
        </Alert>
      ))}
    </Stack>
  );
}
