import { useCallback, useEffect, useMemo, useState } from 'react';
import { useInstitutionOptions, useSettings } from '../../lib/settings/settings-context';
import { usePasswordValidationRules } from './get-password-validation-rules';
import {
  assessPassword,
  buildPasswordPolicy,
  serverCheckFlags,
  type PasswordContext,
  type PasswordMessages,
  type PasswordRequirementItem,
  type RequirementState,
  type ServerCheckFlags,
  type ServerRuleVerdicts,
} from './password-policy';
import { postValidatePasswordForLoggedInUser } from './validate-password-for-logged-in-user';
import { postValidatePasswordForReset } from './validate-password-for-reset';

/** Spec 000 section 9: the asynchronous checks wait for 500 ms without typing. */
export const PASSWORD_CHECK_DEBOUNCE_MS = 500;

/**
 * Who answers the SSN, e-mail and previous-password rules (5, 7 and 11):
 * - `none`: nobody (logged-out forms without a link token, such as registration and activation):
 *   rules 5 and 7 are decided from the `context` the form passes, rule 11 is met;
 * - `loggedInUser`: POST api/Login/ValidatePasswordForLoggedInUser;
 * - `resetToken`: POST api/Login/ValidatePasswordForResetPassword with the link's token.
 */
export type PasswordServerCheck =
  { kind: 'none' } | { kind: 'loggedInUser' } | { kind: 'resetToken'; resetToken: string };

export interface UsePasswordRequirementsOptions {
  /** The password as typed (`useWatch`). */
  password: string;
  /** What the form knows about the user, for the list; `validate` takes its own. */
  context?: PasswordContext;
  serverCheck: PasswordServerCheck;
  /** The screen's wording of the legacy messages; defaults are the reset form's. */
  messages?: Partial<PasswordMessages>;
  /** A fixed maximum (activation: 128); otherwise from the rules answer. */
  maximumLength?: number;
  /**
   * Lists the rules whatever usePasswordValidationRuleListOption says: spec 000 section 2.5 gives
   * the sign-in's changePassword step "the rule list" outright (the option still decides the
   * messages).
   */
  alwaysShowList?: boolean;
}

export interface PasswordRequirements {
  /** `loading` until the rules answer arrives; `error` means the legacy rules stand in. */
  status: 'loading' | 'ready' | 'error';
  /** usePasswordValidationRuleListOption: render the list (PasswordField does). */
  showList: boolean;
  /** One line per displayed rule with its state, for the list. */
  items: readonly PasswordRequirementItem[];
  /** A server check of the current password is pending: keep the submit button disabled. */
  checking: boolean;
  /** Increases whenever a server check settles: re-validate the password field on it. */
  checkCount: number;
  maximumLength: number;
  /** The field's message for a password, or undefined when it meets every rule. */
  validate(password: string, context?: PasswordContext): string | undefined;
}

interface CheckResult {
  password: string;
  flagsKey: string;
  verdicts: ServerRuleVerdicts;
}

function flagsKeyOf(flags: ServerCheckFlags | undefined): string {
  if (!flags) return '';
  return [flags.InvalidWhenMatchesSSN, flags.InvalidWhenMatchEmail, flags.InvalidWhenPasswordExists]
    .map((flag) => (flag ? '1' : '0'))
    .join('');
}

function flagsOfKey(key: string): ServerCheckFlags {
  return {
    InvalidWhenMatchesSSN: key[0] === '1',
    InvalidWhenMatchEmail: key[1] === '1',
    InvalidWhenPasswordExists: key[2] === '1',
  };
}

function state(failed: boolean): RequirementState {
  return failed ? 'unmet' : 'met';
}

/**
 * The password rules of spec 000 sections 2.13, 5 and 9 for one password field. Rules come from
 * POST /api/CredentialValidationRules/GetPasswordValidationRules (cached); without a rule list the
 * legacy rules apply. When the list has rule 5, 7 or 11 and a server check is configured, the
 * password is sent for checking 500 ms after the last keystroke.
 *
 * Usage with react-hook-form and zod:
 * ```tsx
 * const password = useWatch({ control, name: 'password' });
 * const requirements = usePasswordRequirements({ password, serverCheck: { kind: 'loggedInUser' } });
 * // in the schema: .superRefine((v, ctx) => { const message = requirements.validate(v.password);
 * //   if (message) ctx.addIssue({ code: 'custom', path: ['password'], message }); })
 * useEffect(() => { if (getFieldState('password').isTouched) void trigger('password'); },
 *   [requirements.checkCount, getFieldState, trigger]);
 * <PasswordField label="Password" requirements={requirements} errorMessage={errors.password?.message} {...field} />
 * // disable submit while requirements.checking
 * ```
 */
