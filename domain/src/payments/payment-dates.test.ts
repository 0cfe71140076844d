import { describe, expect, it } from 'vitest';
import { federalReserveHolidayOn, isBusinessDay } from '../rules/business-days';
import {
  addDays,
  calendarDateIn,
  daysBetween,
  weekday,
  type CalendarDate,
} from '../rules/calendar';
import {
  adjustedAchPaymentDate,
  afterAchCutoff,
  daysBeforeDueChoices,
  daysBeforeDuePayDate,
  daysBeforeDueDate,
  firstSelectablePaymentDate,
  isBilledMonthly,
  isDaysBeforeDueAllowed,
  isNonPaymentDay,
  isSelectablePaymentDate,
  isSelectableRecurringDate,
  latestPaymentDate,
  nonPaymentDaysBetween,
  PAYMENT_DATE_ISSUE_ERROR_KEYS,
  PAYMENT_DATE_ISSUE_TEXT_KEYS,
  isRecurringDateFrequency,
  paidAfterDueDate,
  paymentDateIssue,
  RECURRING_DATE_ISSUE_TEXT_KEYS,
  recurringDateIssue,
  SELECTABLE_DATES_LIMIT_DAYS,
  selectablePaymentDates,
  selectableRecurringDates,
  semiMonthlySecondDate,
  smallDollarBlockedDays,
  type DaysBeforeDueContext,
  type OneTimeDateContext,
  type RecurringDateContext,
  nextRecurringDrawDate,
} from './payment-dates';

/** Every calendar date from `from` through `through`. */
function datesFrom(from: CalendarDate, through: CalendarDate): CalendarDate[] {
  const dates: CalendarDate[] = [];
  for (let date = from; date <= through; date = addDays(date, 1)) dates.push(date);
  return dates;
}

const oneTime = (overrides: Partial<OneTimeDateContext> = {}): OneTimeDateContext => ({
  today: '2026-03-04', // a Wednesday
  daysInPeriod: 30,
  nonPaymentDays: [],
  allowSaturday: false,
  allowSunday: false,
  smallDollarDays: 0,
  immediateAchBlocked: false,
  ...overrides,
});

const recurring = (overrides: Partial<RecurringDateContext> = {}): RecurringDateContext => ({
  today: '2026-03-04',
  nonPaymentDays: [],
  nonSchedulablePaymentDays: [],
  allowSaturday: false,
  allowSunday: false,
  smallDollarDays: 0,
  ...overrides,
});

const beforeDue = (overrides: Partial<DaysBeforeDueContext> = {}): DaysBeforeDueContext => ({
  today: '2026-03-04',
  dueDate: '2026-03-25',
  billedMonthly: true,
  nonPaymentDays: [],
  allowSaturday: false,
  allowSunday: false,
  ...overrides,
});

