import { describe, expect, it } from 'vitest';
import type { AccountListItem, HistoryItem } from '../index';
import { depositsSummary, recentActivity } from './deposits-summary';

/** An account list row as the API client parses it: money in cents. */
function account(overrides: Partial<AccountListItem>): AccountListItem {
  return {
    Number: '001-200100-1',
    Type: 1,
    Comment: '',
    Description: 'Checking',
    Balance: 0,
    AvailableBalance: 0,
    Rate: 0,
    Status: 'Current',
    StatementPreference: 'ElectronicOnly',
    LoanDueDate: null,
    LoanAmountDue: 0,
    MonthlyInstallment: 0,
    FeesDue: 0,
    NameOnAcct: 'Jordan Rivers',
    MaturityDate: null,
    ...overrides,
  };
}

/** A history line as the API client parses it: money in cents. */
function line(date: string, time: string, description: string, total: number): HistoryItem {
  return {
    TransactionDate: `${date}T00:00:00`,
    TransactionDescription: description,
    PrincipalAmount: total,
    InterestAmount: 0,
    OtherAmount: 0,
    TotalPaymentAmount: total,
    RunningPrincipalBalance: 100_000,
    TransactionTime: time,
  };
}

describe('depositsSummary', () => {
  const checking = account({ Number: '001-1', AvailableBalance: 125_025 });
  const savings = account({ Number: '001-2', Type: 3, AvailableBalance: 10_010 });
  const closedSavings = account({
    Number: '001-3',
    Type: 3,
    Comment: 'CLOSED',
    AvailableBalance: 5_000,
  });
  const cd = account({
    Number: '001-4',
    Type: 7,
    AvailableBalance: 900_000,
    MaturityDate: '2027-03-01',
  });
  const soonerCd = account({
    Number: '001-5',
    Type: 8,
    AvailableBalance: 100,
    MaturityDate: '2026-12-15',
  });
  const maturedCd = account({ Number: '001-6', Type: 7, MaturityDate: '2026-11-01' });
  const loan = account({ Number: '001-7', Type: 0, AvailableBalance: 500_000 });
  const creditLine = account({ Number: '001-8', Type: 9, AvailableBalance: 250_000 });

  it('keeps deposits and investments only, in the list order', () => {
    const summary = depositsSummary([loan, checking, creditLine, cd, closedSavings], '2026-11-30');
    expect(summary.accounts.map((a) => a.Number)).toEqual(['001-1', '001-4', '001-3']);
    expect(summary.openAccounts.map((a) => a.Number)).toEqual(['001-1', '001-4']);
  });

  it('adds up what open deposit accounts make available, in cents, without investments or closed accounts', () => {
    const summary = depositsSummary([checking, savings, closedSavings, cd, loan], '2026-11-30');
    expect(summary.availableCents).toBe(125_025 + 10_010);
  });

  it('names the account that matures next, today or later', () => {
    expect(depositsSummary([cd, soonerCd, maturedCd], '2026-11-30').nextMaturity).toEqual({
      account: soonerCd,
      date: '2026-12-15',
    });
    expect(depositsSummary([cd, soonerCd], '2026-12-15').nextMaturity?.date).toBe('2026-12-15');
    expect(depositsSummary([cd, soonerCd], '2026-12-16').nextMaturity?.date).toBe('2027-03-01');
    expect(depositsSummary([maturedCd, checking], '2026-11-30').nextMaturity).toBeUndefined();
  });

  it('has nothing to say about a customer without deposits', () => {
    const summary = depositsSummary([loan, creditLine], '2026-11-30');
    expect(summary).toEqual({
      accounts: [],
      openAccounts: [],
      availableCents: 0,
      nextMaturity: undefined,
    });
  });
});

describe('recentActivity', () => {
  const checking = account({ Number: '001-1' });
  const savings = account({ Number: '001-2', Type: 3 });

  it('merges the accounts newest first, by date then time, and keeps at most the limit', () => {
    const lines = recentActivity(
      [
        {
          account: checking,
          items: [
            line('2026-11-20', '09:00:00', 'Deposit', 10_000),
            line('2026-11-28', '00:00:00', 'Card purchase', -1_234),
          ],
        },
        {
          account: savings,
          items: [
            line('2026-11-28', '14:30:00', 'Transfer in', 5_000),
            line('2026-11-25', '08:00:00', 'Interest', 42),
          ],
        },
      ],
      3,
    );
    expect(
      lines.map((l) => [l.account.Number, l.date, l.time, l.description, l.amountCents]),
    ).toEqual([
      ['001-2', '2026-11-28', '14:30:00', 'Transfer in', 5_000],
      ['001-1', '2026-11-28', undefined, 'Card purchase', -1_234],
      ['001-2', '2026-11-25', '08:00:00', 'Interest', 42],
    ]);
  });

  it('skips lines without a date', () => {
    expect(
      recentActivity([{ account: checking, items: [line('0001-01-01', '', 'x', 100)] }], 10),
    ).toEqual([]);
  });
});
