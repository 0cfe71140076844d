import { describe, expect, it } from 'vitest';
import {
  accountNumberMask,
  applyDigitMask,
  checkLogonName,
  dateOfBirthForPayload,
  fillPlaceholders,
  formatRate,
  formatAccountNumber,
  parseDateOfBirth,
  PHONE_MASK,
} from './formats';

describe('masks', () => {
  it('formats a phone number as (000) 000-0000', () => {
    expect(applyDigitMask('5551234567', PHONE_MASK)).toBe('(555) 123-4567');
    expect(applyDigitMask('555-12', PHONE_MASK)).toBe('(555) 12');
  });

  it('builds the account number mask from the institution lengths', () => {
    expect(accountNumberMask({ office: 3, account: 6, checkDigit: 1 }, false)).toBe('000-000000-0');
    expect(accountNumberMask({ office: 3, account: 6, checkDigit: 1 }, true)).toBe('000-000000');
    expect(accountNumberMask({ office: 0, account: 0, checkDigit: 0 }, false)).toBeUndefined();
  });

  it('inserts dashes into the account number', () => {
    expect(formatAccountNumber('0011234567', '000-000000-0')).toBe('001-123456-7');
    expect(formatAccountNumber(' 12345 ', undefined)).toBe('12345');
  });
});

describe('date of birth', () => {
  const today = new Date('2026-11-21T12:00:00Z');

  it('accepts a real date within the last 110 years', () => {
    expect(parseDateOfBirth('07/04/1980', today)).toBe('1980-07-04');
    expect(parseDateOfBirth('11/21/1916', today)).toBe('1916-11-21');
  });

  it('refuses impossible, future and too old dates', () => {
    expect(parseDateOfBirth('02/30/1980', today)).toBeUndefined();
    expect(parseDateOfBirth('11/22/2026', today)).toBeUndefined();
    expect(parseDateOfBirth('11/20/1916', today)).toBeUndefined();
    expect(parseDateOfBirth('1/2/1980', today)).toBeUndefined();
  });

  it('sends MM/DD/YYYY only when 8 digits are present', () => {
    expect(dateOfBirthForPayload('07041980')).toBe('07/04/1980');
    expect(dateOfBirthForPayload('07/04/19')).toBe('');
  });
});

describe('login names', () => {
  it('needs a name of the allowed characters between the minimum and the maximum', () => {
    expect(checkLogonName('', 8, 12)).toBe('required');
    expect(checkLogonName('short', 8, 12)).toBe('tooShort');
    expect(checkLogonName('short', 0, 12)).toBe('tooShort');
    expect(checkLogonName('muchtoolongname', 8, 12)).toBe('tooLong');
    expect(checkLogonName('muchtoolongname', 8, 128)).toBeUndefined();
    expect(checkLogonName('has space!', 8, 12)).toBe('invalidCharacters');
    expect(checkLogonName("o'neil.j@x", 8, 12)).toBeUndefined();
  });
});

describe('fillPlaceholders', () => {
  it('replaces known placeholders and leaves unknown ones', () => {
    expect(fillPlaceholders('Must be {n} long, call {phone}', { n: 8 })).toBe(
      'Must be 8 long, call {phone}',
    );
  });
});

describe('display formats', () => {
  it('shows rates as percent with two decimals', () => {
    expect(formatRate(649)).toBe('6.49%');
    expect(formatRate(5)).toBe('0.05%');
    expect(formatRate(1_199)).toBe('11.99%');
  });
});