describe('one-time payment date', () => {
  it('requires a real calendar date', () => {
    const context = oneTime();
    expect(paymentDateIssue(undefined, context)).toBe('required');
    expect(paymentDateIssue(null, context)).toBe('required');
    expect(paymentDateIssue('', context)).toBe('required');
    expect(paymentDateIssue('2026-02-30', context)).toBe('required');
    expect(paymentDateIssue('03/05/2026', context)).toBe('required');
    expect(paymentDateIssue('2026-03-05', context)).toBeUndefined();
  });

  it('refuses a date before today and accepts today', () => {
    const context = oneTime();
    expect(paymentDateIssue('2026-03-03', context)).toBe('past');
    expect(paymentDateIssue('2025-03-04', context)).toBe('past');
    expect(paymentDateIssue('2026-03-04', context)).toBeUndefined();
  });

  it('accepts today plus daysInPeriod and refuses the day after', () => {
    const context = oneTime({ today: '2026-03-04', daysInPeriod: 30 });
    expect(latestPaymentDate('2026-03-04', 30)).toBe('2026-04-03');
    expect(paymentDateIssue('2026-04-03', context)).toBeUndefined(); // a Friday
    expect(paymentDateIssue('2026-04-04', oneTime({ allowSaturday: true }))).toBe('tooFar');
    expect(paymentDateIssue('2026-04-06', context)).toBe('tooFar');
  });

  it('allows only today when daysInPeriod is 0, negative or unreadable', () => {
    for (const daysInPeriod of [0, -5, Number.NaN]) {
      const context = oneTime({ daysInPeriod });
      expect(latestPaymentDate('2026-03-04', daysInPeriod)).toBe('2026-03-04');
      expect(paymentDateIssue('2026-03-04', context)).toBeUndefined();
      expect(paymentDateIssue('2026-03-05', context)).toBe('tooFar');
    }
    expect(latestPaymentDate('2026-03-04', 2.9)).toBe('2026-03-06');
  });

  it('refuses a listed non-payment day and any Federal Reserve holiday', () => {
    const context = oneTime({
      today: '2026-01-02',
      daysInPeriod: 60,
      nonPaymentDays: ['2026-01-07'],
    });
    expect(paymentDateIssue('2026-01-07', context)).toBe('holiday'); // an ordinary Wednesday, listed
    expect(paymentDateIssue('2026-01-19', context)).toBe('holiday'); // Martin Luther King Day, unlisted
    expect(paymentDateIssue('2026-02-16', context)).toBe('holiday'); // Washington's Birthday
    expect(paymentDateIssue('2026-01-08', context)).toBeUndefined();
    expect(isNonPaymentDay('2026-01-07', ['2026-01-07'])).toBe(true);
    expect(isNonPaymentDay('2026-01-19', [])).toBe(true);
    expect(isNonPaymentDay('2026-01-20', [])).toBe(false);
  });

  it.each([
    [false, false, 'saturday', 'sunday'],
    [true, false, undefined, 'sunday'],
    [false, true, 'saturday', undefined],
    [true, true, undefined, undefined],
  ] as const)(
    'with Saturdays allowed %s and Sundays allowed %s, blocks the weekend days not allowed',
    (allowSaturday, allowSunday, saturday, sunday) => {
      const context = oneTime({ allowSaturday, allowSunday });
      expect(paymentDateIssue('2026-03-07', context)).toBe(saturday);
      expect(paymentDateIssue('2026-03-08', context)).toBe(sunday);
      expect(paymentDateIssue('2026-03-06', context)).toBeUndefined(); // Friday
      expect(paymentDateIssue('2026-03-09', context)).toBeUndefined(); // Monday
    },
  );

  it('blocks today for an immediate ACH payment after the cut-off, and only today', () => {
    const blocked = oneTime({ immediateAchBlocked: true });
    expect(paymentDateIssue('2026-03-04', blocked)).toBe('immediateAch');
    expect(paymentDateIssue('2026-03-05', blocked)).toBeUndefined();
    expect(paymentDateIssue('2026-03-04', oneTime({ immediateAchBlocked: false }))).toBeUndefined();
  });

  it('blocks 1 to 4 days ahead for mail preference 1, 1 to 7 for mail preference 2', () => {
    const today = '2026-03-02'; // a Monday
    const all = { allowSaturday: true, allowSunday: true, today };
    const pref1 = oneTime({ ...all, smallDollarDays: 4 });
    const pref2 = oneTime({ ...all, smallDollarDays: 7 });
    const ahead = (days: number) => addDays(today, days);
    expect(paymentDateIssue(ahead(0), pref1)).toBeUndefined();
    for (const days of [1, 2, 3, 4])
      expect(paymentDateIssue(ahead(days), pref1)).toBe('smallDollar');
    expect(paymentDateIssue(ahead(5), pref1)).toBeUndefined();
    expect(paymentDateIssue(ahead(0), pref2)).toBeUndefined();
    for (const days of [1, 2, 3, 4, 5, 6, 7]) {
      expect(paymentDateIssue(ahead(days), pref2)).toBe('smallDollar');
    }
    expect(paymentDateIssue(ahead(8), pref2)).toBeUndefined();
    expect(paymentDateIssue(ahead(1), oneTime({ ...all, smallDollarDays: 0 }))).toBeUndefined();
  });

  it('names the first problem: past before weekend, holiday before weekend and small-dollar', () => {
    const context = oneTime({ nonPaymentDays: ['2026-03-07'], smallDollarDays: 7 });
    expect(paymentDateIssue('2026-02-28', context)).toBe('past'); // a past Saturday
    expect(paymentDateIssue('2026-03-07', context)).toBe('holiday'); // a listed Saturday
    expect(paymentDateIssue('2026-03-08', context)).toBe('sunday'); // inside the small-dollar window
    expect(paymentDateIssue('2026-03-05', context)).toBe('smallDollar');
    expect(paymentDateIssue('2026-04-11', context)).toBe('tooFar'); // a Saturday beyond the period
  });

  it('across 2026, a weekday is selectable exactly when the Federal Reserve is open', () => {
    const context = oneTime({ today: '2025-12-31', daysInPeriod: 400 });
    const year = datesFrom('2026-01-01', '2026-12-31');
    for (const date of year) {
      expect({ date, selectable: isSelectablePaymentDate(date, context) }).toEqual({
        date,
        selectable: isBusinessDay(date),
      });
    }
    // 261 weekdays less the 10 holidays the Fed observes on them (July 4 2026 is a Saturday).
    expect(year.filter((date) => isSelectablePaymentDate(date, context))).toHaveLength(251);
  });

  it('across 2026 with weekends allowed, every day but an observed holiday is selectable', () => {
    const context = oneTime({
      today: '2025-12-31',
      daysInPeriod: 400,
      allowSaturday: true,
      allowSunday: true,
    });
    for (const date of datesFrom('2026-01-01', '2026-12-31')) {
      expect({ date, selectable: isSelectablePaymentDate(date, context) }).toEqual({
        date,
        selectable: federalReserveHolidayOn(date) === undefined,
      });
    }
    // The Saturday July 4 is not observed, so Saturday payments may be made on it.
    expect(isSelectablePaymentDate('2026-07-04', context)).toBe(true);
    expect(isSelectablePaymentDate('2026-07-03', context)).toBe(true);
  });

  it('across 2026 with Saturdays only, a Sunday is never selectable and a Saturday always', () => {
    const context = oneTime({ today: '2025-12-31', daysInPeriod: 400, allowSaturday: true });
    for (const date of datesFrom('2026-01-01', '2026-12-31')) {
      const expected = weekday(date) === 6 || isBusinessDay(date);
      expect({ date, selectable: isSelectablePaymentDate(date, context) }).toEqual({
        date,
        selectable: expected,
      });
    }
  });
});

