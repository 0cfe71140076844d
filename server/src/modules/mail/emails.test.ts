import { createSettingsAccessor } from '@portal/settings-schema';
import { describe, expect, it } from 'vitest';
import { expiresInText, fillTemplate, securityCodeEmail, welcomeEmail } from './emails';

const defaults = createSettingsAccessor({ shared: {}, english: {} });

describe('e-mail templates', () => {
  it('fills each placeholder once, never expanding a value that looks like one', () => {
    expect(fillTemplate('{a} and {b}', { a: '{b}', b: 'B' })).toBe('{b} and B');
  });

  it('leaves an unknown placeholder as typed, so a misspelling shows', () => {
    expect(fillTemplate('Code {cdoe}', { code: '123' })).toBe('Code {cdoe}');
  });

  it('says how long a code or link lasts in minutes or hours', () => {
    expect(expiresInText(60_000)).toBe('1 minute');
    expect(expiresInText(10 * 60_000)).toBe('10 minutes');
    expect(expiresInText(3_600_000)).toBe('1 hour');
    expect(expiresInText(24 * 3_600_000)).toBe('24 hours');
    expect(expiresInText(90 * 60_000)).toBe('90 minutes');
    expect(expiresInText(48 * 3_600_000)).toBe('48 hours');
    expect(expiresInText(72 * 3_600_000)).toBe('3 days');
    expect(expiresInText(8760 * 3_600_000)).toBe('365 days');
    expect(expiresInText(50 * 3_600_000)).toBe('50 hours');
  });

  it('words the sign-in code e-mail with the defaults when the institution set nothing', () => {
    const mail = securityCodeEmail({
      settings: defaults,
      institutionId: 1,
      institutionName: 'Harbor Community Bank',
      to: 'a@example.test',
      code: '482913',
      lifetimeMs: 10 * 60_000,
    });
    expect(mail.subject).toBe('Harbor Community Bank security code');
    expect(mail.body).toContain('Your Harbor Community Bank security code is 482913.');
    expect(mail.body).toContain('within 10 minutes');
  });

  it("uses the institution's wording and its opt-out footer", () => {
    const settings = createSettingsAccessor({
      shared: {},
      english: {
        emailTexts: {
          welcomeSubjectText: 'Welcome to {institutionName}',
          welcomeBodyText: 'Hello {username}!',
          optOutFooterText: 'Unsubscribe: {link}',
        },
      },
    });
    const mail = welcomeEmail({
      settings,
      institutionId: 1,
      institutionName: 'Summit Lending',
      to: 'a@example.test',
      username: 'pat.lee',
      optOutUrl: 'https://summit.example/#/opt-out?token=abc',
    });
    expect(mail.subject).toBe('Welcome to Summit Lending');
    expect(mail.body).toBe(
      'Hello pat.lee!\n\nUnsubscribe: https://summit.example/#/opt-out?token=abc',
    );
  });
});
