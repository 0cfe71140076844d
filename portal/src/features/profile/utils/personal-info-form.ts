import {
  displayedPhone,
  phoneDigitsOf,
  phoneIssue,
  profileAddressIssues,
  type AddressField,
  type ProfilePersonalInfo,
  type UpdatePersonalInfoRequest,
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import { addressIssueText } from '../../../components/address-fields/address-fields';

export interface PersonalInfoValues {
  Address1: string;
  City: string;
  State: string;
  ZipCode: string;
  /** As shown and typed: 000-000-0000. */
  PhoneNumber: string;
  Primary: boolean;
  OptInToTexting: boolean;
}

export type PersonalInfoField = keyof PersonalInfoValues;

export const PERSONAL_INFO_FIELDS = [
  'Address1',
  'City',
  'State',
  'ZipCode',
  'PhoneNumber',
  'Primary',
  'OptInToTexting',
] as const satisfies readonly PersonalInfoField[];

export function savedPersonalInfoValues(info: ProfilePersonalInfo): PersonalInfoValues {
  const [phone] = info.PhoneNumbers;
  return {
    Address1: info.Address?.Address1 ?? '',
    City: info.Address?.City ?? '',
    State: info.Address?.State ?? '',
    ZipCode: info.Address?.ZipCode ?? '',
    PhoneNumber: phone ? displayedPhone(phone.PhoneNumber) : '',
    Primary: phone?.Primary ?? true,
    OptInToTexting: phone?.OptInToTexting ?? false,
  };
}

/** An address is checked and sent when one is on file or something was typed into it. */
function addressGiven(values: PersonalInfoValues, info: ProfilePersonalInfo): boolean {
  return (
    info.Address !== null ||
    [values.Address1, values.City, values.State, values.ZipCode].some((text) => text.trim() !== '')
  );
}

/** The form's mistakes by the domain's profile rules (spec 002 section 5). */
export function personalInfoIssues(
  values: PersonalInfoValues,
  info: ProfilePersonalInfo,
  settings: SettingsAccessor,
): Partial<Record<PersonalInfoField, string>> {
  const issues: Partial<Record<PersonalInfoField, string>> = {};
  if (addressGiven(values, info)) {
    const found = profileAddressIssues(values);
    for (const field of [
      'Address1',
      'City',
      'State',
      'ZipCode',
    ] as const satisfies AddressField[]) {
      const issue = found[field];
      if (issue === undefined) continue;
      issues[field] =
        issue === 'containsPoBox'
          ? settings.get('profileErrorTexts.containsPoBoxText')
          : addressIssueText(issue, settings);
    }
  }
  const phone = phoneIssue(values.PhoneNumber);
  if (phone === 'phoneRequired')
    issues.PhoneNumber = settings.get('profileTexts.phoneRequiredText');
  if (phone === 'phoneInvalid') issues.PhoneNumber = settings.get('profileTexts.phoneInvalidText');
  return issues;
}

/**
 * Whether the typed number is another than the saved one. A new number is saved not opted in to
 * texting (only the text subscription dialog opts a number in), so the form shows and sends it so.
 */
export function phoneNumberChanged(values: PersonalInfoValues, info: ProfilePersonalInfo): boolean {
  const [saved] = info.PhoneNumbers;
  return phoneDigitsOf(values.PhoneNumber) !== phoneDigitsOf(saved?.PhoneNumber ?? '');
}

export function personalInfoRequest(
  values: PersonalInfoValues,
  info: ProfilePersonalInfo,
): UpdatePersonalInfoRequest {
  return {
    Address: addressGiven(values, info)
      ? {
          Address1: values.Address1.trim(),
          City: values.City.trim(),
          State: values.State,
          ZipCode: values.ZipCode.trim(),
        }
      : null,
    PhoneNumbers: [
      {
        PhoneNumber: phoneDigitsOf(values.PhoneNumber),
        Primary: values.Primary,
        OptInToTexting: values.OptInToTexting && !phoneNumberChanged(values, info),
      },
    ],
  };
}
