import { z } from 'zod';
import { withEnvelope } from '../envelope';
import { applyDigitMask, digitsOnly, PHONE_MASK } from '../rules/formats';
import {
  ADDRESS_LIMITS,
  postalAddressIssues,
  type AddressField,
  type AddressIssue,
} from '../rules/postal-address';
import { containsPoBox, phoneIssue } from './profile-fields';

/**
 * The contact-info change request (spec 002 "Contact-info change form", sections 3, 5, 7 and 8):
 * where the institution forces manual contact-info changes, a borrower asks staff to change the
 * address or phone of chosen loan accounts, and staff do it by hand from the work queue. The
 * address and phone are checked with the profile's rules (profile-fields.ts: a 5-digit ZIP, no
 * PO box in a new address, a 10-digit phone); the portal guides with them, the server decides.
 */

/** The phone mask of this form: 14 characters, '(999) 999-9999' (spec 002 sections 5 and 9). */
export const CONTACT_CHANGE_PHONE_MASK = PHONE_MASK;

/** Spec 002 section 9: the success and error messages show for 4 seconds. */
export const CONTACT_CHANGE_MESSAGE_MS = 4000;

const Line = z.string().max(200);

/** An address of the request: Address1, Address2 (optional), City, State, ZipCode. */
export const ContactChangeAddress = z.object({
  Address1: Line,
  Address2: Line.nullish(),
  City: Line,
  State: z.string().max(20),
  ZipCode: z.string().max(20),
});
export type ContactChangeAddress = z.infer<typeof ContactChangeAddress>;

/** The phone change: both numbers, 10 digits each however punctuated ('(207) 555-0134'). */
export const ContactChangePhone = z.object({
  OldPhoneNumber: z.string().max(30),
  NewPhoneNumber: z.string().max(30),
});
export type ContactChangePhone = z.infer<typeof ContactChangePhone>;

/**
 * `PUT /api/ManualChangeContactInfo` (the spec's "contact-change request"). UserName and FirstName
 * come "from the session": the server takes them from it and ignores what is sent. AccountNumbers
 * are the chosen loan numbers as the account list gives them; OldAddress, NewAddress and
 * PhoneNumber1 are each absent (or null) when not changed, and at least one must be given.
 */
export const ManualChangeContactInfoRequest = z.object({
  UserName: z.string().max(200).nullish(),
  FirstName: z.string().max(200).nullish(),
  AccountNumbers: z.array(z.string().max(40)).max(100),
  OldAddress: ContactChangeAddress.nullish(),
  NewAddress: ContactChangeAddress.nullish(),
  PhoneNumber1: ContactChangePhone.nullish(),
});
export type ManualChangeContactInfoRequest = z.infer<typeof ManualChangeContactInfoRequest>;

/** The spec does not show the answer: decided as the envelope and the request's reference. */
export const ManualChangeContactInfoResponse = withEnvelope({ RequestId: z.string() });
export type ManualChangeContactInfoResponse = z.infer<typeof ManualChangeContactInfoResponse>;

/** The refusals of the call (the portal shows contactChangeTexts.errorText for every one). */
export const CONTACT_CHANGE_ERROR_CODES = {
  /** A field breaks its rule (required, lengths, state, ZIP, phone). */
  correctErrors: 'CorrectErrors',
  /** The new address names a post office box. */
  containsPoBox: 'ContainsPOBox',
  noAccountChosen: 'NoAccountChosen',
  noChangeGiven: 'NoChangeGiven',
  /** A number that is not one of the caller's loan accounts. */
  accountNotFound: 'AccountNotFound',
  /** The institution lets borrowers change their contact info on the profile instead. */
  notOffered: 'NotOffered',
} as const;
export type ContactChangeErrorCode =
  (typeof CONTACT_CHANGE_ERROR_CODES)[keyof typeof CONTACT_CHANGE_ERROR_CODES];

export type ContactChangeAddressField = AddressField | 'Address2';
export type ContactChangeAddressIssue = AddressIssue | 'address2TooLong' | 'containsPoBox';

/**
 * An address's problems, field by field: the loan and profile address rules (Address1 45, City 20,
 * a state of the list, a 5-digit ZIP), Address2 optional up to 45; a new address is where the
 * borrower lives (`physical`), so neither line may name a PO box, as on the profile.
 */
