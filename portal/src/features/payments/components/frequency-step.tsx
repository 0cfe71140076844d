import Alert from '@mui/material/Alert';
import { ErrorAlert } from '../../../components/error-alert/error-alert';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type PAYMENT_DATE_ISSUE_TEXT_KEYS,
  type RECURRING_DATE_ISSUE_TEXT_KEYS,
  addDays,
  daysBeforeDueChoices,
  daysBeforeDuePayDate,
  dollarsToCents,
  fillPlaceholders,
  isRecurringDateFrequency,
  paidAfterDueDate,
  firstSelectablePaymentDate,
  formatUsd,
  formatUsDate,
  frequencyStep,
  futurePayoffAllowed,
  isPaymentFrequency,
  latestPaymentDate,
  offeredFrequencies,
  payoffOffered,
  paymentDateIssue,
  paymentDateSelectable,
  paymentKindOf,
  paymentRulesOf,
  recurringAllowed,
  recurringDateIssue,
  RECURRING_FIRST_DATE_MAX_DAYS,
  schedulingBlocks,
  showsOverdueTodayOnlyWarning,
  thirdPartyFeeRequest,
  type CalendarDate,
  type Cents,
  type PaymentFrequency,
  type PaymentDateIssue,
  type PaymentKind,
  type PaymentType,
  type RecurringDateIssue,
  type SchedulingBlock,
} from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { pendingScheduledPayments, type PaymentInfo } from '../../../lib/payments/payment-info';
import { useSettings } from '../../../lib/settings/settings-context';
import { payoffQuoteQuery, thirdPartyFeeQuery } from '../api/payment-step-data';
import { feeMethodOf, isSingleUse, paymentTypeOf, type ChosenMethod } from '../utils/chosen-method';
import {
  amountLoanOf,
  daysBeforeDueContextOf,
  oneTimeDateContextOf,
  onlyImmediatePayments,
  recurringDateContextOf,
} from '../utils/payment-context';
import type { PaymentDraftState } from '../utils/payment-draft';
import { PaymentDateField } from './payment-date-field';
import type { TextKey } from './payment-texts';

const FREQUENCY_TEXT: Record<PaymentFrequency, TextKey> = {
  OneTime: 'recurringPaymentTexts.oneTimeText',
  Weekly: 'recurringPaymentTexts.weeklyText',
  TwoWeeks: 'recurringPaymentTexts.twoWeeksText',
  SemiMonthly: 'recurringPaymentTexts.semiMonthlyText',
  MonthlyOnDate: 'recurringPaymentTexts.monthlyOnDateText',
  DaysBeforeDue: 'recurringPaymentTexts.daysBeforeDueText',
  OnDueDate: 'recurringPaymentTexts.onDueDateText',
};

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

/**
 * Why only One Time today is offered, as an info line under the frequency (spec 001 section 5
 * "Scheduling permission"). Each block reads the settings text that already words it: the
 * section 8 texts of the same refusals (ReachedMaxScheduledAllowed, MustSavePaymentMethod, the
 * scheduled "not allowed" variants, Delinquent). The spec words no text for an existing recurring
 * payment: recurringPaymentTexts.schedulingBlockedByRecurringText is the product's. A past-due
 * block has none here: the spec's own warning ('Overdue loan payment can only be made today')
 * shows with the date.
 */
function schedulingBlockedTextKey(
  block: SchedulingBlock,
  paymentType: PaymentType,
): TextKey | undefined {
  switch (block) {
    case 'pastDue':
      return undefined;
    case 'delinquent':
      return 'paymentErrorTexts.delinquentText';
    case 'scheduledQuotaReached':
      return 'paymentErrorTexts.reachedMaxScheduledText';
    case 'methodCannotSchedule':
      return 'paymentErrorTexts.mustSavePaymentMethodText';
    case 'onlyImmediatePayments':
      return paymentType === 'ACH'
        ? 'paymentErrorTexts.scheduledAchNotAllowedText'
        : 'paymentErrorTexts.scheduledCardNotAllowedText';
    case 'hasRecurringPayment':
      return 'recurringPaymentTexts.schedulingBlockedByRecurringText';
  }
}

