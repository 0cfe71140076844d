import { describe, expect, it } from 'vitest';
import {
  formatClockTime,
  formatInstantLongDate,
  formatLongDate,
  formatLongDateTime,
  formatInstantDate,
  formatInstantTime,
  formatUsDate,
  formatUsDateTime,
  formatWeekdayLongDate,
} from './date-formats';

describe('the date formatters', () => {
  it('shows a calendar date as MM/dd/yyyy, whatever follows the date', () => {
    expect(formatUsDate('2025-03-14')).toBe('03/14/2025');
    expect(formatUsDate('2025-03-14T00:00:00')).toBe('03/14/2025');
    expect(formatUsDate(null)).toBe('');
    expect(formatUsDate('14 March')).toBe('');
  });

  it('shows the date of an instant in the institution’s zone, not in UTC', () => {
    // 03:30 UTC on the 12th is still the 11th in New York.
    expect(formatInstantDate('2025-03-12T03:30:00Z', 'America/New_York')).toBe('03/11/2025');
    expect(formatInstantDate('2025-03-12T03:30:00Z', 'UTC')).toBe('03/12/2025');
    expect(formatInstantDate('not a date', 'UTC')).toBe('');
  });

  it('shows an instant with its time and names the zone it is read in', () => {
    expect(formatUsDateTime('2025-03-11T14:03:00Z', 'America/New_York')).toBe(
      '03/11/2025 10:03 AM EDT',
    );
    expect(formatUsDateTime(new Date('2025-01-11T14:03:00Z'), 'America/Denver')).toBe(
      '01/11/2025 7:03 AM MST',
    );
    expect(formatInstantTime('2025-11-30T22:07:04Z', 'America/Chicago')).toBe('4:07 PM CST');
    expect(formatUsDateTime('not a date', 'UTC')).toBe('');
  });

  it('takes a host time written without a zone as the institution’s own', () => {
    expect(formatUsDateTime('2026-12-24T00:07:03', 'America/New_York')).toBe(
      '12/24/2026 12:07 AM EST',
    );
    expect(formatUsDateTime('2026-07-04T12:00:59', 'America/Los_Angeles')).toBe(
      '07/04/2026 12:00 PM PDT',
    );
    // The first hour after the spring change.
    expect(formatUsDateTime('2026-03-08T03:30:00', 'America/New_York')).toBe(
      '03/08/2026 3:30 AM EDT',
    );
    expect(formatUsDateTime('2026-01-01T02:30:00+02:00', 'America/Chicago')).toBe(
      '12/31/2025 6:30 PM CST',
    );
  });

  it('writes plain spaces only (PDF fonts and e-mail readers lack the narrow no-break space)', () => {
    expect(formatUsDateTime('2025-03-11T14:03:00Z', 'America/New_York')).toMatch(/^[\x20-\x7e]+$/);
  });
});

describe('the long date formatter', () => {
  it('says a calendar date in words, without leading zeros', () => {
    expect(formatLongDate('2025-03-04')).toBe('March 4, 2025');
    expect(formatLongDate('2026-12-31')).toBe('December 31, 2026');
    expect(formatLongDate('')).toBe('');
    expect(formatLongDate('2025-13-01')).toBe('');
  });

  it('names the weekday where the day of the week matters', () => {
    expect(formatWeekdayLongDate('2026-11-25')).toBe('Wednesday, November 25, 2026');
    expect(formatWeekdayLongDate('2026-11-29')).toBe('Sunday, November 29, 2026');
    expect(formatWeekdayLongDate('2024-02-29')).toBe('Thursday, February 29, 2024');
    expect(formatWeekdayLongDate(null)).toBe('');
    expect(formatWeekdayLongDate('2025-13-01')).toBe('');
  });

  it("says an instant's date in the institution's zone, not UTC's", () => {
    // 03:30 UTC on March 15 is still March 14 in New York.
    expect(formatInstantLongDate('2025-03-15T03:30:00Z', 'America/New_York')).toBe(
      'March 14, 2025',
    );
    expect(formatInstantLongDate('2025-03-15T03:30:00Z', 'UTC')).toBe('March 15, 2025');
  });

  it("says an instant in words with its time, in the institution's zone", () => {
    expect(formatLongDateTime('2025-05-13T14:07:00Z', 'America/New_York')).toBe(
      'May 13, 2025, 10:07 AM EDT',
    );
    // 03:30 UTC on March 15 is the evening of March 14 in New York.
    expect(formatLongDateTime('2025-03-15T03:30:00Z', 'America/New_York')).toBe(
      'March 14, 2025, 11:30 PM EDT',
    );
    expect(formatLongDateTime('not a date', 'UTC')).toBe('');
  });
});

describe('the clock time formatter', () => {
  it('writes a 24-hour setting as a 12-hour time, and leaves anything else as given', () => {
    expect(formatClockTime('17:00')).toBe('5:00 PM');
    expect(formatClockTime('00:05')).toBe('12:05 AM');
    expect(formatClockTime('12:30')).toBe('12:30 PM');
    expect(formatClockTime('09:45')).toBe('9:45 AM');
    expect(formatClockTime('24:00')).toBe('24:00');
    expect(formatClockTime('5 pm')).toBe('5 pm');
  });
});
