import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { fillPlaceholders, formatUsd, formatUsDate, formatUsDateTime } from '@portal/domain';
import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import {
  PAYMENT_STATUS_TEXT_KEYS,
  paymentTimelineQuery,
} from '../../lib/payments/payment-timeline';
import { useLoanName } from '../../lib/accounts/loan-name';
import { useSettings } from '../../lib/settings/settings-context';
import { AcknowledgeDialog } from '../dialogs/acknowledge-dialog';
import { DIALOG_WIDTH } from '../dialogs/portal-dialog';
import { ErrorAlert } from '../error-alert/error-alert';

/**
 * A listed payment's details (issue 24 "Lifecycle of a payment"): where it is now, first; what its
 * receipt said (confirmation number, amount, the card or account's last four), that it is a
 * payoff when it was made to pay the loan off, and why it came back or failed; then each change of it with its date and time in the institution's zone,
 * oldest first. The specs do
 * not have this dialog; its words are settings (recurringPaymentTexts.paymentDetails*,
 * paymentStatus*Text). Only what the borrower may read: the server's timeline carries no staff
 * details (a dead job's error stays in the admin app).
 */
export function PaymentDetailsDialog(props: {
  handle: string;
  accountNumber: string;
  onClose(): void;
}) {
  const settings = useSettings();
  const loan = useLoanName(props.accountNumber);
  const timeline = useQuery(paymentTimelineQuery(props.handle, props.accountNumber));
  const timeZone = settings.get('localeOptions.institutionTimeZone');
  const headingId = useId();
  // A card payment given back another way (the card refused the refund) says so: the borrower
  // will not find it on the card.
  const statusText = (status: keyof typeof PAYMENT_STATUS_TEXT_KEYS) =>
    status === 'refunded' && timeline.data?.RefundedElsewhere
      ? settings.get('recurringPaymentTexts.paymentStatusRefundedElsewhereText')
      : settings.get(PAYMENT_STATUS_TEXT_KEYS[status]);
  const data = timeline.data;
  /** What the receipt said, then why it came back or failed. */
  const facts = (payment: NonNullable<typeof data>): [string, string][] => {
    const rows: [string, string][] = [
      [
        settings.get('recurringPaymentTexts.paymentDetailsConfirmationLabel'),
        payment.ConfirmationNumber,
      ],
      [
        settings.get('recurringPaymentTexts.paymentDetailsAmountLabel'),
        formatUsd(payment.PaymentAmount),
      ],
      [
        settings.get('recurringPaymentTexts.paymentDetailsMethodLabel'),
        fillPlaceholders(
          settings.get(
            payment.IsCard
              ? 'recurringPaymentTexts.paymentDetailsCardMethodText'
              : 'recurringPaymentTexts.paymentDetailsAccountMethodText',
          ),
          { lastFour: payment.AccountNumber },
        ),
      ],
    ];
    const reason = payment.ReturnReason || payment.FailureReason;
    if (reason)
      rows.push([settings.get('recurringPaymentTexts.paymentDetailsReasonLabel'), reason]);
    return rows;
  };
  return (
    <AcknowledgeDialog
      width={DIALOG_WIDTH.wide}
      title={settings.get('recurringPaymentTexts.paymentDetailsTitleText')}
      // The loan the payment is for: the lists it opens from are on a loan's pages.
      subtitle={loan}
      onClose={props.onClose}
      text={
        <>
          {timeline.isPending ? (
            <CircularProgress
              size={24}
              aria-label={settings.get('recurringPaymentTexts.paymentDetailsTitleText')}
            />
          ) : null}
          {timeline.isError ? (
            <ErrorAlert>{settings.get('recurringPaymentTexts.paymentDetailsErrorText')}</ErrorAlert>
          ) : null}
          {data ? (
            <>
              <Typography sx={{ fontWeight: 600, mb: 1 }}>
                {fillPlaceholders(settings.get('recurringPaymentTexts.paymentDetailsStatusText'), {
                  status: statusText(data.Status),
                  date: formatUsDate(data.PaymentDate),
                })}
              </Typography>
              {data.PayoffShortBy !== undefined ? (
                <Alert severity="warning" sx={{ mb: 1 }}>
                  {fillPlaceholders(
                    settings.get('recurringPaymentTexts.paymentDetailsPayoffShortText'),
                    {
                      amount: formatUsd(data.PayoffShortBy),
                      date: formatUsDate(data.PaymentDate),
                    },
                  )}
                </Alert>
              ) : data.IsPayoff ? (
                <Typography sx={{ mb: 1 }}>
                  {settings.get('recurringPaymentTexts.paymentDetailsPayoffText')}
                </Typography>
              ) : null}
              <Box
                component="dl"
                sx={{
                  display: 'grid',
                  gridTemplateColumns: 'max-content 1fr',
                  columnGap: 2,
                  rowGap: 0.5,
                  mt: 0,
                  mb: 2,
                  '& dt': { color: 'text.secondary' },
                  '& dd': { m: 0 },
                }}
              >
                {facts(data).map(([label, value]) => (
                  <Box key={label} sx={{ display: 'contents' }}>
                    <dt>{label}</dt>
                    <dd>{value}</dd>
                  </Box>
                ))}
              </Box>
              <Typography id={headingId} variant="subtitle2" component="h3">
                {settings.get('recurringPaymentTexts.paymentDetailsTimelineText')}
              </Typography>
              <ol aria-labelledby={headingId} style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
                {data.Events.map((event, index) => (
                  <li key={`${event.At}-${index}`}>
                    {statusText(event.Status)}: {formatUsDateTime(event.At, timeZone)}
                  </li>
                ))}
              </ol>
            </>
          ) : null}
        </>
      }
    />
  );
}