describe('one-time payment date: the order of the checks (section 5)', () => {
  it("names the first problem in the spec's order when a date has several", () => {
    // A Saturday today, immediate ACH blocked: the ACH message, not the weekend one.
    const saturday = oneTime({ today: '2026-03-07', immediateAchBlocked: true });
    expect(paymentDateIssue('2026-03-07', saturday)).toBe('immediateAch');
    // A listed day beyond the period: the holiday message before the too-far one.
    const listed = oneTime({ nonPaymentDays: ['2026-06-01'] });
    expect(paymentDateIssue('2026-06-01', listed)).toBe('holiday');
    // A Sunday beyond the period: too far before Sunday.
    expect(paymentDateIssue('2026-05-03', oneTime())).toBe('tooFar');
    // A Saturday in the past: past before Saturday.
    expect(paymentDateIssue('2026-02-28', oneTime())).toBe('past');
  });
});

describe('selectable one-time dates', () => {
  it('lists today through the latest date, less the blocked ones', () => {
    const context = oneTime({ today: '2026-09-03', daysInPeriod: 6 });
    // Sep 5-6 weekend, Sep 7 Labor Day.
    expect(selectablePaymentDates(context)).toEqual([
      '2026-09-03',
      '2026-09-04',
      '2026-09-08',
      '2026-09-09',
    ]);
  });

  it('starts after a holiday weekend when immediate ACH is closed on the Friday', () => {
    const context = oneTime({ today: '2026-09-04', immediateAchBlocked: true });
    expect(firstSelectablePaymentDate(context)).toBe('2026-09-08');
    expect(firstSelectablePaymentDate(oneTime({ today: '2026-09-04' }))).toBe('2026-09-04');
  });

  it('skips Thanksgiving after the cut-off the day before', () => {
    const context = oneTime({ today: '2026-11-25', immediateAchBlocked: true });
    expect(firstSelectablePaymentDate(context)).toBe('2026-11-27');
  });

  it('starts on Monday when today is a Saturday and weekends are closed', () => {
    expect(firstSelectablePaymentDate(oneTime({ today: '2026-03-07' }))).toBe('2026-03-09');
    expect(firstSelectablePaymentDate(oneTime({ today: '2026-03-07', allowSaturday: true }))).toBe(
      '2026-03-07',
    );
  });

  it('has no date when nothing within the period may be paid', () => {
    const context = oneTime({ today: '2026-03-07', daysInPeriod: 1 });
    expect(firstSelectablePaymentDate(context)).toBeUndefined();
    expect(selectablePaymentDates(context)).toEqual([]);
  });

  it('keeps the list bounded when the period is huge', () => {
    const context = oneTime({
      today: '2026-03-04',
      daysInPeriod: 100_000,
      allowSaturday: true,
      allowSunday: true,
    });
    const dates = selectablePaymentDates(context);
    expect(dates[0]).toBe('2026-03-04');
    expect(dates.at(-1)).toBe(addDays('2026-03-04', SELECTABLE_DATES_LIMIT_DAYS));
    // Beyond the list, a single date is still judged by the period.
    expect(paymentDateIssue('2027-06-01', context)).toBeUndefined();
  });

  it('agrees with isSelectablePaymentDate on every date of the period', () => {
    const context = oneTime({
      today: '2026-12-18',
      daysInPeriod: 45,
      nonPaymentDays: ['2026-12-24', '2026-12-31'],
      smallDollarDays: 4,
    });
    const listed = selectablePaymentDates(context);
    for (const date of datesFrom('2026-12-18', addDays('2026-12-18', 45))) {
      expect(listed.includes(date)).toBe(isSelectablePaymentDate(date, context));
    }
    expect(listed).not.toContain('2026-12-25');
    expect(listed).not.toContain('2027-01-01');
    expect(listed).not.toContain('2027-01-18'); // Martin Luther King Day 2027
    expect(listed[0]).toBe('2026-12-18');
    expect(listed[1]).toBe('2026-12-23'); // the small-dollar window covers Dec 19 to 22
  });
});

describe('non-payment days sent to the portal', () => {
  it('joins the Federal Reserve holidays and the configured dates, in order, within the range', () => {
    expect(
      nonPaymentDaysBetween('2026-11-20', '2027-01-20', ['2026-12-24', '2026-11-26', 'bad']),
    ).toEqual(['2026-11-26', '2026-12-24', '2026-12-25', '2027-01-01', '2027-01-18']);
    expect(nonPaymentDaysBetween('2026-03-01', '2026-03-31', [])).toEqual([]);
  });
});

describe('small-dollar window', () => {
  it('is 4 days for mail preference 1 and 7 for 2 when the rule is on, else none', () => {
    expect(smallDollarBlockedDays({ useSmallDollarRule: true, mailPreference: 1 })).toBe(4);
    expect(smallDollarBlockedDays({ useSmallDollarRule: true, mailPreference: 2 })).toBe(7);
    expect(smallDollarBlockedDays({ useSmallDollarRule: true, mailPreference: 0 })).toBe(0);
    expect(smallDollarBlockedDays({ useSmallDollarRule: true, mailPreference: 3 })).toBe(0);
    expect(smallDollarBlockedDays({ useSmallDollarRule: true, mailPreference: undefined })).toBe(0);
    expect(smallDollarBlockedDays({ useSmallDollarRule: false, mailPreference: 1 })).toBe(0);
    expect(smallDollarBlockedDays({ useSmallDollarRule: false, mailPreference: 2 })).toBe(0);
  });

  it('takes the configured window lengths', () => {
    const configured = {
      useSmallDollarRule: true,
      daysMailPreference1: 5,
      daysMailPreference2: 10,
    };
    expect(smallDollarBlockedDays({ ...configured, mailPreference: 1 })).toBe(5);
    expect(smallDollarBlockedDays({ ...configured, mailPreference: 2 })).toBe(10);
  });
});

