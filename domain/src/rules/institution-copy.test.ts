import { describe, expect, it } from 'vitest';
import { hostSpecificValues } from './institution-copy';
import { institutionNameKey } from './institution-identity';

const HARBOR = {
  name: 'Harbor Community Bank',
  slug: 'harbor',
  hosts: ['localhost', 'harbor.example'],
};

describe('hostSpecificValues', () => {
  it('names every agreement address, the phone number and the locator link, each on its own', () => {
    const warnings = hostSpecificValues(
      {
        shared: {
          institutionContactOptions: { customerServicePhoneNumber: '(207) 555-0100' },
          globalOptions: { remoteBranchLocatorURLOption: 'https://harbor.example/branches' },
        },
        english: {
          agreementTexts: {
            agreementSetup:
              '/cdn/harbor/agreements/terms.pdf|2024-01-01|Online Banking Agreement|login\n/cdn/harbor/agreements/esign.pdf|2024-01-01|E-Sign Disclosure|estatements',
          },
        },
      },
      HARBOR,
    );
    expect(warnings.map((warning) => [warning.key, warning.value])).toEqual([
      ['institutionContactOptions.customerServicePhoneNumber', '(207) 555-0100'],
      ['globalOptions.remoteBranchLocatorURLOption', 'https://harbor.example/branches'],
      ['agreementTexts.agreementSetup', '/cdn/harbor/agreements/terms.pdf'],
      ['agreementTexts.agreementSetup', '/cdn/harbor/agreements/esign.pdf'],
    ]);
    expect(warnings[2]?.reason).toContain('“Online Banking Agreement”');
    expect(warnings[2]?.reason).toContain('not found on the new institution’s host');
    expect(warnings[0]?.reason).toBe('Harbor Community Bank’s phone number');
  });

  it('flags texts that name the source or hold a phone number, and passes defaults', () => {
    const warnings = hostSpecificValues(
      {
        english: {
          loginTexts: {
            topHeadingText: 'Welcome to Harbor Community Bank',
            formHeadingText: 'Questions? Call 1-800-555-0142.',
            usernameLabel: 'Username',
          },
        },
        shared: { themeOptions: { logoFullPath: 'branding/logos/logoFull-0123456789ab.svg' } },
      },
      HARBOR,
    );
    expect(warnings.map((warning) => [warning.key, warning.reason])).toEqual([
      ['loginTexts.topHeadingText', 'names Harbor Community Bank'],
      [
        'loginTexts.formHeadingText',
        'a phone number in the text, probably Harbor Community Bank’s',
      ],
    ]);
  });
});

describe('institutionNameKey', () => {
  it('treats names differing only in case and spaces as the same', () => {
    expect(institutionNameKey('  Harbor   Community bank ')).toBe(
      institutionNameKey('Harbor Community Bank'),
    );
  });
});
