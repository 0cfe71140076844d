import { ErrorAlert } from '../../../components/error-alert/error-alert';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  daysBeforeDuePayDate,
  frequencyStep,
  paymentKindOf,
  thirdPartyFeeRequest,
  type CalendarDate,
  type Cents,
  type FrequencyDetail,
  type PaymentFrequency,
  type PaymentKind,
} from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { PaymentInfo } from '../../../lib/payments/payment-info';
import { useSettings } from '../../../lib/settings/settings-context';
import { thirdPartyFeeQuery } from '../api/payment-step-data';
import { feeMethodOf, type ChosenMethod } from '../utils/chosen-method';
import type { PaymentDraftState } from '../utils/payment-draft';
import { useAchKindFees } from '../hooks/use-ach-kind-fees';
import { firstPartyFeesOf } from '../utils/payment-context';
import { FrequencyChoice, useSchedulingOptions } from './frequency-choice';
import {
  OneTimeDateFields,
  RecurringDateFields,
  useOneTimeDate,
  type OneTimeDate,
} from './frequency-date-fields';
import {
  DaysBeforeDueField,
  RecurringNotice,
  recurringChoicesOf,
} from './frequency-recurring-options';

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

type ValidChoice = Omit<FrequencyInfo, 'thirdPartyFeeCents' | 'kind'>;

/** The frequency info once the choices are valid; undefined while one is missing or refused. */
function validChoiceOf(
  frequency: PaymentFrequency | '',
  detail: FrequencyDetail | undefined,
  info: PaymentInfo,
  oneTime: OneTimeDate,
  recurring: ReturnType<typeof recurringChoicesOf>,
): ValidChoice | undefined {
  const { dbdChoices, daysBeforeDue, recurringDate, recurringIssue } = recurring;
  if (
    frequency === 'OneTime' &&
    !oneTime.dateIssue &&
    (!oneTime.payoffTicked || !oneTime.futureQuoteNeeded || oneTime.payoffQuoteCents !== undefined)
  ) {
    return {
      frequency,
      date: oneTime.oneTimeDate,
      numDays: 0,
      isPayoff: oneTime.payoffTicked,
      payoffQuoteCents: oneTime.payoffQuoteCents,
    };
  }
  if (frequency === 'OnDueDate') {
    return {
      frequency,
      date: info.DueDate.slice(0, 10),
      numDays: 0,
      isPayoff: false,
      payoffQuoteCents: undefined,
    };
  }
  if (frequency === 'DaysBeforeDue' && dbdChoices.includes(Number(daysBeforeDue))) {
    const days = Number(daysBeforeDue);
    return {
      frequency,
      // Decided: a days-before-due payment is dated its first occurrence: the next due date
      // less the days, on the payment day before when that is a weekend day or a holiday (the
      // date the server schedules; the server keeps the schedule).
      date: daysBeforeDuePayDate(info.DueDate.slice(0, 10), days, recurring.dbdContext),
      numDays: days,
      isPayoff: false,
      payoffQuoteCents: undefined,
    };
  }
  if (detail === 'recurringDate' && frequency !== '' && recurringDate && !recurringIssue) {
    return {
      frequency,
      date: recurringDate,
      numDays: 0,
      isPayoff: false,
      payoffQuoteCents: undefined,
    };
  }
  return undefined;
}

/**
 * The third-party fee of a valid choice (when that setting is on): in cents, undefined while it
 * loads or failed; 0 when the institution charges none.
 */
