import { AccountListResponse } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountRow } from '../../db/schema';
import { testDatabases } from '../../testing/databases';
import { publishSettingsChange } from '../../testing/settings';
import { signIn, startTestApp, type TestApp } from '../../testing/test-app';
import { accountStatus } from './accounts.service';

function account(overrides: Partial<AccountRow>): AccountRow {
  return {
    id: 1,
    institution_id: 1,
    customer_id: 'c',
    number: '001-100234-5',
    type: 0,
    description: 'Loan',
    comment: '',
    balance_cents: 0,
    available_balance_cents: 0,
    rate: 0,
    statement_preference: 'ElectronicOnly',
    loan_due_date: '2025-03-10',
    loan_amount_due_cents: 100,
    monthly_installment_cents: 100,
    fees_due_cents: 0,
    name_on_account: '',
    opened_on: '2020-01-01',
    hidden_from_web: false,
    ...overrides,
  };
}

describe('accountStatus', () => {
  it('is Past Due for a loan with money due before today, Closed for a closed comment, else Current', () => {
    expect(accountStatus(account({}), '2025-03-14')).toBe('Past Due');
    expect(accountStatus(account({ loan_due_date: '2025-03-14' }), '2025-03-14')).toBe('Current');
    expect(accountStatus(account({ loan_amount_due_cents: 0 }), '2025-03-14')).toBe('Current');
    expect(accountStatus(account({ comment: 'Closed 2021' }), '2025-03-14')).toBe('Closed');
    expect(accountStatus(account({ type: 1 }), '2025-03-14')).toBe('Current');
  });
});

describe.each(testDatabases())('GET /api/accountList on $name', (testDatabase) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp(testDatabase);
  });
  afterAll(async () => {
    await test?.close();
  });

  async function accountsOf(headers: Record<string, string>) {
    const response = await test.app.inject({ method: 'GET', url: '/api/accountList', headers });
    expect(response.statusCode).toBe(200);
    return AccountListResponse.parse(response.json()).Accounts;
  }

  it("lists the signed-in borrower's accounts in dollars, without those hidden from the web", async () => {
    const { cookie } = await signIn(test.app, { username: 'jordan.rivers' });
    const accounts = await accountsOf({ cookie });
    expect(accounts.map((item) => item.Description)).toEqual([
      'Boat Loan',
      'Auto Loan',
      'Home Equity Loan',
      'Everyday Checking',
      'High-Yield Savings',
      '12-Month Certificate of Deposit',
      'Personal Line of Credit',
    ]);
    expect(accounts.find((item) => item.Description === 'Escrow Sub-Account')).toBeUndefined();

    const autoLoan = accounts.find((item) => item.Description === 'Auto Loan');
    // Seeded on 2025-03-14 (America/New_York), due twelve days earlier.
    expect(autoLoan).toEqual({
      Number: '001-100234-1',
      Type: 0,
      Comment: '',
      Description: 'Auto Loan',
      Balance: 18452.37,
      AvailableBalance: 0,
      Rate: 649,
      Status: 'Past Due',
      StatementPreference: 'ElectronicOnly',
      LoanDueDate: '2025-03-02',
      LoanAmountDue: 824,
      MonthlyInstallment: 412,
      FeesDue: 35,
      NameOnAcct: 'Jordan Rivers',
    });
    expect(accounts.find((item) => item.Description === 'Boat Loan')?.Status).toBe('Closed');
    expect(accounts.find((item) => item.Description === 'Home Equity Loan')?.Status).toBe(
      'Current',
    );
    expect(accounts.find((item) => item.Type === 9)).toMatchObject({
      Balance: 2500,
      AvailableBalance: 7500,
    });
  });

  it('keeps cents exact above the 32-bit range', async () => {
    const { cookie } = await signIn(test.app, { username: 'casey.morgan' });
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/accountList',
      headers: { cookie },
    });
    expect(response.body).toContain('"Balance":24750000.55');
    const [loan] = AccountListResponse.parse(response.json()).Accounts;
    expect(loan).toMatchObject({
      Description: 'Commercial Real Estate Loan',
      Balance: 24_750_000.55,
      MonthlyInstallment: 187_450,
    });
  });

  it("never returns another user's accounts", async () => {
    const jordan = await signIn(test.app, { username: 'jordan.rivers', transport: 'header' });
    const pat = await signIn(test.app, { username: 'pat.lee', transport: 'header' });
    const jordanNumbers = (await accountsOf({ usertoken: jordan.token })).map((a) => a.Number);
    const patAccounts = await accountsOf({ usertoken: pat.token });
    expect(patAccounts.map((item) => item.Description)).toEqual([
      'Basic Checking',
      'Savings',
      'Money Market',
    ]);
    expect(patAccounts.some((item) => jordanNumbers.includes(item.Number))).toBe(false);
  });

  it("shows the same user name at another institution only that institution's accounts", async () => {
    const { token } = await signIn(test.app, {
      username: 'jordan.rivers',
      host: 'summit.localhost',
      transport: 'header',
    });
    const accounts = await accountsOf({ usertoken: token, host: 'summit.localhost' });
    expect(accounts.length).toBeGreaterThan(0);
    expect(accounts.every((item) => item.Number.startsWith('201-'))).toBe(true);
  });

  it('answers Unauthorized without a session', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/accountList' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      HasNoErrors: false,
      Errors: [{ ErrorMessage: 'Unauthorized' }],
    });
  });

  it('limits each signed-in session to the configured requests per minute', async () => {
    const restore = await publishSettingsChange(test.app, 'localhost', {
      shared: { securityPolicyOptions: { apiRequestsPerMinutePerSession: '3' } },
    });
    try {
      // A fresh window, whatever earlier tests used.
      test.clock.advance(60_000);
      const first = await signIn(test.app, { username: 'jordan.rivers' });
      const second = await signIn(test.app, { username: 'casey.morgan' });
      const get = (cookie: string) =>
        test.app.inject({ method: 'GET', url: '/api/accountList', headers: { cookie } });
      const statuses = [];
      for (let call = 0; call < 4; call += 1) statuses.push((await get(first.cookie)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await get(first.cookie);
      expect(refused.json()).toEqual({
        HasNoErrors: false,
        Errors: [{ ErrorMessage: 'TooManyRequests' }],
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another session has its own count.
      expect((await get(second.cookie)).statusCode).toBe(200);
      // The next minute opens a new window.
      test.clock.advance(60_000);
      expect((await get(first.cookie)).statusCode).toBe(200);
    } finally {
      await restore();
    }
  });
});
