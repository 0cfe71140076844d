import { describe, expect, it } from 'vitest';
import type { RecurringOption } from './payment-eligibility';
import {
  DEFAULT_SCHEDULE_WORDING_TEXTS,
  SCHEDULE_WORDING_TEXT_KEYS,
  daysBeforeDueWording,
  ordinal,
  scheduleWording,
  scheduleWordingTextsOf,
  weekdayName,
} from './schedule-wording';

describe('ordinal', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [10, '10th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [14, '14th'],
    [20, '20th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [24, '24th'],
    [28, '28th'],
    [30, '30th'],
    [31, '31st'],
    [101, '101st'],
    [111, '111th'],
    [112, '112th'],
    [113, '113th'],
  ])('writes %i as %s', (n, text) => {
    expect(ordinal(n)).toBe(text);
  });

  it('refuses zero, negatives and fractions', () => {
    expect(() => ordinal(0)).toThrow(RangeError);
    expect(() => ordinal(-1)).toThrow(RangeError);
    expect(() => ordinal(1.5)).toThrow(RangeError);
  });
});

describe('weekdayName', () => {
  it('names every day of a week', () => {
    // 2026-03-01 is a Sunday.
    expect(
      ['01', '02', '03', '04', '05', '06', '07'].map((day) => weekdayName(`2026-03-${day}`)),
    ).toEqual(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);
  });
});

describe('daysBeforeDueWording', () => {
  it('says on your due date for 0 days, the singular for 1 and the plural above', () => {
    expect(daysBeforeDueWording(0)).toBe('Recurring, on your due date');
    expect(daysBeforeDueWording(1)).toBe('1 day before your loan is due');
    expect(daysBeforeDueWording(2)).toBe('2 days before your loan is due');
    expect(daysBeforeDueWording(9)).toBe('9 days before your loan is due');
  });

  it('refuses negative and fractional days', () => {
    expect(() => daysBeforeDueWording(-1)).toThrow(RangeError);
    expect(() => daysBeforeDueWording(1.5)).toThrow(RangeError);
  });
});

describe('scheduleWording', () => {
  it('describes a weekly schedule by the weekday of its next date', () => {
    expect(
      scheduleWording({ RecurringOption: 'Weekly', Date: '2026-03-02', NumberOfDays: 0 }),
    ).toBe('Weekly on Mondays');
    expect(
      scheduleWording({ RecurringOption: 'Weekly', Date: '2026-03-06', NumberOfDays: 0 }),
    ).toBe('Weekly on Fridays');
  });

  it('describes an every-other-week schedule by its weekday', () => {
    expect(
      scheduleWording({ RecurringOption: 'BiWeekly', Date: '2026-03-04', NumberOfDays: 0 }),
    ).toBe('Every other week on Wednesdays');
  });

  it('describes a twice-a-month schedule by the day of its next date', () => {
    expect(
      scheduleWording({ RecurringOption: 'SemiMonthly', Date: '2026-03-01', NumberOfDays: 0 }),
    ).toBe('Twice a month (next one on the 1st)');
    expect(
      scheduleWording({ RecurringOption: 'SemiMonthly', Date: '2026-03-15', NumberOfDays: 0 }),
    ).toBe('Twice a month (next one on the 15th)');
    expect(
      scheduleWording({ RecurringOption: 'SemiMonthly', Date: '2026-03-22', NumberOfDays: 0 }),
    ).toBe('Twice a month (next one on the 22nd)');
  });

  it('describes a monthly schedule by its day of the month', () => {
    expect(
      scheduleWording({ RecurringOption: 'DayOfMonth', Date: '2026-03-03', NumberOfDays: 0 }),
    ).toBe('Monthly on the 3rd');
    expect(
      scheduleWording({ RecurringOption: 'DayOfMonth', Date: '2026-03-12', NumberOfDays: 0 }),
    ).toBe('Monthly on the 12th');
    expect(
      scheduleWording({ RecurringOption: 'DayOfMonth', Date: '2026-03-21', NumberOfDays: 0 }),
    ).toBe('Monthly on the 21st');
    expect(
      scheduleWording({ RecurringOption: 'DayOfMonth', Date: '2026-03-30', NumberOfDays: 0 }),
    ).toBe('Monthly on the 30th');
  });

  it('describes a days-before-due schedule by its days, whatever its date', () => {
    const at = (NumberOfDays: number): string =>
      scheduleWording({ RecurringOption: 'DaysBeforeDue', Date: '2026-03-10', NumberOfDays });
    expect(at(0)).toBe('Recurring, on your due date');
    expect(at(1)).toBe('1 day before your loan is due');
    expect(at(5)).toBe('5 days before your loan is due');
  });

  it('refuses a date that is not a calendar date for a calendar schedule', () => {
    expect(() =>
      scheduleWording({ RecurringOption: 'Weekly', Date: '03/02/2026', NumberOfDays: 0 }),
    ).toThrow(RangeError);
    expect(() =>
      scheduleWording({ RecurringOption: 'DayOfMonth', Date: '2026-02-30', NumberOfDays: 0 }),
    ).toThrow(RangeError);
  });
});

describe('scheduleWording in the institution’s words', () => {
  it('has each default text equal to its setting’s default', async () => {
    const { SETTING_DEFINITIONS } = await import('@portal/settings-schema');
    for (const [name, key] of Object.entries(SCHEDULE_WORDING_TEXT_KEYS)) {
      expect([name, SETTING_DEFINITIONS[key].default]).toEqual([
        name,
        DEFAULT_SCHEDULE_WORDING_TEXTS[name as keyof typeof DEFAULT_SCHEDULE_WORDING_TEXTS],
      ]);
    }
  });

  it('fills {weekday}, {ordinal} and {n} into the given texts', () => {
    const texts = {
      weekly: 'Each {weekday}',
      twoWeeks: 'Every second {weekday}',
      semiMonthly: 'Twice monthly from the {ordinal}',
      monthly: 'On the {ordinal} monthly',
      onDueDate: 'On the due date',
      oneDayBeforeDue: 'The day before it is due',
      daysBeforeDue: '{n} days early',
    };
    // 2026-12-07 is a Monday.
    const on = (RecurringOption: RecurringOption, NumberOfDays = 0) =>
      scheduleWording({ RecurringOption, Date: '2026-12-07T00:00:00', NumberOfDays }, texts);
    expect(on('Weekly')).toBe('Each Monday');
    expect(on('BiWeekly')).toBe('Every second Monday');
    expect(on('SemiMonthly')).toBe('Twice monthly from the 7th');
    expect(on('DayOfMonth')).toBe('On the 7th monthly');
    expect(on('DaysBeforeDue', 0)).toBe('On the due date');
    expect(on('DaysBeforeDue', 1)).toBe('The day before it is due');
    expect(on('DaysBeforeDue', 5)).toBe('5 days early');
  });

  it('reads the texts from the settings', () => {
    const settings = {
      get: (key: string) => (key === SCHEDULE_WORDING_TEXT_KEYS.weekly ? 'Weekly: {weekday}' : ''),
    } as Parameters<typeof scheduleWordingTextsOf>[0];
    expect(scheduleWordingTextsOf(settings).weekly).toBe('Weekly: {weekday}');
  });
});
