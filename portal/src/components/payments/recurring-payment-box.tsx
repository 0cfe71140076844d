import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  canDeleteRecurringPayment,
  dollarsToCents,
  formatUsd,
  scheduleWording,
  scheduleWordingTextsOf,
  type RecurringPaymentInfo,
} from '@portal/domain';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { paymentErrorText } from '../../lib/payments/payment-error-text';
import { useDeletePayment } from '../../lib/payments/payment-info';
import { useSettings } from '../../lib/settings/settings-context';
import { useDialogStack } from '../dialogs/dialog-stack';
import { DeletePaymentDialog } from './delete-payment-dialog';

export interface RecurringPaymentBoxProps {
  /** The loan's account number, sent with the deletion. */
  accountNumber: string;
  /**
   * The loan's recurring payment; null when it has none. A parent that keeps the box rendered
   * when the payment goes (null rather than unmounting it) shows the deletion's success note.
   */
  payment: RecurringPaymentInfo | null;
  /** "card" on the payment page, "table" on the loan page. */
  layout: 'card' | 'table';
  /** Called once the recurring payment has been deleted (the parent clears it). */
  onDeleted: () => void;
  /**
   * Where the box shows. On the payment page (the default) the setting
   * paymentOptions.hideRecurringPaymentInfoOption hides it; the loan page has its own option
   * (loanDetailsOptions.hideRecurringPaymentsOption), which the page applies.
   */
  placement?: 'paymentPage' | 'loanDetails';
}

/**
 * The loan's recurring payment (spec 001 "Recurring payment info box"): its schedule, amount,
 * additional principal (ACH only, when above 0) and the Account or Card Ending In digits, with a
 * delete icon that asks 'Are you sure you want to delete your recurring payment?'. When the server
 * or the settings forbid deleting it, the blocked text shows instead of the icon.
 */
export function RecurringPaymentBox(props: RecurringPaymentBoxProps) {
  const { accountNumber, payment, layout, onDeleted } = props;
  const settings = useSettings();
  const dialogs = useDialogStack();
  const deletion = useDeletePayment();
  const headingId = useId();
  const noteRef = useRef<HTMLDivElement>(null);
  const [deletedRound, setDeletedRound] = useState(0);

  // The box and its delete button are gone with the payment: focus goes to the success note
  // (not to the page's body). Passive effects run after the dialog's focus trap has let go.
  useEffect(() => {
    if (deletedRound > 0) noteRef.current?.focus();
  }, [deletedRound]);

  if (
    (props.placement ?? 'paymentPage') === 'paymentPage' &&
    settings.get('paymentOptions.hideRecurringPaymentInfoOption')
  ) {
    return null;
  }

  // Announced to screen readers (role status): the region is there before its text is, and it
  // stays the same element (the first child) when the box goes.
  const note = (
    <div role="status" ref={noteRef} tabIndex={deletedRound > 0 ? -1 : undefined}>
      {deletedRound > 0 ? (
        <Alert severity="success" sx={{ mb: 1 }}>
          {settings.get('recurringPaymentTexts.deleteRecurringSuccessText')}
        </Alert>
      ) : null}
    </div>
  );
  if (!payment) return <>{note}</>;

  const deletable = canDeleteRecurringPayment(
    payment,
    settings.get('paymentOptions.allowDeleteRecurringPaymentOption'),
  );
  const schedule = scheduleWording(payment, scheduleWordingTextsOf(settings));
  const amount = formatUsd(dollarsToCents(payment.TotalAmount));
  const additionalPrincipalCents = dollarsToCents(payment.AdditionalPrincipalAmount);
  const showsAdditionalPrincipal = !payment.IsCard && additionalPrincipalCents > 0;
  const endingInLabel = settings.get(
    payment.IsCard
      ? 'recurringPaymentTexts.cardEndingInText'
      : 'recurringPaymentTexts.accountEndingInText',
  );
  const amountLabel = settings.get('recurringPaymentTexts.amountLabel');
  const additionalPrincipalLabel = settings.get('recurringPaymentTexts.additionalPrincipalLabel');

  async function askToDelete(payment: RecurringPaymentInfo) {
    const deleted = await dialogs.open<boolean>((close) => (
      <DeletePaymentDialog
        question={settings.get('recurringPaymentTexts.deleteRecurringConfirmText')}
        errorTextOf={(error) => paymentErrorText(settings, 'recurringDeletion', error)}
        remove={() =>
          deletion.mutateAsync({
            kind: 'recurring',
            isCard: payment.IsCard,
            payment: { EncryptedString: payment.EncryptedData, LoanAccountNumber: accountNumber },
          })
        }
        onClose={close}
      />
    )).result;
    if (deleted !== true) return;
    setDeletedRound((round) => round + 1);
    onDeleted();
  }

  const deleteControl: ReactNode = deletable ? (
    <IconButton
      aria-label={settings.get('recurringPaymentTexts.deleteRecurringButtonLabel')}
      onClick={() => void askToDelete(payment)}
      color="error"
    >
      <DeleteOutlineIcon />
    </IconButton>
  ) : (
    <Typography variant="body2" color="text.secondary">
      {settings.get('recurringPaymentTexts.recurringDeleteBlockedText')}
    </Typography>
  );

  const heading = (
    <Typography variant="h6" component="h2" id={headingId}>
      {settings.get('recurringPaymentTexts.recurringPaymentHeadingText')}
    </Typography>
  );

  if (layout === 'table') {
    return (
      <>
        {note}
        <Box component="section" aria-labelledby={headingId}>
          {heading}
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby={headingId}>
              <TableHead>
                <TableRow>
                  <TableCell>
                    {settings.get('recurringPaymentTexts.recurringScheduleColumnText')}
                  </TableCell>
                  <TableCell align="right">{amountLabel}</TableCell>
                  {showsAdditionalPrincipal ? (
                    <TableCell align="right">{additionalPrincipalLabel}</TableCell>
                  ) : null}
                  <TableCell>{endingInLabel}</TableCell>
                  <TableCell>{settings.get('recurringPaymentTexts.deleteYesText')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                <TableRow>
                  <TableCell component="th" scope="row">
                    {schedule}
                  </TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {amount}
                  </TableCell>
                  {showsAdditionalPrincipal ? (
                    <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatUsd(additionalPrincipalCents)}
                    </TableCell>
                  ) : null}
                  <TableCell>{payment.PaymentAccountNum}</TableCell>
                  <TableCell>{deleteControl}</TableCell>
                </TableRow>
              </TableBody>
            </Table>
          </Box>
        </Box>
      </>
    );
  }

  const rows: [string, string][] = [
    [amountLabel, amount],
    ...(showsAdditionalPrincipal
      ? ([[additionalPrincipalLabel, formatUsd(additionalPrincipalCents)]] as [string, string][])
      : []),
    [endingInLabel, payment.PaymentAccountNum],
  ];
  return (
    <>
      {note}
      <Card variant="outlined" component="section" aria-labelledby={headingId}>
        <CardContent>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
            {heading}
            {deletable ? deleteControl : null}
          </Stack>
          <Typography sx={{ mb: 1 }}>{schedule}</Typography>
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'auto 1fr',
              columnGap: 2,
              rowGap: 0.5,
              m: 0,
            }}
          >
            {rows.map(([term, value]) => (
              <Box key={term} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {term}
                </Typography>
                <Typography
                  component="dd"
                  variant="body2"
                  sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}
                >
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
          {deletable ? null : <Box sx={{ mt: 1 }}>{deleteControl}</Box>}
        </CardContent>
      </Card>
    </>
  );
}
