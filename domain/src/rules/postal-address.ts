/**
 * US mailing addresses as the loan and profile forms take them (spec 002 section 5): Address1 up
 * to 45 characters, City up to 20, a State from the fixed list, a 5-digit ZIP code. Street and
 * city text are sanitised as typed. The portal guides with these; the server decides with them.
 */

export const ADDRESS_LIMITS = { address1: 45, city: 20, zipDigits: 5 } as const;

/** The 50 states and the District of Columbia (spec 002 "Personal info"). */
export const US_STATES: readonly { Value: string; Description: string }[] = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
].map(([Value = '', Description = '']) => ({ Value, Description }));

const STATE_CODES: ReadonlySet<string> = new Set(US_STATES.map((state) => state.Value));

export function isUsState(code: string): boolean {
  return STATE_CODES.has(code);
}

/**
 * Street and city text as typed, sanitised: letters (any alphabet), digits, spaces and the
 * punctuation of addresses (. , ' # - / &) stay; everything else (angle brackets, quotes,
 * control characters) is dropped and runs of spaces become one.
 */
export function sanitizeAddressText(text: string): string {
  return text.replace(/[^\p{L}\p{N} .,'’#\-/&]/gu, '').replace(/ {2,}/g, ' ');
}

export type AddressField = 'Address1' | 'City' | 'State' | 'ZipCode';
export type AddressIssue =
  | 'address1Required'
  | 'address1TooLong'
  | 'cityRequired'
  | 'cityTooLong'
  | 'stateRequired'
  | 'zipCodeRequired'
  | 'zipCodeInvalid';

/** Each field's first problem, or none. */
export function postalAddressIssues(address: {
  Address1: string;
  City: string;
  State: string;
  ZipCode: string;
}): Partial<Record<AddressField, AddressIssue>> {
  const issues: Partial<Record<AddressField, AddressIssue>> = {};
  const street = address.Address1.trim();
  if (street === '') issues.Address1 = 'address1Required';
  else if (street.length > ADDRESS_LIMITS.address1) issues.Address1 = 'address1TooLong';
  const city = address.City.trim();
  if (city === '') issues.City = 'cityRequired';
  else if (city.length > ADDRESS_LIMITS.city) issues.City = 'cityTooLong';
  if (!isUsState(address.State)) issues.State = 'stateRequired';
  const zip = address.ZipCode.trim();
  if (zip === '') issues.ZipCode = 'zipCodeRequired';
  else if (!/^\d{5}$/.test(zip)) issues.ZipCode = 'zipCodeInvalid';
  return issues;
}
