import { describe, expect, it } from 'vitest';
import { SettingsError } from './errors';
import { createServedSettingsAccessor } from './served-accessor';
import { SERVED_SETTING_TYPES } from './served-types.generated';
import { SETTING_DEFINITIONS } from './settings.generated';

describe('the portal accessor over settings as the server sends them (issue 23)', () => {
  it('reads each value as its type, the shared set first', () => {
    const settings = createServedSettingsAccessor({
      shared: {
        globalOptions: { useFAQOption: 'FALSE' },
        loggedInLayout: { logoutLinkText: 'Sign out' },
        themeOptions: { colorScheme: 'dark' },
      },
      english: {
        loggedInLayout: { logoutLinkText: 'Logout', faqLinkText: 'FAQ' },
        profileOptions: { hiddenProfileMessages: '["a"]' },
      },
    });
    expect(settings.get('globalOptions.useFAQOption')).toBe(false);
    expect(settings.get('loggedInLayout.logoutLinkText')).toBe('Sign out');
    expect(settings.get('loggedInLayout.faqLinkText')).toBe('FAQ');
    expect(settings.get('themeOptions.colorScheme')).toBe('dark');
    expect(settings.get('profileOptions.hiddenProfileMessages')).toEqual(['a']);
    expect(settings.raw('loggedInLayout.faqLinkText')).toBe('FAQ');
  });

  it('refuses a key the server did not send, and an enum value the schema does not list', () => {
    const settings = createServedSettingsAccessor({
      shared: { themeOptions: { colorScheme: 'sepia' } },
      english: {},
    });
    expect(() => settings.get('loggedInLayout.faqLinkText')).toThrow(SettingsError);
    expect(() => settings.get('loggedInLayout.faqLinkText')).toThrow(/faqLinkText/);
    expect(() => settings.get('themeOptions.colorScheme')).toThrow(/not one of light, dark/);
  });

  it('knows the type of every public gassySettings key that is not text, and no other', () => {
    for (const [key, definition] of Object.entries(SETTING_DEFINITIONS)) {
      const [section = '', name = ''] = key.split('.');
      const served = SERVED_SETTING_TYPES[section]?.[name];
      const sent = definition.visibility === 'public' && definition.wire === 'gassySettings';
      const text = ['text', 'richText', 'url', 'color'].includes(definition.type);
      if (!sent || text) expect(served, key).toBeUndefined();
      else expect(served, key).toEqual(definition.enum ?? definition.type);
    }
  });
});
