import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import {
  daysBeforeDueChoices,
  isRecurringDateFrequency,
  recurringDateIssue,
  type CalendarDate,
  type FrequencyDetail,
  type PaymentFrequency,
  type PaymentRuleSettings,
} from '@portal/domain';
import type { PaymentInfo } from '../../../lib/payments/payment-info';
import { useSettings } from '../../../lib/settings/settings-context';
import { daysBeforeDueContextOf, recurringDateContextOf } from '../utils/payment-context';
import type { PaymentDraft } from '../utils/payment-draft';

/**
 * A recurring payment's choices as they stand (spec 001 section 5 "Recurring date" and "Days
 * before due"): the days before due offered and chosen, and the first date's issue.
 */
export function recurringChoicesOf(args: {
  info: PaymentInfo;
  rules: PaymentRuleSettings;
  today: CalendarDate;
  draft: PaymentDraft;
  detail: FrequencyDetail | undefined;
  frequency: PaymentFrequency | '';
}) {
  const { info, rules, today, draft, detail, frequency } = args;
  const recurringDate = draft.recurringDate;
  const dbdContext = daysBeforeDueContextOf(info, rules, today);
  // The domain never offers a day whose date this cycle is before tomorrow (both of section 5's
  // filters apply), so the first payment is never dated in the past.
  const dbdChoices = daysBeforeDueChoices(dbdContext);
  const daysBeforeDue = dbdChoices.includes(Number(draft.daysBeforeDue)) ? draft.daysBeforeDue : '';
  // The frequency when its first payment is a date the borrower picks (a type guard, no cast).
  const dateFrequency =
    detail === 'recurringDate' && isRecurringDateFrequency(frequency) ? frequency : undefined;
  const recurringIssue = dateFrequency
    ? recurringDateIssue(dateFrequency, recurringDate, recurringDateContextOf(info, rules, today))
    : undefined;
  return { recurringDate, dbdContext, dbdChoices, daysBeforeDue, dateFrequency, recurringIssue };
}

/** Days before due: the days offered this cycle. */
export function DaysBeforeDueField(props: {
  value: string;
  choices: number[];
  onChange(days: string): void;
}) {
  const settings = useSettings();
  return (
    <TextField
      select
      label={settings.get('recurringPaymentTexts.daysBeforeDueLabel')}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      slotProps={{ select: { native: true } }}
    >
      <option value="" />
      {props.choices.map((days) => (
        <option key={days} value={String(days)}>
          {days}
        </option>
      ))}
    </TextField>
  );
}

/** The notice under a recurring frequency, unless the settings hide it. */
export function RecurringNotice(props: { frequencyShowsIt: boolean | undefined }) {
  const settings = useSettings();
  return props.frequencyShowsIt &&
    !settings.get('paymentOptions.hideRecurringPaymentNoticeOption') ? (
    <Alert severity="info">{settings.get('recurringPaymentTexts.recurringNoticeText')}</Alert>
  ) : null;
}
