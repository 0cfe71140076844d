import { describe, expect, it } from 'vitest';
import {
  createServedSettingsAccessor,
  createSettingsAccessor,
  SETTING_DEFINITIONS,
  type SettingKey,
} from '@portal/settings-schema';
import { institutionOptionNumbers, publicGassySettings } from './application-options';

describe('the ApplicationOptions projection (server answer and admin preview alike)', () => {
  it('sends public gassySettings keys only', () => {
    const projected = publicGassySettings({
      shared: {
        globalOptions: { useFAQOption: 'false' },
        securityPolicyOptions: { maxFailedLoginAttempts: '3' },
        institutionOptions: { PasswordMinimumLength: '12' },
      },
    });
    expect(projected.shared.globalOptions?.useFAQOption).toBe('false');
    expect(projected.shared).not.toHaveProperty('securityPolicyOptions');
    expect(projected.english).not.toHaveProperty('securityPolicyOptions');
    expect(projected.shared).not.toHaveProperty('institutionOptions');
    expect(projected.english).not.toHaveProperty('institutionOptions');
  });

  // Issue 23: the portal's first download carries no default texts; the server sends them.
  it('sends every public key once, in its own set, the default where the institution set none', () => {
    const document = {
      english: { loggedInLayout: { logoutLinkText: 'Sign out' } },
      // A language key kept in the shared set still wins, as the accessor reads it.
      shared: { loggedInLayout: { faqLinkText: 'Questions' } },
    };
    const projected = publicGassySettings(document);
    const served = createServedSettingsAccessor(projected);
    // What the portal read before, with every default in its own code.
    const full = createSettingsAccessor(document);
    expect(served.get('loggedInLayout.logoutLinkText')).toBe('Sign out');
    expect(served.get('loggedInLayout.faqLinkText')).toBe('Questions');
    expect(projected.english.loggedInLayout?.faqLinkText).toBe('Questions');
    expect(projected.shared.loggedInLayout?.faqLinkText).toBeUndefined();
    expect(served.get('loggedInLayout.dashboardMenuText')).toBe(
      full.get('loggedInLayout.dashboardMenuText'),
    );
    expect(served.get('globalOptions.useFAQOption')).toBe(true);
    // Every public gassySettings key the schema declares is there, read as its type.
    for (const [key, definition] of Object.entries(SETTING_DEFINITIONS)) {
      if (definition.visibility !== 'public' || definition.wire !== 'gassySettings') continue;
      expect(served.get(key as SettingKey), key).toEqual(full.get(key as SettingKey));
    }
  });

  it('sends the default for a blank flag or count and for a json value of the wrong shape', () => {
    const projected = publicGassySettings({
      shared: {
        globalOptions: { useFAQOption: ' ' },
        loggedInLayout: { footerImages: '{"not":"a list"}' },
        loggedOutLayout: { footerImages: 'not json' },
      },
    });
    const served = createServedSettingsAccessor(projected);
    expect(served.get('globalOptions.useFAQOption')).toBe(true);
    expect(served.get('loggedInLayout.footerImages')).toEqual([]);
    expect(served.get('loggedOutLayout.footerImages')).toEqual([]);
  });

  it('reads institution options as numbers, refusing a non-number unless lenient', () => {
    const typed = { shared: { institutionOptions: { PasswordMinimumLength: '12' } } };
    expect(institutionOptionNumbers(typed)).toMatchObject({
      PasswordMinimumLength: 12,
      LoanOfficeLength: 0,
    });
    const typing = { shared: { institutionOptions: { PasswordMinimumLength: '1x' } } };
    expect(() => institutionOptionNumbers(typing)).toThrow(/PasswordMinimumLength/);
    const lenient = institutionOptionNumbers(typing, { lenient: true });
    expect(lenient).not.toHaveProperty('PasswordMinimumLength');
    expect(lenient).toHaveProperty('LoanOfficeLength', 0);
  });
});
