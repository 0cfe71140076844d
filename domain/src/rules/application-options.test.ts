import { describe, expect, it } from 'vitest';
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
    expect(projected).toEqual({
      shared: { globalOptions: { useFAQOption: 'false' } },
      english: {},
    });
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
