import { z } from 'zod';
import { withEnvelope } from '../envelope';

/** `POST /api/Register/GenerateMFACode`: Id is the anonymous id generated per session. */
export const GenerateMfaCodeRequest = z.object({
  Id: z.string().max(100),
  FirstName: z.string().max(100),
  EmailAddress: z.string().max(100),
});
export const GenerateMfaCodeResponse = withEnvelope({ MFAToken: z.string() });

/** `POST /api/Register/ValidateCode`. */
export const RegisterValidateCodeRequest = z.object({
  Code: z.string().max(20),
  MFAToken: z.string().max(500),
  UserId: z.string().max(100),
});

export const RegistrationAgreement = z.object({
  AgreedTo: z.boolean(),
  /** The agreement's host number (11337 plus its index). */
  AgreementType: z.number().int(),
});

/**
 * Create account (the specs leave the path open: this product uses `POST /api/Register/CreateAccount`).
 * Keys in upper-case form as the specs list them. AccountNumber has its dashes inserted;
 * DateOfBirth is MM/DD/YYYY or empty.
 */
export const CreateAccountRequest = z.object({
  Agreements: z.array(RegistrationAgreement).max(5),
  UserName: z.string().max(200),
  SecretQuestion: z.string().max(200).optional().default(''),
  SecretAnswer: z.string().max(200).optional().default(''),
  AccountNumber: z.string().max(40).optional().default(''),
  AccountType: z.enum(['Deposit', 'Loan']),
  DateOfBirth: z.string().max(10).optional().default(''),
  EmailAddress: z.string().max(100),
  FirstName: z.string().max(100).optional().default(''),
  MiddleName: z.string().max(100).optional().default(''),
  LastName: z.string().max(100),
  SSN: z.string().max(20),
  Zip: z.string().max(10).optional().default(''),
  PhoneNumber: z.string().max(20).optional().default(''),
  PlaceOfBirth: z.string().max(100).optional().default(''),
  DriversLicense: z.string().max(50).optional().default(''),
  MothersMaiden: z.string().max(100).optional().default(''),
  Password: z.string().max(200),
  /** The registration e-mail code's token when multi-factor registration is on. */
  MFAToken: z.string().max(500).optional(),
});
export type CreateAccountRequest = z.infer<typeof CreateAccountRequest>;

/**
 * The answer of create account. Refusals carry the flags of REGISTRATION_ERROR_CODES in Errors
 * (403; 429 TooManyRequests when rate limited). 'Restricted' comes with HasNoErrors false but the
 * account exists. On success the portal signs in with UserName and the password it sent.
 */
export const CreateAccountResponse = withEnvelope({
  UserName: z.string().optional().default(''),
  /** True when the e-mail security code proved the address; otherwise a verify link was e-mailed. */
  EmailIsVerified: z.boolean().optional().default(false),
});
export type CreateAccountResponse = z.infer<typeof CreateAccountResponse>;

/** Error flags of registration (spec 000 section 8, "Registration flags"). */
export const REGISTRATION_ERROR_CODES = [
  'userInfo',
  'LoginNameExists',
  'Failed',
  'Error',
  'SSNNull',
  'Invalid',
  'Restricted',
  'SSN',
  'DateOfBirth',
  'PasswordSameSSN',
  'PasswordMatchesSSN',
  'PasswordSameUserName',
  'PasswordLettersNumbers',
  'PasswordTooShort',
  'UserNameTooShort',
  'LogonTooShort',
  'AccountNumberError',
  'MustAgreeToAllError',
  'AgreementRecordingError',
  'PasswordMissingCapitalLetter',
  'PasswordMissingLowercaseLetter',
  'PasswordMissingLetter',
  'PasswordMissingNumber',
  'PasswordMissingSpecialCharacter',
  'PasswordEqualsPortionOfLogon',
  'PasswordMatchesEmail',
  'PasswordContainsThreeOrMoreConsecutiveIdenticalCharacters',
  'LogonMissingCapitalLetter',
  'LogonMissingLowercaseLetter',
  'LogonMissingLetter',
  'LogonMissingNumber',
  'LogonMissingSpecialCharacter',
  'LogonMatchesEmail',
  'RegistrationNotAllowed',
  'maintenanceModeEnabled',
] as const;
export type RegistrationErrorCode = (typeof REGISTRATION_ERROR_CODES)[number];

/**
 * `POST /api/Register/ActivateAccount` (the token of the home/activate?token= link). Refusals
 * (403) carry the same fields with HasNoErrors false and Errors[0] one of: Invalid, Expired,
 * LogonNameTaken (already activated: sign in instead), Restricted, maintenanceModeEnabled, or a
 * password code of RESET_PASSWORD_CODES.
 */
export const ActivateAccountRequest = z.object({
  Token: z.string().max(500),
  Password: z.string().max(200),
});
export const ActivateAccountResponse = withEnvelope({
  UserName: z.string(),
  LogonNameTaken: z.boolean(),
  Restricted: z.boolean(),
});
