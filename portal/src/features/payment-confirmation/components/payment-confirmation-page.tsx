import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  addDays,
  calendarDateIn,
  daysBetween,
  formatUsd,
  fillPlaceholders,
  formatUsDate,
  formatUsDateTime,
  loanName,
  maskAccountNumber,
  PAYMENT_CARD_TYPE_NAMES,
  paymentKindOf,
  paymentTotal,
  processingFee,
  type CalendarDate,
  type PaymentConfirmation,
} from '@portal/domain';
import type { SettingKey } from '@portal/settings-schema';
import { useEffect, useRef, useState } from 'react';
import { Navigate, Link as RouterLink } from 'react-router';
import { isMobileApp } from '../../../lib/mobile/mobile-app';
import {
  clearConfirmation,
  readConfirmation,
  saveConfirmation,
} from '../../../lib/payments/confirmation-store';
import { frequencyText } from '../../../lib/payments/schedule-text';
import { useSettings } from '../../../lib/settings/settings-context';

const DASHBOARD = '/myaccount/dashboard';

type HideOption = Extract<SettingKey, `confirmationOptions.${string}`>;

interface Row {
  hideOption: HideOption;
  label: string;
  value: string;
}

/**
 * myaccount/paymentConfirm (spec 001 section 2 "Confirmation screen"): the payment just made,
 * read from the confirmation store (a reload still shows it); with nothing stored the dashboard
 * opens. Each row can be hidden by its confirmationOptions setting. Back to Dashboard, and Print
 * outside the mobile app.
 */
export function PaymentConfirmationPage() {
  const [confirmation] = useState(readConfirmation);

  useEffect(() => {
    if (!confirmation) return undefined;
    // Saved again on mount so that React's development double mount, which runs the cleanup
    // once, keeps it; leaving the page inside the portal (the dashboard, a menu link, signing
    // out) forgets it, so a later user of this tab never sees it. A reload keeps it.
    saveConfirmation(confirmation);
    return () => clearConfirmation();
  }, [confirmation]);

  if (!confirmation) return <Navigate to={DASHBOARD} replace />;
  return <Confirmation confirmation={confirmation} />;
}

