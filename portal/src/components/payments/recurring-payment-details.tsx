import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
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
  formatUsd,
  scheduleWording,
  scheduleWordingTextsOf,
  type RecurringPaymentInfo,
} from '@portal/domain';
import { useId, type ReactNode } from 'react';
import { paymentErrorText } from '../../lib/payments/payment-error-text';
import { useDeletePayment } from '../../lib/payments/payment-info';
import { useSettings } from '../../lib/settings/settings-context';
import { useDialogStack } from '../dialogs/dialog-stack';
import { DeletePaymentDialog } from './delete-payment-dialog';

export interface RecurringPaymentDetailsProps {
  accountNumber: string;
  payment: RecurringPaymentInfo;
  layout: 'card' | 'table';
  /** Called once the recurring payment has been deleted. */
  onDeleted(): void;
}

/**
 * The box of `RecurringPaymentBox` when the loan has a recurring payment, with its deletion. A
 * module of its own, loaded when there is a recurring payment to show: most loans have none, and
 * the payment page's first download leaves it out then.
 */
export default function RecurringPaymentDetails(props: RecurringPaymentDetailsProps) {
  const { accountNumber, payment, layout, onDeleted } = props;
  const settings = useSettings();
  const dialogs = useDialogStack();
  const deletion = useDeletePayment();
  const headingId = useId();

  const deletable = canDeleteRecurringPayment(
    payment,
    settings.get('paymentOptions.allowDeleteRecurringPaymentOption'),
  );
  const schedule = scheduleWording(payment, scheduleWordingTextsOf(settings));
  // A line of credit paying its total due is sent and kept as 0: worded, not shown as $0.00.
  const amount =
    payment.TotalAmount === 0
      ? settings.get('paymentTexts.locTotalDueText')
      : formatUsd(payment.TotalAmount);
  const additionalPrincipalCents = payment.AdditionalPrincipalAmount;
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
    if (deleted === true) onDeleted();
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
  );
}
