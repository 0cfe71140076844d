import { PROFILE_ERROR_CODES, type ProfileErrorCode } from '@portal/domain';
import type { SettingKey, SettingsAccessor } from '@portal/settings-schema';
import { ApiError } from '../../../lib/api-client';

/**
 * The wording of each profile save code (spec 002 section 8, "Profile errors"). The password and
 * logon rule codes share the rule texts every password form uses; the lock of a wrong current
 * password is the sign-in's lock, in its words.
 */
const CODE_TEXTS = {
  Unauthorized: 'profileErrorTexts.genericErrorText',
  Error: 'profileErrorTexts.genericErrorText',
  Invalid: 'profileErrorTexts.invalidText',
  CorrectErrors: 'profileErrorTexts.correctErrorsText',
  LogonNameExists: 'profileErrorTexts.logonNameExistsText',
  LogonNameLength: 'profileErrorTexts.logonNameLengthText',
  LogonTooShort: 'profileErrorTexts.logonTooShortText',
  LogonMissingCapitalLetter: 'passwordRuleTexts.logonMissingCapitalLetterText',
  LogonMissingLowercaseLetter: 'passwordRuleTexts.logonMissingLowercaseLetterText',
  LogonMissingLetter: 'passwordRuleTexts.logonMissingLetterText',
  LogonMissingNumber: 'passwordRuleTexts.logonMissingNumberText',
  LogonMissingSpecialCharacter: 'passwordRuleTexts.logonMissingSpecialCharacterText',
  LogonMatchesEmail: 'passwordRuleTexts.logonMatchesEmailText',
  InvalidCurrentPassword: 'profileErrorTexts.invalidCurrentPasswordText',
  LockedOnBadPassword: 'loginTexts.maxLoginAttemptsText',
  BiometricsNotUpdated: 'profileErrorTexts.biometricsNotUpdatedText',
  ZipCityNoMatch: 'loanDetailsTexts.zipCityNoMatchText',
  ContainsPOBox: 'profileErrorTexts.containsPoBoxText',
  ChooseDifferentPassword: 'passwordRuleTexts.chooseDifferentPasswordText',
  PasswordTooShort: 'passwordRuleTexts.passwordTooShortText',
  PasswordSameAsLogin: 'profileTexts.passwordSameAsUsernameText',
  PasswordSameAsSSN: 'passwordRuleTexts.matchesSsnText',
  PasswordNeedsLetterNumber: 'passwordRuleTexts.passwordNeedsLetterNumberText',
  ReusedPassword: 'passwordRuleTexts.passwordReusedText',
  PasswordMissingCapitalLetter: 'passwordRuleTexts.missingCapitalLetterText',
  PasswordMissingLowercaseLetter: 'passwordRuleTexts.missingLowercaseLetterText',
  PasswordMissingLetter: 'passwordRuleTexts.missingLetterText',
  PasswordMissingNumber: 'passwordRuleTexts.missingNumberText',
  PasswordMissingSpecialCharacter: 'passwordRuleTexts.missingSpecialCharacterText',
  PasswordEqualsPortionOfLogon: 'passwordRuleTexts.equalsPortionOfLogonText',
  PasswordMatchesEmail: 'passwordRuleTexts.matchesEmailText',
  PasswordContainsThreeOrMoreConsecutiveIdenticalCharacters:
    'passwordRuleTexts.consecutiveIdenticalCharactersText',
} as const satisfies Record<ProfileErrorCode, SettingKey>;

/** The form field a code is the mistake of: its message is shown there, focus goes there. */
export type ProfileErrorField =
  'logonName' | 'emailAddress' | 'oldPassword' | 'newPassword' | 'Address1' | 'City' | 'form';

function fieldOf(code: ProfileErrorCode): ProfileErrorField {
  if (code.startsWith('Logon')) return 'logonName';
  if (code === 'InvalidCurrentPassword' || code === 'LockedOnBadPassword') return 'oldPassword';
  if (
    code.startsWith('Password') ||
    code === 'ChooseDifferentPassword' ||
    code === 'ReusedPassword'
  )
    return 'newPassword';
  if (code === 'ZipCityNoMatch') return 'City';
  if (code === 'ContainsPOBox') return 'Address1';
  return 'form';
}

function isProfileErrorCode(code: string): code is ProfileErrorCode {
  return (PROFILE_ERROR_CODES as readonly string[]).includes(code);
}

export interface ProfileSaveError {
  field: ProfileErrorField;
  message: string;
}

/**
 * A failed profile save in the settings' words, each message with the field it belongs to. Any
 * other code, a network failure or a server error is Error (the generic text). A code the
 * institution hides (profileOptions.hiddenProfileMessages) shows the generic text instead, so a
 * refused save is never silent.
 */
export function profileSaveErrors(error: unknown, settings: SettingsAccessor): ProfileSaveError[] {
  const generic = settings.get('profileErrorTexts.genericErrorText');
  const codes = error instanceof ApiError && error.status < 500 ? error.errors : [];
  const hidden: readonly string[] = settings.get('profileOptions.hiddenProfileMessages');
  const found: ProfileSaveError[] = [];
  for (const code of codes) {
    const known = isProfileErrorCode(code) && !hidden.includes(code) ? code : undefined;
    const entry: ProfileSaveError = known
      ? { field: fieldOf(known), message: settings.get(CODE_TEXTS[known]) }
      : { field: 'form', message: generic };
    if (!found.some((other) => other.message === entry.message)) found.push(entry);
  }
  return found.length > 0 ? found : [{ field: 'form', message: generic }];
}
