import {
  credentialMaximumLength,
  DEFAULT_MINIMUM_PASSWORD_LENGTH,
  DEFAULT_MINIMUM_USERNAME_LENGTH,
  evaluatePasswordRules,
  type PasswordErrorKey,
  type PasswordLimits,
  type PasswordProblem,
  type PasswordValidationRule,
  type RegistrationErrorCode,
  type ResetPasswordCode,
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';

/**
 * The password (or logon name) rules of an institution, as the rule endpoints answer them; the
 * password's problems are domain's `passwordProblems` of these limits, the same the portal runs.
 */
export interface CredentialRules extends PasswordLimits {
  customerCredentials: boolean;
  rules: PasswordValidationRule[];
}

/**
 * Configured rules in the wire shape (optional parts filled in). The settings accessor has
 * checked the value against the shape the schema declares (a malformed list reads as none).
 */
function readRules(
  value: readonly {
    ValidationRuleType: number;
    ValidationRegex?: string | null;
    RegexMatchMeansError?: boolean;
  }[],
): PasswordValidationRule[] {
  return value.map((rule) => ({
    ValidationRuleType: rule.ValidationRuleType,
    ValidationRegex: rule.ValidationRegex ?? null,
    RegexMatchMeansError: rule.RegexMatchMeansError ?? false,
  }));
}

function minimum(configured: number, fallback: number): number {
  return configured > 0 ? configured : fallback;
}

export function passwordRulesOf(settings: SettingsAccessor): CredentialRules {
  const customerCredentials = settings.get('passwordRuleOptions.useCustomerCredentialsOption');
  return {
    minimumLength: minimum(
      settings.get('institutionOptions.PasswordMinimumLength'),
      DEFAULT_MINIMUM_PASSWORD_LENGTH,
    ),
    maximumLength: credentialMaximumLength(customerCredentials),
    customerCredentials,
    rules: readRules(settings.get('passwordRuleOptions.passwordValidationRules')),
  };
}

export function logonRulesOf(settings: SettingsAccessor): CredentialRules {
  const customerCredentials = settings.get('passwordRuleOptions.useCustomerCredentialsOption');
  return {
    minimumLength: minimum(
      settings.get('institutionOptions.UserNameMinimumLength'),
      DEFAULT_MINIMUM_USERNAME_LENGTH,
    ),
    maximumLength: credentialMaximumLength(customerCredentials),
    customerCredentials,
    // Only the rule types that apply to a name: character classes and "not the e-mail".
    rules: readRules(settings.get('passwordRuleOptions.logonValidationRules')).filter((rule) =>
      [0, 1, 2, 3, 4, 7].includes(rule.ValidationRuleType),
    ),
  };
}

const RESET_CODE_BY_PROBLEM: Readonly<Record<PasswordProblem, ResetPasswordCode>> = {
  required: 'PasswordTooShort',
  tooShort: 'PasswordTooShort',
  doesNotMeetMinimumLength: 'PasswordTooShort',
  tooLong: 'ChooseDifferentPassword',
  sameAsLogin: 'PasswordSameAsLogin',
  containsLogon: 'PasswordSameAsLogin',
  sameAsSsn: 'PasswordSameAsSSN',
  matchesSSN: 'PasswordSameAsSSN',
  needsLetterNumber: 'PasswordNeedsLetterNumber',
  sameAsCurrent: 'ChooseDifferentPassword',
  passwordReused: 'ReusedPassword',
  missingCapitalLetter: 'PasswordMissingCapitalLetter',
  missingLowercaseLetter: 'PasswordMissingLowercaseLetter',
  missingLetter: 'PasswordMissingLetter',
  missingNumber: 'PasswordMissingNumber',
  missingSpecialCharacter: 'PasswordMissingSpecialCharacter',
  equalsPortionOfLogon: 'PasswordEqualsPortionOfLogon',
  matchesEmail: 'PasswordMatchesEmail',
  containsThreeOrMoreConsecutiveIdenticalCharacters:
    'PasswordContainsThreeOrMoreConsecutiveIdenticalCharacters',
};

/** The reset-password codes of spec 000 section 8, one per problem, without repeats. */
export function resetPasswordCodes(problems: readonly PasswordProblem[]): ResetPasswordCode[] {
  return [...new Set(problems.map((problem) => RESET_CODE_BY_PROBLEM[problem]))];
}

const REGISTRATION_FLAG_BY_PROBLEM: Readonly<Record<PasswordProblem, RegistrationErrorCode>> = {
  required: 'PasswordTooShort',
  tooShort: 'PasswordTooShort',
  doesNotMeetMinimumLength: 'PasswordTooShort',
  tooLong: 'userInfo',
  sameAsLogin: 'PasswordSameUserName',
  containsLogon: 'PasswordSameUserName',
  sameAsSsn: 'PasswordSameSSN',
  matchesSSN: 'PasswordMatchesSSN',
  needsLetterNumber: 'PasswordLettersNumbers',
  sameAsCurrent: 'userInfo',
  passwordReused: 'userInfo',
  missingCapitalLetter: 'PasswordMissingCapitalLetter',
  missingLowercaseLetter: 'PasswordMissingLowercaseLetter',
  missingLetter: 'PasswordMissingLetter',
  missingNumber: 'PasswordMissingNumber',
  missingSpecialCharacter: 'PasswordMissingSpecialCharacter',
  equalsPortionOfLogon: 'PasswordEqualsPortionOfLogon',
  matchesEmail: 'PasswordMatchesEmail',
  containsThreeOrMoreConsecutiveIdenticalCharacters:
    'PasswordContainsThreeOrMoreConsecutiveIdenticalCharacters',
};

/** The registration flags of spec 000 section 8 for password problems. */
export function registrationPasswordFlags(
  problems: readonly PasswordProblem[],
): RegistrationErrorCode[] {
  return [...new Set(problems.map((problem) => REGISTRATION_FLAG_BY_PROBLEM[problem]))];
}

const LOGON_FLAG_BY_RULE: Readonly<Partial<Record<PasswordErrorKey, RegistrationErrorCode>>> = {
  missingCapitalLetter: 'LogonMissingCapitalLetter',
  missingLowercaseLetter: 'LogonMissingLowercaseLetter',
  missingLetter: 'LogonMissingLetter',
  missingNumber: 'LogonMissingNumber',
  missingSpecialCharacter: 'LogonMissingSpecialCharacter',
  matchesEmail: 'LogonMatchesEmail',
};

/** The registration flags of a logon name against the institution's logon rules. */
export function logonRuleFlags(
  logon: string,
  rules: CredentialRules,
  email: string,
): RegistrationErrorCode[] {
  const flags = evaluatePasswordRules(logon, rules.rules, rules.minimumLength, { email })
    .filter((outcome) => outcome.passed === false)
    .map((outcome) => LOGON_FLAG_BY_RULE[outcome.errorKey])
    .filter((flag): flag is RegistrationErrorCode => flag !== undefined);
  return [...new Set(flags)];
}
