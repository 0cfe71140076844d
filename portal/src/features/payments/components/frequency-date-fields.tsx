import Alert from '@mui/material/Alert';
import { ErrorAlert } from '../../../components/error-alert/error-alert';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type PAYMENT_DATE_ISSUE_TEXT_KEYS,
  type RECURRING_DATE_ISSUE_TEXT_KEYS,
  addDays,
  fillPlaceholders,
  firstSelectablePaymentDate,
  formatUsd,
  formatUsDate,
  futurePayoffAllowed,
  latestPaymentDate,
  payoffOffered,
  paymentDateIssue,
  paymentDateSelectable,
  recurringDateIssue,
  RECURRING_FIRST_DATE_MAX_DAYS,
  showsOverdueTodayOnlyWarning,
  type CalendarDate,
  type PaymentFrequency,
  type PaymentDateIssue,
  type PaymentRuleSettings,
  type PaymentType,
  type RecurringDateFrequency,
  type RecurringDateIssue,
} from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PaymentInfo } from '../../../lib/payments/payment-info';
import { useSettings } from '../../../lib/settings/settings-context';
import { payoffQuoteQuery } from '../api/payment-step-data';
import {
  amountLoanOf,
  oneTimeDateContextOf,
  recurringDateContextOf,
} from '../utils/payment-context';
import type { PaymentDraftState } from '../utils/payment-draft';
import { lateDateWarning } from '../utils/late-date-warning';
import { PaymentDateField } from './payment-date-field';
import type { TextKey } from './payment-texts';

/** The settings text of each one-time date issue (the domain's PAYMENT_DATE_ISSUE_TEXT_KEYS). */
const PAYMENT_DATE_ISSUE_TEXTS = {
  required: 'recurringPaymentTexts.paymentDateRequiredText',
  past: 'recurringPaymentTexts.paymentDatePastText',
  tooFar: 'recurringPaymentTexts.paymentDateTooFarText',
  holiday: 'recurringPaymentTexts.paymentDateHolidayText',
  saturday: 'recurringPaymentTexts.paymentDateSaturdayText',
  sunday: 'recurringPaymentTexts.paymentDateSundayText',
  immediateAch: 'recurringPaymentTexts.achFutureDateOnlyText',
  smallDollar: 'recurringPaymentTexts.paymentDateBlockedText',
} as const satisfies Record<keyof typeof PAYMENT_DATE_ISSUE_TEXT_KEYS, TextKey>;

/** The settings text of each recurring date issue (RECURRING_DATE_ISSUE_TEXT_KEYS). */
const RECURRING_DATE_ISSUE_TEXTS = {
  required: 'recurringPaymentTexts.paymentDateRequiredText',
  notFuture: 'recurringPaymentTexts.recurringDateFutureText',
  tooFar: 'recurringPaymentTexts.recurringDateWithinText',
  dayOfMonth: 'recurringPaymentTexts.recurringDateNotAllowedText',
  notSchedulable: 'recurringPaymentTexts.recurringDateNotAllowedText',
  holiday: 'recurringPaymentTexts.paymentDateHolidayText',
  saturday: 'recurringPaymentTexts.paymentDateSaturdayText',
  sunday: 'recurringPaymentTexts.paymentDateSundayText',
  smallDollar: 'recurringPaymentTexts.paymentDateBlockedText',
} as const satisfies Record<keyof typeof RECURRING_DATE_ISSUE_TEXT_KEYS, TextKey>;

type Settings = ReturnType<typeof useSettings>;

function issueText(
  settings: Settings,
  info: PaymentInfo,
  issue: PaymentDateIssue | undefined,
): string | undefined {
  if (!issue) return undefined;
  const text = settings.get(PAYMENT_DATE_ISSUE_TEXTS[issue]);
  return fillPlaceholders(text, { n: info.PaymentOptions.NumberDaysInPeriod });
}

function recurringIssueText(
  settings: Settings,
  issue: RecurringDateIssue | undefined,
): string | undefined {
  return issue ? settings.get(RECURRING_DATE_ISSUE_TEXTS[issue]) : undefined;
}

/** The one-time date and pay-off as they stand, with the future pay-off quote they need. */
export type OneTimeDate = ReturnType<typeof useOneTimeDate>;

/**
 * The one-time date (spec 001 section 5 "Payment date") and pay-off (section 4 "Pay-off"): the
 * date as chosen or first selectable, its issue, and the quote a future pay-off asks.
 */
