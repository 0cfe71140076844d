import { describe, expect, it } from 'vitest';
import { lastFourOf, maskAccountNumber } from './account-masking';

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
