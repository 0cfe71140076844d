import { describe, expect, it } from 'vitest';
import { centsToDollars } from './money';

describe('centsToDollars', () => {
  it('gives the decimal dollars a client would parse from the text', () => {
    expect(centsToDollars(123456)).toBe(1234.56);
    expect(centsToDollars(5)).toBe(0.05);
    expect(centsToDollars(-1999)).toBe(-19.99);
    expect(centsToDollars(0)).toBe(0);
  });

  it('keeps amounts beyond 32-bit cents exact', () => {
    expect(centsToDollars(2_475_000_055)).toBe(24_750_000.55);
    expect(JSON.stringify(centsToDollars(2_475_000_055))).toBe('24750000.55');
  });

  it('refuses fractions of a cent and unsafe integers', () => {
    expect(() => centsToDollars(1.5)).toThrow(RangeError);
    expect(() => centsToDollars(Number.MAX_SAFE_INTEGER + 2)).toThrow(RangeError);
  });
});
