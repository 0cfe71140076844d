import { describe, expect, it } from 'vitest';
import {
  contactChangeAddressIssues,
  contactChangePhoneIssues,
  contactChangePhoneText,
  contactChangeRequestIssues,
} from './contact-change';

const ADDRESS = {
  Address1: '12 Pine Street',
  Address2: 'Apt 4',
  City: 'Portland',
  State: 'ME',
  ZipCode: '04101',
};

describe('the contact-info change rules', () => {
  it('takes an address by the profile rules, line 2 optional', () => {
    expect(contactChangeAddressIssues(ADDRESS, { physical: true })).toEqual({});
    expect(contactChangeAddressIssues({ ...ADDRESS, Address2: null }, { physical: true })).toEqual(
      {},
    );
    expect(
      contactChangeAddressIssues(
        { Address1: ' ', Address2: 'x'.repeat(46), City: '', State: 'ZZ', ZipCode: '041' },
        { physical: false },
      ),
    ).toEqual({
      Address1: 'address1Required',
      Address2: 'address2TooLong',
      City: 'cityRequired',
      State: 'stateRequired',
      ZipCode: 'zipCodeInvalid',
    });
  });

  it('refuses a PO box in either line of a new address, not of the old one', () => {
    const box = { ...ADDRESS, Address1: 'PO Box 12' };
    expect(contactChangeAddressIssues(box, { physical: true })).toEqual({
      Address1: 'containsPoBox',
    });
    expect(contactChangeAddressIssues(box, { physical: false })).toEqual({});
    expect(
      contactChangeAddressIssues({ ...ADDRESS, Address2: 'P.O. Box 7' }, { physical: true }),
    ).toEqual({ Address2: 'containsPoBox' });
  });

  it('wants the old and the new phone together, 10 digits each', () => {
    expect(
      contactChangePhoneIssues({ OldPhoneNumber: '(207) 555-0134', NewPhoneNumber: '2075550199' }),
    ).toEqual({});
    expect(contactChangePhoneIssues({ OldPhoneNumber: '', NewPhoneNumber: ' ' })).toEqual({
      both: 'bothPhonesRequired',
    });
    expect(contactChangePhoneIssues({ OldPhoneNumber: '', NewPhoneNumber: '2075550199' })).toEqual({
      OldPhoneNumber: 'oldPhoneRequired',
    });
    expect(
      contactChangePhoneIssues({ OldPhoneNumber: '(207) 555-01', NewPhoneNumber: '' }),
    ).toEqual({ OldPhoneNumber: 'phoneInvalid', NewPhoneNumber: 'newPhoneRequired' });
  });

  it('names what a request lacks or breaks, each once', () => {
    expect(
      contactChangeRequestIssues({
        AccountNumbers: ['001-100235-2'],
        NewAddress: ADDRESS,
        OldAddress: ADDRESS,
      }),
    ).toEqual([]);
    expect(contactChangeRequestIssues({ AccountNumbers: [' '] })).toEqual([
      'NoAccountChosen',
      'NoChangeGiven',
    ]);
    expect(
      contactChangeRequestIssues({
        AccountNumbers: ['001-100235-2'],
        NewAddress: { ...ADDRESS, Address1: 'PO Box 9', ZipCode: '4101' },
        PhoneNumber1: { OldPhoneNumber: '207', NewPhoneNumber: '2075550199' },
      }),
    ).toEqual(['ContainsPOBox', 'CorrectErrors']);
  });

  it('shows a phone in the form’s mask', () => {
    expect(contactChangePhoneText('2075550134')).toBe('(207) 555-0134');
  });
});
