import { RESET_PASSWORD_CODES, type ResetPasswordCode } from '@portal/domain';
import type { SettingKey, SettingsAccessor } from '@portal/settings-schema';
import { ApiError } from '../../lib/api-client';

const MESSAGE_KEYS: Readonly<Record<ResetPasswordCode, SettingKey>> = {
  Error: 'resetPasswordTexts.errorText',
  Error500: 'resetPasswordTexts.serverErrorText',
  ChooseDifferentPassword: 'passwordRuleTexts.chooseDifferentPasswordText',
  PasswordTooShort: 'passwordRuleTexts.passwordTooShortText',
  PasswordSameAsLogin: 'passwordRuleTexts.passwordSameAsLoginText',
  PasswordSameAsSSN: 'passwordRuleTexts.matchesSsnText',
  PasswordNeedsLetterNumber: 'passwordRuleTexts.passwordNeedsLetterNumberText',
  Expired: 'resetPasswordTexts.expiredText',
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
};

function isResetPasswordCode(code: string | undefined): code is ResetPasswordCode {
  return code !== undefined && (RESET_PASSWORD_CODES as readonly string[]).includes(code);
}

/**
 * The message for a failed `POST /api/Login/ResetPassword` (spec 000 section 8, reset password
 * codes): status 500 or above (or no answer at all) is the server error; a known code shows its
 * message; anything else the generic error. Shared by the reset link page and the post-login change-password step.
 */
export function resetPasswordErrorMessage(error: unknown, settings: SettingsAccessor): string {
  if (!(error instanceof ApiError)) return settings.get('resetPasswordTexts.serverErrorText');
  // Status 0 is the network failing: the service could not be reached, like a 5xx.
  if (error.status >= 500 || error.status === 0) {
    return settings.get('resetPasswordTexts.serverErrorText');
  }
  if (isResetPasswordCode(error.code)) return String(settings.get(MESSAGE_KEYS[error.code]));
  return settings.get('resetPasswordTexts.errorText');
}
