import { describe, expect, it } from 'vitest';
import {
  loanChoiceText,
  loanName,
  maskedMethodText,
  paymentReviewRows,
  type PaymentReviewInput,
} from './payment-review';

const HOME_EQUITY = { description: 'Home Equity Loan', number: '001-100235-2' };

describe('naming a loan', () => {
  it('names the loan by its description and masked number', () => {
    expect(loanName(HOME_EQUITY)).toBe('Home Equity Loan ****2352');
    expect(loanName({ description: '  ', number: '001-100235-2' })).toBe('****2352');
  });

  it('words a loan picker choice with the loan, the amount due and the due date', () => {
    expect(loanChoiceText({ ...HOME_EQUITY, amountDueCents: 77_594, dueDate: '2026-12-02' })).toBe(
      'Home Equity Loan ****2352 — $775.94 due 12/02/2026',
    );
    expect(loanChoiceText({ ...HOME_EQUITY, amountDueCents: 0, dueDate: null })).toBe(
      'Home Equity Loan ****2352 — $0.00 due',
    );
    // A credit balance is not an amount due.
    expect(loanChoiceText({ ...HOME_EQUITY, amountDueCents: -500, dueDate: null })).toContain(
      '$0.00',
    );
    expect(
      loanChoiceText(
        { ...HOME_EQUITY, amountDueCents: 100, dueDate: '2026-01-05' },
        { withDueDate: '{number}: {amount} by {date} ({name})', withoutDueDate: '' },
      ),
    ).toBe('****2352: $1.00 by 01/05/2026 (Home Equity Loan)');
  });

  it('never shows more than the last four of a method', () => {
    expect(maskedMethodText({ IsCard: true, CardType: 'visa', lastFour: '4242' })).toBe(
      'Visa ****4242',
    );
    expect(maskedMethodText({ IsCard: false, AccountType: 'Checking', lastFour: '20480113' })).toBe(
      'Checking ****0113',
    );
  });
});

describe('the payment summary before it is sent', () => {
  const input: PaymentReviewInput = {
    loan: HOME_EQUITY,
    amountCents: 25_000,
    additionalPrincipalCents: 0,
    firstPartyFeeCents: 0,
    thirdPartyFeeCents: 0,
    totalDueAtPaymentTime: false,
    payDate: '2026-12-04',
    method: { IsCard: true, CardType: 'visa', lastFour: '4242' },
    frequencyText: 'One Time',
  };

  it('lists loan, amount, a zero fee, total, date, method and frequency', () => {
    expect(paymentReviewRows(input, 'at payment time')).toEqual([
      { key: 'loan', value: 'Home Equity Loan ****2352' },
      { key: 'amount', value: '$250.00' },
      { key: 'fee', value: '$0.00' },
      { key: 'total', value: '$250.00' },
      { key: 'date', value: '12/04/2026' },
      { key: 'method', value: 'Visa ****4242' },
      { key: 'frequency', value: 'One Time' },
    ]);
  });

  it('says a payoff is one beside its amount', () => {
    expect(paymentReviewRows({ ...input, payoffText: 'Payoff' }, 'at payment time')[1]).toEqual({
      key: 'amount',
      value: '$250.00 (Payoff)',
    });
  });

  it('shows the fee as one figure, the institution’s and the processor’s together, and the additional principal, and totals them all', () => {
    const rows = paymentReviewRows(
      {
        ...input,
        additionalPrincipalCents: 5_000,
        firstPartyFeeCents: 150,
        thirdPartyFeeCents: 95,
        method: { IsCard: false, AccountType: 'Checking', lastFour: '0113' },
        frequencyText: 'Monthly on the 4th',
      },
      'at payment time',
    );
    expect(Object.fromEntries(rows.map((row) => [row.key, row.value]))).toEqual({
      loan: 'Home Equity Loan ****2352',
      amount: '$250.00',
      additionalPrincipal: '$50.00',
      fee: '$2.45',
      total: '$302.45',
      date: '12/04/2026',
      method: 'Checking ****0113',
      frequency: 'Monthly on the 4th',
    });
  });

  it('dates a recurring payment by its first payment date', () => {
    const rows = paymentReviewRows({ ...input, recurring: true }, 'at payment time');
    expect(rows.find((row) => row.key === 'firstDate')?.value).toBe('12/04/2026');
    expect(rows.some((row) => row.key === 'date')).toBe(false);
  });

  it('ends with the authorization when it was given before the review', () => {
    const rows = paymentReviewRows(
      { ...input, authorizationText: 'Recurring ACH draft agreement, agreed' },
      'at payment time',
    );
    expect(rows.at(-1)).toEqual({
      key: 'authorization',
      value: 'Recurring ACH draft agreement, agreed',
    });
    expect(paymentReviewRows(input, '').some((row) => row.key === 'authorization')).toBe(false);
  });

  it('says the amount is worked out at each payment for a line paying its total due', () => {
    const rows = paymentReviewRows(
      { ...input, amountCents: 0, totalDueAtPaymentTime: true },
      'The amount due will be calculated at the time of each payment.',
    );
    expect(rows.find((row) => row.key === 'amount')?.value).toBe(
      'The amount due will be calculated at the time of each payment.',
    );
    expect(rows.some((row) => row.key === 'total')).toBe(false);
  });
});
