import { AGREEMENT_HOST_NUMBER_BASE, createSettingsAccessor } from '@portal/settings-schema';
import type { CreateAccountRequest } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { registrationFlags } from './registration-rules';

// The first agreement of the setup.
const TERMS = AGREEMENT_HOST_NUMBER_BASE;

const request: CreateAccountRequest = {
  Agreements: [],
  UserName: 'morgan.blake',
  SecretQuestion: 'What was the name of your first pet?',
  SecretAnswer: 'Biscuit',
  AccountNumber: '001-0000123-4',
  AccountType: 'Loan',
  DateOfBirth: '04/12/1986',
  EmailAddress: 'morgan.blake@example.test',
  FirstName: 'Morgan',
  MiddleName: '',
  LastName: 'Blake',
  SSN: '123456789',
  Zip: '04101',
  PhoneNumber: '(207) 555-0177',
  PlaceOfBirth: '',
  DriversLicense: '',
  MothersMaiden: '',
  Password: 'Fresh-Start-2025',
};

/** The registration agreement dated `date` (the setup string of agreementTexts). */
function settingsWithTermsOf(date: string) {
  return createSettingsAccessor({
    shared: {
      agreementTexts: {
        agreementSetup: `https://harbor.example/terms.pdf|${date}|Online Banking Agreement|registration`,
      },
    },
    english: {},
  });
}

describe('the agreements registration requires (domain agreementsNeededAtRegistration)', () => {
  it("requires an agreement dated on or before the institution's today", () => {
    const { flags, checked } = registrationFlags(request, settingsWithTermsOf('2026-11-25'), {
      today: '2026-11-25',
    });
    expect(flags).toContain('MustAgreeToAllError');
    expect(checked.agreements.map((agreement) => agreement.hostNum)).toEqual([TERMS]);
    const agreed = registrationFlags(
      { ...request, Agreements: [{ AgreedTo: true, AgreementType: TERMS }] },
      settingsWithTermsOf('2026-11-25'),
      { today: '2026-11-25' },
    );
    expect(agreed.flags).not.toContain('MustAgreeToAllError');
  });

  it("does not require one dated after the institution's today", () => {
    const { flags, checked } = registrationFlags(request, settingsWithTermsOf('2026-11-26'), {
      today: '2026-11-25',
    });
    expect(flags).not.toContain('MustAgreeToAllError');
    expect(checked.agreements).toEqual([]);
  });
});
