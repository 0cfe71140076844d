import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  fillPlaceholders,
  formatUsd,
  formatUsDate,
  type PaymentStatus,
  type RecentPaymentInfo,
} from '@portal/domain';
import { useId } from 'react';
import { PAYMENT_STATUS_TEXT_KEYS } from '../../lib/payments/payment-timeline';
import { useSettings } from '../../lib/settings/settings-context';
import { DataTable } from '../data-table/data-table';
import type { DataTableColumn } from '../data-table/data-table-column';
import { useDialogStack } from '../dialogs/dialog-stack';
import { PaymentDetailsDialog } from './payment-details-dialog';

/** The states that ask something of the borrower: written in bold, besides their words. */
const NEEDS_ATTENTION: ReadonlySet<PaymentStatus> = new Set(['returned', 'failed', 'needsReview']);

/**
 * The heading and table of `RecentPaymentsList`: a module of its own, loaded with the first
 * recent payment to show. Its columns are the scheduled list's, with each payment's status.
 */
export default function RecentPaymentsTable(props: {
  accountNumber: string;
  payments: readonly RecentPaymentInfo[];
}) {
  const { accountNumber, payments } = props;
  const settings = useSettings();
  const dialogs = useDialogStack();
  const headingId = useId();
  const heading = settings.get('recurringPaymentTexts.recentPaymentsHeadingText');
  const achName = settings.get('achPaymentTexts.eCheckOptionText');
  const cardName = settings.get('cardPaymentTexts.cardOptionText');
  const money = (payment: RecentPaymentInfo) => formatUsd(payment.PaymentAmount);
  const statusText = (payment: RecentPaymentInfo) =>
    settings.get(PAYMENT_STATUS_TEXT_KEYS[payment.Status]);

  function showDetails(payment: RecentPaymentInfo) {
    dialogs.open<true>((close) => (
      <PaymentDetailsDialog
        handle={payment.EncryptedString}
        accountNumber={accountNumber}
        onClose={() => close(true)}
      />
    ));
  }

  const columns: DataTableColumn<RecentPaymentInfo>[] = [
    {
      id: 'date',
      header: settings.get('recurringPaymentTexts.scheduledDateColumnText'),
      type: 'date',
      sortable: false,
      getValue: (payment) => payment.PaymentDate.slice(0, 10),
      renderCell: (payment) => formatUsDate(payment.PaymentDate),
    },
    {
      id: 'amount',
      header: settings.get('recurringPaymentTexts.scheduledAmountColumnText'),
      type: 'number',
      sortable: false,
      getValue: (payment) => payment.PaymentAmount,
      renderCell: money,
    },
    {
      id: 'status',
      header: settings.get('recurringPaymentTexts.recentStatusColumnText'),
      type: 'string',
      sortable: false,
      getValue: statusText,
      renderCell: (payment) => (
        <Box
          component="span"
          sx={NEEDS_ATTENTION.has(payment.Status) ? { fontWeight: 700 } : undefined}
        >
          {statusText(payment)}
        </Box>
      ),
    },
    {
      id: 'account',
      header: settings.get('recurringPaymentTexts.scheduledAccountColumnText'),
      type: 'string',
      sortable: false,
      getValue: (payment) => payment.AccountNumber,
      renderCell: (payment) => (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          <Box
            component="span"
            role="img"
            aria-label={payment.IsCard ? cardName : achName}
            sx={{ display: 'inline-flex' }}
          >
            {payment.IsCard ? (
              <CreditCardIcon fontSize="small" aria-hidden />
            ) : (
              <AccountBalanceIcon fontSize="small" aria-hidden />
            )}
          </Box>
          {payment.AccountNumber}
        </Box>
      ),
    },
    {
      id: 'details',
      header: settings.get('recurringPaymentTexts.scheduledDetailsColumnText'),
      type: 'string',
      sortable: false,
      getValue: () => '',
      renderCell: (payment) => (
        <Button
          size="small"
          aria-label={fillPlaceholders(
            settings.get('recurringPaymentTexts.scheduledDetailsButtonLabel'),
            { amount: money(payment), date: formatUsDate(payment.PaymentDate) },
          )}
          onClick={() => showDetails(payment)}
        >
          {settings.get('recurringPaymentTexts.scheduledDetailsButtonText')}
        </Button>
      ),
    },
  ];

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 2 }}>
      <Typography variant="h6" component="h2" id={headingId}>
        {heading}
      </Typography>
      <DataTable
        columns={columns}
        rows={payments}
        getRowKey={(payment) => payment.EncryptedString}
        caption={heading}
        emptyText=""
        primaryColumnId="date"
      />
    </Box>
  );
}