function Confirmation({ confirmation }: { confirmation: PaymentConfirmation }) {
  const settings = useSettings();
  // The submit button that led here is gone: focus starts at the page's heading, so a keyboard
  // or screen reader user lands on the confirmation, not on the page's body.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const info = confirmation.submissionInfo;
  const { method } = info;
  const timeZone = settings.get('localeOptions.institutionTimeZone');
  const today = confirmationToday(confirmation, calendarDateIn(timeZone, new Date()));
  const payDate = confirmation.payDate.slice(0, 10);
  // Decision (spec silent on when the warning applies): a payment that is not made today, a
  // scheduled one or the first of a recurring series, gets it. On a reload after the payment
  // date has passed the payment counts as made, and the warning no longer shows.
  const kind = paymentKindOf(info.frequencyInfo.frequency, payDate, today);
  const later = kind === 'scheduled' || kind === 'recurring';
  const feeCents = processingFee({
    firstPartyFeeCents: info.fees.firstParty,
    thirdPartyFeeCents: info.fees.thirdParty,
  });
  const totalCents = paymentTotal({
    amountCents: info.amount,
    firstPartyFeeCents: info.fees.firstParty,
    thirdPartyFeeCents: info.fees.thirdParty,
    additionalPrincipalCents: info.additionalPrincipalAmount,
  });
  const locTotalDue = confirmation.isRecurringLOCPayingTotalDue;

  const rows: Row[] = [
    {
      hideOption: 'confirmationOptions.hideConfirmationNumberOption',
      label: settings.get('confirmationTexts.confirmationNumberLabel'),
      value: confirmation.referenceNumber,
    },
    // The loan by name and masked number (issue 20, item 5), above its full number: a borrower
    // with several loans reads which one was paid. A confirmation stored before it had the name
    // shows the number only.
    ...(info.accountDescription?.trim()
      ? [
          {
            hideOption: 'confirmationOptions.hideLoanNameOption',
            label: settings.get('confirmationTexts.loanNameLabel'),
            value: loanName({ description: info.accountDescription, number: info.accountNumber }),
          } satisfies Row,
        ]
      : []),
    {
      hideOption: 'confirmationOptions.hideLoanNumberOption',
      label: settings.get('confirmationTexts.loanNumberLabel'),
      value: info.accountNumber,
    },
    method.IsCard
      ? {
          hideOption: 'confirmationOptions.hidePaymentMethodOption',
          label: settings.get('confirmationTexts.cardUsedLabel'),
          value: `${PAYMENT_CARD_TYPE_NAMES[method.CardInfo.CardType]} ${maskAccountNumber(method.CardInfo.CardNumber)}`,
        }
      : {
          hideOption: 'confirmationOptions.hidePaymentMethodOption',
          label: settings.get('confirmationTexts.accountUsedLabel'),
          value: `${method.AchInfo.AccountType} ${maskAccountNumber(method.AchInfo.AccountNumber)}`,
        },
    {
      hideOption: 'confirmationOptions.hideFrequencyOption',
      label: settings.get('confirmationTexts.frequencyLabel'),
      value: frequencyText(
        settings,
        info.frequencyInfo.frequency,
        info.frequencyInfo.numDays,
        payDate,
      ),
    },
    {
      hideOption: 'confirmationOptions.hidePaymentDateOption',
      // A recurring payment's date is the first of its series: named as the form names it.
      label: settings.get(
        kind === 'recurring'
          ? 'confirmationTexts.firstPaymentDateLabel'
          : 'confirmationTexts.paymentDateLabel',
      ),
      value: formatUsDate(payDate),
    },
    // A pay-now payment says when it was received (issue 20 item 16), in the institution's zone;
    // only a pay-now confirmation keeps the time (a reload the next day still shows it).
    ...(confirmation.receivedAt !== undefined
      ? [
          {
            hideOption: 'confirmationOptions.hidePaymentReceivedOption',
            label: settings.get('confirmationTexts.paymentReceivedLabel'),
            value: formatUsDateTime(confirmation.receivedAt, timeZone),
          } satisfies Row,
        ]
      : []),
    // Days Prior only means something for the days-before-due frequency (On Due Date reads
    // 'Recurring, on your due date' in the Frequency row already).
    ...(info.frequencyInfo.frequency === 'DaysBeforeDue'
      ? [
          {
            hideOption: 'confirmationOptions.hideDaysPriorOption',
            label: settings.get('confirmationTexts.daysPriorLabel'),
            value: String(info.frequencyInfo.numDays),
          } satisfies Row,
        ]
      : []),
    {
      hideOption: 'confirmationOptions.hideAmountOption',
      label: settings.get('confirmationTexts.amountLabel'),
      // A recurring line-of-credit payment of the total due is sent as 0: its amount is worked
      // out at each payment (spec 001 section 4), which the row says instead of $0.00.
      value: locTotalDue
        ? settings.get('paymentTexts.locTotalDueText')
        : confirmation.isPayoff
          ? `${formatUsd(info.amount)} (${settings.get('recurringPaymentTexts.scheduledPayoffText')})`
          : formatUsd(info.amount),
    },
    {
      hideOption: 'confirmationOptions.hideFeeOption',
      // The form's name for the fee (issue 20: one name on the form, the review and here).
      label: settings.get('paymentTexts.processingFeeText'),
      value: formatUsd(feeCents),
    },
    // Like the recurring payment box, additional principal shows only when there is some.
    ...(info.additionalPrincipalAmount > 0
      ? [
          {
            hideOption: 'confirmationOptions.hideAdditionalPrincipalOption',
            label: settings.get('confirmationTexts.additionalPrincipalLabel'),
            value: formatUsd(info.additionalPrincipalAmount),
          } satisfies Row,
        ]
      : []),
    // With the amount unknown until payment time, a total would only be the fees: left out.
    ...(locTotalDue
      ? []
      : [
          {
            hideOption: 'confirmationOptions.hideTotalOption',
            label: settings.get('confirmationTexts.totalLabel'),
            value: formatUsd(totalCents),
          } satisfies Row,
          // Decision: a draft is an ACH debit, so Total Payment to Draft shows for ACH payments
          // only; it is what leaves the bank account (amount, fees and additional principal).
          ...(method.IsCard
            ? []
            : [
                {
                  hideOption: 'confirmationOptions.hideTotalToDraftOption',
                  label: settings.get('confirmationTexts.totalToDraftLabel'),
                  value: formatUsd(totalCents),
                } satisfies Row,
              ]),
        ]),
  ];
  const shown = rows.filter((row) => !settings.get(row.hideOption));

  return (
    <Stack spacing={3} sx={{ py: 2, maxWidth: 640 }}>
      <Typography
        ref={headingRef}
        tabIndex={-1}
        variant="h4"
        component="h1"
        sx={{ '&:focus': { outline: 'none' } }}
      >
        {settings.get('confirmationTexts.titleText')}
      </Typography>
      {later && !settings.get('confirmationOptions.hideScheduledWarningOption') ? (
        <Alert severity="info">{settings.get('confirmationTexts.scheduledWarningText')}</Alert>
      ) : null}
      {/* A bank payment made today posts once the day's ACH file sends its debit (issue 24):
          said here, so Processing on the loan is no surprise. */}
      {kind === 'immediate' && !method.IsCard ? (
        <Alert severity="info">
          {fillPlaceholders(settings.get('confirmationTexts.bankPaymentProcessingText'), {
            date: formatUsDate(payDate),
          })}
        </Alert>
      ) : null}
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' },
          columnGap: 3,
          rowGap: { xs: 0.25, sm: 1 },
          m: 0,
        }}
      >
        {shown.map((row) => (
          <Box key={row.hideOption} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
              {row.label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}>
              {row.value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ displayPrint: 'none' }}>
        <Button variant="contained" component={RouterLink} to={DASHBOARD}>
          {settings.get('confirmationTexts.backToDashboardText')}
        </Button>
        {isMobileApp() ? null : (
          <Button variant="outlined" onClick={() => window.print()}>
            {settings.get('commonTexts.printButtonText')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

/**
 * The institution's today for the confirmation: the server's day at submission, moved on by the
 * days the device's clock has moved since (a reload after the payment date counts it made). A
 * device a day or a week off, ahead or behind, (the demo clock runs days behind the wall clock)
 * made a scheduled payment look made today: no scheduled warning, no "posts once the ACH file is
 * sent" line. A confirmation stored before the device's date was kept takes the later of the two.
 */
export function confirmationToday(
  confirmation: Pick<PaymentConfirmation, 'submittedOn' | 'submittedOnDevice'>,
  deviceToday: CalendarDate,
): CalendarDate {
  const serverDay = confirmation.submittedOn?.slice(0, 10);
  if (serverDay === undefined) return deviceToday;
  const deviceDay = confirmation.submittedOnDevice?.slice(0, 10);
  if (deviceDay === undefined) return serverDay > deviceToday ? serverDay : deviceToday;
  return addDays(serverDay, Math.max(0, daysBetween(deviceDay, deviceToday)));
}
