import { RECURRING_OPTIONS, scheduleWording } from '@portal/domain';
import { createSettingsAccessor } from '@portal/settings-schema';
import { describe, expect, it } from 'vitest';
import { wireSettings, type SettingValues } from '../../testing/fixtures';
import { frequencyText, recurringScheduleText } from './schedule-text';

const settingsWith = (values: SettingValues = {}) => createSettingsAccessor(wireSettings(values));

describe('the recurring schedule text', () => {
  const dates = ['2026-12-07', '2026-12-01', '2026-12-22', '2026-12-23', '2026-12-31'];

  it('says what the domain wording says with the default settings, for every option', () => {
    const settings = settingsWith();
    for (const option of RECURRING_OPTIONS) {
      for (const date of dates) {
        for (const days of [0, 1, 2, 9]) {
          const schedule = { RecurringOption: option, Date: date, NumberOfDays: days };
          expect(recurringScheduleText(settings, schedule)).toBe(scheduleWording(schedule));
        }
      }
    }
  });

  it('reads the host date form and fills each setting’s placeholders', () => {
    const settings = settingsWith({
      'recurringPaymentTexts.weeklyScheduleText': '{weekday} every week',
      'recurringPaymentTexts.twoWeeksScheduleText': 'Biweekly, {weekday}',
      'recurringPaymentTexts.semiMonthlyScheduleText': 'Semi-monthly from the {ordinal}',
      'recurringPaymentTexts.monthlyScheduleText': 'The {ordinal} of each month',
      'recurringPaymentTexts.onDueDateScheduleText': 'On the due date',
      'recurringPaymentTexts.oneDayBeforeDueScheduleText': 'The day before it is due',
      'recurringPaymentTexts.daysBeforeDueScheduleText': '{n} days early',
    });
    const date = '2026-12-22T00:00:00';
    const text = (RecurringOption: (typeof RECURRING_OPTIONS)[number], NumberOfDays = 0) =>
      recurringScheduleText(settings, { RecurringOption, Date: date, NumberOfDays });
    expect(text('Weekly')).toBe('Tuesday every week');
    expect(text('BiWeekly')).toBe('Biweekly, Tuesday');
    expect(text('SemiMonthly')).toBe('Semi-monthly from the 22nd');
    expect(text('DayOfMonth')).toBe('The 22nd of each month');
    expect(text('DaysBeforeDue', 0)).toBe('On the due date');
    expect(text('DaysBeforeDue', 1)).toBe('The day before it is due');
    expect(text('DaysBeforeDue', 5)).toBe('5 days early');
  });

  it('words a chosen frequency: One Time, or the schedule it starts', () => {
    const settings = settingsWith();
    expect(frequencyText(settings, 'OneTime', 0, '2026-12-07')).toBe('One Time');
    expect(frequencyText(settings, 'Weekly', 0, '2026-12-07')).toBe('Weekly on Mondays');
    expect(frequencyText(settings, 'TwoWeeks', 0, '2026-12-07')).toBe(
      'Every other week on Mondays',
    );
    expect(frequencyText(settings, 'SemiMonthly', 0, '2026-12-03')).toBe(
      'Twice a month (next one on the 3rd)',
    );
    expect(frequencyText(settings, 'MonthlyOnDate', 0, '2026-12-11')).toBe('Monthly on the 11th');
    expect(frequencyText(settings, 'OnDueDate', 0, '2026-12-11')).toBe(
      'Recurring, on your due date',
    );
    expect(frequencyText(settings, 'DaysBeforeDue', 1, '2026-12-11')).toBe(
      '1 day before your loan is due',
    );
    expect(frequencyText(settings, 'DaysBeforeDue', 4, '2026-12-11')).toBe(
      '4 days before your loan is due',
    );
  });
});
