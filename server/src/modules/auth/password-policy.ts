import type { PasswordValidationRule } from '@portal/domain';
import {
  credentialMaximumLength,
  DEFAULT_MINIMUM_PASSWORD_LENGTH,
  DEFAULT_MINIMUM_USERNAME_LENGTH,
  evaluatePasswordRules,
  normaliseSsnCandidate,
  type PasswordErrorKey,
  type RegistrationErrorCode,
  type ResetPasswordCode,
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';

/** The password (or logon name) rules of an institution, as the rule endpoints answer them. */
export interface CredentialRules {
  minimumLength: number;
  maximumLength: number;
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

/** What can be wrong with a password: the built-in checks, then the configured rule keys. */
export type PasswordProblem =
  | 'required'
  | 'tooShort'
  | 'tooLong'
  | 'sameAsLogin'
  | 'sameAsSsn'
  | 'needsLetterNumber'
  | 'sameAsCurrent'
  | PasswordErrorKey;

export interface PasswordFacts {
  logon: string;
  /** Nine digits, when the user's SSN is known. */
  ssn?: string;
  email?: string;
  /** The new password equals the current one. */
  isCurrent?: boolean;
  /** The new password equals one of the remembered previous ones. */
  isPrevious?: boolean;
}

/**
 * Every problem of a password, in a stable order. The built-in checks always apply (spec 000
 * section 5: length, not the user name, not the SSN, a letter and a number); the institution's
 * rules (rule types 0-11) come on top, with the server deciding the SSN, e-mail and history
 * rules itself. The portal runs the same rules; the server never trusts it.
 */
export function passwordProblems(
  password: string,
  rules: CredentialRules,
  facts: PasswordFacts,
): PasswordProblem[] {
  if (password === '') return ['required'];
  const problems = new Set<PasswordProblem>();
  if (password.length < rules.minimumLength) problems.add('tooShort');
  if (password.length > rules.maximumLength) problems.add('tooLong');
  const logon = facts.logon.trim().toLowerCase();
  if (logon !== '' && password.toLowerCase().includes(logon)) problems.add('sameAsLogin');
  const ssn = facts.ssn ? normaliseSsnCandidate(facts.ssn) : undefined;
  if (ssn && password.replace(/-/g, '').includes(ssn)) problems.add('sameAsSsn');
  if (!/[A-Za-z]/.test(password) || !/[0-9]/.test(password)) problems.add('needsLetterNumber');
  if (facts.isCurrent) problems.add('sameAsCurrent');
  const outcomes = evaluatePasswordRules(password, rules.rules, rules.minimumLength, {
    logon: facts.logon,
    ssn: facts.ssn ?? '',
    email: facts.email ?? '',
    previousPasswordMatches: facts.isPrevious ?? false,
  });
  for (const outcome of outcomes) {
    if (outcome.passed === false) problems.add(outcome.errorKey);
  }
  // History is a server policy (previousPasswordsRemembered) whether or not rule 11 is listed.
  if (facts.isPrevious) problems.add('passwordReused');
  return [...problems];
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