describe('ACH cut-off time', () => {
  const FIVE_PM = 17 * 60;

  it('changes at the cut-off minute in New York in winter (EST, UTC-5)', () => {
    expect(afterAchCutoff(new Date('2026-01-15T21:59:59Z'), 'America/New_York', FIVE_PM)).toBe(
      false,
    );
    expect(afterAchCutoff(new Date('2026-01-15T22:00:00Z'), 'America/New_York', FIVE_PM)).toBe(
      true,
    );
    expect(afterAchCutoff(new Date('2026-01-16T04:59:00Z'), 'America/New_York', FIVE_PM)).toBe(
      true,
    ); // 23:59
    expect(afterAchCutoff(new Date('2026-01-16T05:00:00Z'), 'America/New_York', FIVE_PM)).toBe(
      false,
    ); // midnight
  });

  it('follows New York onto daylight time on the day the clocks go forward', () => {
    // 2026-03-08: 02:00 EST becomes 03:00 EDT, so 17:00 is 21:00 UTC, an hour earlier than the day before.
    expect(afterAchCutoff(new Date('2026-03-07T21:30:00Z'), 'America/New_York', FIVE_PM)).toBe(
      false,
    );
    expect(afterAchCutoff(new Date('2026-03-08T20:59:59Z'), 'America/New_York', FIVE_PM)).toBe(
      false,
    );
    expect(afterAchCutoff(new Date('2026-03-08T21:00:00Z'), 'America/New_York', FIVE_PM)).toBe(
      true,
    );
    expect(afterAchCutoff(new Date('2026-03-08T21:30:00Z'), 'America/New_York', FIVE_PM)).toBe(
      true,
    );
  });

  it('follows New York back onto standard time on the day the clocks go back', () => {
    // 2026-11-01: 02:00 EDT becomes 01:00 EST, so 17:00 is 22:00 UTC.
    expect(afterAchCutoff(new Date('2026-10-31T21:00:00Z'), 'America/New_York', FIVE_PM)).toBe(
      true,
    );
    expect(afterAchCutoff(new Date('2026-11-01T21:59:59Z'), 'America/New_York', FIVE_PM)).toBe(
      false,
    );
    expect(afterAchCutoff(new Date('2026-11-01T22:00:00Z'), 'America/New_York', FIVE_PM)).toBe(
      true,
    );
  });

  it('takes the cut-off in Los Angeles, where it falls on the next UTC day', () => {
    // 17:00 PDT on 2026-03-08 (DST began that morning) is 00:00 UTC on 2026-03-09.
    const before = new Date('2026-03-08T23:59:59Z');
    const at = new Date('2026-03-09T00:00:00Z');
    expect(afterAchCutoff(before, 'America/Los_Angeles', FIVE_PM)).toBe(false);
    expect(afterAchCutoff(at, 'America/Los_Angeles', FIVE_PM)).toBe(true);
    // The same instants in New York are 19:59 and 20:00: long past the cut-off.
    expect(afterAchCutoff(before, 'America/New_York', FIVE_PM)).toBe(true);
    // Today in Los Angeles is still the 8th: that is the day immediate ACH closes.
    const today = calendarDateIn('America/Los_Angeles', at);
    expect(today).toBe('2026-03-08');
    const immediateAchBlocked = afterAchCutoff(at, 'America/Los_Angeles', FIVE_PM);
    const context = oneTime({ today, allowSunday: true, immediateAchBlocked });
    expect(paymentDateIssue('2026-03-08', context)).toBe('immediateAch');
    expect(firstSelectablePaymentDate(context)).toBe('2026-03-09');
  });

  it('takes the cut-off in a zone without daylight time (Honolulu, UTC-10)', () => {
    expect(afterAchCutoff(new Date('2026-07-01T02:59:00Z'), 'Pacific/Honolulu', FIVE_PM)).toBe(
      false,
    );
    expect(afterAchCutoff(new Date('2026-07-01T03:00:00Z'), 'Pacific/Honolulu', FIVE_PM)).toBe(
      true,
    );
  });

  it('counts a cut-off in the hour the clocks skip as passed from 03:00', () => {
    const twoThirty = 2 * 60 + 30;
    // 2026-03-08 in New York: 01:59 EST is followed by 03:00 EDT.
    expect(afterAchCutoff(new Date('2026-03-08T06:59:00Z'), 'America/New_York', twoThirty)).toBe(
      false,
    );
    expect(afterAchCutoff(new Date('2026-03-08T07:00:00Z'), 'America/New_York', twoThirty)).toBe(
      true,
    );
  });

  it('moves an immediate ACH payment after the cut-off to the next business day', () => {
    expect(adjustedAchPaymentDate('2026-03-04', [])).toBe('2026-03-05');
    expect(adjustedAchPaymentDate('2026-03-06', [])).toBe('2026-03-09'); // Friday to Monday
    expect(adjustedAchPaymentDate('2026-09-04', [])).toBe('2026-09-08'); // over Labor Day
    expect(adjustedAchPaymentDate('2026-12-24', [])).toBe('2026-12-28'); // over Christmas
    expect(adjustedAchPaymentDate('2026-12-31', [])).toBe('2027-01-04'); // over New Year's Day
    expect(adjustedAchPaymentDate('2026-03-04', ['2026-03-05'])).toBe('2026-03-06');
  });
});

