import { describe, expect, it } from 'vitest';

import { achAccountKey, needsAccountValidation } from './account-validation';

const CHECKING = { routingNumber: '011099990', accountNumber: '123456789' };

describe('account validation on first use (NACHA WEB debit rule)', () => {
  it('asks to validate an account the institution has never validated', () => {
    expect(needsAccountValidation(CHECKING, [])).toBe(true);
  });

  it('does not validate again a pair validated before, however it was typed', () => {
    expect(
      needsAccountValidation({ routingNumber: ' 011099990', accountNumber: '1234-56789' }, [
        CHECKING,
      ]),
    ).toBe(false);
  });

  it('validates the same account number at another bank', () => {
    expect(needsAccountValidation({ ...CHECKING, routingNumber: '071099998' }, [CHECKING])).toBe(
      true,
    );
  });

  it('treats a changed account number, even by leading zeros, as a first use', () => {
    expect(needsAccountValidation({ ...CHECKING, accountNumber: '0123456789' }, [CHECKING])).toBe(
      true,
    );
    expect(needsAccountValidation({ ...CHECKING, accountNumber: '123456780' }, [CHECKING])).toBe(
      true,
    );
  });

  it('leaves PPD debits, authorised in writing, outside the rule', () => {
    expect(needsAccountValidation(CHECKING, [], 'PPD')).toBe(false);
  });

  it('keys a pair by routing number and account digits', () => {
    expect(achAccountKey({ routingNumber: '011099990', accountNumber: '12 34' })).toBe(
      '011099990:1234',
    );
  });
});
