import { describe, expect, it } from 'vitest';
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

  it('refuses a document that is not an object', () => {
    expect(validateInstitutionConfig([]).valid).toBe(false);
    expect(validateInstitutionConfig('x').valid).toBe(false);
  });
});
