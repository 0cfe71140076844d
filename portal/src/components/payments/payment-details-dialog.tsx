import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { fillPlaceholders, formatUsDate, formatUsDateTime } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import {
  PAYMENT_STATUS_TEXT_KEYS,
  paymentTimelineQuery,
} from '../../lib/payments/payment-timeline';
import { useSettings } from '../../lib/settings/settings-context';
import { AcknowledgeDialog } from '../dialogs/acknowledge-dialog';
import { DIALOG_WIDTH } from '../dialogs/portal-dialog';
import { ErrorAlert } from '../error-alert/error-alert';

/**
 * A listed payment's details (issue 24 "Lifecycle of a payment"): where it is now, first, then
 * each change of it with its date and time in the institution's zone, oldest first. The specs do
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
  const timeline = useQuery(paymentTimelineQuery(props.handle, props.accountNumber));
  const timeZone = settings.get('localeOptions.institutionTimeZone');
  const headingId = useId();
  const statusText = (status: keyof typeof PAYMENT_STATUS_TEXT_KEYS) =>
    settings.get(PAYMENT_STATUS_TEXT_KEYS[status]);
  const data = timeline.data;
  return (
    <AcknowledgeDialog
      width={DIALOG_WIDTH.wide}
      title={settings.get('recurringPaymentTexts.paymentDetailsTitleText')}
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
