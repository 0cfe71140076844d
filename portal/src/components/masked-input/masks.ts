import {
  applyDigitMask,
  registrationAccountMask,
  DATE_OF_BIRTH_MASK,
  digitsOnly,
  PHONE_MASK,
  ZIP_MASK,
  type InstitutionOptions,
  type RegistrationAccountType,
} from '@portal/domain';

export { DATE_OF_BIRTH_MASK, PHONE_MASK, ZIP_MASK };

/**
 * How each mask is described to the user (shown under the field and read with it). These are
 * product wording, not settings: the settings schema has no keys for format hints.
 */
export const MASK_DESCRIPTIONS = {
  dateOfBirth: 'Format: MM/DD/YYYY',
  zip: 'Format: 5 digits',
  phone: 'Format: (000) 000-0000',
  profilePhone: 'Format: 000-000-0000',
} as const;

export function accountNumberDescription(mask: string): string {
  return `Format: ${mask} (digits only; the dashes are added for you)`;
}

export function ssnDescription(requiredDigits: number): string {
  return requiredDigits >= 9
    ? 'Digits only: 9 digits'
    : `Digits only: at least ${requiredDigits} digits`;
}

/**
 * The account number mask of registration (spec 000 section 5): office-account-check digits from
 * the institution lengths of the chosen account type, check digits dropped when
 * `removeCheckDigit` is on; no mask when the number is not required, no type is chosen or every
 * length is 0.
 */
export function registrationAccountNumberMask(
  institution: InstitutionOptions,
  accountType: RegistrationAccountType | '',
  options: { removeCheckDigit: boolean; required: boolean },
): string | undefined {
  if (!options.required || accountType === '') return undefined;
  return registrationAccountMask(institution, accountType, options.removeCheckDigit);
}

/** Where the caret goes after the first `digitCount` digits of a masked value. */
export function caretAfterDigits(masked: string, digitCount: number): number {
  if (digitCount <= 0) return 0;
  let seen = 0;
  for (let index = 0; index < masked.length; index += 1) {
    if (/\d/.test(masked.charAt(index))) {
      seen += 1;
      if (seen === digitCount) return index + 1;
    }
  }
  return masked.length;
}

export interface MaskedEdit {
  value: string;
  caret: number;
}

/**
 * Applies a digit mask to what the user typed. `previous` is the value before the edit: deleting
 * only a literal of the mask (a dash, a bracket) deletes the digit before it instead, so
 * Backspace never gets stuck on a literal.
 */
export function applyMaskedEdit(
  raw: string,
  caret: number,
  previous: string,
  mask: string,
): MaskedEdit {
  let digits = digitsOnly(raw);
  let digitsBeforeCaret = digitsOnly(raw.slice(0, caret)).length;
  if (raw.length < previous.length && digits === digitsOnly(previous) && digitsBeforeCaret > 0) {
    digits = digits.slice(0, digitsBeforeCaret - 1) + digits.slice(digitsBeforeCaret);
    digitsBeforeCaret -= 1;
  }
  const value = applyDigitMask(digits, mask);
  return { value, caret: caretAfterDigits(value, digitsBeforeCaret) };
}
