import { passwordProblems } from '@portal/domain';
import { createSettingsAccessor } from '@portal/settings-schema';
import { describe, expect, it } from 'vitest';
import { wireSettings, type SettingValues } from '../../testing/fixtures';
import { assessPassword, buildPasswordPolicy, type PasswordContext } from './password-policy';

const rule = (type: number) => ({
  ValidationRuleType: type,
  ValidationRegex: null,
  RegexMatchMeansError: false,
});

function policyWith(types: number[], values: SettingValues = {}) {
  const settings = createSettingsAccessor(wireSettings(values));
  const policy = buildPasswordPolicy(settings, 8, {
    HasNoErrors: true,
    Errors: [],
    MinimumLength: 8,
    MaximumLength: 128,
    CustomerCredentials: true,
    PasswordValidationRules: types.map(rule),
  });
  return { settings, policy };
}

const JORDAN: PasswordContext = { logon: 'jordan.rivers', ssn: '123-45-6789', email: 'j@h.test' };

function errorOf(password: string, types: number[], context: PasswordContext = JORDAN) {
  const { settings, policy } = policyWith(types);
  return assessPassword(password, context, {}, policy, settings).error;
}

describe('assessPassword: the verdict of domain passwordProblems', () => {
  it('refuses what the server refuses with a rule list (capital letter, special character)', () => {
    expect(errorOf('ABCDEFGH!!', [0, 4])).toBe('Password must have both a letter and a number');
    expect(errorOf('Jordan.rivers1!', [0, 4])).toBe(
      'Password must not be the same as the username.',
    );
    expect(errorOf('Ab1!', [0, 4])).toBe('Password must be at least 8 characters in length');
    expect(errorOf('Ab!123456789', [0, 4])).toBe('Password must not match your SSN.');
  });

  it('accepts a password the domain finds nothing wrong with', () => {
    expect(errorOf('Harbor2024!', [0, 4])).toBeUndefined();
    expect(errorOf('Harbor2024', [])).toBeUndefined();
  });

  it('names the first unmet listed rule before a built-in check', () => {
    expect(errorOf('harbor', [0, 4])).toBe('Password must contain a capital letter.');
  });

  it('shows an error exactly when the domain reports a problem the form can know', () => {
    const candidates = [
      '',
      'Ab1',
      'ABCDEFGH!!',
      'abcdefgh',
      'Jordan.rivers1!',
      'rivers',
      '123456789a',
      'Harbor2024!',
      'Harbor!!!2024',
      'harbor2024!',
      'j@h.test',
      'a'.repeat(200),
    ];
    for (const types of [[], [0, 4], [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]]) {
      const { policy } = policyWith(types);
      for (const password of candidates) {
        const problems = passwordProblems(password, policy, JORDAN);
        expect(errorOf(password, types) !== undefined, `${password} with [${types}]`).toBe(
          problems.length > 0,
        );
      }
    }
  });
});