describe('recurring first date', () => {
  it('requires a date after today and at most 31 days ahead', () => {
    const context = recurring({ today: '2026-03-04', allowSaturday: true, allowSunday: true });
    expect(recurringDateIssue('Weekly', '', context)).toBe('required');
    expect(recurringDateIssue('Weekly', '2026-02-31', context)).toBe('required');
    expect(recurringDateIssue('Weekly', '2026-03-03', context)).toBe('notFuture');
    expect(recurringDateIssue('Weekly', '2026-03-04', context)).toBe('notFuture');
    expect(recurringDateIssue('Weekly', '2026-03-05', context)).toBeUndefined();
    expect(recurringDateIssue('Weekly', '2026-04-04', context)).toBeUndefined(); // today + 31
    expect(recurringDateIssue('Weekly', '2026-04-05', context)).toBe('tooFar');
  });

  it('keeps a monthly day at most the 30th and a twice-a-month day at most the 28th', () => {
    const context = recurring({ today: '2026-03-20', allowSaturday: true, allowSunday: true });
    expect(recurringDateIssue('MonthlyOnDate', '2026-03-30', context)).toBeUndefined();
    expect(recurringDateIssue('MonthlyOnDate', '2026-03-31', context)).toBe('dayOfMonth');
    expect(recurringDateIssue('SemiMonthly', '2026-03-28', context)).toBeUndefined();
    expect(recurringDateIssue('SemiMonthly', '2026-03-29', context)).toBe('dayOfMonth');
    expect(recurringDateIssue('SemiMonthly', '2026-03-30', context)).toBe('dayOfMonth');
    expect(recurringDateIssue('Weekly', '2026-03-31', context)).toBeUndefined();
    expect(recurringDateIssue('TwoWeeks', '2026-03-31', context)).toBeUndefined();
  });

  it('handles month ends: Jan 31, Feb 28 and the leap day Feb 29', () => {
    const weekends = { allowSaturday: true, allowSunday: true };
    const jan2028 = recurring({ ...weekends, today: '2028-01-20' });
    expect(recurringDateIssue('MonthlyOnDate', '2028-01-31', jan2028)).toBe('dayOfMonth');
    expect(recurringDateIssue('SemiMonthly', '2028-01-31', jan2028)).toBe('dayOfMonth');
    expect(recurringDateIssue('Weekly', '2028-01-31', jan2028)).toBeUndefined();
    expect(recurringDateIssue('MonthlyOnDate', '2028-02-01', jan2028)).toBeUndefined();
    const feb2028 = recurring({ ...weekends, today: '2028-02-10' });
    expect(recurringDateIssue('SemiMonthly', '2028-02-28', feb2028)).toBeUndefined();
    expect(recurringDateIssue('SemiMonthly', '2028-02-29', feb2028)).toBe('dayOfMonth');
    expect(recurringDateIssue('MonthlyOnDate', '2028-02-29', feb2028)).toBeUndefined();
    const feb2026 = recurring({ ...weekends, today: '2026-02-10' });
    expect(recurringDateIssue('SemiMonthly', '2026-02-28', feb2026)).toBeUndefined();
    expect(recurringDateIssue('MonthlyOnDate', '2026-02-28', feb2026)).toBeUndefined();
    expect(recurringDateIssue('MonthlyOnDate', '2026-03-01', feb2026)).toBeUndefined();
    // 31 days after Jan 31 is Mar 3 in 2026 and Mar 2 in the leap year 2028.
    const jan2026 = recurring({ ...weekends, today: '2026-01-31' });
    expect(recurringDateIssue('Weekly', '2026-03-03', jan2026)).toBeUndefined();
    expect(recurringDateIssue('Weekly', '2026-03-04', jan2026)).toBe('tooFar');
    const jan31of2028 = recurring({ ...weekends, today: '2028-01-31' });
    expect(recurringDateIssue('Weekly', '2028-03-02', jan31of2028)).toBeUndefined();
    expect(recurringDateIssue('Weekly', '2028-03-03', jan31of2028)).toBe('tooFar');
  });

  it('refuses a non-schedulable day, a non-payment day and a Federal Reserve holiday', () => {
    const context = recurring({
      today: '2026-05-10',
      nonSchedulablePaymentDays: ['2026-05-13'],
      nonPaymentDays: ['2026-05-14'],
    });
    expect(recurringDateIssue('Weekly', '2026-05-13', context)).toBe('notSchedulable');
    expect(recurringDateIssue('Weekly', '2026-05-14', context)).toBe('holiday');
    expect(recurringDateIssue('Weekly', '2026-05-25', context)).toBe('holiday'); // Memorial Day
    expect(recurringDateIssue('Weekly', '2026-05-12', context)).toBeUndefined();
    // A one-time date does not read the non-schedulable list.
    expect(paymentDateIssue('2026-05-13', oneTime({ today: '2026-05-10' }))).toBeUndefined();
  });

  it.each([
    [false, false, 'saturday', 'sunday'],
    [true, false, undefined, 'sunday'],
    [false, true, 'saturday', undefined],
    [true, true, undefined, undefined],
  ] as const)(
    'with Saturdays allowed %s and Sundays allowed %s, blocks the weekend days not allowed',
    (allowSaturday, allowSunday, saturday, sunday) => {
      const context = recurring({ allowSaturday, allowSunday });
      expect(recurringDateIssue('MonthlyOnDate', '2026-03-07', context)).toBe(saturday);
      expect(recurringDateIssue('MonthlyOnDate', '2026-03-08', context)).toBe(sunday);
    },
  );

  it('applies the small-dollar window', () => {
    const context = recurring({ today: '2026-03-02', smallDollarDays: 7 });
    expect(recurringDateIssue('Weekly', '2026-03-09', context)).toBe('smallDollar');
    expect(recurringDateIssue('Weekly', '2026-03-10', context)).toBeUndefined();
    expect(
      recurringDateIssue(
        'Weekly',
        '2026-03-05',
        recurring({ today: '2026-03-02', smallDollarDays: 4 }),
      ),
    ).toBe('smallDollar');
    expect(
      recurringDateIssue(
        'Weekly',
        '2026-03-06',
        recurring({ today: '2026-03-02', smallDollarDays: 4 }),
      ),
    ).toBe('smallDollar');
    expect(
      recurringDateIssue(
        'Weekly',
        '2026-03-09',
        recurring({ today: '2026-03-02', smallDollarDays: 4 }),
      ),
    ).toBeUndefined();
  });

  it('lists tomorrow to 31 days ahead on the Fed calendar over the year-end holidays', () => {
    const context = recurring({ today: '2026-11-20' });
    const weekly = selectableRecurringDates('Weekly', context);
    const window = datesFrom('2026-11-21', '2026-12-21');
    expect(weekly).toEqual(window.filter((date) => isBusinessDay(date)));
    expect(weekly).not.toContain('2026-11-26'); // Thanksgiving
    const december = selectableRecurringDates('Weekly', recurring({ today: '2026-12-15' }));
    expect(december).not.toContain('2026-12-25');
    expect(december).not.toContain('2027-01-01');
    expect(december).toContain('2026-12-31');
    expect(
      selectableRecurringDates('MonthlyOnDate', recurring({ today: '2026-12-15' })),
    ).not.toContain('2026-12-31');
    for (const date of datesFrom('2026-12-10', '2027-01-20')) {
      expect(isSelectableRecurringDate('Weekly', date, recurring({ today: '2026-12-15' }))).toBe(
        selectableRecurringDates('Weekly', recurring({ today: '2026-12-15' })).includes(date),
      );
    }
  });

  it('never lists a twice-a-month date past the 28th nor a monthly date past the 30th', () => {
    for (const today of datesFrom('2026-01-01', '2026-12-31')) {
      const context = recurring({ today, allowSaturday: true, allowSunday: true });
      const semi = selectableRecurringDates('SemiMonthly', context);
      const monthly = selectableRecurringDates('MonthlyOnDate', context);
      expect(semi.every((date) => Number(date.slice(8)) <= 28)).toBe(true);
      expect(monthly.every((date) => Number(date.slice(8)) <= 30)).toBe(true);
      expect(
        monthly.every((date) => daysBetween(today, date) >= 1 && daysBetween(today, date) <= 31),
      ).toBe(true);
    }
  });
});

