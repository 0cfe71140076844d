import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  federalReserveHolidayOn,
  federalReserveHolidays,
  isBusinessDay,
  nextBusinessDay,
  previousBusinessDay,
} from './business-days';

// The Federal Reserve's published holiday schedules (federalreserve.gov, "Holidays Observed by
// the Federal Reserve System"), as observed: Sunday holidays move to Monday, Saturday ones are
// not observed.
const PUBLISHED: Record<number, string[]> = {
  2025: [
    '2025-01-01',
    '2025-01-20',
    '2025-02-17',
    '2025-05-26',
    '2025-06-19',
    '2025-07-04',
    '2025-09-01',
    '2025-10-13',
    '2025-11-11',
    '2025-11-27',
    '2025-12-25',
  ],
  2026: [
    '2026-01-01',
    '2026-01-19',
    '2026-02-16',
    '2026-05-25',
    '2026-06-19',
    '2026-09-07',
    '2026-10-12',
    '2026-11-11',
    '2026-11-26',
    '2026-12-25',
  ],
  2027: [
    '2027-01-01',
    '2027-01-18',
    '2027-02-15',
    '2027-05-31',
    '2027-07-05',
    '2027-09-06',
    '2027-10-11',
    '2027-11-11',
    '2027-11-25',
  ],
  2028: [
    '2028-01-17',
    '2028-02-21',
    '2028-05-29',
    '2028-06-19',
    '2028-07-04',
    '2028-09-04',
    '2028-10-09',
    '2028-11-23',
    '2028-12-25',
  ],
};

describe('the Federal Reserve holiday calendar', () => {
  it.each(Object.entries(PUBLISHED))('matches the published holidays of %s', (year, dates) => {
    expect(federalReserveHolidays(Number(year)).map((holiday) => holiday.date)).toEqual(dates);
  });

  it('moves a Sunday holiday to the Monday after (July 4 2027)', () => {
    expect(federalReserveHolidayOn('2027-07-05')?.name).toBe('Independence Day');
    expect(isBusinessDay('2027-07-05')).toBe(false);
  });

  it('does not observe a Saturday holiday: the Friday before stays a business day', () => {
    expect(isBusinessDay('2026-07-03')).toBe(true); // July 4 2026 is a Saturday
    expect(isBusinessDay('2027-06-18')).toBe(true); // Juneteenth 2027 is a Saturday
    expect(isBusinessDay('2027-12-24')).toBe(true); // Christmas 2027 is a Saturday
    expect(isBusinessDay('2027-12-31')).toBe(true); // New Year's Day 2028 is a Saturday
    expect(isBusinessDay('2028-11-10')).toBe(true); // Veterans Day 2028 is a Saturday
  });

  it('treats weekends as non-business days', () => {
    expect(isBusinessDay('2026-11-28')).toBe(false); // Saturday
    expect(isBusinessDay('2026-11-29')).toBe(false); // Sunday
    expect(isBusinessDay('2026-11-30')).toBe(true);
  });

  it('names each holiday', () => {
    expect(federalReserveHolidayOn('2026-11-26')?.name).toBe('Thanksgiving Day');
    expect(federalReserveHolidayOn('2026-01-19')?.name).toBe('Birthday of Martin Luther King, Jr.');
    expect(federalReserveHolidayOn('2026-11-27')).toBeUndefined();
  });
});

describe('business-day arithmetic', () => {
  it('finds the next business day over Thanksgiving and a weekend', () => {
    expect(nextBusinessDay('2026-11-26')).toBe('2026-11-27');
    expect(nextBusinessDay('2026-11-28')).toBe('2026-11-30');
    expect(nextBusinessDay('2026-11-30')).toBe('2026-11-30');
  });

  it('finds the previous business day over a Monday holiday and a weekend', () => {
    expect(previousBusinessDay('2027-07-05')).toBe('2027-07-02');
    expect(previousBusinessDay('2026-12-27')).toBe('2026-12-24');
  });

  it('adds business days across Christmas and New Year', () => {
    expect(addBusinessDays('2026-12-24', 1)).toBe('2026-12-28');
    expect(addBusinessDays('2026-12-31', 1)).toBe('2027-01-04');
    expect(addBusinessDays('2026-12-28', -1)).toBe('2026-12-24');
    expect(addBusinessDays('2026-12-26', 0)).toBe('2026-12-26');
    expect(addBusinessDays('2026-11-20', 5)).toBe('2026-11-30');
  });
});
