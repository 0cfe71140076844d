import { describe, expect, it } from 'vitest';
import {
  containsPoBox,
  displayedPhone,
  emailAddressIssue,
  phoneDigitsOf,
  phoneIssue,
  profileAddressIssues,
} from './profile-fields';

const ADDRESS = { Address1: '12 Harbor Road', City: 'Portland', State: 'ME', ZipCode: '04101' };

describe('profile e-mail address', () => {
  it('needs an address of at most 100 characters in the shape name@host.tld', () => {
    expect(emailAddressIssue('')).toBe('emailRequired');
    expect(emailAddressIssue('   ')).toBe('emailRequired');
    expect(emailAddressIssue('jordan@example')).toBe('emailInvalid');
    expect(emailAddressIssue('jordan rivers@example.test')).toBe('emailInvalid');
    expect(emailAddressIssue(' jordan@example.test ')).toBeUndefined();
    const local = 'a'.repeat(100 - '@example.test'.length);
    expect(emailAddressIssue(`${local}@example.test`)).toBeUndefined();
    expect(emailAddressIssue(`${local}x@example.test`)).toBe('emailInvalid');
  });
});

describe('profile phone', () => {
  it('needs ten digits, however they are punctuated', () => {
    expect(phoneIssue('')).toBe('phoneRequired');
    expect(phoneIssue('207-555-0134')).toBeUndefined();
    expect(phoneIssue('(207) 555-0134')).toBeUndefined();
    expect(phoneIssue('2075550134')).toBeUndefined();
    expect(phoneIssue('207-555-013')).toBe('phoneInvalid');
    expect(phoneIssue('207-555-01345')).toBe('phoneInvalid');
    expect(phoneIssue('207-555-CALL')).toBe('phoneInvalid');
    expect(phoneDigitsOf('(207) 555-0134')).toBe('2075550134');
  });

  it('shows ten digits as 000-000-0000 and a 12-character number as it is', () => {
    expect(displayedPhone('2075550134')).toBe('207-555-0134');
    expect(displayedPhone('207.555.0134')).toBe('207.555.0134');
    expect(displayedPhone('+12075550134')).toBe('+12075550134');
    expect(displayedPhone('')).toBe('');
  });
});

describe('PO boxes in a physical address', () => {
  it.each([
    'PO Box 12',
    'P.O. Box 12',
    'p.o.box 12',
    'P O Box 7',
    'POB 44',
    'P.O.B. 44',
    'PO 12',
    'Post Office Box 9',
    'Postal Box 3',
    'Lock Box 3',
    'Box 12',
    'Apt 4, Box 12',
    '12 Main St PO Box 5',
  ])('finds one in %s', (line) => {
    expect(containsPoBox(line)).toBe(true);
  });

  it.each([
    '12 Polk Street',
    '400 Post Road',
    '9 Boxwood Drive',
    '12 Box Elder Street',
    '1 Poe Avenue',
    '77 Apollo Way',
    'Suite 100, 5 Dock Square',
  ])('does not take %s for one', (line) => {
    expect(containsPoBox(line)).toBe(false);
  });

  it('reports a PO box only on a street line that is otherwise fine', () => {
    expect(profileAddressIssues(ADDRESS)).toEqual({});
    expect(profileAddressIssues({ ...ADDRESS, Address1: 'PO Box 12' })).toEqual({
      Address1: 'containsPoBox',
    });
    expect(profileAddressIssues({ ...ADDRESS, Address1: `PO Box ${'1'.repeat(40)}` })).toEqual({
      Address1: 'address1TooLong',
    });
  });

  it('keeps the loan address limits: 45-character street, 20-character city, a state, 5 digits', () => {
    expect(profileAddressIssues({ ...ADDRESS, Address1: 'x'.repeat(45) })).toEqual({});
    expect(
      profileAddressIssues({
        Address1: 'x'.repeat(46),
        City: 'y'.repeat(21),
        State: 'XX',
        ZipCode: '0410',
      }),
    ).toEqual({
      Address1: 'address1TooLong',
      City: 'cityTooLong',
      State: 'stateRequired',
      ZipCode: 'zipCodeInvalid',
    });
  });
});
