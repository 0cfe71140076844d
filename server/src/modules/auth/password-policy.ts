import {
  credentialMaximumLength,
  DEFAULT_MINIMUM_PASSWORD_LENGTH,
  DEFAULT_MINIMUM_USERNAME_LENGTH,
  type LogonNameIssue,
  type PasswordLimits,
  type PasswordProblem,
  type PasswordValidationRule,
  type ProfileErrorCode,
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

/** The codes of a refused password: the same in a reset (spec 000) and on the profile (002). */
export type PasswordProblemCode = Extract<ResetPasswordCode, ProfileErrorCode>;

const RESET_CODE_BY_PROBLEM: Readonly<Record<PasswordProblem, PasswordProblemCode>> = {
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

/**
 * The codes of a refused password (spec 000 section 8's reset codes, which spec 002 section 8's
 * profile errors repeat), one per problem, without repeats.
 */
export function resetPasswordCodes(problems: readonly PasswordProblem[]): PasswordProblemCode[] {
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

const LOGON_FLAG_BY_ISSUE: Readonly<Record<LogonNameIssue, RegistrationErrorCode>> = {
  required: 'UserNameTooShort',
  tooShort: 'UserNameTooShort',
  tooLong: 'userInfo',
  invalidCharacters: 'userInfo',
  missingCapitalLetter: 'LogonMissingCapitalLetter',
  missingLowercaseLetter: 'LogonMissingLowercaseLetter',
  missingLetter: 'LogonMissingLetter',
  missingNumber: 'LogonMissingNumber',
  missingSpecialCharacter: 'LogonMissingSpecialCharacter',
  matchesEmail: 'LogonMatchesEmail',
};

/** The registration flags of a login name's problems (domain logonNameIssues). */
export function registrationLogonFlags(issues: readonly LogonNameIssue[]): RegistrationErrorCode[] {
  return [...new Set(issues.map((issue) => LOGON_FLAG_BY_ISSUE[issue]))];
}

const PROFILE_CODE_BY_LOGON_ISSUE: Readonly<Record<LogonNameIssue, ProfileErrorCode>> = {
  required: 'LogonNameLength',
  tooShort: 'LogonTooShort',
  tooLong: 'LogonNameLength',
  invalidCharacters: 'Invalid',
  missingCapitalLetter: 'LogonMissingCapitalLetter',
  missingLowercaseLetter: 'LogonMissingLowercaseLetter',
  missingLetter: 'LogonMissingLetter',
  missingNumber: 'LogonMissingNumber',
  missingSpecialCharacter: 'LogonMissingSpecialCharacter',
  matchesEmail: 'LogonMatchesEmail',
};

/** The profile's codes of a login name's problems (spec 002 section 8). */
export function profileLogonCodes(issues: readonly LogonNameIssue[]): ProfileErrorCode[] {
  return [...new Set(issues.map((issue) => PROFILE_CODE_BY_LOGON_ISSUE[issue]))];
}
