import { calendarDateIn } from '@portal/domain';
import { expectNoAxeViolations } from '@portal/web-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPortal } from '../../../testing/render-portal';

const SAVINGS = {
  Number: '001-500322-3',
  Type: 3,
  Comment: '',
  Description: 'High-Yield Savings',
  Balance: 17784.74,
  AvailableBalance: 17784.74,
  Rate: 425,
  Status: 'Current',
  StatementPreference: 'ElectronicOnly',
  LoanDueDate: null,
  LoanAmountDue: 0,
  MonthlyInstallment: 0,
  FeesDue: 0,
  NameOnAcct: 'Jordan Rivers',
};

const CERTIFICATE = {
  ...SAVINGS,
  Number: '001-700045-9',
  Type: 7,
  Description: '12-Month Certificate of Deposit',
  MaturityDate: '2027-03-14',
};

function renderDeposit(number: string, scheme: 'light' | 'dark' = 'light') {
  return renderPortal({
    path: `/myaccount/deposits/depositDetails/${number}`,
    signedIn: true,
    settings: { 'themeOptions.colorScheme': scheme },
    routes: {
      'GET /api/accountList': {
        body: { HasNoErrors: true, Errors: [], Accounts: [SAVINGS, CERTIFICATE] },
      },
      'GET /api/AccountHistory': {
        body: {
          HasNoErrors: true,
          Errors: [],
          List: [
            {
              TransactionDate: '2025-02-28T00:00:00',
              TransactionDescription: 'Interest paid',
              PrincipalAmount: 0,
              InterestAmount: 61.2,
              OtherAmount: 0,
              TotalPaymentAmount: 61.2,
              RunningPrincipalBalance: 17784.74,
              TransactionTime: '23:59:00',
            },
          ],
        },
      },
      'GET /api/accountEStatements/GetStatementList': {
        body: { HasNoErrors: true, Errors: [], StatementList: [] },
      },
    },
  });
}

