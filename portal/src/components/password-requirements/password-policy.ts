import {
  credentialMaximumLength,
  DEFAULT_MINIMUM_PASSWORD_LENGTH,
  displayedPasswordRules,
  evaluatePasswordRules,
  fillPlaceholders,
  isEmailCandidate,
  normaliseSsnCandidate,
  passwordProblems,
  type PasswordErrorKey,
  type PasswordLimits,
  type PasswordProblem,
  type PasswordRuleType,
  type PasswordValidationRule,
  type PasswordValidationRulesResponse,
  type ValidatePasswordRequest,
} from '@portal/domain';
import type { SettingKey, SettingsAccessor } from '@portal/settings-schema';

/**
 * What the password is checked against; leave out what the form does not know (domain's
 * PasswordFacts without the history, which only the server knows).
 */
export interface PasswordContext {
  /** The login name (rules 9 and 10, legacy "must not contain the login name"). */
  logon?: string;
  /** The SSN as typed (rule 5 and the legacy SSN rule; only a full nine-digit SSN counts). */
  ssn?: string;
  /** The e-mail address (rule 7). */
  email?: string;
}

/** The messages of the legacy rules, which each screen words its own way (spec 000 section 5). */
export interface PasswordMessages {
  required: string;
  /** {n} is the minimum. */
  tooShort: string;
  /** {n} is the maximum. */
  tooLong: string;
  sameAsLogon: string;
  sameAsSsn: string;
  lettersAndNumbers: string;
}

/** The messages of the password reset (link) form, the default of every password field. */
export function resetFormPasswordMessages(settings: SettingsAccessor): PasswordMessages {
  return {
    required: settings.get('resetPasswordTexts.passwordRequiredText'),
    tooShort: settings.get('passwordRuleTexts.doesNotMeetMinimumLengthText'),
    tooLong: settings.get('resetPasswordTexts.legacyMaximumLengthText'),
    sameAsLogon: settings.get('passwordRuleTexts.passwordSameAsLoginText'),
    sameAsSsn: settings.get('passwordRuleTexts.matchesSsnText'),
    lettersAndNumbers: settings.get('resetPasswordTexts.letterAndNumberText'),
  };
}

export type RequirementState = 'met' | 'unmet' | 'checking';

export interface PasswordRequirementItem {
  id: string;
  text: string;
  state: RequirementState;
}

/** The rules only the server can decide for a signed-in user or a reset link. */
export type ServerRuleType = 5 | 7 | 11;

/** What the server said (or is still deciding) about rules 5, 7 and 11 for one password. */
export type ServerRuleVerdicts = Partial<Record<ServerRuleType, RequirementState>>;

export interface PasswordPolicy {
  /** The institution's rule list; empty means the legacy rules. */
  rules: readonly PasswordValidationRule[];
  /** MinimumLength of the rules answer (rule 6, listed when above zero). */
  ruleMinimumLength: number;
  /**
   * The minimum every password must reach, as the server applies it: the rules answer's
   * MinimumLength, else PasswordMinimumLength of the institution, else 8.
   */
  minimumLength: number;
  maximumLength: number;
  /** usePasswordValidationRuleListOption: show the list and one generic message. */
  listOption: boolean;
  messages: PasswordMessages;
}

export interface PasswordPolicyOverrides {
  messages?: Partial<PasswordMessages>;
  /** Activation fixes 128 (spec 000 section 9); otherwise from the rules answer. */
  maximumLength?: number;
}

/**
 * The policy of a password field. Without a rules answer (still loading or failed) the legacy
 * rules apply; the server checks every password again anyway.
 */
export function buildPasswordPolicy(
  settings: SettingsAccessor,
  institutionMinimumLength: number,
  response: PasswordValidationRulesResponse | undefined,
  overrides: PasswordPolicyOverrides = {},
): PasswordPolicy {
  const customerCredentials =
    response?.CustomerCredentials ??
    settings.get('passwordRuleOptions.useCustomerCredentialsOption');
  const maximumLength =
    overrides.maximumLength ??
    (response && response.MaximumLength > 0
      ? response.MaximumLength
      : credentialMaximumLength(customerCredentials));
  const ruleMinimumLength = response?.MinimumLength ?? 0;
  const institutionMinimum =
    institutionMinimumLength > 0 ? institutionMinimumLength : DEFAULT_MINIMUM_PASSWORD_LENGTH;
  return {
    rules: response?.PasswordValidationRules ?? [],
    ruleMinimumLength,
    minimumLength: ruleMinimumLength > 0 ? ruleMinimumLength : institutionMinimum,
    maximumLength,
    listOption: settings.get('passwordRuleOptions.usePasswordValidationRuleListOption'),
    messages: withDefaults(resetFormPasswordMessages(settings), overrides.messages),
  };
}

