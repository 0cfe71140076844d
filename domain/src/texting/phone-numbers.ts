/**
 * Phone numbers for texting: US numbers only (the North American Numbering Plan), written as
 * E.164 (`+12075550134`) wherever they are stored or compared. The profile shows them as
 * 000-000-0000 and the API accepts either form.
 */

/** `+1` and ten digits whose area code and exchange do not start with 0 or 1. */
const NANP_E164 = /^\+1[2-9]\d{2}[2-9]\d{6}$/;

/**
 * The E.164 form of a US number typed as ten digits (separators and a leading 1 or +1 allowed),
 * or null when it is not a valid US number.
 */
export function usPhoneNumberE164(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed.length > 20 || !/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (national.length !== 10) return null;
  const e164 = `+1${national}`;
  return NANP_E164.test(e164) ? e164 : null;
}

/** Whether two typed numbers are the same US number (false when either is not one). */
export function isSamePhoneNumber(a: string, b: string): boolean {
  const first = usPhoneNumberE164(a);
  return first !== null && first === usPhoneNumberE164(b);
}

/** 000-000-0000, as the profile shows a number (E.164 or ten digits in; others unchanged). */
export function formatUsPhoneNumber(input: string): string {
  const e164 = usPhoneNumberE164(input);
  if (!e164) return input;
  const national = e164.slice(2);
  return `${national.slice(0, 3)}-${national.slice(3, 6)}-${national.slice(6)}`;
}