/** The frequency step's valid result (the spec's frequency info). */
export interface FrequencyInfo {
  frequency: PaymentFrequency;
  kind: PaymentKind;
  /** The one-time date, a recurring first date, or the date days before the due date. */
  date: CalendarDate;
  /** Days before due (0 for OnDueDate and every calendar frequency). */
  numDays: number;
  isPayoff: boolean;
  payoffQuoteCents: Cents | undefined;
  thirdPartyFeeCents: Cents;
}

/**
 * What the steps after this one are given (issue 20 item 2: what the borrower typed survives
 * every later choice). The amount step shows once the frequency step is valid, and stays while
 * the date field shows why it refuses a date: the amount is judged on the choices as they stand
 * (`amountBasis`), and the total and submit wait for a valid frequency (`valid`).
 */
export interface FrequencyOutcome {
  amountBasis: {
    frequency: PaymentFrequency;
    /** The date as it stands (undefined while the field is empty). */
    date: CalendarDate | undefined;
    isPayoff: boolean;
    payoffQuoteCents: Cents | undefined;
  };
  /** The valid frequency info with its fee; undefined while a date is refused or the fee loads. */
  valid: FrequencyInfo | undefined;
}

interface FrequencyStepProps {
  accountNumber: string;
  info: PaymentInfo;
  chosen: ChosenMethod;
  today: CalendarDate;
  pastDue: boolean;
  /** What the borrower chose, kept above the steps (utils/payment-draft.ts). */
  draftState: PaymentDraftState;
  /** The steps after this one (FrequencyOutcome says when they show and what they are given). */
  children(outcome: FrequencyOutcome): ReactNode;
}

/**
 * Step 3, Payment Frequency (spec 001 sections 2, 4 "Frequency choice" and "Pay-off", 5 "Payment
 * date", "Recurring date", "Days before due", "Scheduling permission"). Every rule is the
 * domain's; this step shows the choices they allow and their messages. A valid choice fetches
 * the third-party fee (when that setting is on) before the next step shows.
 */
