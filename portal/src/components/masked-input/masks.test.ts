import { describe, expect, it } from 'vitest';
import { TEST_INSTITUTION } from '../../testing/fixtures';
import {
  applyMaskedEdit,
  caretAfterDigits,
  PHONE_MASK,
  registrationAccountNumberMask,
} from './masks';

describe('masked edits', () => {
  it('types the literals of the phone mask for the user', () => {
    expect(applyMaskedEdit('2075550199', 10, '', PHONE_MASK)).toEqual({
      value: '(207) 555-0199',
      caret: 14,
    });
  });

  it('drops what is not a digit and what does not fit', () => {
    expect(applyMaskedEdit('(207) 555-01999x', 16, '(207) 555-0199', PHONE_MASK).value).toBe(
      '(207) 555-0199',
    );
  });

  it('deletes the digit before a literal when Backspace removes only the literal', () => {
    // Backspace right after "(207) 555-": the dash goes, so the 5 before it goes instead.
    const previous = '(207) 555-0199';
    const raw = '(207) 5550199';
    expect(applyMaskedEdit(raw, 9, previous, PHONE_MASK)).toEqual({
      value: '(207) 550-199',
      caret: 8,
    });
  });

  it('puts the caret after the nth digit', () => {
    expect(caretAfterDigits('001-400123-1', 4)).toBe(5);
    expect(caretAfterDigits('001-400123-1', 0)).toBe(0);
  });
});

describe('registration account number mask', () => {
  const institution = {
    ...TEST_INSTITUTION,
    LoanOfficeLength: 3,
    LoanAccountLength: 6,
    LoanCheckDigitLength: 1,
    DepositOfficeLength: 2,
    DepositAccountLength: 8,
    DepositCheckDigitLength: 0,
  };

  it('uses the lengths of the chosen account type', () => {
    const options = { removeCheckDigit: false, required: true };
    expect(registrationAccountNumberMask(institution, 'Loan', options)).toBe('000-000000-0');
    expect(registrationAccountNumberMask(institution, 'Deposit', options)).toBe('00-00000000');
  });

  it('drops the check digit when removeCheckDigitOption is on', () => {
    expect(
      registrationAccountNumberMask(institution, 'Loan', {
        removeCheckDigit: true,
        required: true,
      }),
    ).toBe('000-000000');
  });

  it('has no mask when the number is not required, no type is chosen or all lengths are 0', () => {
    const options = { removeCheckDigit: false, required: true };
    expect(
      registrationAccountNumberMask(institution, 'Loan', { ...options, required: false }),
    ).toBeUndefined();
    expect(registrationAccountNumberMask(institution, '', options)).toBeUndefined();
    expect(registrationAccountNumberMask(TEST_INSTITUTION, 'Loan', options)).toBeUndefined();
  });
});
