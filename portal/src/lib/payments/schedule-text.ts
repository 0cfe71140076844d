import {
  recurringDetailsOf,
  scheduleWording,
  scheduleWordingTextsOf,
  type PaymentFrequency,
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';

/**
 * A chosen frequency in words: 'One Time' (the frequency's label) for a one-time payment, else the
 * schedule it sets up, starting on `date` (the confirmation's Frequency row), in the domain's one
 * schedule wording (spec 001 section 9) with the institution's texts.
 */
export function frequencyText(
  settings: SettingsAccessor,
  frequency: PaymentFrequency,
  numDays: number,
  date: string,
): string {
  const details = recurringDetailsOf(frequency, numDays);
  if (!details) return settings.get('recurringPaymentTexts.oneTimeText');
  return scheduleWording(
    { RecurringOption: details.RecurringOption, NumberOfDays: details.DaysBeforeDue, Date: date },
    scheduleWordingTextsOf(settings),
  );
}