function useThirdPartyFee(
  accountNumber: string,
  chosen: ChosenMethod,
  valid: ValidChoice | undefined,
  kind: PaymentKind | undefined,
) {
  const settings = useSettings();
  const useFee = settings.get('paymentAmountOptions.useThirdPartyFeeOption');
  const feeRequest =
    valid && kind ? thirdPartyFeeRequest(feeMethodOf(chosen), kind, accountNumber) : undefined;
  const fee = useQuery({
    ...thirdPartyFeeQuery(
      feeRequest ?? {
        IsAch: false,
        IsCreditCard: false,
        IsDebitCard: false,
        IsImmediate: false,
        IsOneTime: false,
        IsRecurring: false,
        LoanNumber: accountNumber,
      },
    ),
    enabled: useFee && feeRequest !== undefined,
  });
  const feeCents = !useFee ? 0 : fee.data ? fee.data.ThirdPartyFeeAmount : undefined;
  const asked = useFee && feeRequest !== undefined;
  return { feeCents, loading: asked && fee.isFetching, failed: asked && fee.isError };
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
  const options = useSchedulingOptions(info, chosen, props.pastDue);
  const { rules } = options;

  const { draft, update } = props.draftState;
  // A frequency no longer offered (another method) is dropped; every other choice stays.
  const frequency: PaymentFrequency | '' =
    draft.frequency !== '' && options.frequencies.includes(draft.frequency) ? draft.frequency : '';
  const oneTime = useOneTimeDate({
    accountNumber: props.accountNumber,
    info,
    today,
    rules,
    paymentType: options.paymentType,
    canSchedule: options.canSchedule,
    draftState: props.draftState,
    frequency,
  });

  const step = frequency ? frequencyStep(frequency) : undefined;
  const recurring = recurringChoicesOf({
    info,
    rules,
    today,
    draft,
    detail: step?.detail,
    frequency,
  });
  const { recurringDate, recurringIssue } = recurring;

  const valid = validChoiceOf(frequency, step?.detail, info, oneTime, recurring);
  // While the date field says why it refuses the date, the amount stays on screen, judged on
  // that date; the total and submit wait (issue 20 item 2).
  const dateRefused =
    (frequency === 'OneTime' && oneTime.dateIssue !== undefined) ||
    (step?.detail === 'recurringDate' && recurringDate !== '' && recurringIssue !== undefined);
  const shownDate = frequency === 'OneTime' ? oneTime.oneTimeDate : recurringDate;
  const amountBasis: FrequencyOutcome['amountBasis'] | undefined =
    valid ??
    (dateRefused && frequency !== ''
      ? {
          frequency,
          date: shownDate === '' ? undefined : shownDate,
          isPayoff: frequency === 'OneTime' && oneTime.payoffTicked,
          payoffQuoteCents: undefined,
        }
      : undefined);
  const kind = valid ? paymentKindOf(valid.frequency, valid.date, today) : undefined;
  const fee = useThirdPartyFee(props.accountNumber, chosen, valid, kind);
  const achFees = useAchKindFees(
    props.accountNumber,
    firstPartyFeesOf(info),
    options.paymentType === 'ACH',
  );
  const feeCents = fee.feeCents;

  return (
    <>
      <Stack component="section" spacing={2} aria-labelledby="payment-frequency-heading">
        <Typography id="payment-frequency-heading" variant="h2" sx={{ fontSize: '1.25rem' }}>
          {settings.get('paymentTexts.paymentFrequencyHeadingText')}
        </Typography>
        <FrequencyChoice
          value={frequency}
          frequencies={options.frequencies}
          achFees={achFees}
          onChange={(value) => {
            // The date, pay-off, days and amount stay (utils/payment-draft.ts).
            update({ frequency: value });
            oneTime.hideQuoteError();
          }}
        />

        {options.blockedTextKey ? (
          <Alert severity="info">{settings.get(options.blockedTextKey)}</Alert>
        ) : null}

        {step?.detail === 'payNowOrLater' ? (
          <OneTimeDateFields
            info={info}
            today={today}
            pastDue={props.pastDue}
            blockSchedulingWhenPastDue={rules.scheduling.blockSchedulingWhenPastDue}
            oneTime={oneTime}
            onDate={(value) => update({ oneTimeDate: value })}
          />
        ) : null}

        {step?.detail === 'daysBeforeDue' ? (
          <DaysBeforeDueField
            value={recurring.daysBeforeDue}
            choices={recurring.dbdChoices}
            onChange={(value) => update({ daysBeforeDue: value })}
          />
        ) : null}

        {step?.detail === 'recurringDate' ? (
          <RecurringDateFields
            info={info}
            today={today}
            rules={rules}
            frequency={frequency}
            dateFrequency={recurring.dateFrequency}
            recurringDate={recurringDate}
            recurringIssue={recurringIssue}
            pastDue={props.pastDue}
            onDate={(value) => update({ recurringDate: value })}
          />
        ) : null}

        <RecurringNotice frequencyShowsIt={step?.showsRecurringNotice} />
        {fee.loading ? (
          <CircularProgress size={24} aria-label={settings.get('errorTexts.loadingText')} />
        ) : null}
        {fee.failed ? (
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
