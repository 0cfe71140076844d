import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { PaymentStatus, RecentPaymentInfo } from '@portal/domain';
import { useId } from 'react';
import { PAYMENT_STATUS_TEXT_KEYS } from '../../lib/payments/payment-timeline';
import { useSettings } from '../../lib/settings/settings-context';
import { DataTable } from '../data-table/data-table';
import type { DataTableColumn } from '../data-table/data-table-column';
import { MethodIcon, paymentListColumns, useShowPaymentDetails } from './payment-list-columns';

/**
 * The states that ask something of the borrower: written in bold, besides their words (a returned
 * or refunded payment is owed again).
 */
const NEEDS_ATTENTION: ReadonlySet<PaymentStatus> = new Set([
  'returned',
  'refunded',
  'failed',
  'needsReview',
]);

/**
 * The heading and table of `RecentPaymentsList`: a module of its own, loaded with the first
 * recent payment to show. Its columns are the scheduled list's (payment-list-columns.tsx), with
 * each payment's status.
 */
export default function RecentPaymentsTable(props: {
  accountNumber: string;
  payments: readonly RecentPaymentInfo[];
}) {
  const { accountNumber, payments } = props;
  const settings = useSettings();
  const showDetails = useShowPaymentDetails(accountNumber);
  const headingId = useId();
  const heading = settings.get('recurringPaymentTexts.recentPaymentsHeadingText');
  const statusText = (payment: RecentPaymentInfo) =>
    settings.get(PAYMENT_STATUS_TEXT_KEYS[payment.Status]);
  const shared = paymentListColumns<RecentPaymentInfo>(settings, showDetails, payments);

  const columns: DataTableColumn<RecentPaymentInfo>[] = [
    shared.date,
    shared.amount,
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
          <MethodIcon isCard={payment.IsCard} settings={settings} />
          {payment.AccountNumber}
        </Box>
      ),
    },
    shared.details,
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
