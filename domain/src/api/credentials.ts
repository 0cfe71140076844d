import { z } from 'zod';
import { withEnvelope } from '../envelope';
import { PasswordValidationRule } from '../rules/password-rules';

/** `POST /api/CredentialValidationRules/GetPasswordValidationRules` (empty body). */
export const PasswordValidationRulesResponse = withEnvelope({
  MinimumLength: z.number().int(),
  MaximumLength: z.number().int(),
  /** Customer credentials on: 128-character maximum and the rule list (spec 000 section 9). */
  CustomerCredentials: z.boolean(),
  PasswordValidationRules: z.array(PasswordValidationRule),
});
export type PasswordValidationRulesResponse = z.infer<typeof PasswordValidationRulesResponse>;

/**
 * `POST /api/CredentialValidationRules/GetLogonValidationRules` (empty body). Logon rules use the
 * password rule types that apply to a name: 0-4 (character classes) and 7 (not the e-mail).
 */
export const LogonValidationRulesResponse = withEnvelope({
  MinimumLength: z.number().int(),
  MaximumLength: z.number().int(),
  LogonValidationRules: z.array(PasswordValidationRule),
});
export type LogonValidationRulesResponse = z.infer<typeof LogonValidationRulesResponse>;

/** `POST api/Login/ValidatePasswordForLoggedInUser`. */
export const ValidatePasswordRequest = z.object({
  PasswordToValidate: z.string().max(200),
  InvalidWhenMatchesSSN: z.boolean(),
  InvalidWhenMatchEmail: z.boolean(),
  InvalidWhenPasswordExists: z.boolean(),
});
export type ValidatePasswordRequest = z.infer<typeof ValidatePasswordRequest>;

/** `POST api/Login/ValidatePasswordForResetPassword`: the same plus the reset (Enc) token. */
export const ValidatePasswordForResetRequest = ValidatePasswordRequest.extend({
  ResetToken: z.string().max(500),
});
export type ValidatePasswordForResetRequest = z.infer<typeof ValidatePasswordForResetRequest>;

export const ValidatePasswordResponse = withEnvelope({
  PasswordMatchesSSN: z.boolean(),
  PasswordMatchesEmail: z.boolean(),
  PasswordExists: z.boolean(),
});
export type ValidatePasswordResponse = z.infer<typeof ValidatePasswordResponse>;

/** Codes of a failed password change or reset (spec 000 section 8, "Reset password codes"). */
export const RESET_PASSWORD_CODES = [
  'Error',
  'Error500',
  'ChooseDifferentPassword',
  'PasswordTooShort',
  'PasswordSameAsLogin',
  'PasswordSameAsSSN',
  'PasswordNeedsLetterNumber',
  'Expired',
  'ReusedPassword',
  'PasswordMissingCapitalLetter',
  'PasswordMissingLowercaseLetter',
  'PasswordMissingLetter',
  'PasswordMissingNumber',
  'PasswordMissingSpecialCharacter',
  'PasswordEqualsPortionOfLogon',
  'PasswordMatchesEmail',
  'PasswordContainsThreeOrMoreConsecutiveIdenticalCharacters',
] as const;
export type ResetPasswordCode = (typeof RESET_PASSWORD_CODES)[number];