function withDefaults(
  defaults: PasswordMessages,
  overrides: Partial<PasswordMessages> = {},
): PasswordMessages {
  return {
    required: overrides.required ?? defaults.required,
    tooShort: overrides.tooShort ?? defaults.tooShort,
    tooLong: overrides.tooLong ?? defaults.tooLong,
    sameAsLogon: overrides.sameAsLogon ?? defaults.sameAsLogon,
    sameAsSsn: overrides.sameAsSsn ?? defaults.sameAsSsn,
    lettersAndNumbers: overrides.lettersAndNumbers ?? defaults.lettersAndNumbers,
  };
}

const RULE_TEXT_KEYS: Readonly<Record<PasswordRuleType, SettingKey>> = {
  0: 'passwordRuleTexts.ruleCapitalLetterText',
  1: 'passwordRuleTexts.ruleLowercaseLetterText',
  2: 'passwordRuleTexts.ruleLetterText',
  3: 'passwordRuleTexts.ruleNumberText',
  4: 'passwordRuleTexts.ruleSpecialCharacterText',
  5: 'passwordRuleTexts.ruleNotSsnText',
  6: 'passwordRuleTexts.ruleMinimumLengthText',
  7: 'passwordRuleTexts.ruleNotEmailText',
  8: 'passwordRuleTexts.ruleNoConsecutiveCharactersText',
  9: 'passwordRuleTexts.ruleNotPortionOfLogonText',
  10: 'passwordRuleTexts.ruleNotContainLogonText',
  11: 'passwordRuleTexts.ruleNotPreviousPasswordText',
};

const ERROR_TEXT_KEYS: Readonly<Record<PasswordErrorKey, SettingKey>> = {
  doesNotMeetMinimumLength: 'passwordRuleTexts.doesNotMeetMinimumLengthText',
  missingCapitalLetter: 'passwordRuleTexts.missingCapitalLetterText',
  missingLowercaseLetter: 'passwordRuleTexts.missingLowercaseLetterText',
  missingLetter: 'passwordRuleTexts.missingLetterText',
  missingNumber: 'passwordRuleTexts.missingNumberText',
  missingSpecialCharacter: 'passwordRuleTexts.missingSpecialCharacterText',
  matchesSSN: 'passwordRuleTexts.matchesSsnText',
  matchesEmail: 'passwordRuleTexts.matchesEmailText',
  containsThreeOrMoreConsecutiveIdenticalCharacters:
    'passwordRuleTexts.consecutiveIdenticalCharactersText',
  equalsPortionOfLogon: 'passwordRuleTexts.equalsPortionOfLogonText',
  containsLogon: 'passwordRuleTexts.containsLogonText',
  passwordReused: 'passwordRuleTexts.passwordReusedText',
};

function text(settings: SettingsAccessor, key: SettingKey, values: Record<string, number> = {}) {
  return fillPlaceholders(String(settings.get(key)), values);
}

function isServerRule(type: PasswordRuleType): type is ServerRuleType {
  return type === 5 || type === 7 || type === 11;
}

export type ServerCheckFlags = Pick<
  ValidatePasswordRequest,
  'InvalidWhenMatchesSSN' | 'InvalidWhenMatchEmail' | 'InvalidWhenPasswordExists'
>;

/**
 * What to ask the server about a password (spec 000 section 5): the SSN only for an SSN
 * candidate (nine digits, dashes ignored), the e-mail only for an e-mail candidate (@ with text
 * on each side), reuse always; each only when the rule list has that rule. Undefined: no call.
 */
export function serverCheckFlags(
  password: string,
  rules: readonly PasswordValidationRule[],
): ServerCheckFlags | undefined {
  if (password === '') return undefined;
  const types = new Set(rules.map((rule) => rule.ValidationRuleType));
  const flags: ServerCheckFlags = {
    InvalidWhenMatchesSSN: types.has(5) && normaliseSsnCandidate(password) !== undefined,
    InvalidWhenMatchEmail: types.has(7) && isEmailCandidate(password),
    InvalidWhenPasswordExists: types.has(11),
  };
  return flags.InvalidWhenMatchesSSN ||
    flags.InvalidWhenMatchEmail ||
    flags.InvalidWhenPasswordExists
    ? flags
    : undefined;
}

export interface PasswordAssessment {
  items: PasswordRequirementItem[];
  /** The message for the field, or undefined when the password is acceptable. */
  error: string | undefined;
}

function assessRuleList(
  password: string,
  context: PasswordContext,
  verdicts: ServerRuleVerdicts,
  policy: PasswordPolicy,
  settings: SettingsAccessor,
): { items: PasswordRequirementItem[]; failure: string | undefined } {
  const minimum = policy.ruleMinimumLength;
  const shown = displayedPasswordRules(policy.rules, minimum);
  const outcomes = evaluatePasswordRules(password, shown, minimum, {
    logon: context.logon,
    ssn: context.ssn,
    email: context.email,
  });
  let failure: string | undefined;
  const items = outcomes.map((outcome): PasswordRequirementItem => {
    let state: RequirementState;
    if (password === '') state = 'unmet';
    else if (outcome.passed !== undefined) state = outcome.passed ? 'met' : 'unmet';
    // Undecided here and not asked of the server (not a candidate, or nothing to ask): met.
    else state = isServerRule(outcome.type) ? (verdicts[outcome.type] ?? 'met') : 'met';
    if (state === 'unmet' && failure === undefined) {
      failure = text(settings, ERROR_TEXT_KEYS[outcome.errorKey], { n: minimum });
    }
    return {
      id: `rule-${outcome.type}`,
      text: text(settings, RULE_TEXT_KEYS[outcome.type], { n: minimum }),
      state,
    };
  });
  return { items, failure };
}

