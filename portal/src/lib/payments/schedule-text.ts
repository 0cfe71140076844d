import {
  ordinal,
  weekdayName,
  type RecurringSchedule,
  type PaymentFrequency,
  recurringDetailsOf,
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';

/** A schedule whose Date may be the host's 'YYYY-MM-DDT00:00:00'. */
export type ScheduleOnWire = Omit<RecurringSchedule, 'Date'> & { Date: string };

/**
 * The recurring schedule as the borrower reads it (spec 001 section 9 "Recurring schedule
 * wording"), in the institution's words: the same choice as the domain's `scheduleWording`, each
 * wording read from its `recurringPaymentTexts.*ScheduleText` setting ({weekday}, {ordinal} and
 * {n} filled in). With the default settings both give the same text.
 */
export function recurringScheduleText(
  settings: SettingsAccessor,
  schedule: ScheduleOnWire,
): string {
  const date = schedule.Date.slice(0, 10);
  const day = () => ordinal(Number(date.slice(8, 10)));
  switch (schedule.RecurringOption) {
    case 'Weekly':
      return settings
        .get('recurringPaymentTexts.weeklyScheduleText')
        .replaceAll('{weekday}', weekdayName(date));
    case 'BiWeekly':
      return settings
        .get('recurringPaymentTexts.twoWeeksScheduleText')
        .replaceAll('{weekday}', weekdayName(date));
    case 'SemiMonthly':
      return settings
        .get('recurringPaymentTexts.semiMonthlyScheduleText')
        .replaceAll('{ordinal}', day());
    case 'DayOfMonth':
      return settings
        .get('recurringPaymentTexts.monthlyScheduleText')
        .replaceAll('{ordinal}', day());
    case 'DaysBeforeDue':
      if (schedule.NumberOfDays === 0) {
        return settings.get('recurringPaymentTexts.onDueDateScheduleText');
      }
      if (schedule.NumberOfDays === 1) {
        return settings.get('recurringPaymentTexts.oneDayBeforeDueScheduleText');
      }
      return settings
        .get('recurringPaymentTexts.daysBeforeDueScheduleText')
        .replaceAll('{n}', String(schedule.NumberOfDays));
  }
}

/**
 * A chosen frequency in words: 'One Time' (the frequency's label) for a one-time payment, else the
 * schedule it sets up, starting on `date` (the confirmation's Frequency row).
 */
export function frequencyText(
  settings: SettingsAccessor,
  frequency: PaymentFrequency,
  numDays: number,
  date: string,
): string {
  const details = recurringDetailsOf(frequency, numDays);
  if (!details) return settings.get('recurringPaymentTexts.oneTimeText');
  return recurringScheduleText(settings, {
    RecurringOption: details.RecurringOption,
    NumberOfDays: details.DaysBeforeDue,
    Date: date,
  });
}
