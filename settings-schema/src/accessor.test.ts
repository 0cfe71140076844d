import { describe, expect, it } from 'vitest';
import { createSettingsAccessor, parseSettingKey } from './accessor';
import { SettingsError } from './errors';
import type { SettingRuntimeDefinition } from './types';

const definitions: Record<string, SettingRuntimeDefinition> = {
  'demo.flag': {
    type: 'boolean',
    default: 'false',
    set: 'shared',
    visibility: 'public',
    wire: 'gassySettings',
  },
  'demo.onByDefault': {
    type: 'boolean',
    default: 'true',
    set: 'shared',
    visibility: 'public',
    wire: 'gassySettings',
  },
  'demo.count': {
    type: 'number',
    default: '3',
    set: 'shared',
    visibility: 'public',
    wire: 'gassySettings',
  },
  'demo.heading': {
    type: 'text',
    default: 'Welcome',
    set: 'english',
    visibility: 'public',
    wire: 'gassySettings',
  },
  'demo.list': {
    type: 'json',
    default: '["a"]',
    set: 'shared',
    visibility: 'public',
    wire: 'gassySettings',
  },
  'demo.scheme': {
    type: 'enum',
    default: 'light',
    enum: ['light', 'dark'],
    set: 'shared',
    visibility: 'public',
    wire: 'gassySettings',
  },
  'demo.agreements': {
    type: 'agreementSetup',
    default: '',
    set: 'english',
    visibility: 'public',
    wire: 'gassySettings',
  },
};

function accessor(
  shared: Record<string, Record<string, string>>,
  english: Record<string, Record<string, string>> = {},
) {
  // The demo keys are not in the generated key map, so the test reads them through a widened view.
  const settings = createSettingsAccessor({ shared, english }, { definitions });
  return { get: (key: string): unknown => Reflect.apply(settings.get, settings, [key]) };
}

describe('settings accessor', () => {
  it('lets the shared set win over the language set', () => {
    const settings = accessor({ demo: { heading: 'Shared' } }, { demo: { heading: 'English' } });
    expect(settings.get('demo.heading')).toBe('Shared');
  });

  it('reads the language set when the shared set lacks the key', () => {
    expect(accessor({}, { demo: { heading: 'English' } }).get('demo.heading')).toBe('English');
  });

  it('falls back to the schema default when no set has the key', () => {
    const settings = accessor({});
    expect(settings.get('demo.heading')).toBe('Welcome');
    expect(settings.get('demo.onByDefault')).toBe(true);
    expect(settings.get('demo.count')).toBe(3);
  });

  it('reads a boolean as true only for the text true, in any case', () => {
    for (const text of ['true', 'TRUE', 'True', 'tRuE']) {
      expect(accessor({ demo: { flag: text } }).get('demo.flag'), text).toBe(true);
    }
    for (const text of ['false', 'yes', '1', 'on', 'truthy', ' true']) {
      expect(accessor({ demo: { onByDefault: text } }).get('demo.onByDefault'), text).toBe(false);
    }
  });

  it('reads numbers and refuses a value that is not numeric, naming the key', () => {
    expect(accessor({ demo: { count: '12.5' } }).get('demo.count')).toBe(12.5);
    expect(accessor({ demo: { count: '-4' } }).get('demo.count')).toBe(-4);
    expect(() => accessor({ demo: { count: 'ten' } }).get('demo.count')).toThrow(
      'Setting "demo.count": "ten" is not a number',
    );
    expect(() => accessor({ demo: { count: '1e3' } }).get('demo.count')).toThrow(SettingsError);
  });

  it('treats an empty boolean or number as unset, but keeps an empty text', () => {
    expect(accessor({ demo: { count: '', onByDefault: ' ' } }).get('demo.count')).toBe(3);
    expect(accessor({ demo: { onByDefault: '' } }).get('demo.onByDefault')).toBe(true);
    expect(accessor({}, { demo: { heading: '' } }).get('demo.heading')).toBe('');
  });

  it('parses JSON values and names the key when they are not JSON', () => {
    expect(accessor({ demo: { list: '["x","y"]' } }).get('demo.list')).toEqual(['x', 'y']);
    expect(() => accessor({ demo: { list: '[x' } }).get('demo.list')).toThrow(
      'Setting "demo.list": the value is not valid JSON',
    );
  });

  it('refuses an enum value outside its list', () => {
    expect(accessor({ demo: { scheme: 'dark' } }).get('demo.scheme')).toBe('dark');
    expect(() => accessor({ demo: { scheme: 'pink' } }).get('demo.scheme')).toThrow(
      'is not one of light, dark',
    );
  });

  it('parses agreement setup strings and reports setup errors with the key', () => {
    const settings = accessor(
      {},
      { demo: { agreements: 'https://x.test/t.pdf|2024-01-02|Terms|login' } },
    );
    expect(settings.get('demo.agreements')).toEqual([
      {
        url: 'https://x.test/t.pdf',
        date: '2024-01-02',
        name: 'Terms',
        hostNum: 11337,
        whenToAgree: ['login'],
      },
    ]);
    expect(() => accessor({}, { demo: { agreements: 'a|b|c' } }).get('demo.agreements')).toThrow(
      /^Setting "demo.agreements": Agreement 1: a setup entry needs exactly four non-empty parts/,
    );
  });

  it('throws an error naming a key that is not of the form section.name', () => {
    for (const key of ['useFAQOption', 'a.b.c', '.name', 'section.', 'sec tion.name', '']) {
      expect(() => accessor({}).get(key), key).toThrow(
        `Setting "${key}": a setting key must be of the form section.name`,
      );
    }
  });

  it('throws an error naming a well-formed key the schema does not declare', () => {
    expect(() => accessor({}).get('demo.missing')).toThrow(
      'Setting "demo.missing": the key is not declared in the settings schema',
    );
  });

  it('reads the real schema through typed keys', () => {
    const settings = createSettingsAccessor({
      shared: { globalOptions: { useFAQOption: 'FALSE' } },
      english: {},
    });
    const useFaq: boolean = settings.get('globalOptions.useFAQOption');
    expect(useFaq).toBe(false);
    expect(settings.get('sessionOptions.idleTimeoutMilliseconds')).toBe(180000);
    expect(settings.raw('globalOptions.useFAQOption')).toBe('FALSE');
    expect(settings.raw('globalOptions.hideContactUsOption')).toBeUndefined();
  });
});

