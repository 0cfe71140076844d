import { describe, expect, it } from 'vitest';
import { listSettingDefinitions } from './definitions';
import { validateInstitutionConfig } from './validate';

describe('validateInstitutionConfig', () => {
  it('accepts an empty configuration (everything at its default)', () => {
    expect(validateInstitutionConfig({})).toEqual({ valid: true, errors: [] });
  });

  it('accepts good values of every type', () => {
    const result = validateInstitutionConfig({
      shared: {
        globalOptions: {
          useFAQOption: 'TRUE',
          remoteBranchLocatorURLOption: 'https://branches.example.com/find',
        },
        themeOptions: { primaryColor: '#123abc', borderRadius: '4', colorScheme: 'dark' },
        loggedInLayout: { footerImages: '[{"src":"branding/fdic.svg","alt":"Member FDIC"}]' },
      },
      english: { loggedOutLayout: { showDisclosuresText: 'Read our disclosures' } },
    });
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('reports range errors and type errors together: a type error hides nothing', () => {
    const result = validateInstitutionConfig({
      shared: {
        themeOptions: { primaryColor: 'blue' },
        securityPolicyOptions: { lockoutMinutes: '-1' },
      },
    });
    expect(result.errors).toEqual([
      { key: 'themeOptions.primaryColor', set: 'shared', message: 'must be a colour like #1a2b3c' },
      { key: 'securityPolicyOptions.lockoutMinutes', set: 'shared', message: 'must be at least 0' },
    ]);
  });

  it('refuses a fractional value of a whole-number setting (a 2.5-minute lockout)', () => {
    expect(
      validateInstitutionConfig({ shared: { securityPolicyOptions: { lockoutMinutes: '2.5' } } })
        .errors,
    ).toEqual([
      {
        key: 'securityPolicyOptions.lockoutMinutes',
        set: 'shared',
        message: 'must be a whole number',
      },
    ]);
    // Amounts stay fractional.
    expect(
      validateInstitutionConfig({
        shared: { paymentAmountOptions: { minimumCardPaymentAmount: '2.5' } },
      }).valid,
    ).toBe(true);
  });

  it('lists each problem of an agreement setup as an error of its own', () => {
    const result = validateInstitutionConfig({
      english: {
        agreementTexts: {
          agreementSetup:
            'ftp://bad|2024-01-01|Terms|login\nhttps://example.com/b|2024-13-45|Privacy|sometimes',
        },
      },
    });
    expect(result.errors.length).toBeGreaterThanOrEqual(3);
    for (const error of result.errors) {
      expect(error.key).toBe('agreementTexts.agreementSetup');
      expect(error.message).not.toContain('\n');
      expect(error.message).toMatch(/^Agreement [12]: /);
    }
  });

  it('refuses a logo path outside the branding folder', () => {
    expect(
      validateInstitutionConfig({ shared: { themeOptions: { logoFullPath: 'branding/../x.svg' } } })
        .errors[0]?.message,
    ).toContain('must be an SVG file inside');
    expect(
      validateInstitutionConfig({
        shared: { themeOptions: { logoFullPath: 'branding/logos/logoFull-1a2b3c.svg' } },
      }).valid,
    ).toBe(true);
  });

  it('names the key and the reason for a value of the wrong type', () => {
    const result = validateInstitutionConfig({
      shared: {
        globalOptions: { useFAQOption: 'yes' },
        themeOptions: { primaryColor: 'blue', borderRadius: 'round' },
      },
    });
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual(
      expect.arrayContaining([
        { key: 'globalOptions.useFAQOption', set: 'shared', message: 'must be "true" or "false"' },
        {
          key: 'themeOptions.primaryColor',
          set: 'shared',
          message: 'must be a colour like #1a2b3c',
        },
        { key: 'themeOptions.borderRadius', set: 'shared', message: 'must be a number' },
      ]),
    );
  });

  it('refuses unknown keys, sections and sets by name', () => {
    const result = validateInstitutionConfig({
      shared: { globalOptions: { useFAQOptoin: 'true' }, madeUpOptions: {} },
      french: {},
    });
    const messages = result.errors.map((error) => `${error.key}: ${error.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        'globalOptions.useFAQOptoin: unknown setting "globalOptions.useFAQOptoin"',
        'madeUpOptions: unknown section "madeUpOptions"',
        'french: unknown set "french"',
      ]),
    );
  });

  it('refuses values that are not text', () => {
    const result = validateInstitutionConfig({ shared: { globalOptions: { useFAQOption: true } } });
    expect(result.errors).toContainEqual({
      key: 'globalOptions.useFAQOption',
      set: 'shared',
      message: 'must be string',
    });
  });

  it('refuses enum values outside the list', () => {
    const result = validateInstitutionConfig({
      shared: { themeOptions: { colorScheme: 'sepia' } },
    });
    expect(result.errors).toEqual([
      {
        key: 'themeOptions.colorScheme',
        set: 'shared',
        message: 'must be one of light, dark, system',
      },
    ]);
  });

  it('refuses javascript: addresses', () => {
    const result = validateInstitutionConfig({
      shared: { globalOptions: { applyForLoanURLOption: 'javascript:alert(1)' } },
    });
    expect(result.errors[0]?.key).toBe('globalOptions.applyForLoanURLOption');
  });

  it('checks number bounds', () => {
    const result = validateInstitutionConfig({ shared: { themeOptions: { borderRadius: '40' } } });
    expect(result.errors).toEqual([
      { key: 'themeOptions.borderRadius', set: 'shared', message: 'must be at most 32' },
    ]);
  });

  it('checks JSON values parse and match their shape', () => {
    const notJson = validateInstitutionConfig({
      shared: { loggedInLayout: { footerImages: '[{' } },
    });
    expect(notJson.errors).toEqual([
      { key: 'loggedInLayout.footerImages', set: 'shared', message: 'the value is not valid JSON' },
    ]);
    const four = JSON.stringify([1, 2, 3, 4].map((n) => ({ src: `${n}.svg`, alt: '' })));
    const tooMany = validateInstitutionConfig({
      shared: { loggedInLayout: { footerImages: four } },
    });
    expect(tooMany.errors).toEqual([
      {
        key: 'loggedInLayout.footerImages',
        set: 'shared',
        message: 'JSON value must NOT have more than 3 items',
      },
    ]);
  });

  it('refuses every regular expression setting that does not compile, naming its place', () => {
    const rules = JSON.stringify([
      { ValidationRuleType: 0, ValidationRegex: '[A-Z]', RegexMatchMeansError: false },
      { ValidationRuleType: 8, ValidationRegex: '[unclosed', RegexMatchMeansError: true },
    ]);
    const result = validateInstitutionConfig({
      shared: {
        securityQuestionOptions: { secretAnswerAllowedCharactersPattern: '[unclosed' },
        passwordRuleOptions: {
          usernameAllowedCharactersPattern: '(a',
          passwordValidationRules: rules,
          logonValidationRules: JSON.stringify([{ ValidationRuleType: 3, ValidationRegex: '*' }]),
        },
      },
    });
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual([
      {
        key: 'securityQuestionOptions.secretAnswerAllowedCharactersPattern',
        set: 'shared',
        message: 'must be a valid regular expression (Unterminated character class)',
      },
      {
        key: 'passwordRuleOptions.usernameAllowedCharactersPattern',
        set: 'shared',
        message: 'must be a valid regular expression (Unterminated group)',
      },
      {
        key: 'passwordRuleOptions.passwordValidationRules',
        set: 'shared',
        message:
          'JSON value at /1/ValidationRegex must be a valid regular expression (Unterminated character class)',
      },
      {
        key: 'passwordRuleOptions.logonValidationRules',
        set: 'shared',
        message:
          'JSON value at /0/ValidationRegex must be a valid regular expression (Nothing to repeat)',
      },
    ]);
  });

  it('accepts regular expressions that compile, an empty pattern and rules without one', () => {
    const result = validateInstitutionConfig({
      shared: {
        securityQuestionOptions: { secretAnswerAllowedCharactersPattern: '' },
        passwordRuleOptions: {
          usernameAllowedCharactersPattern: '^[a-z/]+$',
          passwordValidationRules: JSON.stringify([
            { ValidationRuleType: 8, ValidationRegex: '(.)\\1\\1', RegexMatchMeansError: true },
            { ValidationRuleType: 0, ValidationRegex: null },
            { ValidationRuleType: 6 },
          ]),
        },
      },
    });
    expect(result).toEqual({ valid: true, errors: [] });
  });

  it('compiles patterns without flags, as the portal and server do', () => {
    // "\\a" and a lone "{" are refused under the "u" or "v" flag but compile without flags, which
    // is how allowedCharactersPattern and the password rules read them.
    const pattern = '^\\a{$';
    for (const flags of ['u', 'v']) expect(() => new RegExp(pattern, flags), flags).toThrow();
    expect(new RegExp(pattern).test('a{')).toBe(true);
    expect(
      validateInstitutionConfig({
        shared: { passwordRuleOptions: { usernameAllowedCharactersPattern: pattern } },
      }),
    ).toEqual({ valid: true, errors: [] });
  });

  it('finds every regular expression setting through the schema', () => {
    const textPatterns = listSettingDefinitions()
      .filter((definition) => definition.format === 'regex')
      .map((definition) => definition.key);
    expect(textPatterns.sort()).toEqual([
      'passwordRuleOptions.usernameAllowedCharactersPattern',
      'securityQuestionOptions.secretAnswerAllowedCharactersPattern',
    ]);
  });

  it('refuses a document that is not an object', () => {
    expect(validateInstitutionConfig([]).valid).toBe(false);
    expect(validateInstitutionConfig('x').valid).toBe(false);
  });
});