describe('twice-a-month second date', () => {
  it('is 14 days after a first date before the 15th and 14 days before one on the 15th or later', () => {
    expect(semiMonthlySecondDate('2026-03-01')).toBe('2026-03-15');
    expect(semiMonthlySecondDate('2026-03-14')).toBe('2026-03-28');
    expect(semiMonthlySecondDate('2026-03-15')).toBe('2026-03-01');
    expect(semiMonthlySecondDate('2026-03-28')).toBe('2026-03-14');
    expect(semiMonthlySecondDate('2026-02-14')).toBe('2026-02-28');
    expect(semiMonthlySecondDate('2026-02-28')).toBe('2026-02-14');
    expect(semiMonthlySecondDate('2028-02-15')).toBe('2028-02-01');
  });

  it('keeps both dates in the same month for every allowed first day', () => {
    for (const month of ['2026-02', '2028-02', '2026-04', '2026-12']) {
      for (let day = 1; day <= 28; day += 1) {
        const first = `${month}-${String(day).padStart(2, '0')}`;
        const second = semiMonthlySecondDate(first);
        expect(second.slice(0, 7)).toBe(month);
        expect(Math.abs(daysBetween(first, second))).toBe(14);
      }
    }
  });
});

describe('days before due', () => {
  it('offers 1 to 9 days for a loan billed monthly and 1 to 3 otherwise', () => {
    expect(daysBeforeDueChoices(beforeDue({ billedMonthly: true }))).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
    expect(daysBeforeDueChoices(beforeDue({ billedMonthly: false }))).toEqual([1, 2, 3]);
  });

  it('reads the billing frequency as monthly only when it says monthly', () => {
    expect(isBilledMonthly('monthly')).toBe(true);
    expect(isBilledMonthly(' Monthly ')).toBe(true);
    expect(isBilledMonthly('MONTHLY')).toBe(true);
    expect(isBilledMonthly('semiMonthly')).toBe(false);
    expect(isBilledMonthly('biWeekly')).toBe(false);
    expect(isBilledMonthly('')).toBe(false);
    expect(isBilledMonthly(undefined)).toBe(false);
  });

  it('counts calendar days back from the due date, across a month start', () => {
    expect(daysBeforeDueDate('2026-03-03', 5)).toBe('2026-02-26');
    expect(daysBeforeDueDate('2028-03-03', 5)).toBe('2028-02-27');
    expect(daysBeforeDueDate('2026-03-03', 0)).toBe('2026-03-03');
  });

  it('removes days that fall on a listed non-payment date or a Federal Reserve holiday', () => {
    const context = beforeDue({
      today: '2026-08-20',
      dueDate: '2026-09-10',
      nonPaymentDays: ['2026-09-04'],
    });
    // Sep 7 (Labor Day) is 3 days before, Sep 4 (listed) is 6 days before; the weekend stays.
    expect(daysBeforeDueChoices(context)).toEqual([1, 2, 4, 5, 7, 8, 9]);
    expect(
      daysBeforeDueChoices(beforeDue({ dueDate: '2027-01-02', billedMonthly: false })),
    ).toEqual([2, 3]);
  });

  it('keeps only days whose date is tomorrow or later', () => {
    const context = beforeDue({ today: '2026-09-05', dueDate: '2026-09-10' });
    // Sep 9 and 8 remain: Sep 7 is Labor Day, Sep 6 is a Sunday drawn on Friday Sep 4 (past),
    // Sep 5 is today. With Sundays allowed, Sep 6 is drawn on Sep 6 and stays.
    expect(daysBeforeDueChoices(context)).toEqual([1, 2]);
    expect(daysBeforeDueChoices({ ...context, allowSunday: true })).toEqual([1, 2, 4]);
    expect(daysBeforeDueChoices(beforeDue({ today: '2026-03-24', dueDate: '2026-03-25' }))).toEqual(
      [],
    );
    expect(daysBeforeDueChoices(beforeDue({ today: '2026-03-23', dueDate: '2026-03-25' }))).toEqual(
      [1],
    );
  });

  it('drops days before tomorrow even when non-payment days are listed (both filters)', () => {
    const context = beforeDue({
      today: '2026-09-05',
      dueDate: '2026-09-10',
      nonPaymentDays: ['2026-09-08'],
    });
    // Sep 8 is listed, Sep 7 is Labor Day, Sep 6 (Sunday) is drawn on Friday Sep 4; Sep 5
    // (today) and before are never drawn on time.
    expect(daysBeforeDueChoices(context)).toEqual([1]);
    expect(daysBeforeDueChoices({ ...context, allowSunday: true })).toEqual([1, 4]);
    expect(isDaysBeforeDueAllowed(5, context)).toBe(false);
    expect(isDaysBeforeDueAllowed(9, context)).toBe(false);
  });

  it('offers a day by the date it is drawn on: a weekend the settings refuse moves to the Friday before', () => {
    // Friday Nov 27 2026; the loan is due Monday Nov 30. "1 day before" is Sunday Nov 29 and
    // "2" Saturday Nov 28: both are drawn on Friday Nov 27, today, too late for this due date.
    const friday = beforeDue({ today: '2026-11-27', dueDate: '2026-11-30' });
    expect(daysBeforeDuePayDate('2026-11-30', 1, friday)).toBe('2026-11-27');
    expect(daysBeforeDuePayDate('2026-11-30', 2, friday)).toBe('2026-11-27');
    expect(daysBeforeDueChoices(friday)).toEqual([]);
    expect(isDaysBeforeDueAllowed(1, friday)).toBe(false);
    // On Thursday, Friday is tomorrow: 1 and 2 are offered and drawn on Friday, 3 (Friday
    // itself) too; 4 is Thursday, today.
    const thursday = { ...friday, today: '2026-11-26' };
    expect(daysBeforeDueChoices(thursday)).toEqual([1, 2, 3]);
    // Weekends allowed: drawn on the day itself.
    const weekends = { ...friday, allowSaturday: true, allowSunday: true };
    expect(daysBeforeDuePayDate('2026-11-30', 1, weekends)).toBe('2026-11-29');
    expect(daysBeforeDueChoices(weekends)).toEqual([1, 2]);
    // A Federal Reserve holiday moves back too: "1 day before" a Friday Nov 27 due date is
    // Thanksgiving (Nov 26 2026), drawn on Wednesday Nov 25.
    expect(daysBeforeDuePayDate('2026-11-27', 1, friday)).toBe('2026-11-25');
  });

  it('accepts a submitted number only when it is offered, and 0 for on-due-date', () => {
    const context = beforeDue({ today: '2026-08-20', dueDate: '2026-09-10' });
    expect(isDaysBeforeDueAllowed(0, context)).toBe(true);
    expect(isDaysBeforeDueAllowed(1, context)).toBe(true);
    expect(isDaysBeforeDueAllowed(3, context)).toBe(false); // Labor Day
    expect(isDaysBeforeDueAllowed(9, context)).toBe(true);
    expect(isDaysBeforeDueAllowed(10, context)).toBe(false);
    expect(isDaysBeforeDueAllowed(4, { ...context, billedMonthly: false })).toBe(false);
    expect(isDaysBeforeDueAllowed(-1, context)).toBe(false);
    expect(isDaysBeforeDueAllowed(1.5, context)).toBe(false);
  });
});

