import { createSettingsAccessor } from '@portal/settings-schema';
import { describe, expect, it } from 'vitest';
import {
  accountPaymentOffer,
  anyLoanPayable,
  loanPaymentOffer,
  onlinePaymentsOn,
  paymentMenuShown,
  type OfferedLoan,
} from './loan-payment-offer';

const settings = (disableEZPay = false) =>
  createSettingsAccessor({
    shared: { depositOptions: { disableEZPayOption: String(disableEZPay) } },
    english: {},
  });
const PAYMENTS_ON = settings();
const PAYMENTS_OFF = settings(true);

const loan = (change: Partial<OfferedLoan> = {}): OfferedLoan => ({
  Comment: '',
  PrincipalBalance: 120_050,
  ...change,
});

describe('online payments', () => {
  it('are on unless the institution disables EZPay', () => {
    expect(onlinePaymentsOn(createSettingsAccessor({ shared: {}, english: {} }))).toBe(true);
    expect(onlinePaymentsOn(PAYMENTS_ON)).toBe(true);
    expect(onlinePaymentsOn(PAYMENTS_OFF)).toBe(false);
  });
});

describe('loan payment offer', () => {
  it('offers the payment screen for an open loan that still owes', () => {
    expect(loanPaymentOffer(loan(), PAYMENTS_ON)).toEqual({ kind: 'portal' });
    expect(loanPaymentOffer(loan({ Comment: 'NOX$' }), PAYMENTS_ON)).toEqual({ kind: 'portal' });
    expect(loanPaymentOffer(loan({ PrincipalBalance: 1 }), PAYMENTS_ON)).toEqual({
      kind: 'portal',
    });
  });

  it('offers no payment on a closed loan, whatever it owes or the settings say', () => {
    for (const Comment of ['CLOSED', 'Closed 2024', 'paid - closed']) {
      expect(loanPaymentOffer(loan({ Comment }), PAYMENTS_ON)).toEqual({
        kind: 'none',
        reason: 'closed',
      });
      expect(loanPaymentOffer(loan({ Comment, PrincipalBalance: 0 }), PAYMENTS_OFF)).toEqual({
        kind: 'none',
        reason: 'closed',
      });
    }
  });

  it('offers no payment on a loan that owes nothing or has a credit balance', () => {
    for (const PrincipalBalance of [0, -2_500]) {
      expect(loanPaymentOffer(loan({ PrincipalBalance }), PAYMENTS_ON)).toEqual({
        kind: 'none',
        reason: 'noPaymentNeeded',
      });
    }
  });

  it('says a loan owes nothing even while online payments are off', () => {
    expect(loanPaymentOffer(loan({ PrincipalBalance: 0 }), PAYMENTS_OFF)).toEqual({
      kind: 'none',
      reason: 'noPaymentNeeded',
    });
  });

  it('offers no payment on an open loan that owes while online payments are off', () => {
    expect(loanPaymentOffer(loan(), PAYMENTS_OFF)).toEqual({ kind: 'none', reason: 'paymentsOff' });
  });
});

describe("the account list's offers", () => {
  // Type 0 is an installment loan, 9 a line of credit, 1 a checking account (accountCategory).
  // Money in cents, as the API client parses it. LoanAmountDue defaults to a due installment;
  // 0 is a loan paid ahead.
  const row = (Type: number, Balance: number, Comment = '', LoanAmountDue = 12_550) => ({
    Type,
    Balance,
    Comment,
    LoanAmountDue,
  });

  it('offer the payment screen for a loan or a line that owes, and nothing for a deposit', () => {
    expect(accountPaymentOffer(row(0, 77_594), PAYMENTS_ON)).toEqual({ kind: 'portal' });
    expect(accountPaymentOffer(row(9, 12_000), PAYMENTS_ON)).toEqual({ kind: 'portal' });
    expect(accountPaymentOffer(row(1, 500_000), PAYMENTS_ON)).toBeUndefined();
  });

  it('say no payment is needed for a line never drawn and a loan paid off', () => {
    expect(accountPaymentOffer(row(9, 0), PAYMENTS_ON)).toEqual({
      kind: 'none',
      reason: 'noPaymentNeeded',
    });
    expect(accountPaymentOffer(row(0, 120_000, 'CLOSED'), PAYMENTS_ON)).toEqual({
      kind: 'none',
      reason: 'closed',
    });
  });

  it('lead Make Payment somewhere only while some loan can be paid', () => {
    expect(
      anyLoanPayable([row(1, 500_000), row(9, 0), row(0, 90_000, 'CLOSED')], PAYMENTS_ON),
    ).toBe(false);
    expect(anyLoanPayable([row(1, 500_000), row(0, 90_000)], PAYMENTS_ON)).toBe(true);
    expect(anyLoanPayable([row(0, 90_000)], PAYMENTS_OFF)).toBe(false);
    expect(anyLoanPayable([], PAYMENTS_ON)).toBe(false);
  });

  it('do not urge a borrower to pay who has nothing due, though a balance remains', () => {
    // Paid ahead: principal owed, nothing due until the next cycle.
    expect(anyLoanPayable([row(0, 950_000, '', 0), row(9, 30_000, '', 0)], PAYMENTS_ON)).toBe(
      false,
    );
    expect(anyLoanPayable([row(0, 950_000, '', 0), row(9, 30_000, '', 1)], PAYMENTS_ON)).toBe(true);
    // A closed loan with a stale amount due is still not offered.
    expect(anyLoanPayable([row(0, 90_000, 'CLOSED', 5_000)], PAYMENTS_ON)).toBe(false);
  });
});

describe("the menu's Make Payment", () => {
  it('shows with payments on and at least one loan or line, owing or not (spec 000 2.2)', () => {
    expect(paymentMenuShown([{ Type: 1 }, { Type: 9 }], PAYMENTS_ON)).toBe(true);
    expect(paymentMenuShown([{ Type: 0 }], PAYMENTS_ON)).toBe(true);
    expect(paymentMenuShown([{ Type: 1 }, { Type: 7 }], PAYMENTS_ON)).toBe(false);
    expect(paymentMenuShown([{ Type: 0 }], PAYMENTS_OFF)).toBe(false);
  });

  it('shows while the account list is not in yet, so the menu does not grow under the pointer', () => {
    expect(paymentMenuShown('loading', PAYMENTS_ON)).toBe(true);
    expect(paymentMenuShown('loading', PAYMENTS_OFF)).toBe(false);
  });

  it('does not show when the account list failed: no loan is known to pay', () => {
    expect(paymentMenuShown('failed', PAYMENTS_ON)).toBe(false);
  });
});
