import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatUsd, formatUsdPlain, parseUsd } from './money';

describe('money in integer cents', () => {
  it('converts cents to the wire dollars and back exactly', () => {
    expect(centsToDollars(123456)).toBe(1234.56);
    expect(centsToDollars(1)).toBe(0.01);
    expect(dollarsToCents(1234.56)).toBe(123456);
    expect(dollarsToCents(0.07)).toBe(7);
    expect(dollarsToCents(19.99)).toBe(1999);
    for (let cents = 0; cents < 100_000; cents += 7) {
      expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
    }
  });

  it('keeps negative amounts and amounts beyond 32-bit cents exact on the wire', () => {
    expect(centsToDollars(-1999)).toBe(-19.99);
    expect(centsToDollars(0)).toBe(0);
    expect(centsToDollars(2_475_000_055)).toBe(24_750_000.55);
    expect(JSON.stringify(centsToDollars(2_475_000_055))).toBe('24750000.55');
    expect(() => centsToDollars(Number.MAX_SAFE_INTEGER + 2)).toThrow(RangeError);
  });

  it('refuses a fraction of a cent and non-integers', () => {
    expect(() => dollarsToCents(1.005)).toThrow(RangeError);
    expect(() => dollarsToCents(Number.NaN)).toThrow(RangeError);
    expect(() => centsToDollars(1.5)).toThrow(RangeError);
  });

  it('formats US currency with two decimals and grouping', () => {
    expect(formatUsd(123456)).toBe('$1,234.56');
    expect(formatUsd(5)).toBe('$0.05');
    expect(formatUsd(100000000)).toBe('$1,000,000.00');
    expect(formatUsd(-2500)).toBe('-$25.00');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(-0)).toBe('$0.00');
    expect(formatUsdPlain(123456)).toBe('1234.56');
    expect(formatUsdPlain(-5)).toBe('-0.05');
  });

  it('formats every amount as Intl does for en-US dollars', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const amounts = [1, 99, 100, 999_99, 1_000_00, 999_999_99, 1_000_000_00, 99_999_999_999_99];
    // And 2,000 more of every length, from a fixed sequence (a linear congruential generator).
    for (let seed = 7, i = 0; i < 2_000; i += 1) {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      amounts.push(seed % 10 ** ((i % 12) + 1));
    }
    for (const cents of amounts) {
      expect(formatUsd(cents)).toBe(intl.format(cents / 100));
      // Intl writes minus zero "-$0.00"; an amount of nothing has no sign (above).
      if (cents !== 0) expect(formatUsd(-cents)).toBe(intl.format(-cents / 100));
    }
    // Beyond where dividing by 100 in floating point is exact, whole cents still are.
    expect(formatUsd(2 ** 53 - 1)).toBe('$90,071,992,547,409.91');
  });

  it('parses what people type into an amount field', () => {
    expect(parseUsd('1234.56')).toBe(123456);
    expect(parseUsd('$1,234.56')).toBe(123456);
    expect(parseUsd(' 1,234.5 ')).toBe(123450);
    expect(parseUsd('.5')).toBe(50);
    expect(parseUsd('12')).toBe(1200);
    expect(parseUsd('12.')).toBe(1200);
    expect(parseUsd('0.07')).toBe(7);
  });

  it('refuses amounts it cannot read exactly', () => {
    for (const text of [
      '',
      '.',
      '1.234',
      '12,34.00',
      '1,2345',
      'abc',
      '$',
      '1e3',
      '--1',
      '1.2.3',
    ]) {
      expect(parseUsd(text), text).toBeUndefined();
    }
    expect(parseUsd('-5.00')).toBeUndefined();
    expect(parseUsd('-5.00', { allowNegative: true })).toBe(-500);
  });
});
