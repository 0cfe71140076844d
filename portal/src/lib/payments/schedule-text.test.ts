import { createSettingsAccessor } from '@portal/settings-schema';
import { describe, expect, it } from 'vitest';
import { wireSettings, type SettingValues } from '../../testing/fixtures';
import { frequencyText } from './schedule-text';

const settingsWith = (values: SettingValues = {}) => createSettingsAccessor(wireSettings(values));

describe('the chosen frequency in words', () => {
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

  it('uses the institution’s schedule texts', () => {
    const settings = settingsWith({
      'recurringPaymentTexts.monthlyScheduleText': 'The {ordinal} of each month',
      'recurringPaymentTexts.daysBeforeDueScheduleText': '{n} days early',
    });
    expect(frequencyText(settings, 'MonthlyOnDate', 0, '2026-12-22T00:00:00')).toBe(
      'The 22nd of each month',
    );
    expect(frequencyText(settings, 'DaysBeforeDue', 5, '2026-12-11')).toBe('5 days early');
  });
});