describe('deposit details', () => {
  it('shows the balances, rate, history without All, and the statements', async () => {
    const { server } = renderDeposit('001-500322-3');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'High-Yield Savings' }),
    ).toBeVisible();
    expect(screen.getByText('Available Balance').nextElementSibling).toHaveTextContent(
      '$17,784.74',
    );
    expect(screen.getByText('4.25%')).toBeVisible();
    const history = await screen.findByRole('table', { name: 'Account history' });
    expect(history).toHaveTextContent('Interest paid');
    // A deposit's columns are amounts and balances, not a loan's principal.
    const headers = within(history)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Amount', 'Balance']));
    expect(headers).not.toContain('Principal Balance');
    expect(screen.queryByRole('button', { name: 'All' })).toBeNull();
    expect(
      await screen.findByText('No e-statements found for this account for the selected year.'),
    ).toBeVisible();
    expect(server.requestsTo('GET /api/AccountHistory')[0]?.search).toContain(
      'accountNumber=001-500322-3',
    );
    await expectNoAxeViolations();
  });

  it("shows a certificate's maturity date, with no axe violations in the dark scheme", async () => {
    renderDeposit('001-700045-9', 'dark');
    expect(
      await screen.findByRole('heading', { level: 1, name: '12-Month Certificate of Deposit' }),
    ).toBeVisible();
    expect(screen.getByText('Maturity date').nextElementSibling).toHaveTextContent('03/14/2027');
    await screen.findByRole('table', { name: 'Account history' });
    await expectNoAxeViolations();
  }, 60_000);

  it('says so when the statement list fails to load, and loads it again on request', async () => {
    const { user, server } = renderDeposit('001-500322-3');
    let calls = 0;
    server.route('GET /api/accountEStatements/GetStatementList', () => {
      calls += 1;
      return calls === 1
        ? { status: 500, body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'HostError' }] } }
        : {
            body: {
              HasNoErrors: true,
              Errors: [],
              StatementList: [
                {
                  Id: 'st-1',
                  Date: '2025-01-31T00:00:00',
                  Number: '001-500322-3',
                  Type: 3,
                  Provider: 0,
                },
              ],
            },
          };
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('An error occurred trying to retrieve the e-statements.');
    expect(alert).not.toHaveTextContent('No e-statements found');
    expect(alert).not.toHaveTextContent('saving');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Statement 01/31/2025' })).toBeVisible();
  });

  it('opens each provider family its own way, and lists the chosen year', async () => {
    const { user, server } = renderDeposit('001-500322-3');
    const thisYear = Number(calendarDateIn('America/New_York', new Date()).slice(0, 4));
    const lastYear = thisYear - 1;
    const statement = (Id: string, Provider: number) => ({
      Id,
      Date: `${lastYear}-01-31T00:00:00`,
      Number: '001-500322-3',
      Type: 3,
      Provider,
    });
    server.route('GET /api/accountEStatements/GetStatementList', (request) => ({
      body: {
        HasNoErrors: true,
        Errors: [],
        StatementList: request.search.includes(`Year=${lastYear}`)
          ? [statement('built-in', 0), statement('at-url', 3), statement('by-call', 4)]
          : [],
      },
    }));
    server.route('GET /api/PassableToken/GetPassableToken', { body: 'one-use' });
    server.route('GET /api/AccountEstatements/GetAmsiveStatementUrl', {
      body: { HasNoErrors: true, Errors: [], StatementUrl: 'https://statements.example/s/1' },
    });
    const opened: string[] = [];
    vi.spyOn(window, 'open').mockImplementation(() => {
      const tab = { opener: {}, location: {}, close: () => undefined };
      Object.defineProperty(tab.location, 'href', { set: (url: string) => opened.push(url) });
      return tab as unknown as Window;
    });

    // This year has none; the year selector offers the last three and lists the one chosen.
    expect(
      await screen.findByText('No e-statements found for this account for the selected year.'),
    ).toBeVisible();
    await user.click(screen.getByRole('combobox', { name: 'Year' }));
    const years = screen.getAllByRole('option').map((option) => option.textContent);
    expect(years).toEqual([thisYear, thisYear - 1, thisYear - 2].map(String));
    await user.click(screen.getByRole('option', { name: String(lastYear) }));
    const list = await screen.findByRole('list', { name: `Statements of ${lastYear}` });
    const [builtIn, atUrl, byCall] = within(list).getAllByRole('button', {
      name: `Statement 01/31/${lastYear}`,
    });
    if (!builtIn || !atUrl || !byCall) throw new Error('three statements expected');

    await user.click(builtIn);
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(opened[0]).toContain('/api/AccountEstatements/ViewStatement?');
    expect(opened[0]).toContain('Id=built-in');
    expect(opened[0]).toContain('token=one-use');

    // The URL family asks first (the external-statement notice), then opens the given address.
    await user.click(atUrl);
    const notice = await screen.findByRole('dialog');
    expect(notice).toHaveTextContent(
      "Your statement will open on our statement provider's site in a new window.",
    );
    await user.click(within(notice).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(opened).toHaveLength(2));
    expect(opened[1]).toBe('https://statements.example/s/1');
    expect(
      server.requestsTo('GET /api/AccountEstatements/GetAmsiveStatementUrl')[0]?.search,
    ).toContain('Id=at-url');

    await user.click(byCall);
    await waitFor(() => expect(opened).toHaveLength(3));
    expect(opened[2]).toContain('/api/AccountEStatements/GetBroadridgeDocument?');
    expect(opened[2]).toContain('documentId=by-call');
  });

  it('shows no maturity date for a savings account', async () => {
    renderDeposit('001-500322-3');
    await screen.findByRole('heading', { level: 1, name: 'High-Yield Savings' });
    expect(screen.queryByText('Maturity date')).toBeNull();
  });

  it.each([
    ['an account the customer does not have', '001-999999-9'],
    ['an address without an account number', ''],
  ])('goes back to the dashboard for %s', async (_case, number) => {
    renderDeposit(number);
    expect(
      await screen.findByText('There was a problem loading this loan. Please try again later.'),
    ).toBeVisible();
  });
});
