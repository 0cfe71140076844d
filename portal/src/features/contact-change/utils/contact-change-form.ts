import {
  ADDRESS_LIMITS,
  contactChangeAddressIssues,
  contactChangePhoneIssues,
  digitsOnly,
  type ContactChangeAddress,
  type ContactChangeAddressField,
  type ContactChangeAddressIssue,
  type ContactChangePhoneIssue,
  type ManualChangeContactInfoRequest,
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import { addressIssueText } from '../../../components/address-fields/address-fields';

/** The form as typed: the ticked loans, the two switches, both addresses and both phones. */
export interface ContactChangeValues {
  accounts: string[];
  changeAddress: boolean;
  changePhone: boolean;
  oldAddress1: string;
  oldAddress2: string;
  oldCity: string;
  oldState: string;
  oldZip: string;
  newAddress1: string;
  newAddress2: string;
  newCity: string;
  newState: string;
  newZip: string;
  /** As shown and typed: (000) 000-0000. */
  oldPhoneNumber: string;
  newPhoneNumber: string;
}

export const EMPTY_CONTACT_CHANGE: ContactChangeValues = {
  accounts: [],
  changeAddress: false,
  changePhone: false,
  oldAddress1: '',
  oldAddress2: '',
  oldCity: '',
  oldState: '',
  oldZip: '',
  newAddress1: '',
  newAddress2: '',
  newCity: '',
  newState: '',
  newZip: '',
  oldPhoneNumber: '',
  newPhoneNumber: '',
};

export type AddressSide = 'old' | 'new';

/** Each address field's form name, by side. */
export const ADDRESS_FIELD_NAMES = {
  old: {
    Address1: 'oldAddress1',
    Address2: 'oldAddress2',
    City: 'oldCity',
    State: 'oldState',
    ZipCode: 'oldZip',
  },
  new: {
    Address1: 'newAddress1',
    Address2: 'newAddress2',
    City: 'newCity',
    State: 'newState',
    ZipCode: 'newZip',
  },
} as const satisfies Record<
  AddressSide,
  Record<ContactChangeAddressField, keyof ContactChangeValues>
>;

const ADDRESS_KEYS = [
  'Address1',
  'Address2',
  'City',
  'State',
  'ZipCode',
] as const satisfies readonly ContactChangeAddressField[];

export type ContactChangeField =
  | (typeof ADDRESS_FIELD_NAMES)[AddressSide][ContactChangeAddressField]
  | 'oldPhoneNumber'
  | 'newPhoneNumber';

export const CONTACT_CHANGE_FIELDS: readonly ContactChangeField[] = [
  ...Object.values(ADDRESS_FIELD_NAMES.old),
  ...Object.values(ADDRESS_FIELD_NAMES.new),
  'oldPhoneNumber',
  'newPhoneNumber',
];

/**
 * The product's labels of the two phone fields: the spec names the fields (oldPhoneNumber,
 * newPhoneNumber) and their errors, and the settings have no label keys for them.
 */
export const PHONE_LABELS = { old: 'Old Phone Number', new: 'New Phone Number' } as const;

/** The form's mistakes: each field's, and those of the form as a whole (spec 002 section 5). */
export interface ContactChangeIssues {
  fields: Partial<Record<ContactChangeField, string>>;
  /** No loan ticked. */
  accounts?: string;
  /** Neither switch on. */
  change?: string;
  /** The phone switch on and neither number typed. */
  phones?: string;
}

export function addressOf(values: ContactChangeValues, side: AddressSide): ContactChangeAddress {
  const names = ADDRESS_FIELD_NAMES[side];
  return {
    Address1: values[names.Address1].trim(),
    Address2: values[names.Address2].trim(),
    City: values[names.City].trim(),
    State: values[names.State],
    ZipCode: values[names.ZipCode].trim(),
  };
}

/** The wording of an address mistake: the form's own texts first, the address form's after. */
function addressMistake(
  issue: ContactChangeAddressIssue,
  zip: string,
  settings: SettingsAccessor,
): string {
  switch (issue) {
    case 'address1Required':
    case 'cityRequired':
    case 'stateRequired':
    case 'zipCodeRequired':
      return settings.get('contactChangeTexts.requiredText');
    case 'zipCodeInvalid':
      return digitsOnly(zip).length > ADDRESS_LIMITS.zipDigits
        ? settings.get('contactChangeTexts.zipTooLongText')
        : settings.get('contactChangeTexts.zipTooShortText');
    case 'containsPoBox':
      return settings.get('profileErrorTexts.containsPoBoxText');
    case 'address2TooLong':
      return addressIssueText('address1TooLong', settings);
    default:
      return addressIssueText(issue, settings);
  }
}

const PHONE_MISTAKES = {
  bothPhonesRequired: 'contactChangeTexts.phoneBothRequiredText',
  oldPhoneRequired: 'contactChangeTexts.oldPhoneRequiredText',
  newPhoneRequired: 'contactChangeTexts.newPhoneRequiredText',
  phoneInvalid: 'contactChangeTexts.phoneInvalidText',
} as const satisfies Record<ContactChangePhoneIssue, string>;

/** The form's mistakes by the domain's contact-change rules (the profile's address and phone). */
export function contactChangeIssues(
  values: ContactChangeValues,
  settings: SettingsAccessor,
): ContactChangeIssues {
  const issues: ContactChangeIssues = { fields: {} };
  if (values.accounts.length === 0) {
    issues.accounts = settings.get('contactChangeTexts.accountRequiredText');
  }
  if (!values.changeAddress && !values.changePhone) {
    issues.change = settings.get('contactChangeTexts.changeRequiredText');
  }
  if (values.changeAddress) {
    for (const side of ['old', 'new'] as const) {
      const names = ADDRESS_FIELD_NAMES[side];
      const address = addressOf(values, side);
      const found = contactChangeAddressIssues(address, { physical: side === 'new' });
      for (const field of ADDRESS_KEYS) {
        const issue = found[field];
        if (issue) issues.fields[names[field]] = addressMistake(issue, address.ZipCode, settings);
      }
    }
  }
  if (values.changePhone) {
    const found = contactChangePhoneIssues({
      OldPhoneNumber: values.oldPhoneNumber,
      NewPhoneNumber: values.newPhoneNumber,
    });
    if (found.both) issues.phones = settings.get(PHONE_MISTAKES[found.both]);
    if (found.OldPhoneNumber) {
      issues.fields.oldPhoneNumber = settings.get(PHONE_MISTAKES[found.OldPhoneNumber]);
    }
    if (found.NewPhoneNumber) {
      issues.fields.newPhoneNumber = settings.get(PHONE_MISTAKES[found.NewPhoneNumber]);
    }
  }
  return issues;
}

export function hasIssues(issues: ContactChangeIssues): boolean {
  return (
    Object.keys(issues.fields).length > 0 ||
    issues.accounts !== undefined ||
    issues.change !== undefined ||
    issues.phones !== undefined
  );
}

/**
 * What is sent: the ticked loans, both addresses when the address switch is on, and the phones
 * when the phone switch is on and the old number is filled (spec 002 section 5); UserName and
 * FirstName from the session (the server takes its own).
 */
export function contactChangeRequest(
  values: ContactChangeValues,
  user: { username: string; personalName: string },
): ManualChangeContactInfoRequest {
  const phone = values.changePhone && values.oldPhoneNumber.trim() !== '';
  return {
    UserName: user.username,
    FirstName: user.personalName.trim().split(/\s+/)[0] ?? '',
    AccountNumbers: values.accounts,
    OldAddress: values.changeAddress ? addressOf(values, 'old') : null,
    NewAddress: values.changeAddress ? addressOf(values, 'new') : null,
    PhoneNumber1: phone
      ? {
          OldPhoneNumber: digitsOnly(values.oldPhoneNumber),
          NewPhoneNumber: digitsOnly(values.newPhoneNumber),
        }
      : null,
  };
}
