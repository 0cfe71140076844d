import type { CalendarDate } from './calendar';
import { digitsOnly, parseDateOfBirth } from './formats';
import { isEmailCandidate } from './password-rules';

/**
 * The registration's contact fields (spec 000 registration), checked alike by the portal (to
 * guide) and the server (to decide).
 */

/** Something@host.tld, no spaces. */
export function isEmailAddress(text: string): boolean {
  const email = text.trim();
  return isEmailCandidate(email) && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
}

/** Five digits. */
export function isZipCode(text: string): boolean {
  return /^\d{5}$/.test(text.trim());
}

/** Ten digits, however they are punctuated: '(207) 555-0134'. */
export function isPhoneNumber(text: string): boolean {
  return digitsOnly(text).length === 10;
}

/**
 * A date of birth typed 'MM/DD/YYYY' as 'YYYY-MM-DD', when it is a real date within the accepted
 * years before `today` (the institution's calendar date, not the device's); undefined otherwise.
 */
export function registrationDateOfBirth(text: string, today: CalendarDate): string | undefined {
  if (!/^\d{2}\/\d{2}\/\d{4}$/.test(text.trim())) return undefined;
  return parseDateOfBirth(text, new Date(`${today}T00:00:00.000Z`));
}