export function useOneTimeDate(args: {
  accountNumber: string;
  info: PaymentInfo;
  today: CalendarDate;
  rules: PaymentRuleSettings;
  paymentType: PaymentType;
  canSchedule: boolean;
  draftState: PaymentDraftState;
  frequency: PaymentFrequency | '';
}) {
  const settings = useSettings();
  const { info, today, rules, paymentType, canSchedule, frequency } = args;
  const { draft, update } = args.draftState;
  const context = oneTimeDateContextOf(info, rules, today, paymentType);
  const loan = amountLoanOf(info, undefined);
  const date =
    draft.oneTimeDate ?? (canSchedule ? firstSelectablePaymentDate(context) : undefined) ?? today;
  // A failed quote unticks pay-off (section 4) without touching the draft: this step's own state.
  const [payoffUnticked, setPayoffUnticked] = useState(false);
  const payoff = draft.payoff && !payoffUnticked;
  // The last quote failure already acted on (its date and errorUpdateCount), and whether its
  // message shows.
  const [handledQuoteFailure, setHandledQuoteFailure] = useState<string | undefined>(undefined);
  const [quoteErrorShown, setQuoteErrorShown] = useState(false);

  const futurePayoff = futurePayoffAllowed(paymentType, rules.futurePayoff);
  const dateSelectable = paymentDateSelectable(canSchedule, payoff, futurePayoff);
  const oneTimeDate = dateSelectable ? date : today;
  const dateIssue = paymentDateIssue(oneTimeDate, context);
  const payoffShown = payoffOffered({ method: paymentType, loan, settings: rules.amounts });
  const futureQuoteNeeded =
    frequency === 'OneTime' && payoff && oneTimeDate !== today && !dateIssue;
  const quote = useQuery({
    ...payoffQuoteQuery(args.accountNumber, oneTimeDate),
    enabled: futureQuoteNeeded,
  });
  // Section 4: a failed quote unticks pay-off and shows 'Could not get payoff quote'. The box
  // stays unticked (a later date change asks no quote) until the borrower ticks it again; a
  // failure already shown does not untick that new tick (the query keeps its error while it
  // asks again), only a new failure does.
  const quoteFailure = `${oneTimeDate}:${quote.errorUpdateCount}`;
  const newQuoteFailure =
    futureQuoteNeeded && quote.isError && !quote.isFetching && quoteFailure !== handledQuoteFailure;
  if (newQuoteFailure) {
    // Adjusted while rendering (React's pattern for state that follows a change), not in an
    // effect: the next render already has pay-off unticked. The tick is the draft's (kept above
    // this step); the failure unticks it here, until the borrower ticks it again.
    setPayoffUnticked(true);
    setHandledQuoteFailure(quoteFailure);
    setQuoteErrorShown(true);
  }
  const quoteFailed = newQuoteFailure || quoteErrorShown;
  const payoffTicked = payoff && !(futureQuoteNeeded && quote.isError);
  const payoffQuoteCents =
    payoffTicked && futureQuoteNeeded && quote.data ? quote.data.PayOffQuoteAmount : undefined;
  const payoffLine =
    payoffTicked && frequency === 'OneTime'
      ? oneTimeDate === today
        ? `${settings.get('paymentTexts.payoffTodayText')} ${formatUsd(loan.payoffCents)}`
        : payoffQuoteCents !== undefined
          ? `${fillPlaceholders(settings.get('paymentTexts.payoffDateText'), { date: formatUsDate(oneTimeDate) })} ${formatUsd(payoffQuoteCents)}`
          : undefined
      : undefined;

  return {
    context,
    oneTimeDate,
    dateSelectable,
    dateIssue,
    payoffShown,
    payoffChecked: payoff && !newQuoteFailure,
    futureQuoteNeeded,
    quoteLoading: futureQuoteNeeded && quote.isFetching,
    quoteFailed,
    payoffTicked,
    payoffQuoteCents,
    payoffLine,
    tickPayoff(checked: boolean) {
      update({ payoff: checked });
      setPayoffUnticked(false);
      if (checked) setQuoteErrorShown(false);
    },
    hideQuoteError() {
      setQuoteErrorShown(false);
    },
  };
}

/**
 * Pay now or later (One Time): the past-due warning, the pay-off box, the payment date with its
 * warnings, and the pay-off figure (or why it could not be had).
 */
