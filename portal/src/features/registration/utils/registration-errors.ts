import type { RegistrationErrorCode } from '@portal/domain';
import type { SettingKey, SettingsAccessor } from '@portal/settings-schema';
import { CLIENT_ERROR_CODES } from '@portal/web-kit';
import { ApiError } from '../../../lib/api-client';

/**
 * The message of each registration flag (spec 000 section 8, "Registration flags"). Flags whose
 * wording the specs do not show use the shared password and logon rule texts.
 */
const FLAG_TEXT_KEYS: Readonly<
  Record<Exclude<RegistrationErrorCode, 'maintenanceModeEnabled'>, SettingKey>
> = {
  userInfo: 'registrationErrorTexts.userInfoErrorText',
  LoginNameExists: 'registrationErrorTexts.loginNameExistsText',
  Failed: 'registrationErrorTexts.registrationFailedText',
  Error: 'registrationErrorTexts.registrationFailedText',
  SSNNull: 'registrationErrorTexts.registrationFailedText',
  // The envelope turns RegistrationNotAllowed into the Failed flag.
  RegistrationNotAllowed: 'registrationErrorTexts.registrationFailedText',
  Invalid: 'registrationErrorTexts.registrationInvalidText',
  Restricted: 'registrationErrorTexts.registrationRestrictedText',
  SSN: 'registrationErrorTexts.ssnFormatText',
  DateOfBirth: 'registrationErrorTexts.dateOfBirthErrorText',
  PasswordSameSSN: 'registrationErrorTexts.passwordSameSsnText',
  PasswordMatchesSSN: 'registrationErrorTexts.passwordSameSsnText',
  PasswordSameUserName: 'registrationErrorTexts.passwordSameUserNameText',
  PasswordLettersNumbers: 'registrationErrorTexts.passwordLettersNumbersText',
  PasswordTooShort: 'registrationErrorTexts.passwordTooShortText',
  UserNameTooShort: 'registrationErrorTexts.userNameTooShortText',
  LogonTooShort: 'registrationErrorTexts.userNameTooShortText',
  AccountNumberError: 'registrationErrorTexts.accountNumberErrorText',
  MustAgreeToAllError: 'registrationErrorTexts.mustAgreeToAllText',
  AgreementRecordingError: 'registrationErrorTexts.mustAgreeToAllText',
  PasswordMissingCapitalLetter: 'passwordRuleTexts.missingCapitalLetterText',
  PasswordMissingLowercaseLetter: 'passwordRuleTexts.missingLowercaseLetterText',
  PasswordMissingLetter: 'passwordRuleTexts.missingLetterText',
  PasswordMissingNumber: 'passwordRuleTexts.missingNumberText',
  PasswordMissingSpecialCharacter: 'passwordRuleTexts.missingSpecialCharacterText',
  PasswordEqualsPortionOfLogon: 'passwordRuleTexts.equalsPortionOfLogonText',
  PasswordMatchesEmail: 'passwordRuleTexts.matchesEmailText',
  PasswordContainsThreeOrMoreConsecutiveIdenticalCharacters:
    'passwordRuleTexts.consecutiveIdenticalCharactersText',
  LogonMissingCapitalLetter: 'passwordRuleTexts.logonMissingCapitalLetterText',
  LogonMissingLowercaseLetter: 'passwordRuleTexts.logonMissingLowercaseLetterText',
  LogonMissingLetter: 'passwordRuleTexts.logonMissingLetterText',
  LogonMissingNumber: 'passwordRuleTexts.logonMissingNumberText',
  LogonMissingSpecialCharacter: 'passwordRuleTexts.logonMissingSpecialCharacterText',
  LogonMatchesEmail: 'passwordRuleTexts.logonMatchesEmailText',
};

function isKnownFlag(code: string): code is keyof typeof FLAG_TEXT_KEYS {
  return Object.hasOwn(FLAG_TEXT_KEYS, code);
}

export type RegistrationFailure =
  | { kind: 'maintenance' }
  /** The account exists but is restricted: no automatic sign-in. */
  | { kind: 'restricted'; messages: string[] }
  | { kind: 'refused'; messages: string[] };

/**
 * What a failed create-account call means (spec 000 section 8): maintenance sends the user to
 * the login; each known flag shows its message (in the server's order, without repeats); an
 * unknown flag, a network failure or a server error is the generic Error.
 */
export function registrationFailure(
  error: unknown,
  settings: SettingsAccessor,
): RegistrationFailure {
  const generic = settings.get('registrationErrorTexts.registrationFailedText');
  if (!(error instanceof ApiError) || error.status >= 500) {
    return { kind: 'refused', messages: [generic] };
  }
  if (error.errors.includes('maintenanceModeEnabled')) return { kind: 'maintenance' };
  const messages: string[] = [];
  for (const code of error.errors) {
    const message =
      code !== CLIENT_ERROR_CODES.network && isKnownFlag(code)
        ? String(settings.get(FLAG_TEXT_KEYS[code]))
        : generic;
    if (!messages.includes(message)) messages.push(message);
  }
  if (messages.length === 0) messages.push(generic);
  if (error.code === 'Restricted') return { kind: 'restricted', messages };
  return { kind: 'refused', messages };
}

export type EmailCodeFailure = 'network' | 'expired' | 'maxAttempts' | 'invalid';

/**
 * The registration e-mail code (spec 000 section 8): a 403 carries CodeExpired or
 * MaxAttemptsReached, anything else refused is invalid; no answer or a server error is the
 * network error.
 */
export function emailCodeFailure(error: unknown): EmailCodeFailure {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) return 'network';
  if (error.status === 403 && error.code === 'CodeExpired') return 'expired';
  if (error.status === 403 && error.code === 'MaxAttemptsReached') return 'maxAttempts';
  return 'invalid';
}

const EMAIL_CODE_TEXT_KEYS: Readonly<Record<EmailCodeFailure, SettingKey>> = {
  network: 'registrationErrorTexts.emailVerificationNetworkErrorText',
  expired: 'registrationErrorTexts.emailCodeExpiredText',
  maxAttempts: 'registrationErrorTexts.emailCodeMaxAttemptsText',
  invalid: 'registrationErrorTexts.emailCodeInvalidText',
};

export function emailCodeFailureMessage(
  failure: EmailCodeFailure,
  settings: SettingsAccessor,
): string {
  return String(settings.get(EMAIL_CODE_TEXT_KEYS[failure]));
}
