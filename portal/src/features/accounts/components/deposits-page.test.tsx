import { addDays, calendarDateIn, formatUsDate } from '@portal/domain';
import { expectNoAxeViolations } from '@portal/web-kit/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StubRequest } from '@portal/web-kit/testing';
import { stubViewportWidth } from '../../../testing/match-media';
import { renderPortal } from '../../../testing/render-portal';

const CHECKING = {
  Number: '001-300210-4',
  Type: 1,
  Comment: '',
  Description: 'Everyday Checking',
  Balance: 2410.5,
  AvailableBalance: 2310.5,
  Rate: 10,
  Status: 'Current',
  StatementPreference: 'ElectronicOnly',
  LoanDueDate: null,
  LoanAmountDue: 0,
  MonthlyInstallment: 0,
  FeesDue: 0,
  NameOnAcct: 'Jordan Rivers',
};
const SAVINGS = {
  ...CHECKING,
  Number: '001-500322-3',
  Type: 3,
  Description: 'High-Yield Savings',
  Balance: 17784.74,
  AvailableBalance: 17784.74,
  Rate: 425,
};
const CLOSED_SAVINGS = {
  ...SAVINGS,
  Number: '001-500999-1',
  Comment: 'CLOSED',
  AvailableBalance: 5,
};
const LOAN = { ...CHECKING, Number: '001-100235-2', Type: 0, Description: 'Home Equity Loan' };

const today = calendarDateIn('America/New_York', new Date());
const CERTIFICATE = {
  ...SAVINGS,
  Number: '001-700045-9',
  Type: 7,
  Description: '12-Month Certificate of Deposit',
  Balance: 10000,
  AvailableBalance: 9900,
  MaturityDate: addDays(today, 40),
};

function line(date: string, time: string, description: string, total: number, balance: number) {
  return {
    TransactionDate: `${date}T00:00:00`,
    TransactionDescription: description,
    PrincipalAmount: total,
    InterestAmount: 0,
    OtherAmount: 0,
    TotalPaymentAmount: total,
    RunningPrincipalBalance: balance,
    TransactionTime: time,
  };
}

const HISTORIES: Record<string, unknown[]> = {
  [CHECKING.Number]: [
    line(addDays(today, -3), '09:15:00', 'Payroll deposit', 1800, 2410.5),
    line(addDays(today, -1), '16:02:00', 'Card purchase', -42.19, 2368.31),
  ],
  [SAVINGS.Number]: [line(addDays(today, -2), '23:59:00', 'Interest paid', 61.2, 17784.74)],
  [CERTIFICATE.Number]: [],
};

function renderDeposits(
  accounts: unknown[],
  options: { scheme?: 'light' | 'dark'; historyFails?: boolean } = {},
) {
  return renderPortal({
    path: '/myaccount/deposits',
    signedIn: true,
    settings: {
      'themeOptions.colorScheme': options.scheme ?? 'light',
      'localeOptions.institutionTimeZone': 'America/New_York',
    },
    routes: {
      'GET /api/accountList': { body: { HasNoErrors: true, Errors: [], Accounts: accounts } },
      'GET /api/AccountHistory': (request: StubRequest) => {
        if (options.historyFails) return { status: 500, body: {} };
        const number = new URLSearchParams(request.search).get('accountNumber') ?? '';
        return { body: { HasNoErrors: true, Errors: [], List: HISTORIES[number] ?? [] } };
      },
    },
  });
}

