import Alert from '@mui/material/Alert';
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
  type PaymentKind,
  type PaymentType,
  type RecurringDateFrequency,
  type SchedulingBlock,
} from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { InputField } from '../../../components/masked-input/input-field';
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

interface FrequencyStepProps {
  accountNumber: string;
  info: PaymentInfo;
  chosen: ChosenMethod;
  today: CalendarDate;
  pastDue: boolean;
  /** The steps after this one, given the valid frequency info. */
  children(frequency: FrequencyInfo): ReactNode;
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

  const [frequency, setFrequency] = useState<PaymentFrequency | ''>('');
  const [date, setDate] = useState<string>(
    () => (canSchedule ? firstSelectablePaymentDate(oneTimeContext) : undefined) ?? today,
  );
  const [payoff, setPayoff] = useState(false);
  // The last quote failure already acted on (its date and errorUpdateCount), and whether its
  // message shows.
  const [handledQuoteFailure, setHandledQuoteFailure] = useState<string | undefined>(undefined);
  const [quoteErrorShown, setQuoteErrorShown] = useState(false);
  const [recurringDate, setRecurringDate] = useState('');
  const [daysBeforeDue, setDaysBeforeDue] = useState('');

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
    // effect: the next render already has pay-off unticked.
    setPayoff(false);
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
  const recurringIssue =
    step?.detail === 'recurringDate' && frequency !== '' && frequency !== 'OneTime'
      ? recurringDateIssue(
          frequency as RecurringDateFrequency,
          recurringDate,
          recurringDateContextOf(info, rules, today),
        )
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

  function dateIssueText(): string | undefined {
    if (!dateIssue) return undefined;
    const text = settings.get(PAYMENT_DATE_ISSUE_TEXTS[dateIssue]);
    return fillPlaceholders(text, { n: info.PaymentOptions.NumberDaysInPeriod });
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
            setFrequency(isPaymentFrequency(value) ? value : '');
            setPayoff(false);
            setQuoteErrorShown(false);
            setRecurringDate('');
            setDaysBeforeDue('');
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
                      setPayoff(event.target.checked);
                      if (event.target.checked) setQuoteErrorShown(false);
                    }}
                  />
                }
                label={settings.get('paymentTexts.payoffCheckboxText')}
              />
            ) : null}
            <InputField
              label={settings.get('recurringPaymentTexts.paymentDateLabel')}
              type="date"
              value={oneTimeDate}
              disabled={!dateSelectable}
              onChange={(event) => setDate(event.target.value)}
              slotProps={{
                input: {
                  min: today,
                  max: latestPaymentDate(today, info.PaymentOptions.NumberDaysInPeriod),
                },
              }}
              errorMessage={dateIssueText()}
            />
            {futureQuoteNeeded && quote.isFetching ? (
              <CircularProgress size={24} aria-label={settings.get('errorTexts.loadingText')} />
            ) : null}
            {payoffLine ? <Typography role="status">{payoffLine}</Typography> : null}
            {quoteFailed ? (
              <Alert severity="error">{settings.get('paymentTexts.payoffQuoteErrorText')}</Alert>
            ) : null}
          </Stack>
        ) : null}

        {step?.detail === 'daysBeforeDue' ? (
          <TextField
            select
            label={settings.get('recurringPaymentTexts.daysBeforeDueLabel')}
            value={daysBeforeDue}
            onChange={(event) => setDaysBeforeDue(event.target.value)}
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
            <InputField
              label={settings.get('recurringPaymentTexts.firstPaymentDateLabel')}
              type="date"
              value={recurringDate}
              onChange={(event) => setRecurringDate(event.target.value)}
              slotProps={{
                input: {
                  min: addDays(today, 1),
                  max: addDays(today, RECURRING_FIRST_DATE_MAX_DAYS),
                },
              }}
              errorMessage={
                recurringDate && recurringIssue
                  ? settings.get(RECURRING_DATE_ISSUE_TEXTS[recurringIssue])
                  : undefined
              }
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
          <Alert severity="error">{settings.get('paymentErrorTexts.feeLoadingErrorText')}</Alert>
        ) : null}
      </Stack>
      {valid && kind && feeCents !== undefined
        ? props.children({ ...valid, kind, thirdPartyFeeCents: feeCents })
        : null}
    </>
  );
}
