import { z } from 'zod';

/** Rule types of `GetPasswordValidationRules` (spec 000 section 3). */
export const PASSWORD_RULE_TYPES = {
  MustContainCapitalLetter: 0,
  MustContainLowercaseLetter: 1,
  MustContainLetter: 2,
  MustContainNumber: 3,
  MustContainSpecialCharacter: 4,
  CannotMatchSSN: 5,
  MinimumLength: 6,
  CannotMatchEmail: 7,
  CannotContainConsecutiveCharacters: 8,
  CannotEqualPortionOfLogon: 9,
  CannotContainLogon: 10,
  CannotBePreviousPassword: 11,
} as const;
export type PasswordRuleType = (typeof PASSWORD_RULE_TYPES)[keyof typeof PASSWORD_RULE_TYPES];

/** Error keys of the password rules (spec 000 section 3). */
export type PasswordErrorKey =
  | 'doesNotMeetMinimumLength'
  | 'missingCapitalLetter'
  | 'missingLowercaseLetter'
  | 'missingLetter'
  | 'missingNumber'
  | 'missingSpecialCharacter'
  | 'matchesSSN'
  | 'matchesEmail'
  | 'containsThreeOrMoreConsecutiveIdenticalCharacters'
  | 'equalsPortionOfLogon'
  | 'containsLogon'
  | 'passwordReused';

export const PASSWORD_ERROR_KEY_BY_RULE: Readonly<Record<PasswordRuleType, PasswordErrorKey>> = {
  0: 'missingCapitalLetter',
  1: 'missingLowercaseLetter',
  2: 'missingLetter',
  3: 'missingNumber',
  4: 'missingSpecialCharacter',
  5: 'matchesSSN',
  6: 'doesNotMeetMinimumLength',
  7: 'matchesEmail',
  8: 'containsThreeOrMoreConsecutiveIdenticalCharacters',
  9: 'equalsPortionOfLogon',
  10: 'containsLogon',
  11: 'passwordReused',
};

export const PasswordValidationRule = z.object({
  ValidationRuleType: z.number().int().min(0).max(11),
  ValidationRegex: z.string().nullable(),
  RegexMatchMeansError: z.boolean(),
});
export type PasswordValidationRule = z.infer<typeof PasswordValidationRule>;

/** The default regex of each regex-checked rule; the others are built-in checks. */
export const DEFAULT_RULE_REGEX: Readonly<
  Partial<Record<PasswordRuleType, { regex: string; matchMeansError: boolean }>>
> = {
  0: { regex: '[A-Z]', matchMeansError: false },
  1: { regex: '[a-z]', matchMeansError: false },
  2: { regex: '[A-Za-z]', matchMeansError: false },
  3: { regex: '[0-9]', matchMeansError: false },
  4: { regex: '[^A-Za-z0-9]', matchMeansError: false },
  8: { regex: '(.)\\1\\1', matchMeansError: true },
};

/** Rules only the server can decide (they need the SSN, the e-mail or the password history). */
export const SERVER_CHECKED_RULES: readonly PasswordRuleType[] = [5, 7, 11];

/** Maximum password and login-name length: 128 with customer credentials on, otherwise 12. */
export function credentialMaximumLength(customerCredentials: boolean): number {
  return customerCredentials ? 128 : 12;
}

export interface PasswordContext {
  logon?: string;
  ssn?: string;
  email?: string;
  previousPasswordMatches?: boolean;
}

export interface PasswordRuleOutcome {
  type: PasswordRuleType;
  errorKey: PasswordErrorKey;
  /** undefined while a server-checked rule has no answer yet. */
  passed: boolean | undefined;
}

function isRuleType(value: number): value is PasswordRuleType {
  return Number.isInteger(value) && value >= 0 && value <= 11;
}

function regexPasses(password: string, regex: string, matchMeansError: boolean): boolean {
  let pattern: RegExp;
  try {
    pattern = new RegExp(regex);
  } catch {
    // A broken institution regex must not lock everyone out; the admin validator flags it.
    return true;
  }
  return pattern.test(password) !== matchMeansError;
}

/** An SSN candidate is nine digits, dashes ignored (spec 000 section 5). */
export function normaliseSsnCandidate(text: string): string | undefined {
  const digits = text.replace(/-/g, '');
  return /^\d{9}$/.test(digits) ? digits : undefined;
}

/** An e-mail candidate contains @ with text on each side. */
export function isEmailCandidate(text: string): boolean {
  return /^[^@\s]+@[^@\s]+$/.test(text.trim());
}

/**
 * Checks a password against the institution's rules. Rules 5, 7 and 11 are decided here when
 * the context carries what they need (the server always passes it), else they stay undecided.
 */