export function OneTimeDateFields(props: {
  info: PaymentInfo;
  today: CalendarDate;
  pastDue: boolean;
  blockSchedulingWhenPastDue: boolean;
  oneTime: OneTimeDate;
  onDate(date: string): void;
}) {
  const settings = useSettings();
  const { info, today, oneTime } = props;
  // A payoff already waiting for its date: paying off now, it will not be made (the server
  // refuses it on its date, the loan paid off, and tells the borrower); said before, not after.
  const scheduledPayoff = (info.ScheduledPayments ?? []).find(
    (payment) => payment.IsPayoff && !payment.HasBeenPosted,
  );
  return (
    <Stack spacing={1}>
      {showsOverdueTodayOnlyWarning(props.pastDue, props.blockSchedulingWhenPastDue) ? (
        <Alert severity="warning">
          {settings.get('recurringPaymentTexts.pastDueTodayOnlyText')}
        </Alert>
      ) : null}
      {oneTime.payoffShown ? (
        <FormControlLabel
          control={
            <Checkbox
              checked={oneTime.payoffChecked}
              onChange={(event) => oneTime.tickPayoff(event.target.checked)}
            />
          }
          label={settings.get('paymentTexts.payoffCheckboxText')}
        />
      ) : null}
      <PaymentDateField
        label={settings.get('recurringPaymentTexts.paymentDateLabel')}
        value={oneTime.oneTimeDate}
        disabled={!oneTime.dateSelectable}
        onChange={(value) => props.onDate(value)}
        min={today}
        max={latestPaymentDate(today, info.PaymentOptions.NumberDaysInPeriod)}
        refusalOf={(day) => issueText(settings, info, paymentDateIssue(day, oneTime.context))}
        calendarButtonLabel={settings.get('paymentTexts.paymentDateCalendarButtonLabel')}
        unavailableHeading={settings.get('paymentTexts.unavailableDatesHeadingText')}
        loadingLabel={settings.get('errorTexts.loadingText')}
        errorMessage={issueText(settings, info, oneTime.dateIssue)}
        warningMessage={lateDateWarning(settings, info, oneTime.oneTimeDate, props.pastDue)}
      />
      {oneTime.quoteLoading ? (
        <CircularProgress size={24} aria-label={settings.get('errorTexts.loadingText')} />
      ) : null}
      {oneTime.payoffLine ? <Typography role="status">{oneTime.payoffLine}</Typography> : null}
      {oneTime.payoffChecked && scheduledPayoff ? (
        <Alert severity="info">
          {fillPlaceholders(settings.get('paymentTexts.payoffAlreadyScheduledText'), {
            amount: formatUsd(scheduledPayoff.PaymentAmount),
            date: formatUsDate(scheduledPayoff.PaymentDate),
          })}
        </Alert>
      ) : null}
      {oneTime.quoteFailed ? (
        <ErrorAlert>{settings.get('paymentTexts.payoffQuoteErrorText')}</ErrorAlert>
      ) : null}
    </Stack>
  );
}

/**
 * A recurring payment's first date (Weekly, Every Two Weeks, Semi-Monthly, Monthly on Date), with
 * its warnings and, for Semi-Monthly, how the second payment of the month is dated.
 */
export function RecurringDateFields(props: {
  info: PaymentInfo;
  today: CalendarDate;
  rules: PaymentRuleSettings;
  frequency: PaymentFrequency | '';
  /** The frequency when its first payment is a date the borrower picks. */
  dateFrequency: RecurringDateFrequency | undefined;
  recurringDate: string;
  recurringIssue: RecurringDateIssue | undefined;
  /** The loan is past due: a later date is not said to be late (it is already). */
  pastDue: boolean;
  onDate(date: string): void;
}) {
  const settings = useSettings();
  const { info, today, rules, dateFrequency, recurringDate, recurringIssue } = props;
  return (
    <Stack spacing={1}>
      <PaymentDateField
        label={settings.get('recurringPaymentTexts.firstPaymentDateLabel')}
        value={recurringDate}
        onChange={(value) => props.onDate(value)}
        min={addDays(today, 1)}
        max={addDays(today, RECURRING_FIRST_DATE_MAX_DAYS)}
        refusalOf={(day) =>
          dateFrequency
            ? recurringIssueText(
                settings,
                recurringDateIssue(dateFrequency, day, recurringDateContextOf(info, rules, today)),
              )
            : undefined
        }
        calendarButtonLabel={settings.get('paymentTexts.paymentDateCalendarButtonLabel')}
        unavailableHeading={settings.get('paymentTexts.unavailableDatesHeadingText')}
        loadingLabel={settings.get('errorTexts.loadingText')}
        errorMessage={
          recurringDate && recurringIssue
            ? settings.get(RECURRING_DATE_ISSUE_TEXTS[recurringIssue])
            : undefined
        }
        warningMessage={lateDateWarning(settings, info, recurringDate, props.pastDue)}
      />
      {props.frequency === 'SemiMonthly' &&
      !settings.get('paymentOptions.hideSemiMonthlyInfoOption') ? (
        <Typography>{settings.get('recurringPaymentTexts.semiMonthlyInfoText')}</Typography>
      ) : null}
    </Stack>
  );
}
