/** Masks and formats of the sign-in and registration forms (spec 000 sections 5 and 9). */

export function digitsOnly(text: string): string {
  return text.replace(/\D/g, '');
}

/** Applies a mask where `0` and `9` stand for a digit and anything else is a literal. */
export function applyDigitMask(text: string, mask: string): string {
  const digits = digitsOnly(text);
  let result = '';
  let next = 0;
  for (const symbol of mask) {
    if (next >= digits.length) break;
    if (symbol === '0' || symbol === '9') {
      result += digits[next];
      next += 1;
    } else {
      result += symbol;
    }
  }
  return result;
}

export const DATE_OF_BIRTH_MASK = '00/00/0000';
export const ZIP_MASK = '99999';
export const PHONE_MASK = '(000) 000-0000';
export const DATE_OF_BIRTH_PAST_YEARS = 110;

export interface AccountNumberLengths {
  office: number;
  account: number;
  checkDigit: number;
}

/**
 * The account-number mask `office-account-check` from the institution lengths; check digits are
 * dropped when `removeCheckDigit` is on. No mask (undefined) when every length is 0.
 */
export function accountNumberMask(
  lengths: AccountNumberLengths,
  removeCheckDigit: boolean,
): string | undefined {
  const parts = [lengths.office, lengths.account, removeCheckDigit ? 0 : lengths.checkDigit]
    .filter((length) => length > 0)
    .map((length) => '0'.repeat(length));
  if (lengths.office + lengths.account + lengths.checkDigit === 0 || parts.length === 0)
    return undefined;
  return parts.join('-');
}

/** Inserts the dashes of the mask into the digits of an account number (the registration payload). */
export function formatAccountNumber(text: string, mask: string | undefined): string {
  return mask ? applyDigitMask(text, mask) : text.trim();
}

/**
 * Reads a date of birth typed as MM/DD/YYYY. Valid dates lie between 110 years ago and today.
 * Returns the date as `YYYY-MM-DD`, or undefined when invalid or out of range.
 */
export function parseDateOfBirth(text: string, today: Date): string | undefined {
  const digits = digitsOnly(text);
  if (digits.length !== 8) return undefined;
  const month = Number(digits.slice(0, 2));
  const day = Number(digits.slice(2, 4));
  const year = Number(digits.slice(4, 8));
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    return undefined;
  }
  const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const earliest = Date.UTC(
    today.getUTCFullYear() - DATE_OF_BIRTH_PAST_YEARS,
    today.getUTCMonth(),
    today.getUTCDate(),
  );
  if (date.getTime() > todayUtc || date.getTime() < earliest) return undefined;
  return date.toISOString().slice(0, 10);
}

/** The date of birth as the registration payload sends it: MM/DD/YYYY only with 8 digits, else ''. */
export function dateOfBirthForPayload(text: string): string {
  const digits = digitsOnly(text);
  return digits.length === 8 ? applyDigitMask(digits, DATE_OF_BIRTH_MASK) : '';
}

/** Letters, digits and _ . ! # $ % & ' * + - / = ? ^ ` | ~ @ (spec 000 section 5). */
export const LOGON_NAME_CHARACTERS = /^[A-Za-z0-9_.!#$%&'*+\-/=?^`|~@]+$/;
/** The second character set, for other inputs (names, answers). */
export const GENERAL_TEXT_CHARACTERS = /^[A-Za-z0-9.!@#$%&*\-+|=? ,'()]*$/;

export const DEFAULT_MINIMUM_USERNAME_LENGTH = 8;
export const DEFAULT_MINIMUM_PASSWORD_LENGTH = 8;

export type LogonNameProblem = 'required' | 'tooShort' | 'tooLong' | 'invalidCharacters';

/** Checks a login name; the minimum is UserNameMinimumLength (else 8), the maximum 12 or 128. */
export function checkLogonName(
  name: string,
  minimumLength: number,
  maximumLength: number,
): LogonNameProblem | undefined {
  if (name === '') return 'required';
  if (name.length < (minimumLength > 0 ? minimumLength : DEFAULT_MINIMUM_USERNAME_LENGTH))
    return 'tooShort';
  if (name.length > maximumLength) return 'tooLong';
  if (!LOGON_NAME_CHARACTERS.test(name)) return 'invalidCharacters';
  return undefined;
}

/** An SSN typed in a form: non-digits stripped; exactly 9 digits in the post-login step. */
export function normaliseSsn(text: string): string {
  return digitsOnly(text);
}

/** Fills {name} placeholders of a setting text. */
export function fillPlaceholders(
  text: string,
  values: Readonly<Record<string, string | number>>,
): string {
  return text.replace(/\{(\w*)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

/** A rate in hundredths of a percent as shown: 649 → '6.49%'. */
export function formatRate(rateHundredths: number): string {
  return `${(rateHundredths / 100).toFixed(2)}%`;
}