export function contactChangeAddressIssues(
  address: ContactChangeAddress,
  options: { physical: boolean },
): Partial<Record<ContactChangeAddressField, ContactChangeAddressIssue>> {
  const issues: Partial<Record<ContactChangeAddressField, ContactChangeAddressIssue>> =
    postalAddressIssues(address);
  const line2 = (address.Address2 ?? '').trim();
  if (line2.length > ADDRESS_LIMITS.address1) issues.Address2 = 'address2TooLong';
  if (options.physical) {
    if (issues.Address1 === undefined && containsPoBox(address.Address1)) {
      issues.Address1 = 'containsPoBox';
    }
    if (issues.Address2 === undefined && line2 !== '' && containsPoBox(line2)) {
      issues.Address2 = 'containsPoBox';
    }
  }
  return issues;
}

export type ContactChangePhoneIssue =
  'bothPhonesRequired' | 'oldPhoneRequired' | 'newPhoneRequired' | 'phoneInvalid';

/**
 * The phone change's problems (spec 002 section 5): old and new are given together, each a
 * 10-digit number (the profile's phone rule). Both empty is `both` ('Must Enter Old Phone Number
 * and New Phone Number'); one empty is that one's ('Enter Old Phone Number').
 */
export function contactChangePhoneIssues(phone: ContactChangePhone): {
  both?: 'bothPhonesRequired';
  OldPhoneNumber?: ContactChangePhoneIssue;
  NewPhoneNumber?: ContactChangePhoneIssue;
} {
  const oldEmpty = phone.OldPhoneNumber.trim() === '';
  const newEmpty = phone.NewPhoneNumber.trim() === '';
  if (oldEmpty && newEmpty) return { both: 'bothPhonesRequired' };
  const issues: {
    OldPhoneNumber?: ContactChangePhoneIssue;
    NewPhoneNumber?: ContactChangePhoneIssue;
  } = {};
  if (oldEmpty) issues.OldPhoneNumber = 'oldPhoneRequired';
  else if (phoneIssue(phone.OldPhoneNumber)) issues.OldPhoneNumber = 'phoneInvalid';
  if (newEmpty) issues.NewPhoneNumber = 'newPhoneRequired';
  else if (phoneIssue(phone.NewPhoneNumber)) issues.NewPhoneNumber = 'phoneInvalid';
  return issues;
}

/** What the server refuses a request for, in the order it names them (none: it is accepted). */
export function contactChangeRequestIssues(
  request: Pick<
    ManualChangeContactInfoRequest,
    'AccountNumbers' | 'OldAddress' | 'NewAddress' | 'PhoneNumber1'
  >,
): ContactChangeErrorCode[] {
  const codes = new Set<ContactChangeErrorCode>();
  if (request.AccountNumbers.filter((number) => number.trim() !== '').length === 0) {
    codes.add(CONTACT_CHANGE_ERROR_CODES.noAccountChosen);
  }
  if (!request.OldAddress && !request.NewAddress && !request.PhoneNumber1) {
    codes.add(CONTACT_CHANGE_ERROR_CODES.noChangeGiven);
  }
  for (const [address, physical] of [
    [request.OldAddress, false],
    [request.NewAddress, true],
  ] as const) {
    if (!address) continue;
    const found = Object.values(contactChangeAddressIssues(address, { physical }));
    if (found.includes('containsPoBox')) codes.add(CONTACT_CHANGE_ERROR_CODES.containsPoBox);
    if (found.some((issue) => issue !== 'containsPoBox')) {
      codes.add(CONTACT_CHANGE_ERROR_CODES.correctErrors);
    }
  }
  if (request.PhoneNumber1 && Object.keys(contactChangePhoneIssues(request.PhoneNumber1)).length) {
    codes.add(CONTACT_CHANGE_ERROR_CODES.correctErrors);
  }
  return [...codes];
}

/** A phone number as this form shows it: '(207) 555-0134'. */
export function contactChangePhoneText(text: string): string {
  return applyDigitMask(digitsOnly(text), CONTACT_CHANGE_PHONE_MASK);
}
