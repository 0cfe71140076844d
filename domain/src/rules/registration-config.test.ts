import { createSettingsAccessor } from '@portal/settings-schema';
import { describe, expect, it } from 'vitest';
import {
  accountNumberFormatOk,
  allowedCharactersPattern,
  registrationAccountMask,
  registrationRulesOf,
} from './registration-config';
import { GENERAL_TEXT_CHARACTERS } from './formats';

const settingsOf = (shared: Record<string, Record<string, string>>) =>
  createSettingsAccessor({ shared, english: {} });

describe('registration rules (one copy for the form and the server)', () => {
  it("falls back to the specs' character set for a pattern that does not compile", () => {
    const pattern = allowedCharactersPattern('[unclosed', GENERAL_TEXT_CHARACTERS);
    expect(pattern.test('Lighthouse 42')).toBe(true);
    expect(pattern.test('semi;colon')).toBe(false);
    const rules = registrationRulesOf(
      settingsOf({ securityQuestionOptions: { secretAnswerAllowedCharactersPattern: '(' } }),
    );
    expect(rules.answerPattern.test('semi;colon')).toBe(false);
  });

  it('sets no extra restriction for an empty pattern', () => {
    expect(allowedCharactersPattern('', GENERAL_TEXT_CHARACTERS).test('semi;colon')).toBe(true);
  });

  it('offers only the configured questions that the answer pattern allows', () => {
    const rules = registrationRulesOf(
      settingsOf({
        securityQuestionOptions: {
          secretQuestionList: JSON.stringify(['Your first pet?', 'Street; town?']),
        },
      }),
    );
    expect(rules.questions).toEqual(['Your first pet?']);
  });

  it('offers no blank question (the portal lists, and the server accepts, the same ones)', () => {
    const rules = registrationRulesOf(
      settingsOf({
        securityQuestionOptions: {
          secretQuestionList: JSON.stringify(['Your first pet?', '   ']),
        },
      }),
    );
    expect(rules.questions).toEqual(['Your first pet?']);
  });

  it('lets the user choose the account type when neither or both types are on, else presets it', () => {
    const both = registrationRulesOf(
      settingsOf({
        registrationOptions: {
          registerAsLoanAccountOption: 'false',
          registerAsDepositAccountOption: 'false',
        },
      }),
    );
    expect([both.accountTypeChoice, both.loanAllowed, both.depositAllowed]).toEqual([
      true,
      true,
      true,
    ]);
    const loanOnly = registrationRulesOf(
      settingsOf({
        registrationOptions: {
          registerAsLoanAccountOption: 'true',
          registerAsDepositAccountOption: 'false',
        },
      }),
    );
    expect(loanOnly).toMatchObject({
      accountTypeChoice: false,
      presetAccountType: 'Loan',
      loanAllowed: true,
      depositAllowed: false,
    });
  });

  it('asks fewer SSN digits only when the account number is required too', () => {
    const partial = { registrationOptions: { requiredSsnDigits: '4' } };
    expect(registrationRulesOf(settingsOf(partial)).ssnDigits).toBe(4);
    expect(
      registrationRulesOf(
        settingsOf({
          registrationOptions: {
            requiredSsnDigits: '4',
            doNotRequireAccountNumberForRegistrationOption: 'true',
          },
        }),
      ).ssnDigits,
    ).toBe(9);
  });

  it('masks account numbers by the configured group lengths and checks them', () => {
    const lengths = {
      LoanOfficeLength: 3,
      LoanAccountLength: 6,
      LoanCheckDigitLength: 1,
      DepositOfficeLength: 0,
      DepositAccountLength: 0,
      DepositCheckDigitLength: 0,
    };
    const mask = registrationAccountMask(lengths, 'Loan', false);
    expect(mask).toBe('000-000000-0');
    expect(registrationAccountMask(lengths, 'Loan', true)).toBe('000-000000');
    expect(accountNumberFormatOk('001-400123-1', mask)).toBe(true);
    expect(accountNumberFormatOk('0014001231', mask)).toBe(false);
    expect(accountNumberFormatOk('12-34', undefined)).toBe(true);
    expect(accountNumberFormatOk('12-', undefined)).toBe(false);
  });
});
