import { describe, expect, it } from 'vitest';
import { holdsLongNumber, lastFourOf, maskAccountNumber } from './account-masking';

describe('last four digits', () => {
  it('takes the last four digits of a card or bank account number', () => {
    expect(lastFourOf('4242424242424242')).toBe('4242');
    expect(lastFourOf('000123456789')).toBe('6789');
  });

  it("skips a loan number's dashes and a card's spaces", () => {
    expect(lastFourOf('001-100235-2')).toBe('2352');
    expect(lastFourOf('4000 0566 5566 5556')).toBe('5556');
  });

  it('gives every digit of a number shorter than four digits', () => {
    expect(lastFourOf('987')).toBe('987');
    expect(lastFourOf('7')).toBe('7');
  });

  it('keeps a last four that is already four digits as it is', () => {
    expect(lastFourOf('0002')).toBe('0002');
  });
});

describe('masked account number', () => {
  it('shows four asterisks and the last four digits of a loan number', () => {
    expect(maskAccountNumber('001-100235-2')).toBe('****2352');
    expect(maskAccountNumber('123456789')).toBe('****6789');
  });

  it('masks the last four an answer carries the same way as the whole number', () => {
    expect(maskAccountNumber('4242')).toBe('****4242');
    expect(maskAccountNumber('4242424242424242')).toBe('****4242');
  });

  it('never shows more than four digits of the number', () => {
    expect(maskAccountNumber('000-123456-7').replace(/\D/g, '')).toHaveLength(4);
  });
});

describe('a staff note holding a whole card or account number', () => {
  it('is found in a run of more than eight digits, spaces and dashes between them or not', () => {
    expect(holdsLongNumber('Refunded to 4111111111111111')).toBe(true);
    expect(holdsLongNumber('card 4111 1111 1111 1111')).toBe(true);
    expect(holdsLongNumber('credit to acct 1234-5678-9')).toBe(true);
    expect(holdsLongNumber('account 123456789')).toBe(true);
  });

  it('passes a check number, a date, a last four and eight digits', () => {
    expect(holdsLongNumber('Check 1042 mailed on 12/02/2026')).toBe(false);
    expect(holdsLongNumber('Credit to the account ending 6789')).toBe(false);
    expect(holdsLongNumber('Ref 12345678')).toBe(false);
    expect(holdsLongNumber('Check 1042, 2026-12-02')).toBe(false);
  });
});
