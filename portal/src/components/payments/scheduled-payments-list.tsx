import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import {
  canDeleteScheduledPayment,
  dollarsToCents,
  fillPlaceholders,
  formatUsd,
  formatUsDate,
  type ScheduledPaymentInfo,
} from '@portal/domain';
import { useId } from 'react';
import { paymentErrorText } from '../../lib/payments/payment-error-text';
import { useDeletePayment } from '../../lib/payments/payment-info';
import { useSettings } from '../../lib/settings/settings-context';
import { DataTable } from '../data-table/data-table';
import type { DataTableColumn } from '../data-table/data-table-column';
import { useDialogStack } from '../dialogs/dialog-stack';
import { DeletePaymentDialog } from './delete-payment-dialog';

export interface ScheduledPaymentsListProps {
  /** The loan's account number, sent with a deletion. */
  accountNumber: string;
  payments: readonly ScheduledPaymentInfo[];
  /** Called after a scheduled payment has been deleted (the parent drops it or refetches). */
  onDeleted: () => void;
  /**
   * Where the list shows. On the payment page (the default) the setting
   * paymentOptions.hideScheduledPaymentsListOption hides it; the loan page applies its own option
   * (loanDetailsOptions.hideScheduledPaymentsOption).
   */
  placement?: 'paymentPage' | 'loanDetails';
}

/**
 * The loan's scheduled payments (spec 001 "Scheduled payment list"): Type (an ACH or card icon
 * named for assistive technology), Account/Card (last digits), Payment Day, Amount and a delete
 * column, whose icon asks 'Are you sure you want to delete this scheduled payment?'. A payment
 * the server marks not deletable, one already posted, or all of them when the setting forbids,
 * show 'Cannot delete scheduled payment.' instead. Hidden when empty.
 */
export function ScheduledPaymentsList(props: ScheduledPaymentsListProps) {
  const { accountNumber, payments, onDeleted } = props;
  const settings = useSettings();
  const dialogs = useDialogStack();
  const deletion = useDeletePayment();
  const headingId = useId();

  if (payments.length === 0) return null;
  if (
    (props.placement ?? 'paymentPage') === 'paymentPage' &&
    settings.get('paymentOptions.hideScheduledPaymentsListOption')
  ) {
    return null;
  }

  const heading = settings.get('recurringPaymentTexts.scheduledPaymentsHeadingText');
  const allowDelete = settings.get('paymentOptions.allowDeleteScheduledPaymentOption');
  const achName = settings.get('achPaymentTexts.eCheckOptionText');
  const cardName = settings.get('cardPaymentTexts.cardOptionText');
  const money = (payment: ScheduledPaymentInfo) => formatUsd(dollarsToCents(payment.PaymentAmount));

  async function askToDelete(payment: ScheduledPaymentInfo) {
    const deleted = await dialogs.open<boolean>((close) => (
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
    if (deleted === true) onDeleted();
  }

  const columns: DataTableColumn<ScheduledPaymentInfo>[] = [
    {
      id: 'type',
      header: settings.get('recurringPaymentTexts.scheduledTypeColumnText'),
      type: 'string',
      sortable: false,
      getValue: (payment) => (payment.IsCard ? cardName : achName),
      renderCell: (payment) => (
        <Box
          component="span"
          role="img"
          aria-label={payment.IsCard ? cardName : achName}
          sx={{ display: 'inline-flex', verticalAlign: 'middle' }}
        >
          {payment.IsCard ? (
            <CreditCardIcon fontSize="small" aria-hidden />
          ) : (
            <AccountBalanceIcon fontSize="small" aria-hidden />
          )}
        </Box>
      ),
    },
    {
      id: 'account',
      header: settings.get('recurringPaymentTexts.scheduledAccountColumnText'),
      type: 'string',
      sortable: false,
      getValue: (payment) => payment.AccountNumber,
    },
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
      getValue: (payment) => dollarsToCents(payment.PaymentAmount),
      renderCell: money,
    },
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

  return (
    <Box component="section" aria-labelledby={headingId}>
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