export function evaluatePasswordRules(
  password: string,
  rules: readonly PasswordValidationRule[],
  minimumLength: number,
  context: PasswordContext = {},
): PasswordRuleOutcome[] {
  const outcomes: PasswordRuleOutcome[] = [];
  for (const rule of rules) {
    const type = rule.ValidationRuleType;
    if (!isRuleType(type)) continue;
    const errorKey = PASSWORD_ERROR_KEY_BY_RULE[type];
    const lower = password.toLowerCase();
    const logon = context.logon?.trim().toLowerCase() ?? '';
    let passed: boolean | undefined;
    switch (type) {
      case 5: {
        const ssn = context.ssn ? normaliseSsnCandidate(context.ssn) : undefined;
        passed = ssn === undefined ? undefined : !password.replace(/-/g, '').includes(ssn);
        break;
      }
      case 6:
        passed = password.length >= minimumLength;
        break;
      case 7:
        passed =
          context.email === undefined ? undefined : lower !== context.email.trim().toLowerCase();
        break;
      case 9:
        passed = logon === '' || lower === '' || !logon.includes(lower);
        break;
      case 10:
        passed = logon === '' || !lower.includes(logon);
        break;
      case 11:
        passed =
          context.previousPasswordMatches === undefined
            ? undefined
            : !context.previousPasswordMatches;
        break;
      default: {
        const fallback = DEFAULT_RULE_REGEX[type];
        const regex = rule.ValidationRegex ?? fallback?.regex;
        passed =
          regex === undefined
            ? true
            : regexPasses(
                password,
                regex,
                rule.ValidationRegex
                  ? rule.RegexMatchMeansError
                  : (fallback?.matchMeansError ?? false),
              );
      }
    }
    outcomes.push({ type, errorKey, passed });
  }
  return outcomes;
}

/**
 * The rules to list for the user: minimum length only when above zero, and "must contain a
 * letter" only when neither the capital nor the lowercase rule applies (spec 000 section 5).
 */
export function displayedPasswordRules(
  rules: readonly PasswordValidationRule[],
  minimumLength: number,
): PasswordValidationRule[] {
  const types = new Set(rules.map((rule) => rule.ValidationRuleType));
  return rules.filter((rule) => {
    if (rule.ValidationRuleType === 6) return minimumLength > 0;
    if (rule.ValidationRuleType === 2) return !types.has(0) && !types.has(1);
    return true;
  });
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

/** The institution's password limits and rule list (the rules answer of spec 000 section 3). */
export interface PasswordLimits {
  /**
   * The minimum the server applies: the password rules answer's MinimumLength (the portal), the
   * institution's PasswordMinimumLength (the server), else DEFAULT_MINIMUM_PASSWORD_LENGTH; the
   * rules answer carries the institution's value, so both are the same number.
   */
  minimumLength: number;
  maximumLength: number;
  rules: readonly PasswordValidationRule[];
}

/**
 * What a password is checked against. A fact left out is unknown and the checks that need it
 * report nothing: the portal knows what its form holds, the server knows the rest (the user's
 * SSN, e-mail and password history) and checks every password again.
 */
export interface PasswordFacts {
  /** The login name (built-in "not the user name", rules 9 and 10). */
  logon?: string;
  /** The SSN (built-in "not the SSN" and rule 5); only nine digits, dashes ignored, count. */
  ssn?: string;
  /** The e-mail address (rule 7). */
  email?: string;
  /** The new password equals the current one (server only). */
  isCurrent?: boolean;
  /** The new password equals one of the remembered previous ones (server only). */
  isPrevious?: boolean;
}

/**
 * Every problem of a password, in a stable order; none means the password is acceptable. The
 * built-in checks always apply, with or without a rule list (spec 000 section 5: required, the
 * minimum and maximum length, not the user name, not the SSN, a letter and a number); the
 * institution's rules (types 0-11) come on top. The one rule of both the portal's field and the
 * server's refusal.
 */
export function passwordProblems(
  password: string,
  limits: PasswordLimits,
  facts: PasswordFacts = {},
): PasswordProblem[] {
  if (password === '') return ['required'];
  const problems = new Set<PasswordProblem>();
  if (password.length < limits.minimumLength) problems.add('tooShort');
  if (password.length > limits.maximumLength) problems.add('tooLong');
  const logon = facts.logon?.trim().toLowerCase() ?? '';
  if (logon !== '' && password.toLowerCase().includes(logon)) problems.add('sameAsLogin');
  const ssn = facts.ssn === undefined ? undefined : normaliseSsnCandidate(facts.ssn);
  if (ssn !== undefined && password.replace(/-/g, '').includes(ssn)) problems.add('sameAsSsn');
  if (!/[A-Za-z]/.test(password) || !/[0-9]/.test(password)) problems.add('needsLetterNumber');
  if (facts.isCurrent === true) problems.add('sameAsCurrent');
  const outcomes = evaluatePasswordRules(password, limits.rules, limits.minimumLength, {
    logon: facts.logon,
    ssn: facts.ssn,
    email: facts.email,
    previousPasswordMatches: facts.isPrevious,
  });
  for (const outcome of outcomes) {
    if (outcome.passed === false) problems.add(outcome.errorKey);
  }
  // History is a server policy (previousPasswordsRemembered) whether or not rule 11 is listed.
  if (facts.isPrevious === true) problems.add('passwordReused');
  return [...problems];
}
