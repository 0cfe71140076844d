import { describe, expect, it } from 'vitest';
import type { AccountListItem } from '../api/accounts';
import { accountKeyFigure, listedAmountDueBreakdown, paymentsSummary } from './account-summary';

/** An account list row as the API client parses it: money in cents. */
function account(overrides: Partial<AccountListItem>): AccountListItem {
  return {
    Number: '001-100235-2',
    Type: 0,
    Comment: '',
    Description: 'Home Equity Loan',
    Balance: 4_000_000,
    AvailableBalance: 0,
    Rate: 650,
    Status: 'Current',
    StatementPreference: 'ElectronicOnly',
    LoanDueDate: '2026-12-02',
    LoanAmountDue: 77_594,
    MonthlyInstallment: 77_594,
    FeesDue: 0,
    NameOnAcct: 'Jordan Rivers',
    ...overrides,
  };
}

describe('accountKeyFigure', () => {
  it('leads a loan with its amount due and due date', () => {
    expect(accountKeyFigure(account({}))).toEqual({
      kind: 'amountDue',
      cents: 77_594,
      dueDate: '2026-12-02',
    });
  });
  it('leads a line of credit with its available credit, a deposit with its available balance', () => {
    expect(accountKeyFigure(account({ Type: 9, AvailableBalance: 250_000 }))).toEqual({
      kind: 'availableCredit',
      cents: 250_000,
    });
    expect(accountKeyFigure(account({ Type: 1, AvailableBalance: 123_450 }))).toEqual({
      kind: 'availableBalance',
      cents: 123_450,
    });
  });
  it('leads a certificate with its balance, not its available 0', () => {
    expect(accountKeyFigure(account({ Type: 7, Balance: 1_000_000, AvailableBalance: 0 }))).toEqual(
      {
        kind: 'balance',
        cents: 1_000_000,
      },
    );
  });
  it('gives a closed loan no due date', () => {
    expect(accountKeyFigure(account({ Comment: 'CLOSED', Balance: 0 })).kind).toBe('balance');
  });
});

describe('paymentsSummary', () => {
  const today = '2026-11-30';
  it('lists a past-due loan with how late it is and what brings it current', () => {
    const late = account({
      Number: '001-100234-1',
      Description: 'Auto Loan',
      Status: 'Past Due',
      LoanDueDate: '2026-10-18',
      MonthlyInstallment: 42_000,
      FeesDue: 5_000,
      LoanAmountDue: 3 * 42_000 + 5_000,
    });
    const summary = paymentsSummary([account({}), late], today);
    expect(summary.pastDue).toHaveLength(1);
    expect(summary.pastDue[0]?.daysPastDue).toBe(43);
    expect(summary.pastDue[0]?.breakdown.bringCurrentCents).toBe(2 * 42_000);
    expect(summary.nextDue?.account.Number).toBe('001-100235-2');
  });
  it('takes the earliest due date as the next payment, skipping closed loans, deposits and loans owing nothing', () => {
    const summary = paymentsSummary(
      [
        account({ Number: 'a', LoanDueDate: '2026-12-20' }),
        account({ Number: 'b', LoanDueDate: '2026-12-05' }),
        account({ Number: 'c', LoanDueDate: '2026-12-01', Comment: 'CLOSED' }),
        account({ Number: 'd', LoanDueDate: '2026-12-01', LoanAmountDue: 0 }),
        account({ Number: 'e', Type: 1, LoanDueDate: '2026-12-01' }),
      ],
      today,
    );
    expect(summary.nextDue?.account.Number).toBe('b');
    // What is owed after it on the others is listed too, soonest first; nothing twice.
    expect(summary.laterDue.map((due) => due.account.Number)).toEqual(['a']);
    expect(summary.pastDue).toEqual([]);
  });
  it('has no next payment when nothing is owed', () => {
    expect(paymentsSummary([account({ LoanAmountDue: 0 })], today).nextDue).toBeUndefined();
  });
});

describe('listedAmountDueBreakdown', () => {
  it("breaks down an account list row's amount due, its fees as late charges", () => {
    const row = account({
      Status: 'Past Due',
      LoanDueDate: '2026-10-18',
      MonthlyInstallment: 42_000,
      FeesDue: 5_000,
      LoanAmountDue: 3 * 42_000 + 5_000,
    });
    expect(listedAmountDueBreakdown(row, '2026-11-30')).toMatchObject({
      missedInstallments: 2,
      lateChargesCents: 5_000,
      currentInstallmentCents: 42_000,
      bringCurrentCents: 84_000,
    });
    expect(listedAmountDueBreakdown(account({}), '2026-11-30').bringCurrentCents).toBe(0);
  });
});