describe('parseSettingKey', () => {
  it('splits section and name', () => {
    expect(parseSettingKey('globalOptions.useFAQOption')).toEqual({
      section: 'globalOptions',
      name: 'useFAQOption',
    });
  });
});

describe('json settings and their declared shape', () => {
  it('reads a json value of the declared shape as it is', () => {
    const settings = createSettingsAccessor({
      shared: { loginOptions: { infoLists: JSON.stringify([{ title: 'Hours', items: ['9-5'] }]) } },
      english: {},
    });
    expect(settings.get('loginOptions.infoLists')).toEqual([{ title: 'Hours', items: ['9-5'] }]);
  });

  it('reads a json value of another shape as the default, and says so', () => {
    const heard: string[] = [];
    const settings = createSettingsAccessor(
      {
        shared: {
          loginOptions: { infoLists: JSON.stringify([{ title: 'Hours', items: 'not a list' }]) },
          loggedInLayout: { footerImages: JSON.stringify([{ alt: 'no source' }]) },
        },
        english: {},
      },
      { onInvalidValue: (error) => heard.push(error.message) },
    );
    expect(settings.get('loginOptions.infoLists')).toEqual([]);
    expect(settings.get('loggedInLayout.footerImages')).toEqual([]);
    expect(heard).toHaveLength(2);
    expect(heard[0]).toMatch(/loginOptions\.infoLists/);
  });
});

describe('stored regular expressions that do not compile', () => {
  it('are read as stored (the validator refuses them; the rules fall back at run time)', () => {
    const heard: string[] = [];
    const rules = [{ ValidationRuleType: 8, ValidationRegex: '[unclosed' }];
    const settings = createSettingsAccessor(
      {
        shared: {
          passwordRuleOptions: { passwordValidationRules: JSON.stringify(rules) },
          securityQuestionOptions: { secretAnswerAllowedCharactersPattern: '[unclosed' },
        },
        english: {},
      },
      { onInvalidValue: (error) => heard.push(error.message) },
    );
    expect(settings.get('passwordRuleOptions.passwordValidationRules')).toEqual(rules);
    expect(settings.get('securityQuestionOptions.secretAnswerAllowedCharactersPattern')).toBe(
      '[unclosed',
    );
    expect(heard).toEqual([]);
  });
});
