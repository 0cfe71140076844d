import { describe, expect, it } from 'vitest';
import { formatUsPhoneNumber, isSamePhoneNumber, usPhoneNumberE164 } from './phone-numbers';

describe('US phone numbers for texting', () => {
  it('reads ten digits, dashes, brackets and a leading 1 or +1 as the same E.164 number', () => {
    for (const typed of [
      '2075550134',
      '207-555-0134',
      '(207) 555-0134',
      '12075550134',
      '+1 207 555 0134',
    ]) {
      expect(usPhoneNumberE164(typed)).toBe('+12075550134');
    }
  });

  it('refuses numbers of other lengths, letters, and area codes or exchanges starting 0 or 1', () => {
    for (const typed of [
      '207555013',
      '207555013456',
      '207-555-O134',
      '1075550134',
      '2071550134',
      '+442075550134',
      '',
    ]) {
      expect(usPhoneNumberE164(typed)).toBeNull();
    }
  });

  it('compares numbers by their E.164 form and shows them as 000-000-0000', () => {
    expect(isSamePhoneNumber('207-555-0134', '+12075550134')).toBe(true);
    expect(isSamePhoneNumber('207-555-0134', '207-555-0135')).toBe(false);
    expect(isSamePhoneNumber('bad', 'bad')).toBe(false);
    expect(formatUsPhoneNumber('+12075550134')).toBe('207-555-0134');
    expect(formatUsPhoneNumber('123456789012')).toBe('123456789012');
  });
});
