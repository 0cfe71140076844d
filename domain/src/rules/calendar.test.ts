import { describe, expect, it } from 'vitest';
import {
  minuteOfDayIn,
  addDays,
  addMonths,
  calendarDateIn,
  calendarDateOf,
  compareCalendarDates,
  daysBetween,
  isCalendarDate,
  isTimeZone,
  weekday,
} from './calendar';

describe('calendar dates', () => {
  it("takes today in the institution's time zone, not the machine's", () => {
    const lateEvening = new Date('2026-11-25T03:30:00Z'); // 22:30 on the 24th in New York
    expect(calendarDateIn('America/New_York', lateEvening)).toBe('2026-11-24');
    expect(calendarDateIn('America/Los_Angeles', lateEvening)).toBe('2026-11-24');
    expect(calendarDateIn('UTC', lateEvening)).toBe('2026-11-25');
    expect(calendarDateIn('Pacific/Honolulu', new Date('2026-01-01T09:59:00Z'))).toBe('2025-12-31');
  });

  it('keeps the date across a daylight-saving change', () => {
    expect(calendarDateIn('America/New_York', new Date('2026-03-08T06:59:00Z'))).toBe('2026-03-08');
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
  });

  it('adds days across month and year ends and leap days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('adds months keeping the day, or the month end when the month is shorter', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-15', 2)).toBe('2027-01-15');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
  });

  it('tells weekdays, differences and order', () => {
    expect(weekday('2026-11-24')).toBe(2);
    expect(daysBetween('2026-11-24', '2027-11-24')).toBe(365);
    expect(daysBetween('2027-11-24', '2028-11-24')).toBe(366);
    expect(daysBetween('2026-11-24', '2026-11-20')).toBe(-4);
    expect(compareCalendarDates('2026-11-24', '2026-11-25')).toBeLessThan(0);
    expect(compareCalendarDates('2026-11-24', '2026-11-24')).toBe(0);
  });

  it('knows IANA time zones and refuses other names', () => {
    expect(isTimeZone('America/Chicago')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('accepts only real YYYY-MM-DD dates', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('11/24/2026')).toBe(false);
  });

  it('reads the date of a date-time as written, whatever the reader’s zone', () => {
    expect(calendarDateOf('2026-03-01T00:00:00')).toBe('2026-03-01');
    expect(calendarDateOf('2026-03-01T23:30:00-08:00')).toBe('2026-03-01');
    expect(calendarDateOf('2026-02-30T00:00:00')).toBeUndefined();
    expect(calendarDateOf('')).toBeUndefined();
    expect(calendarDateOf(null)).toBeUndefined();
  });
});

describe('minuteOfDayIn', () => {
  it('reads the local time of an instant in the zone, daylight saving included', () => {
    // 2025-03-14T04:30Z is 00:30 in New York (EDT starts on March 9).
    expect(minuteOfDayIn('America/New_York', new Date('2025-03-14T04:30:00Z'))).toBe(30);
    expect(minuteOfDayIn('America/New_York', new Date('2025-01-14T04:30:00Z'))).toBe(23 * 60 + 30);
    expect(minuteOfDayIn('UTC', new Date('2025-01-14T00:00:00Z'))).toBe(0);
  });
});
