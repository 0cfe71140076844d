import { createSettingsAccessor } from '@portal/settings-schema';
import { describe, expect, it } from 'vitest';
import { loanPaymentOffer, onlinePaymentsOn, type OfferedLoan } from './loan-payment-offer';

const settings = (disableEZPay = false) =>
  createSettingsAccessor({
    shared: { depositOptions: { disableEZPayOption: String(disableEZPay) } },
    english: {},
  });
const PAYMENTS_ON = settings();
const PAYMENTS_OFF = settings(true);

const loan = (change: Partial<OfferedLoan> = {}): OfferedLoan => ({
  Comment: '',
  PrincipalBalance: 1200.5,
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
    expect(loanPaymentOffer(loan({ PrincipalBalance: 0.01 }), PAYMENTS_ON)).toEqual({
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
    for (const PrincipalBalance of [0, -25]) {
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
