import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, renderPortal } from '../../../testing/render-portal';

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
    expect(screen.getByText('Payable Balance').nextElementSibling).toHaveTextContent('$17,784.74');
    expect(screen.getByText('4.25%')).toBeVisible();
    const history = await screen.findByRole('table', { name: 'Account history' });
    expect(history).toHaveTextContent('Interest paid');
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
    expect(alert).not.toHaveTextContent('No e-statements found');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Statement 01/31/2025' })).toBeVisible();
  });

  it('shows no maturity date for a savings account', async () => {
    renderDeposit('001-500322-3');
    await screen.findByRole('heading', { level: 1, name: 'High-Yield Savings' });
    expect(screen.queryByText('Maturity date')).toBeNull();
  });

  it('goes back to the dashboard for an account the customer does not have', async () => {
    renderDeposit('001-999999-9');
    expect(
      await screen.findByText('There was a problem loading this loan. Please try again later.'),
    ).toBeVisible();
  });
});