describe('messages and error keys', () => {
  it('gives each date issue its text key and the submit error key of section 8', () => {
    expect(PAYMENT_DATE_ISSUE_TEXT_KEYS.tooFar).toBe('paymentDateTooFarText');
    expect(PAYMENT_DATE_ISSUE_TEXT_KEYS.immediateAch).toBe('achFutureDateOnlyText');
    expect(RECURRING_DATE_ISSUE_TEXT_KEYS.tooFar).toBe('recurringDateWithinText');
    expect(RECURRING_DATE_ISSUE_TEXT_KEYS.notFuture).toBe('recurringDateFutureText');
    expect(PAYMENT_DATE_ISSUE_ERROR_KEYS.saturday).toBe('PaymentDateWeekend');
    expect(PAYMENT_DATE_ISSUE_ERROR_KEYS.sunday).toBe('PaymentDateWeekend');
    expect(PAYMENT_DATE_ISSUE_ERROR_KEYS.smallDollar).toBe('SmallDollarBlockedDays');
    expect(PAYMENT_DATE_ISSUE_ERROR_KEYS.immediateAch).toBe('PaymentBeforeCutOffTime');
  });
});

describe('a payment date after the due date', () => {
  it('is after the due date from the day after it, and never without a due date', () => {
    expect(paidAfterDueDate('2026-12-03', '2026-12-02')).toBe(true);
    expect(paidAfterDueDate('2026-12-02', '2026-12-02')).toBe(false);
    expect(paidAfterDueDate('2026-12-01', '2026-12-02')).toBe(false);
    expect(paidAfterDueDate('2026-12-03', null)).toBe(false);
    expect(paidAfterDueDate('', '2026-12-02')).toBe(false);
  });
});

