import { describe, expect, it } from 'vitest';
import { isUsState, postalAddressIssues, sanitizeAddressText, US_STATES } from './postal-address';

const GOOD = { Address1: '12 Harbor St.', City: 'Portland', State: 'ME', ZipCode: '04101' };

describe('postal addresses', () => {
  it('lists the 50 states and the District of Columbia', () => {
    expect(US_STATES).toHaveLength(51);
    expect(isUsState('DC')).toBe(true);
    expect(isUsState('PR')).toBe(false);
    expect(isUsState('')).toBe(false);
  });

  it('accepts a complete address and names each field’s first problem', () => {
    expect(postalAddressIssues(GOOD)).toEqual({});
    expect(postalAddressIssues({ Address1: ' ', City: '', State: '', ZipCode: '' })).toEqual({
      Address1: 'address1Required',
      City: 'cityRequired',
      State: 'stateRequired',
      ZipCode: 'zipCodeRequired',
    });
  });

  it('holds Address1 to 45 characters, City to 20 and the ZIP code to exactly 5 digits', () => {
    expect(postalAddressIssues({ ...GOOD, Address1: 'a'.repeat(45) })).toEqual({});
    expect(postalAddressIssues({ ...GOOD, Address1: 'a'.repeat(46) }).Address1).toBe(
      'address1TooLong',
    );
    expect(postalAddressIssues({ ...GOOD, City: 'c'.repeat(20) })).toEqual({});
    expect(postalAddressIssues({ ...GOOD, City: 'c'.repeat(21) }).City).toBe('cityTooLong');
    for (const zip of ['0410', '041011', '04101-1234', 'abcde']) {
      expect(postalAddressIssues({ ...GOOD, ZipCode: zip }).ZipCode, zip).toBe('zipCodeInvalid');
    }
  });

  it('sanitises street and city text as typed', () => {
    expect(sanitizeAddressText('12 <b>Harbor</b> St.')).toBe('12 bHarbor/b St.');
    expect(sanitizeAddressText('Apt #4, O’Neil & Co.')).toBe('Apt #4, O’Neil & Co.');
    expect(sanitizeAddressText("O'Neil  Road")).toBe("O'Neil Road");
    expect(sanitizeAddressText('Zürich-Straße 5/2')).toBe('Zürich-Straße 5/2');
    expect(sanitizeAddressText('a"b;c\u0000d')).toBe('abcd');
  });
});