describe('deposits area', () => {
  it('leads with what is available and the next maturity, then the lists, then recent activity', async () => {
    const { server } = renderDeposits([LOAN, CHECKING, SAVINGS, CLOSED_SAVINGS, CERTIFICATE]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Deposits and investments' }),
    ).toBeVisible();
    const available = await screen.findByRole('region', {
      name: 'Available in your deposit accounts',
    });
    // Checking and savings, not the certificate nor the closed account.
    expect(available).toHaveTextContent('$20,095.24');
    expect(available).toHaveTextContent(
      `12-Month Certificate of Deposit ****0459 matures on ${CERTIFICATE.MaturityDate.slice(5, 7)}/${CERTIFICATE.MaturityDate.slice(8, 10)}/${CERTIFICATE.MaturityDate.slice(0, 4)}`,
    );

    const deposits = screen.getByRole('table', { name: 'Deposits' });
    expect(within(deposits).getByText('Everyday Checking')).toBeVisible();
    expect(within(deposits).queryByText('Home Equity Loan')).toBeNull();
    expect(screen.getByRole('table', { name: 'Investments' })).toHaveTextContent(
      '12-Month Certificate of Deposit',
    );

    const activity = await screen.findByRole('table', { name: 'Recent activity' });
    const rows = within(activity).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      'Card purchase',
      'Interest paid',
      'Payroll deposit',
    ]);
    expect(rows[0]).toHaveTextContent('Everyday Checking ****2104');
    expect(rows[0]).toHaveTextContent('-$42.19');
    // Open accounts only: the closed savings account's history is not asked for.
    const asked = server
      .requestsTo('GET /api/AccountHistory')
      .map((request) => new URLSearchParams(request.search).get('accountNumber'));
    expect(asked.sort()).toEqual([CHECKING.Number, SAVINGS.Number, CERTIFICATE.Number].sort());
    expect(
      server
        .requestsTo('GET /api/AccountHistory')
        .every((request) => new URLSearchParams(request.search).get('days') === '30'),
    ).toBe(true);
    await expectNoAxeViolations();
  });

  it('says so when there is no recent activity, and when it could not be loaded', async () => {
    const { unmount } = renderDeposits([CERTIFICATE]);
    expect(await screen.findByText('No transactions in the last 30 days.')).toBeVisible();
    // Investments only: no "available" figure, the maturity still leads.
    expect(screen.queryByRole('region', { name: 'Available in your deposit accounts' })).toBeNull();
    expect(screen.getByText(/matures on/)).toBeVisible();
    unmount();

    renderDeposits([CHECKING], { historyFails: true });
    expect(
      await screen.findByText('Recent activity could not be loaded. Please try again later.'),
    ).toBeVisible();
    expect(
      screen.getByRole('region', { name: 'Available in your deposit accounts' }),
    ).toHaveTextContent('$2,310.50');
  });

  it('shows each account’s balance, rate and maturity in the lists', async () => {
    renderDeposits([CHECKING, CERTIFICATE]);
    const investments = await screen.findByRole('table', { name: 'Investments' });
    const header = within(investments)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(header).toEqual(expect.arrayContaining(['Balance', 'Rate', 'Maturity Date']));
    const certificate = within(investments).getAllByRole('row')[1];
    const cellUnder = (table: HTMLElement, row: HTMLElement | undefined, name: string) => {
      const index = within(table)
        .getAllByRole('columnheader')
        .findIndex((cell) => cell.textContent === name);
      const cells = within(row ?? document.body);
      // The first column may be the row's header.
      return [...cells.queryAllByRole('rowheader'), ...cells.getAllByRole('cell')][index]
        ?.textContent;
    };
    expect(cellUnder(investments, certificate, 'Balance')).toBe('$10,000.00');
    expect(cellUnder(investments, certificate, 'Rate')).toBe('4.25%');
    expect(cellUnder(investments, certificate, 'Maturity Date')).toBe(
      formatUsDate(CERTIFICATE.MaturityDate),
    );
    // A checking account does not mature: its cell is blank.
    const deposits = screen.getByRole('table', { name: 'Deposits' });
    const checking = within(deposits).getAllByRole('row')[1];
    expect(cellUnder(deposits, checking, 'Rate')).toBe('0.10%');
    expect(cellUnder(deposits, checking, 'Maturity Date')).toBe('');
  });

  it('names the account column of the recent activity Account, apart from the Description', async () => {
    renderDeposits([CHECKING]);
    const activity = await screen.findByRole('table', { name: 'Recent activity' });
    expect(
      within(activity)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date', 'Account', 'Description', 'Amount', 'Balance']);
  });

  it('shows a deposit’s and a certificate’s rate and maturity on their phone cards', async () => {
    stubViewportWidth(390);
    renderDeposits([CHECKING, CERTIFICATE]);
    const deposits = await screen.findByRole('list', { name: 'Deposits' });
    const checking = within(deposits).getByRole('listitem', { name: 'Everyday Checking' });
    expect(checking).toHaveTextContent('Available Balance$2,310.50Rate0.10%Details');
    const investments = screen.getByRole('list', { name: 'Investments' });
    const certificate = within(investments).getByRole('listitem', {
      name: '12-Month Certificate of Deposit',
    });
    expect(certificate).toHaveTextContent(
      `Balance$10,000.00Rate4.25%Maturity Date${formatUsDate(CERTIFICATE.MaturityDate)}Details`,
    );
    await expectNoAxeViolations();
  });

  it('tells a customer without deposits so', async () => {
    renderDeposits([LOAN]);
    expect(
      await screen.findByText('You have no deposit accounts or investments with us.'),
    ).toBeVisible();
  });

  it('has no axe violations in the dark scheme either', async () => {
    renderDeposits([CHECKING, SAVINGS, CERTIFICATE], { scheme: 'dark' });
    await screen.findByRole('table', { name: 'Recent activity' });
    await expectNoAxeViolations();
  });
});