/** The legacy list (no rule list): the built-in checks the domain applies, one line each. */
function legacyItems(
  password: string,
  context: PasswordContext,
  problems: readonly PasswordProblem[],
  policy: PasswordPolicy,
  settings: SettingsAccessor,
): PasswordRequirementItem[] {
  const unmet = (failed: boolean): RequirementState =>
    password === '' || failed ? 'unmet' : 'met';
  const items: PasswordRequirementItem[] = [
    {
      id: 'legacy-minimum',
      text: text(settings, 'passwordRuleTexts.ruleMinimumLengthText', { n: policy.minimumLength }),
      state: unmet(problems.includes('tooShort')),
    },
    // One domain check (needsLetterNumber), listed as its two halves.
    {
      id: 'legacy-letter',
      text: settings.get('passwordRuleTexts.ruleLetterText'),
      state: unmet(!/[A-Za-z]/.test(password)),
    },
    {
      id: 'legacy-number',
      text: settings.get('passwordRuleTexts.ruleNumberText'),
      state: unmet(!/[0-9]/.test(password)),
    },
  ];
  if (context.logon !== undefined) {
    items.push({
      id: 'legacy-logon',
      text: settings.get('passwordRuleTexts.ruleNotContainLogonText'),
      state: unmet(problems.includes('sameAsLogin')),
    });
  }
  if (context.ssn !== undefined) {
    items.push({
      id: 'legacy-ssn',
      text: settings.get('passwordRuleTexts.ruleNotSsnText'),
      state: unmet(problems.includes('sameAsSsn')),
    });
  }
  return items;
}

/** The field's message for one problem, in the screen's wording. */
function problemMessage(
  problem: PasswordProblem,
  policy: PasswordPolicy,
  settings: SettingsAccessor,
): string {
  const { messages } = policy;
  switch (problem) {
    case 'required':
      return messages.required;
    case 'tooShort':
      return fillPlaceholders(messages.tooShort, { n: policy.minimumLength });
    case 'tooLong':
      return fillPlaceholders(messages.tooLong, { n: policy.maximumLength });
    case 'sameAsLogin':
      return messages.sameAsLogon;
    case 'sameAsSsn':
      return messages.sameAsSsn;
    case 'needsLetterNumber':
      return messages.lettersAndNumbers;
    // Only the server knows the current password; the portal never reports this one.
    case 'sameAsCurrent':
      return text(settings, ERROR_TEXT_KEYS.passwordReused);
    default:
      return text(settings, ERROR_TEXT_KEYS[problem], { n: policy.minimumLength });
  }
}

function limitsOf(policy: PasswordPolicy): PasswordLimits {
  return {
    minimumLength: policy.minimumLength,
    maximumLength: policy.maximumLength,
    rules: policy.rules,
  };
}

/**
 * Checks a password against the policy: the list items with their state, and the one message the
 * field shows. The verdict is domain's `passwordProblems` of what the form knows (the server's
 * own check of the password), plus the server's answers about rules 5, 7 and 11: the built-in
 * checks apply with a rule list too. The message: required, then too long, then the first unmet
 * list item, then the first problem (minimum, user name, SSN, letter and number, other rules);
 * with the rule-list option the generic 'Password requirements are not met, please try again'
 * instead.
 */
export function assessPassword(
  password: string,
  context: PasswordContext,
  verdicts: ServerRuleVerdicts,
  policy: PasswordPolicy,
  settings: SettingsAccessor,
): PasswordAssessment {
  const problems = passwordProblems(password, limitsOf(policy), {
    logon: context.logon,
    ssn: context.ssn,
    email: context.email,
  });
  const { items, failure } =
    policy.rules.length > 0
      ? assessRuleList(password, context, verdicts, policy, settings)
      : { items: legacyItems(password, context, problems, policy, settings), failure: undefined };
  const first = problems[0];
  let error: string | undefined;
  if (first === 'required') error = policy.messages.required;
  else if (problems.includes('tooLong')) error = problemMessage('tooLong', policy, settings);
  else if (failure !== undefined) {
    error = policy.listOption ? settings.get('passwordRuleTexts.requirementsNotMetText') : failure;
  } else if (first !== undefined) {
    // A built-in check (spec 000: always applied) that the institution's list does not show: its
    // own words, even with the list option, since every item the list shows may be met.
    error = problemMessage(first, policy, settings);
  }
  return { items, error };
}
