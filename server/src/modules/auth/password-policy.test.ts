import { createSettingsAccessor } from '@portal/settings-schema';
import { describe, expect, it } from 'vitest';
import { passwordRulesOf } from './password-policy';

const withRules = (rules: string) =>
  createSettingsAccessor({
    shared: { passwordRuleOptions: { passwordValidationRules: rules } },
    english: {},
  });

describe('the configured password rules', () => {
  it('fills in the optional parts of each rule', () => {
    const rules = passwordRulesOf(
      withRules('[{"ValidationRuleType":1},{"ValidationRuleType":9,"ValidationRegex":"x"}]'),
    ).rules;
    expect(rules).toEqual([
      { ValidationRuleType: 1, ValidationRegex: null, RegexMatchMeansError: false },
      { ValidationRuleType: 9, ValidationRegex: 'x', RegexMatchMeansError: false },
    ]);
  });

  it('reads a list with a rule type the specs do not define, or no list, as no rules', () => {
    // The settings accessor checks the declared shape (types 0 to 11) once, for every reader.
    expect(
      passwordRulesOf(withRules('[{"ValidationRuleType":42},{"ValidationRuleType":2}]')).rules,
    ).toEqual([]);
    expect(passwordRulesOf(withRules('{"not":"a list"}')).rules).toEqual([]);
  });
});
