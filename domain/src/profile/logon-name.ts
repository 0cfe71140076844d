import { checkLogonName, type LogonNameProblem } from '../rules/formats';
import {
  evaluatePasswordRules,
  type PasswordErrorKey,
  type PasswordValidationRule,
} from '../rules/password-rules';

/**
 * The login name rule of registration and of the profile's login name change, written once:
 * required, the institution's length limits (UserNameMinimumLength, the 12 or 128 maximum), the
 * specs' characters and the institution's allowed-characters pattern, then the institution's
 * logon rules (GetLogonValidationRules: character classes and "not the e-mail").
 */
export interface LogonNameRules {
  minimumLength: number;
  maximumLength: number;
  /** passwordRuleOptions.usernameAllowedCharactersPattern (registrationRulesOf's userNamePattern). */
  pattern: RegExp;
  /** The logon rules; only the types that apply to a name (0-4 and 7) are looked at. */
  rules: readonly PasswordValidationRule[];
}

/** The logon rule keys (the password rule keys of types 0-4 and 7). */
export type LogonRuleKey = Extract<
  PasswordErrorKey,
  | 'missingCapitalLetter'
  | 'missingLowercaseLetter'
  | 'missingLetter'
  | 'missingNumber'
  | 'missingSpecialCharacter'
  | 'matchesEmail'
>;

const LOGON_RULE_KEYS: ReadonlySet<PasswordErrorKey> = new Set<LogonRuleKey>([
  'missingCapitalLetter',
  'missingLowercaseLetter',
  'missingLetter',
  'missingNumber',
  'missingSpecialCharacter',
  'matchesEmail',
]);

function isLogonRuleKey(key: PasswordErrorKey): key is LogonRuleKey {
  return LOGON_RULE_KEYS.has(key);
}

export type LogonNameIssue = LogonNameProblem | LogonRuleKey;

/** The logon rules a name breaks, without repeats. */
export function logonRuleProblems(
  name: string,
  rules: readonly PasswordValidationRule[],
  facts: { email?: string | undefined } = {},
): LogonRuleKey[] {
  const broken = evaluatePasswordRules(name, rules, 0, { email: facts.email })
    .filter((outcome) => outcome.passed === false)
    .map((outcome) => outcome.errorKey)
    .filter(isLogonRuleKey);
  return [...new Set(broken)];
}

/**
 * Every problem of a login name (trimmed), in a stable order: the first of required, too short,
 * too long, invalid characters; then the logon rules it breaks. None means acceptable.
 */
export function logonNameIssues(
  typed: string,
  rules: LogonNameRules,
  facts: { email?: string | undefined } = {},
): LogonNameIssue[] {
  const name = typed.trim();
  const basic = checkLogonName(name, rules.minimumLength, rules.maximumLength);
  if (basic === 'required') return ['required'];
  const issues: LogonNameIssue[] = [];
  if (basic !== undefined) issues.push(basic);
  else if (!rules.pattern.test(name)) issues.push('invalidCharacters');
  issues.push(...logonRuleProblems(name, rules.rules, facts));
  return issues;
}