export function usePasswordRequirements(
  options: UsePasswordRequirementsOptions,
): PasswordRequirements {
  const { password, context, serverCheck, messages, maximumLength, alwaysShowList } = options;
  const settings = useSettings();
  const { PasswordMinimumLength } = useInstitutionOptions();
  const rulesQuery = usePasswordValidationRules();

  // The messages object may be new on every render; its texts are what matters.
  const { required, tooShort, tooLong, sameAsLogon, sameAsSsn, lettersAndNumbers } = messages ?? {};
  const policy = useMemo(
    () =>
      buildPasswordPolicy(settings, PasswordMinimumLength, rulesQuery.data, {
        messages: { required, tooShort, tooLong, sameAsLogon, sameAsSsn, lettersAndNumbers },
        maximumLength,
      }),
    [
      settings,
      PasswordMinimumLength,
      rulesQuery.data,
      maximumLength,
      required,
      tooShort,
      tooLong,
      sameAsLogon,
      sameAsSsn,
      lettersAndNumbers,
    ],
  );

  const kind = serverCheck.kind;
  const resetToken = serverCheck.kind === 'resetToken' ? serverCheck.resetToken : '';
  const flagsKey = kind === 'none' ? '' : flagsKeyOf(serverCheckFlags(password, policy.rules));
  const [result, setResult] = useState<CheckResult | undefined>(undefined);
  const [checkCount, setCheckCount] = useState(0);

  useEffect(() => {
    if (flagsKey === '') return undefined;
    const controller = new AbortController();
    const flags = flagsOfKey(flagsKey);
    const timer = setTimeout(() => {
      const request = { PasswordToValidate: password, ...flags };
      const call =
        kind === 'resetToken'
          ? postValidatePasswordForReset({ ...request, ResetToken: resetToken }, controller.signal)
          : postValidatePasswordForLoggedInUser(request, controller.signal);
      call.then(
        (answer) => {
          const verdicts: ServerRuleVerdicts = {};
          if (flags.InvalidWhenMatchesSSN) verdicts[5] = state(answer.PasswordMatchesSSN);
          if (flags.InvalidWhenMatchEmail) verdicts[7] = state(answer.PasswordMatchesEmail);
          if (flags.InvalidWhenPasswordExists) verdicts[11] = state(answer.PasswordExists);
          setResult({ password, flagsKey, verdicts });
          setCheckCount((count) => count + 1);
        },
        () => {
          if (controller.signal.aborted) return;
          // Unknown is not a failure: the server checks the password again when it is saved.
          setResult({ password, flagsKey, verdicts: {} });
          setCheckCount((count) => count + 1);
        },
      );
    }, PASSWORD_CHECK_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [password, flagsKey, kind, resetToken]);

  const verdictsFor = useCallback(
    (candidate: string): ServerRuleVerdicts => {
      const key = kind === 'none' ? '' : flagsKeyOf(serverCheckFlags(candidate, policy.rules));
      if (key === '') return {};
      if (result && result.password === candidate && result.flagsKey === key)
        return result.verdicts;
      const pending: ServerRuleVerdicts = {};
      const flags = flagsOfKey(key);
      if (flags.InvalidWhenMatchesSSN) pending[5] = 'checking';
      if (flags.InvalidWhenMatchEmail) pending[7] = 'checking';
      if (flags.InvalidWhenPasswordExists) pending[11] = 'checking';
      return pending;
    },
    [kind, policy.rules, result],
  );

  const logon = context?.logon;
  const ssn = context?.ssn;
  const email = context?.email;
  const loading = rulesQuery.isPending;
  const items = useMemo(
    () =>
      // No list until the institution's rules are known, rather than the legacy ones for a moment.
      loading
        ? []
        : assessPassword(password, { logon, ssn, email }, verdictsFor(password), policy, settings)
            .items,
    [loading, password, logon, ssn, email, verdictsFor, policy, settings],
  );

  const validate = useCallback(
    (candidate: string, candidateContext: PasswordContext = {}) =>
      assessPassword(candidate, candidateContext, verdictsFor(candidate), policy, settings).error,
    [verdictsFor, policy, settings],
  );

  return {
    status: loading ? 'loading' : rulesQuery.isError ? 'error' : 'ready',
    showList: policy.listOption || (alwaysShowList ?? false),
    items,
    checking: items.some((item) => item.state === 'checking'),
    checkCount,
    maximumLength: policy.maximumLength,
    validate,
  };
}
