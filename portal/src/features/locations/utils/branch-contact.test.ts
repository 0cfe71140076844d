import { describe, expect, it } from 'vitest';
import { phoneHref } from './branch-contact';

describe('the phone link of a branch', () => {
  it('dials a US number in its E.164 form, however it was written', () => {
    expect(phoneHref('(207) 555-0100')).toBe('tel:+12075550100');
    expect(phoneHref('1-207-555-0100')).toBe('tel:+12075550100');
  });

  it('dials an international number by its digits', () => {
    expect(phoneHref('+44 20 7946 0958')).toBe('tel:+442079460958');
  });

  it('draws no link for a number it cannot dial as written', () => {
    expect(phoneHref('')).toBeUndefined();
    expect(phoneHref('555-0100 ext. 2')).toBeUndefined();
    expect(phoneHref('Call the main office')).toBeUndefined();
  });
});