export function FrequencyStep(props: FrequencyStepProps) {
  const settings = useSettings();
  const { info, today, chosen } = props;
  const paymentType = paymentTypeOf(chosen);
  const rules = paymentRulesOf(settings);
  const schedulingSettings = rules.scheduling;
  const method = { paymentType, singleUse: isSingleUse(chosen) };
  // Payments posted today stay listed (HasBeenPosted) but are no longer pending.
  const pendingScheduled = pendingScheduledPayments(info).length;
  const common = {
    pastDue: props.pastDue,
    delinquent: info.Delinquent,
    onlyImmediatePayments: onlyImmediatePayments(info),
    hasRecurringPayment: info.RecurringPayment !== null,
    method,
    settings: schedulingSettings,
  };
  const blocks = schedulingBlocks({
    ...common,
    numScheduledPayments: pendingScheduled,
  });
  const canSchedule = blocks.length === 0;
  // One reason, the first in the spec's order; none when past due (its warning says it).
  const blockedTextKey = blocks.includes('pastDue')
    ? undefined
    : blocks
        .map((block) => schedulingBlockedTextKey(block, paymentType))
        .find((key) => key !== undefined);
  const canRecur = recurringAllowed({
    ...common,
    recurringAllowedByHost: info.PaymentOptions.RecurringAllowed,
    hasScheduledPayments: pendingScheduled > 0,
  });
  const frequencies = offeredFrequencies(canRecur, rules.recurringFrequencies);
  const oneTimeContext = oneTimeDateContextOf(info, rules, today, paymentType);
  const amountSettings = rules.amounts;
  const loan = amountLoanOf(info, undefined);

  const { draft, update } = props.draftState;
  // A frequency no longer offered (another method) is dropped; every other choice stays.
  const frequency: PaymentFrequency | '' =
    draft.frequency !== '' && frequencies.includes(draft.frequency) ? draft.frequency : '';
  const date =
    draft.oneTimeDate ??
    (canSchedule ? firstSelectablePaymentDate(oneTimeContext) : undefined) ??
    today;
  // A failed quote unticks pay-off (section 4) without touching the draft: this step's own state.
  const [payoffUnticked, setPayoffUnticked] = useState(false);
  const payoff = draft.payoff && !payoffUnticked;
  // The last quote failure already acted on (its date and errorUpdateCount), and whether its
  // message shows.
  const [handledQuoteFailure, setHandledQuoteFailure] = useState<string | undefined>(undefined);
  const [quoteErrorShown, setQuoteErrorShown] = useState(false);
  const recurringDate = draft.recurringDate;

  const futurePayoff = futurePayoffAllowed(paymentType, rules.futurePayoff);
  const dateSelectable = paymentDateSelectable(canSchedule, payoff, futurePayoff);
  const oneTimeDate = dateSelectable ? date : today;
  const dateIssue = paymentDateIssue(oneTimeDate, oneTimeContext);
  const payoffShown = payoffOffered({ method: paymentType, loan, settings: amountSettings });
  const futureQuoteNeeded =
    frequency === 'OneTime' && payoff && oneTimeDate !== today && !dateIssue;
  const quote = useQuery({
    ...payoffQuoteQuery(props.accountNumber, oneTimeDate),
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
    payoffTicked && futureQuoteNeeded && quote.data
      ? dollarsToCents(quote.data.PayOffQuoteAmount)
      : undefined;

  const step = frequency ? frequencyStep(frequency) : undefined;
  const dbdContext = daysBeforeDueContextOf(info, rules, today);
  // The domain never offers a day whose date this cycle is before tomorrow (both of section 5's
  // filters apply), so the first payment is never dated in the past.
  const dbdChoices = daysBeforeDueChoices(dbdContext);
  const daysBeforeDue = dbdChoices.includes(Number(draft.daysBeforeDue)) ? draft.daysBeforeDue : '';
  // The frequency when its first payment is a date the borrower picks (a type guard, no cast).
  const dateFrequency =
    step?.detail === 'recurringDate' && isRecurringDateFrequency(frequency) ? frequency : undefined;
  const recurringIssue = dateFrequency
    ? recurringDateIssue(dateFrequency, recurringDate, recurringDateContextOf(info, rules, today))
    : undefined;

  let valid: Omit<FrequencyInfo, 'thirdPartyFeeCents' | 'kind'> | undefined;
  if (
    frequency === 'OneTime' &&
    !dateIssue &&
    (!payoffTicked || !futureQuoteNeeded || payoffQuoteCents !== undefined)
  ) {
    valid = {
      frequency,
      date: oneTimeDate,
      numDays: 0,
      isPayoff: payoffTicked,
      payoffQuoteCents,
    };
  } else if (frequency === 'OnDueDate') {
    valid = {
      frequency,
      date: info.DueDate.slice(0, 10),
      numDays: 0,
      isPayoff: false,
      payoffQuoteCents: undefined,
    };
  } else if (frequency === 'DaysBeforeDue' && dbdChoices.includes(Number(daysBeforeDue))) {
    const days = Number(daysBeforeDue);
    valid = {
      frequency,
      // Decided: a days-before-due payment is dated its first occurrence: the next due date
      // less the days, on the payment day before when that is a weekend day or a holiday (the
      // date the server schedules; the server keeps the schedule).
      date: daysBeforeDuePayDate(info.DueDate.slice(0, 10), days, dbdContext),
      numDays: days,
      isPayoff: false,
      payoffQuoteCents: undefined,
    };
  } else if (
    step?.detail === 'recurringDate' &&
    frequency !== '' &&
    recurringDate &&
    !recurringIssue
  ) {
    valid = {
      frequency,
      date: recurringDate,
      numDays: 0,
      isPayoff: false,
      payoffQuoteCents: undefined,
    };
  }
  // While the date field says why it refuses the date, the amount stays on screen, judged on
  // that date; the total and submit wait (issue 20 item 2).
  const dateRefused =
    (frequency === 'OneTime' && dateIssue !== undefined) ||
    (step?.detail === 'recurringDate' && recurringDate !== '' && recurringIssue !== undefined);
  const shownDate = frequency === 'OneTime' ? oneTimeDate : recurringDate;
  const amountBasis: FrequencyOutcome['amountBasis'] | undefined =
    valid ??
    (dateRefused && frequency !== ''
      ? {
          frequency,
          date: shownDate === '' ? undefined : shownDate,
          isPayoff: frequency === 'OneTime' && payoffTicked,
          payoffQuoteCents: undefined,
        }
      : undefined);
  const kind = valid ? paymentKindOf(valid.frequency, valid.date, today) : undefined;
  const useFee = settings.get('paymentAmountOptions.useThirdPartyFeeOption');
  const feeRequest =
    valid && kind
      ? thirdPartyFeeRequest(feeMethodOf(chosen), kind, props.accountNumber)
      : undefined;
  const fee = useQuery({
    ...thirdPartyFeeQuery(
      feeRequest ?? {
        IsAch: false,
        IsCreditCard: false,
        IsDebitCard: false,
        IsImmediate: false,
        IsOneTime: false,
        IsRecurring: false,
        LoanNumber: props.accountNumber,
      },
    ),
    enabled: useFee && feeRequest !== undefined,
  });
  const feeCents = !useFee
    ? 0
    : fee.data
      ? dollarsToCents(fee.data.ThirdPartyFeeAmount)
      : undefined;

  function issueText(issue: PaymentDateIssue | undefined): string | undefined {
    if (!issue) return undefined;
    const text = settings.get(PAYMENT_DATE_ISSUE_TEXTS[issue]);
    return fillPlaceholders(text, { n: info.PaymentOptions.NumberDaysInPeriod });
  }
  function recurringIssueText(issue: RecurringDateIssue | undefined): string | undefined {
    return issue ? settings.get(RECURRING_DATE_ISSUE_TEXTS[issue]) : undefined;
  }
  // A date after the due date is allowed, and said to be late beside the field (issue 20).
  function afterDueDateWarning(date: string): string | undefined {
    const dueDate = info.DueDate.slice(0, 10);
    return paidAfterDueDate(date, dueDate)
      ? fillPlaceholders(settings.get('paymentTexts.afterDueDateWarningText'), {
          dueDate: formatUsDate(dueDate),
        })
      : undefined;
  }
  function dateIssueText(): string | undefined {
    return issueText(dateIssue);
  }

  const payoffLine =
    payoffTicked && frequency === 'OneTime'
      ? oneTimeDate === today
        ? `${settings.get('paymentTexts.payoffTodayText')} ${formatUsd(loan.payoffCents)}`
        : payoffQuoteCents !== undefined
          ? `${fillPlaceholders(settings.get('paymentTexts.payoffDateText'), { date: formatUsDate(oneTimeDate) })} ${formatUsd(payoffQuoteCents)}`
          : undefined
      : undefined;

  return (
    <>
      <Stack component="section" spacing={2} aria-labelledby="payment-frequency-heading">
        <Typography id="payment-frequency-heading" variant="h2" sx={{ fontSize: '1.25rem' }}>
          {settings.get('paymentTexts.paymentFrequencyHeadingText')}
        </Typography>
        <TextField
          select
          label={settings.get('paymentTexts.paymentFrequencyHeadingText')}
          value={frequency}
          onChange={(event) => {
            const value = event.target.value;
            // The date, pay-off, days and amount stay (utils/payment-draft.ts).
            update({ frequency: isPaymentFrequency(value) ? value : '' });
            setQuoteErrorShown(false);
          }}
          slotProps={{ select: { native: true } }}
        >
          <option value="" />
          {frequencies.map((choice) => (
            <option key={choice} value={choice}>
              {settings.get(FREQUENCY_TEXT[choice])}
            </option>
          ))}
        </TextField>

        {blockedTextKey ? <Alert severity="info">{settings.get(blockedTextKey)}</Alert> : null}

        {step?.detail === 'payNowOrLater' ? (
          <Stack spacing={1}>
            {showsOverdueTodayOnlyWarning(
              props.pastDue,
              schedulingSettings.blockSchedulingWhenPastDue,
            ) ? (
              <Alert severity="warning">
                {settings.get('recurringPaymentTexts.pastDueTodayOnlyText')}
              </Alert>
            ) : null}
            {payoffShown ? (
              <FormControlLabel
                control={
                  <Checkbox
                    checked={payoff && !newQuoteFailure}
                    onChange={(event) => {
                      update({ payoff: event.target.checked });
                      setPayoffUnticked(false);
                      if (event.target.checked) setQuoteErrorShown(false);
                    }}
                  />
                }
                label={settings.get('paymentTexts.payoffCheckboxText')}
              />
            ) : null}
            <PaymentDateField
              label={settings.get('recurringPaymentTexts.paymentDateLabel')}
              value={oneTimeDate}
              disabled={!dateSelectable}
              onChange={(value) => update({ oneTimeDate: value })}
              min={today}
              max={latestPaymentDate(today, info.PaymentOptions.NumberDaysInPeriod)}
              refusalOf={(day) => issueText(paymentDateIssue(day, oneTimeContext))}
              calendarButtonLabel={settings.get('paymentTexts.paymentDateCalendarButtonLabel')}
              unavailableHeading={settings.get('paymentTexts.unavailableDatesHeadingText')}
              loadingLabel={settings.get('errorTexts.loadingText')}
              errorMessage={dateIssueText()}
              warningMessage={afterDueDateWarning(oneTimeDate)}
            />
            {futureQuoteNeeded && quote.isFetching ? (
              <CircularProgress size={24} aria-label={settings.get('errorTexts.loadingText')} />
            ) : null}
            {payoffLine ? <Typography role="status">{payoffLine}</Typography> : null}
            {quoteFailed ? (
              <ErrorAlert>{settings.get('paymentTexts.payoffQuoteErrorText')}</ErrorAlert>
            ) : null}
          </Stack>
        ) : null}

        {step?.detail === 'daysBeforeDue' ? (
          <TextField
            select
            label={settings.get('recurringPaymentTexts.daysBeforeDueLabel')}
            value={daysBeforeDue}
            onChange={(event) => update({ daysBeforeDue: event.target.value })}
            slotProps={{ select: { native: true } }}
          >
            <option value="" />
            {dbdChoices.map((days) => (
              <option key={days} value={String(days)}>
                {days}
              </option>
            ))}
          </TextField>
        ) : null}

        {step?.detail === 'recurringDate' ? (
          <Stack spacing={1}>
            <PaymentDateField
              label={settings.get('recurringPaymentTexts.firstPaymentDateLabel')}
              value={recurringDate}
              onChange={(value) => update({ recurringDate: value })}
              min={addDays(today, 1)}
              max={addDays(today, RECURRING_FIRST_DATE_MAX_DAYS)}
              refusalOf={(day) =>
                dateFrequency
                  ? recurringIssueText(
                      recurringDateIssue(
                        dateFrequency,
                        day,
                        recurringDateContextOf(info, rules, today),
                      ),
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
              warningMessage={afterDueDateWarning(recurringDate)}
            />
            {frequency === 'SemiMonthly' &&
            !settings.get('paymentOptions.hideSemiMonthlyInfoOption') ? (
              <Typography>{settings.get('recurringPaymentTexts.semiMonthlyInfoText')}</Typography>
            ) : null}
          </Stack>
        ) : null}

        {step?.showsRecurringNotice &&
        !settings.get('paymentOptions.hideRecurringPaymentNoticeOption') ? (
          <Alert severity="info">{settings.get('recurringPaymentTexts.recurringNoticeText')}</Alert>
        ) : null}
        {useFee && feeRequest && fee.isFetching ? (
          <CircularProgress size={24} aria-label={settings.get('errorTexts.loadingText')} />
        ) : null}
        {useFee && feeRequest && fee.isError ? (
          <ErrorAlert>{settings.get('paymentErrorTexts.feeLoadingErrorText')}</ErrorAlert>
        ) : null}
      </Stack>
      {amountBasis
        ? props.children({
            amountBasis,
            valid:
              valid && kind && feeCents !== undefined
                ? { ...valid, kind, thirdPartyFeeCents: feeCents }
                : undefined,
          })
        : null}
    </>
  );
}
