import TextField from '@mui/material/TextField';
import {
  achFrequencyFeeWords,
  isPaymentFrequency,
  offeredFrequencies,
  paymentRulesOf,
  recurringAllowed,
  schedulingBlocks,
  type Cents,
  type PaymentFrequency,
  type PaymentKind,
  type PaymentType,
  type SchedulingBlock,
} from '@portal/domain';
import { pendingScheduledPayments, type PaymentInfo } from '../../../lib/payments/payment-info';
import { useSettings } from '../../../lib/settings/settings-context';
import { isSingleUse, paymentTypeOf, type ChosenMethod } from '../utils/chosen-method';
import { onlyImmediatePayments } from '../utils/payment-context';
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

/**
 * What the loan and the chosen method allow (spec 001 section 5 "Scheduling permission"): whether
 * a payment may be scheduled, the reason it may not, and the frequencies offered.
 */
export function useSchedulingOptions(info: PaymentInfo, chosen: ChosenMethod, pastDue: boolean) {
  const settings = useSettings();
  const paymentType = paymentTypeOf(chosen);
  const rules = paymentRulesOf(settings);
  const schedulingSettings = rules.scheduling;
  const method = { paymentType, singleUse: isSingleUse(chosen) };
  // Payments posted today stay listed (HasBeenPosted) but are no longer pending.
  const pendingScheduled = pendingScheduledPayments(info).length;
  const common = {
    pastDue,
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
  return { paymentType, rules, canSchedule, blockedTextKey, frequencies };
}

/**
 * The frequency select, with the frequencies offered. A bank-account payment's fee depends on its
 * kind (e-check today, scheduled ACH later, recurring ACH), so each choice says its fee where it
 * is chosen (issue 20 item 6); a card's fee is the same for every frequency and was shown with
 * the card.
 */
export function FrequencyChoice(props: {
  value: PaymentFrequency | '';
  frequencies: PaymentFrequency[];
  /** The fee of each kind of bank-account payment; undefined for a card, or while loading. */
  achFees: Record<PaymentKind, Cents> | undefined;
  onChange(frequency: PaymentFrequency | ''): void;
}) {
  const settings = useSettings();
  const feeTexts = {
    feeText: settings.get('paymentTexts.choiceFeeText'),
    noFeeText: settings.get('paymentTexts.choiceNoFeeText'),
    oneTimeFeesText: settings.get('paymentTexts.oneTimeFeesText'),
  };
  const label = (choice: PaymentFrequency) => {
    const text = settings.get(FREQUENCY_TEXT[choice]);
    const fee = props.achFees ? achFrequencyFeeWords(choice, props.achFees, feeTexts) : undefined;
    return fee ? `${text} (${fee})` : text;
  };
  return (
    <TextField
      select
      label={settings.get('paymentTexts.paymentFrequencyHeadingText')}
      value={props.value}
      onChange={(event) => {
        const value = event.target.value;
        props.onChange(isPaymentFrequency(value) ? value : '');
      }}
      slotProps={{ select: { native: true } }}
    >
      <option value="" />
      {props.frequencies.map((choice) => (
        <option key={choice} value={choice}>
          {label(choice)}
        </option>
      ))}
    </TextField>
  );
}
