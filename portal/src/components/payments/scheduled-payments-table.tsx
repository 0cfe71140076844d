import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import {
  canDeleteScheduledPayment,
  fillPlaceholders,
  formatUsd,
  formatUsDate,
  type ScheduledPaymentInfo,
} from '@portal/domain';
import { useId, type RefObject } from 'react';
import { paymentErrorText } from '../../lib/payments/payment-error-text';
import { useDeletePayment } from '../../lib/payments/payment-info';
import { useSettings } from '../../lib/settings/settings-context';
import { DataTable } from '../data-table/data-table';
import type { DataTableColumn } from '../data-table/data-table-column';
import { useDialogStack } from '../dialogs/dialog-stack';
import { DeletePaymentDialog } from './delete-payment-dialog';
import { MethodIcon, paymentListColumns, useShowPaymentDetails } from './payment-list-columns';

export interface ScheduledPaymentsTableProps {
  accountNumber: string;
  /** At least one. */
  payments: readonly ScheduledPaymentInfo[];
  /** The section, where the list looks for the delete button to focus after a deletion. */
  sectionRef: RefObject<HTMLElement | null>;
  /**
   * Called once a payment has been deleted, with the delete button that takes the focus (the
   * next payment's, else the previous one's), if that payment may be deleted.
   */
  onDeleted(focus: string | undefined): void;
}

/**
 * The heading and table of `ScheduledPaymentsList`, with the deletion. A module of its own,
 * loaded with the first scheduled payment to show: most loans have none, and the payment page's
 * first download leaves it out then.
 */
export default function ScheduledPaymentsTable(props: ScheduledPaymentsTableProps) {
  const { accountNumber, payments, sectionRef, onDeleted } = props;
  const settings = useSettings();
  const dialogs = useDialogStack();
  const deletion = useDeletePayment();
  const showDetails = useShowPaymentDetails(accountNumber);
  const shared = paymentListColumns<ScheduledPaymentInfo>(settings, showDetails, payments);
  const headingId = useId();

  const heading = settings.get('recurringPaymentTexts.scheduledPaymentsHeadingText');
  const allowDelete = settings.get('paymentOptions.allowDeleteScheduledPaymentOption');
  const achName = settings.get('achPaymentTexts.eCheckOptionText');
  const cardName = settings.get('cardPaymentTexts.cardOptionText');
  const money = (payment: ScheduledPaymentInfo) => formatUsd(payment.PaymentAmount);
  const payoffWord = settings.get('recurringPaymentTexts.scheduledPayoffText');

  async function askToDelete(payment: ScheduledPaymentInfo) {
    const answer = await dialogs.open<boolean>((close) => (
      <DeletePaymentDialog
        question={settings.get('recurringPaymentTexts.deleteScheduledConfirmText')}
        errorTextOf={(error) => paymentErrorText(settings, 'scheduledDeletion', error)}
        remove={() =>
          deletion.mutateAsync({
            kind: 'scheduled',
            isCard: payment.IsCard,
            payment: { EncryptedString: payment.EncryptedString, LoanAccountNumber: accountNumber },
          })
        }
        onClose={close}
      />
    )).result;
    if (answer !== true) return;
    const index = payments.indexOf(payment);
    const next = payments[index + 1] ?? payments[index - 1];
    onDeleted(
      next && canDeleteScheduledPayment(next, allowDelete) ? next.EncryptedString : undefined,
    );
  }

  const columns: DataTableColumn<ScheduledPaymentInfo>[] = [
    {
      id: 'type',
      header: settings.get('recurringPaymentTexts.scheduledTypeColumnText'),
      type: 'string',
      sortable: false,
      getValue: (payment) => (payment.IsCard ? cardName : achName),
      renderCell: (payment) => <MethodIcon isCard={payment.IsCard} settings={settings} />,
    },
    {
      id: 'account',
      header: settings.get('recurringPaymentTexts.scheduledAccountColumnText'),
      type: 'string',
      sortable: false,
      getValue: (payment) => payment.AccountNumber,
    },
    shared.date,
    {
      ...shared.amount,
      // A payment made to pay the loan off says so beside its amount, in words (not a colour
      // alone): its receipt and the core's payoff are about the whole loan.
      renderCell: (payment) =>
        payment.IsPayoff ? (
          <Box
            component="span"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
          >
            {money(payment)}
            <Chip size="small" variant="outlined" label={payoffWord} />
          </Box>
        ) : (
          money(payment)
        ),
    },
    shared.details,
    {
      id: 'delete',
      header: settings.get('recurringPaymentTexts.deleteYesText'),
      type: 'string',
      sortable: false,
      getValue: () => '',
      renderCell: (payment) =>
        canDeleteScheduledPayment(payment, allowDelete) ? (
          <IconButton
            aria-label={fillPlaceholders(
              settings.get('recurringPaymentTexts.deleteScheduledButtonLabel'),
              { amount: money(payment), date: formatUsDate(payment.PaymentDate) },
            )}
            color="error"
            data-scheduled-payment={payment.EncryptedString}
            onClick={() => void askToDelete(payment)}
          >
            <DeleteOutlineIcon />
          </IconButton>
        ) : (
          <Typography variant="body2" color="text.secondary" component="span">
            {settings.get('recurringPaymentTexts.scheduledDeleteBlockedText')}
          </Typography>
        ),
    },
  ];

  // The heading shows with its table.
  return (
    <Box component="section" aria-labelledby={headingId} ref={sectionRef}>
      <Typography variant="h6" component="h2" id={headingId} tabIndex={-1}>
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
