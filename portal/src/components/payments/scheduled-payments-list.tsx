import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
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
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { paymentErrorText } from '../../lib/payments/payment-error-text';
import { useDeletePayment } from '../../lib/payments/payment-info';
import { useSettings } from '../../lib/settings/settings-context';
import type { DataTable as DataTableComponent } from '../data-table/data-table';
import type { DataTableColumn } from '../data-table/data-table-column';
import { useDialogStack } from '../dialogs/dialog-stack';
import { DeletePaymentDialog } from './delete-payment-dialog';

/**
 * The table loads with the first scheduled payment to show: most loans have none, and the payment
 * page's first download leaves it out then. The cast keeps DataTable's row type: `lazy()` drops
 * a component's generic parameter.
 */
const DataTable = lazy(() =>
  import('../data-table/data-table').then((module) => ({ default: module.DataTable })),
) as unknown as typeof DataTableComponent;

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
  const sectionRef = useRef<HTMLElement>(null);
  const noteRef = useRef<HTMLDivElement>(null);
  // After a deletion: the success note, and where focus goes once the dialog has closed.
  const [deleted, setDeleted] = useState<{ focus: string | undefined; round: number }>();

  // The dialog gives focus back to the row's delete button, which is gone with its row: focus
  // goes to the next row's delete button (the previous one after the last row), else to the
  // list's heading, or to the note when the list is gone. Passive effects run after the
  // dialog's focus trap has let go (its clean-up runs first), so this one wins.
  useEffect(() => {
    if (!deleted) return;
    const section = sectionRef.current;
    const button = deleted.focus
      ? [...(section?.querySelectorAll<HTMLElement>('[data-scheduled-payment]') ?? [])].find(
          (element) => element.dataset.scheduledPayment === deleted.focus,
        )
      : undefined;
    (button ?? section?.querySelector<HTMLElement>('h2') ?? noteRef.current)?.focus();
  }, [deleted]);

  const hidden =
    (props.placement ?? 'paymentPage') === 'paymentPage' &&
    settings.get('paymentOptions.hideScheduledPaymentsListOption');
  if (hidden) return null;
  // Announced to screen readers (role status): the region is there before its text is.
  const note = (
    <div role="status" ref={noteRef} tabIndex={deleted && payments.length === 0 ? -1 : undefined}>
      {deleted ? (
        <Alert severity="success" sx={{ mb: 1 }}>
          {settings.get('recurringPaymentTexts.deleteScheduledSuccessText')}
        </Alert>
      ) : null}
    </div>
  );
  if (payments.length === 0) return <>{note}</>;

  const heading = settings.get('recurringPaymentTexts.scheduledPaymentsHeadingText');
  const allowDelete = settings.get('paymentOptions.allowDeleteScheduledPaymentOption');
  const achName = settings.get('achPaymentTexts.eCheckOptionText');
  const cardName = settings.get('cardPaymentTexts.cardOptionText');
  const money = (payment: ScheduledPaymentInfo) => formatUsd(dollarsToCents(payment.PaymentAmount));

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
    setDeleted((current) => ({
      focus:
        next && canDeleteScheduledPayment(next, allowDelete) ? next.EncryptedString : undefined,
      round: (current?.round ?? 0) + 1,
    }));
    onDeleted();
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

  // The note stays the same element (before the list) when the last row goes.
  return (
    <>
      {note}
      {/* The heading shows with its table. */}
      <Suspense fallback={null}>
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
      </Suspense>
    </>
  );
}
