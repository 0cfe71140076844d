import { AccountListResponse } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/databases';
import { publishSettingsChange } from '../../testing/settings';
import { signIn, startTestApp, type TestApp } from '../../testing/test-app';
import { accountStatus } from './accounts.service';
import { wireOf } from '../../testing/wire';

describe('accountStatus', () => {
  it('is Closed for a closed comment whatever else, Past Due when the core says so, else Current', () => {
    expect(accountStatus({ comment: '', pastDue: true })).toBe('Past Due');
    expect(accountStatus({ comment: 'Closed 2021', pastDue: true })).toBe('Closed');
    expect(accountStatus({ comment: 'CLOSED', pastDue: false })).toBe('Closed');
    expect(accountStatus({ comment: 'NOX$', pastDue: false })).toBe('Current');
    expect(accountStatus({ comment: '', pastDue: false })).toBe('Current');
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
    return wireOf(AccountListResponse, response.json()).Accounts;
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

    // The seed day is 2025-03-14 (America/New_York). The auto loan's last two installments are
    // unpaid: due before today, two installments and the late charges owed.
    const autoLoan = accounts.find((item) => item.Description === 'Auto Loan');
    expect(autoLoan).toMatchObject({
      Number: '001-100234-1',
      Type: 0,
      Comment: '',
      Rate: 649,
      Status: 'Past Due',
      StatementPreference: 'ElectronicOnly',
      NameOnAcct: 'Jordan Rivers',
    });
    expect((autoLoan?.LoanDueDate ?? '') < '2025-03-14').toBe(true);
    expect(autoLoan?.FeesDue).toBeGreaterThanOrEqual(35);
    expect(autoLoan?.LoanAmountDue).toBeGreaterThanOrEqual(
      2 * (autoLoan?.MonthlyInstallment ?? 0) + (autoLoan?.FeesDue ?? 0),
    );
    expect(Number.isInteger(Math.round((autoLoan?.Balance ?? 0) * 100))).toBe(true);
    const boat = accounts.find((item) => item.Description === 'Boat Loan');
    expect(boat).toMatchObject({
      Status: 'Closed',
      Balance: 0,
      LoanAmountDue: 0,
      LoanDueDate: null,
    });
    expect(accounts.find((item) => item.Description === 'Home Equity Loan')).toMatchObject({
      Status: 'Current',
      Comment: 'NOX$',
    });
    const line = accounts.find((item) => item.Type === 9);
    expect(line?.Balance).toBeGreaterThan(0);
    expect((line?.Balance ?? 0) + (line?.AvailableBalance ?? 0)).toBe(10_000);
    // The certificate matures a year after it opened, still ahead; checking and savings never do.
    const certificate = accounts.find((item) => item.Type === 7);
    expect(certificate?.MaturityDate ?? '').toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((certificate?.MaturityDate ?? '') > '2025-03-14').toBe(true);
    const deposits = accounts.filter((item) => item.Type === 1 || item.Type === 3);
    expect(deposits.map((item) => item.MaturityDate)).toEqual([null, null]);
  });

  it('keeps cents exact above the 32-bit range', async () => {
    const { cookie } = await signIn(test.app, { username: 'casey.morgan' });
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/accountList',
      headers: { cookie },
    });
    const [loan] = wireOf(AccountListResponse, response.json()).Accounts;
    expect(loan?.Description).toBe('Commercial Real Estate Loan');
    expect(loan?.Balance).toBeGreaterThan(21_474_836.47);
    // The wire carries the exact cents of the core's integer balance.
    expect(response.body).toContain(`"Balance":${loan?.Balance}`);
    expect(Math.round((loan?.Balance ?? 0) * 100) / 100).toBe(loan?.Balance);
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
      'Overdraft Line of Credit',
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