describe('a frequency with a first date to pick', () => {
  it('is a calendar frequency, not one counted from the due date nor one time', () => {
    for (const frequency of ['Weekly', 'TwoWeeks', 'SemiMonthly', 'MonthlyOnDate']) {
      expect(isRecurringDateFrequency(frequency)).toBe(true);
    }
    for (const frequency of ['OneTime', 'DaysBeforeDue', 'OnDueDate', '']) {
      expect(isRecurringDateFrequency(frequency)).toBe(false);
    }
  });
});

describe('the next draw of a recurring payment (the dashboard\'s "next on")', () => {
  // Weekends not allowed; Thanksgiving (Thursday 2026-11-26) is a Federal Reserve holiday.
  const rules = { nonPaymentDays: [], allowSaturday: false, allowSunday: false };
  const on = (today: string, dueDate: string | null = null) => ({ today, dueDate, rules });

  it('draws days before due on the payment day before, and a passed date from today', () => {
    const schedule = { option: 'DaysBeforeDue', date: '2026-11-28', numberOfDays: 2 } as const;
    // Due Monday 2026-12-28: two days before is Saturday the 26th; Friday the 25th is Christmas,
    // so it is drawn on Thursday the 24th.
    expect(nextRecurringDrawDate(schedule, on('2026-11-27', '2026-12-28'))).toBe('2026-12-24');
    // Not the day the server checks again after a draw (the Date it lists, a Saturday).
    expect(nextRecurringDrawDate(schedule, on('2026-11-27', '2026-12-28'))).not.toBe(schedule.date);
    // A loan behind: its date has passed, drawn on the next payment day from today.
    expect(nextRecurringDrawDate(schedule, on('2026-11-28', '2026-11-20'))).toBe('2026-11-30');
    expect(nextRecurringDrawDate(schedule, on('2026-11-27', null))).toBeUndefined();
  });

  it("draws monthly on the first date's day of this month or the next, never the first date once past", () => {
    const monthly = { option: 'DayOfMonth', date: '2026-10-15', numberOfDays: 0 } as const;
    expect(nextRecurringDrawDate(monthly, on('2026-12-02'))).toBe('2026-12-15');
    expect(nextRecurringDrawDate(monthly, on('2026-12-16'))).toBe('2027-01-15');
    // The 30th in February: its last day (Tuesday 2028-02-29); a Saturday 15th (2026-08-15)
    // draws on Monday.
    const thirtieth = { option: 'DayOfMonth', date: '2028-01-30', numberOfDays: 0 } as const;
    expect(nextRecurringDrawDate(thirtieth, on('2028-02-02'))).toBe('2028-02-29');
    const july = { option: 'DayOfMonth', date: '2026-07-15', numberOfDays: 0 } as const;
    expect(nextRecurringDrawDate(july, on('2026-08-03'))).toBe('2026-08-17');
    // A first date still ahead is the next.
    const ahead = { option: 'DayOfMonth', date: '2026-12-10', numberOfDays: 0 } as const;
    expect(nextRecurringDrawDate(ahead, on('2026-12-02'))).toBe('2026-12-10');
  });

  it('draws a calendar schedule on its next nominal date, moved past a holiday', () => {
    const weekly = { option: 'Weekly', date: '2026-11-26', numberOfDays: 0 } as const;
    expect(nextRecurringDrawDate(weekly, on('2026-11-23'))).toBe('2026-11-27');
  });
});
