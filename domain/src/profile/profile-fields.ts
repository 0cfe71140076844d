import { digitsOnly } from '../rules/formats';
import { isEmailAddress } from '../rules/contact-fields';
import {
  ADDRESS_LIMITS,
  postalAddressIssues,
  type AddressField,
  type AddressIssue,
} from '../rules/postal-address';

/**
 * The profile's own field rules (spec 002 section 5, "Profile user info" and "Profile phone"),
 * written once: the portal's profile forms guide with them, the server's profile updates decide
 * with them.
 */

/** Section 9: e-mail at most 100 characters, a phone of 10 digits; the address as the loan's. */
export const PROFILE_LIMITS = { ...ADDRESS_LIMITS, emailAddress: 100, phoneDigits: 10 } as const;

/** How the profile shows and takes a phone number (spec 002 section 5). */
export const PROFILE_PHONE_MASK = '000-000-0000';

export type EmailAddressIssue = 'emailRequired' | 'emailInvalid';

/** 'A valid e-mail address is required.' covers both a malformed and a too-long address. */
export function emailAddressIssue(text: string): EmailAddressIssue | undefined {
  const email = text.trim();
  if (email === '') return 'emailRequired';
  if (email.length > PROFILE_LIMITS.emailAddress || !isEmailAddress(email)) return 'emailInvalid';
  return undefined;
}

export type PhoneIssue = 'phoneRequired' | 'phoneInvalid';

/** 'A phone number is required', 'Phone number is invalid. A 10 digit phone number is required.' */
export function phoneIssue(text: string): PhoneIssue | undefined {
  if (text.trim() === '') return 'phoneRequired';
  // Only digits and the punctuation of a typed number; letters are not quietly dropped.
  if (/[^\d\s().+-]/.test(text)) return 'phoneInvalid';
  return digitsOnly(text).length === PROFILE_LIMITS.phoneDigits ? undefined : 'phoneInvalid';
}

/** The digits a phone number is kept as ('207-555-0134' and '(207) 555-0134' alike). */
export function phoneDigitsOf(text: string): string {
  return digitsOnly(text);
}

/**
 * A stored phone number as the profile shows it: ten digits in the mask 000-000-0000; a number
 * of 12 characters is shown as it is (spec 002 section 5), and so is anything else the core holds.
 */
export function displayedPhone(stored: string): string {
  if (stored.length === 12) return stored;
  const digits = digitsOnly(stored);
  if (digits.length !== PROFILE_LIMITS.phoneDigits || digits !== stored) return stored;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/**
 * Whether a street line names a post office box: 'PO Box 12', 'P.O. Box 12', 'P O B 12',
 * 'POB 12', 'PO 12', 'Post Office Box 12', 'Postal Box 12', 'Lock Box 3' or 'Box 12' standing
 * alone. Streets that share the letters (Polk Street, Post Road, Boxwood Drive, 12 Box Elder
 * Street) are not boxes.
 */
export function containsPoBox(text: string): boolean {
  const line = text.toLowerCase().replace(/\s+/g, ' ').trim();
  const patterns = [
    // P.O. Box, PO Box, P O Box, P.O.B., POB, P O B: the letters P and O, then a box or a number.
    /(^|[^a-z0-9])p\s*\.?\s*o\s*\.?\s*(box|b\b|b\s*\.|\s*#?\s*\d)/,
    /(^|[^a-z0-9])pob\s*\.?\s*#?\s*\d/,
    /(^|[^a-z0-9])post\s*office\s*(box|b\b|#?\s*\d)/,
    /(^|[^a-z0-9])postal\s*box/,
    /(^|[^a-z0-9])lock\s*box/,
    // 'Box 12' as the whole line, or after a comma: a box, not 'Boxwood' or '12 Box Elder St'.
    /^(?:[^,]*,\s*)?box\s*#?\s*\d+\s*$/,
  ];
  return patterns.some((pattern) => pattern.test(line));
}

export type ProfileAddressIssue = AddressIssue | 'containsPoBox';

/**
 * The profile address's problems, field by field: the loan address's limits (Address1 45, City
 * 20, a state, a 5-digit ZIP), and a physical address, so no PO box in the street line.
 */
export function profileAddressIssues(address: {
  Address1: string;
  City: string;
  State: string;
  ZipCode: string;
}): Partial<Record<AddressField, ProfileAddressIssue>> {
  const issues: Partial<Record<AddressField, ProfileAddressIssue>> = postalAddressIssues(address);
  if (issues.Address1 === undefined && containsPoBox(address.Address1)) {
    issues.Address1 = 'containsPoBox';
  }
  return issues;
}
