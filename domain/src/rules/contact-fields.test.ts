import { describe, expect, it } from 'vitest';
import {
  isEmailAddress,
  isPhoneNumber,
  isZipCode,
  registrationDateOfBirth,
} from './contact-fields';

describe('the registration contact fields (one rule for portal and server)', () => {
  it('takes an e-mail address with a host and a dot, trimmed', () => {
    expect(isEmailAddress(' jordan.rivers@example.test ')).toBe(true);
    for (const bad of ['jordan', 'jordan@example', 'jordan @example.test', '@example.test', '']) {
      expect(isEmailAddress(bad)).toBe(false);
    }
  });

  it('takes five digits as a ZIP code, and nothing else', () => {
    expect(isZipCode('04101')).toBe(true);
    for (const bad of ['0410', '041011', '04-101', 'ABCDE', '04101-1234']) {
      expect(isZipCode(bad)).toBe(false);
    }
  });

  it('takes ten digits as a phone number, however punctuated', () => {
    expect(isPhoneNumber('(207) 555-0134')).toBe(true);
    expect(isPhoneNumber('2075550134')).toBe(true);
    expect(isPhoneNumber('555-0134')).toBe(false);
    expect(isPhoneNumber('1 207 555 0134')).toBe(false);
  });

  it("reads a date of birth against the institution's today, not the device's", () => {
    expect(registrationDateOfBirth('04/12/1986', '2026-11-25')).toBe('1986-04-12');
    expect(registrationDateOfBirth('02/30/1986', '2026-11-25')).toBeUndefined();
    expect(registrationDateOfBirth('4/12/1986', '2026-11-25')).toBeUndefined();
    // Born "tomorrow" for the institution is refused, whatever the device's clock says.
    expect(registrationDateOfBirth('11/26/2026', '2026-11-25')).toBeUndefined();
  });
});
