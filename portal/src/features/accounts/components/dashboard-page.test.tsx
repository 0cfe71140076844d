import type { AccountListItem, RecentPaymentInfo } from '@portal/domain';
import { expectNoAxeViolations, type StubRoutes } from '@portal/web-kit/testing';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPortal } from '../../../testing/render-portal';
import { profileBody } from '../../../testing/fixtures';
import type { SettingValues } from '../../../testing/fixtures';
import { stubViewportWidth } from '../../../testing/match-media';
import { paymentInfoFixture } from '../../../testing/payment-info-fixture';

function account(overrides: Partial<AccountListItem>): AccountListItem {
  return {
    Number: '001-100234-1',
    Type: 0,
    Comment: '',
    Description: 'Auto Loan',
    Balance: 18452.37,
    AvailableBalance: 0,
    Rate: 649,
    Status: 'Current',
    StatementPreference: 'ElectronicOnly',
    LoanDueDate: '2025-04-02',
    LoanAmountDue: 412,
    MonthlyInstallment: 412,
    FeesDue: 0,
    NameOnAcct: 'Jordan Rivers',
    ...overrides,
  };
}

const PAST_DUE = account({
  Status: 'Past Due',
  LoanDueDate: '2025-03-02',
  LoanAmountDue: 859,
  FeesDue: 35,
});
const HOME_EQUITY = account({
  Number: '001-100235-2',
  Description: 'Home Equity Loan',
  Comment: 'NOX$',
  Status: '',
});
const BOAT = account({
  Number: '001-100101-4',
  Description: 'Boat Loan',
  Comment: 'CLOSED',
  Status: 'Closed',
  Balance: 0,
  LoanDueDate: '2024-08-16',
});
const SAVINGS = account({
  Number: '001-500322-3',
  Type: 3,
  Description: 'High-Yield Savings',
  Balance: 17784.74,
  AvailableBalance: 17784.74,
  Rate: 425,
  LoanDueDate: null,
  Status: 'Dormant',
  StatementPreference: 'PaperOnly',
});

function renderDashboard(
  accounts: readonly AccountListItem[],
  options: {
    settings?: SettingValues;
    applications?: unknown[];
    email?: string;
    /** The institution's today as the server dates the list. */
    businessDate?: string;
    routes?: StubRoutes;
  } = {},
) {
  const profile = profileBody();
  return renderPortal({
    path: '/myaccount/dashboard',
    signedIn: true,
    settings: options.settings,
    routes: {
      'GET /api/accountList': {
        body: {
          HasNoErrors: true,
          Errors: [],
          Accounts: accounts,
          ...(options.businessDate ? { BusinessDate: options.businessDate } : {}),
        },
      },
      'GET /api/Profile': {
        body: {
          ...profile,
          UserInfo: { ...profile.UserInfo, EmailAddress: options.email ?? 'jordan@example.com' },
        },
      },
      'GET /api/Application/GetList': {
        body: { HasNoErrors: true, Errors: [], Applications: options.applications ?? [] },
      },
      ...options.routes,
    },
  });
}

async function table(name: string) {
  return screen.findByRole('table', { name });
}

afterEach(() => {
  window.localStorage.clear();
});

describe('the dashboard', () => {
  it('shows a list only for account types the customer has, with the rows of section "Account list tables"', async () => {
    renderDashboard([PAST_DUE, HOME_EQUITY, SAVINGS]);
    const loans = await table('Loans');
    expect(screen.getByRole('table', { name: 'Deposits' })).toBeVisible();
    expect(screen.queryByRole('table', { name: 'Lines of Credit' })).toBeNull();
    expect(screen.queryByRole('table', { name: 'Investments' })).toBeNull();
    const rows = within(loans).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    // NOX$ is cleared; a missing status reads Current; money, rate and dates as the specs show them.
    const equity = rows.find((row) => row.textContent?.includes('Home Equity'));
    expect(equity?.textContent).not.toContain('NOX$');
    expect(equity).toHaveTextContent('Current');
    const auto = rows.find((row) => row.textContent?.includes('Auto Loan'));
    expect(auto).toHaveTextContent('$18,452.37');
    expect(auto).toHaveTextContent('6.49%');
    expect(auto).toHaveTextContent('03/02/2025');
    expect(auto).toHaveTextContent('Past Due');
    // Each row leads to its details, keyboard-reachable as a link.
    expect(within(loans).getByRole('link', { name: /Auto Loan/ })).toHaveAttribute(
      'href',
      '#/myaccount/loanDetails/001-100234-1',
    );
    expect(
      within(screen.getByRole('table', { name: 'Deposits' })).getByRole('link', {
        name: /Savings/,
      }),
    ).toHaveAttribute('href', '#/myaccount/deposits/depositDetails/001-500322-3');
    // Status and the statement preference show in the loan and deposit lists alike.
    expect(auto).toHaveTextContent('Electronic');
    const savings = within(screen.getByRole('table', { name: 'Deposits' })).getAllByRole('row')[1];
    expect(savings).toHaveTextContent('Dormant');
    expect(savings).toHaveTextContent('Paper');
    await expectNoAxeViolations();
  });

  it("shows the welcome, the column headers and the statement values in the institution's words", async () => {
    renderDashboard([PAST_DUE, SAVINGS], {
      settings: {
        'dashboardTexts.welcomeText': 'Good to see you, {name}',
        'dashboardTexts.dueDateColumnText': 'Next due',
        'dashboardTexts.accountNumberColumnText': 'Number',
        'dashboardTexts.paperStatementsText': 'By mail',
      },
    });
    const loans = await table('Loans');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Good to see you, /);
    expect(within(loans).getByRole('columnheader', { name: 'Next due' })).toBeVisible();
    expect(within(loans).queryByRole('columnheader', { name: 'Due Date' })).toBeNull();
    const deposits = screen.getByRole('table', { name: 'Deposits' });
    expect(within(deposits).getByRole('columnheader', { name: 'Number' })).toBeVisible();
    expect(within(deposits).getAllByRole('row')[1]).toHaveTextContent('By mail');
  });

  it('offers the closed-accounts toggle only when an account is closed, clearing its due date', async () => {
    const { user } = renderDashboard([PAST_DUE, BOAT]);
    const loans = await table('Loans');
    expect(within(loans).queryByText(/Boat Loan/)).toBeNull();
    const toggle = screen.getByRole('switch', { name: 'Show closed accounts' });
    await user.click(toggle);
    const boat = within(loans)
      .getAllByRole('row')
      .find((row) => row.textContent?.includes('Boat Loan'));
    expect(boat).toHaveTextContent('Closed');
    expect(boat?.textContent).not.toContain('08/16/2024');
    await expectNoAxeViolations();
  });

  it('says No open accounts. in a list whose accounts are all closed', async () => {
    renderDashboard([BOAT]);
    const loans = await table('Loans');
    expect(within(loans).getByText('No open accounts.')).toBeVisible();
  });

  it('has no toggle without a closed account', async () => {
    renderDashboard([PAST_DUE]);
    await table('Loans');
    expect(screen.queryByRole('switch', { name: 'Show closed accounts' })).toBeNull();
  });

  it('says No Existing Accounts, and offers Make Payment only while some loan can be paid', async () => {
    const { unmount } = renderDashboard([]);
    expect(await screen.findByText('No Existing Accounts')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Make Payment' })).toBeNull();
    expect(
      within(screen.getByRole('main')).queryByRole('button', { name: 'Apply for a Loan' }),
    ).toBeNull();
    unmount();

    // A closed loan and a savings account: nothing to pay. (The menu still lists Make Payment:
    // spec 000 shows it to anyone with a loan account.)
    const closed = renderDashboard([BOAT, SAVINGS]);
    expect(await table('Deposits')).toBeVisible();
    expect(
      within(screen.getByRole('main')).queryByRole('link', { name: 'Make Payment' }),
    ).toBeNull();
    closed.unmount();

    // One Make Payment per thing due: the summary's, for the loan due, and none beside it.
    const due = renderDashboard([BOAT, HOME_EQUITY]);
    await table('Loans');
    const payLinks = () =>
      within(screen.getByRole('main'))
        .getAllByRole('link', { name: /^Make Payment/ })
        .map((link) => [
          link.getAttribute('aria-label') ?? link.textContent,
          link.getAttribute('href'),
        ]);
    expect(payLinks()).toEqual([
      ['Make Payment: Home Equity Loan ****2352', '#/myaccount/payment/001-100235-2'],
    ]);
    due.unmount();

    // A loan with an amount due but no due date is in no summary line: the dashboard's own Make
    // Payment offers it.
    renderDashboard([BOAT, { ...HOME_EQUITY, LoanDueDate: null }]);
    await table('Loans');
    expect(payLinks()).toEqual([['Make Payment', '#/myaccount/payment']]);
  });

  it('shows the account list error', async () => {
    renderPortal({
      path: '/myaccount/dashboard',
      signedIn: true,
      routes: {
        'GET /api/accountList': {
          status: 500,
          body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'ServerError' }] },
        },
      },
    });
    expect(
      await screen.findByText('An error occurred trying to retrieve the account list.'),
    ).toBeVisible();
  });

  it('turns loan rows into plain rows and hides Make Payment when EZPay is disabled', async () => {
    renderDashboard([PAST_DUE, SAVINGS], {
      settings: {
        'depositOptions.disableEZPayOption': 'true',
        'globalOptions.applyForLoanURLOption': 'https://apply.example.com',
      },
    });
    const loans = await table('Loans');
    expect(within(loans).queryByRole('link')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Make Payment' })).toBeNull();
    expect(
      within(screen.getByRole('main')).getByRole('button', { name: 'Apply for a Loan' }),
    ).toBeVisible();
  });

  it('warns about a missing e-mail address and shows the previous sign-in and the applications', async () => {
    renderDashboard([PAST_DUE], {
      email: '',
      settings: { 'globalOptions.useEgtConsumerOption': 'true' },
      applications: [
        {
          ApplicationNumber: 'A-240275',
          Status: 'Approved',
          AmountRequested: 10000,
          AmountApproved: 8500,
          LastModified: '2025-03-03T00:00:00',
          Office: 'South Portland',
          FundsExpected: '2025-03-18T00:00:00',
        },
      ],
    });
    expect(
      await screen.findByText(/Your e-mail address is missing from your profile/),
    ).toBeVisible();
    // 14:30 UTC on January 5 is that morning in New York.
    expect(screen.getByText('Previous login 01/05/2026 from 203.0.113.9')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Login History' })).toHaveAttribute(
      'href',
      '#/myaccount/loginHistory',
    );
    const applications = await table('Application Status');
    expect(within(applications).getByRole('link', { name: 'A-240275' })).toHaveAttribute(
      'href',
      '#/myaccount/applicationdetails/A-240275',
    );
    expect(applications).toHaveTextContent('$10,000.00');
    expect(applications).toHaveTextContent('03/03/2025');
    await expectNoAxeViolations();
  });

  it('says No applications found. when there are none, and shows no list without consumer applications', async () => {
    renderDashboard([PAST_DUE], { settings: { 'globalOptions.useEgtConsumerOption': 'true' } });
    const applications = await table('Application Status');
    expect(within(applications).getByText('No applications found.')).toBeVisible();
  });

  it('shows no application list when the institution takes no consumer applications', async () => {
    const { server } = renderDashboard([PAST_DUE]);
    await table('Loans');
    expect(screen.queryByRole('heading', { name: 'Application Status' })).toBeNull();
    expect(server.requestsTo('GET /api/Application/GetList')).toHaveLength(0);
  });

  it('has no axe violations in the dark scheme either', async () => {
    renderDashboard([PAST_DUE, BOAT, SAVINGS], {
      settings: {
        'themeOptions.colorScheme': 'dark',
        'globalOptions.useEgtConsumerOption': 'true',
      },
    });
    await table('Loans');
    await table('Application Status');
    await expectNoAxeViolations();
  });
});

describe('the dashboard with a payment processing (paid, not yet credited)', () => {
  // Wire dollars, as the server answers.
  const recent = (overrides: Partial<RecentPaymentInfo> = {}): RecentPaymentInfo => ({
    EncryptedString: 'recent-processing-1',
    PaymentDate: '2025-03-12',
    PaymentAmount: 250,
    IsCard: false,
    AccountNumber: '6789',
    Status: 'settling',
    ...overrides,
    // The payment alone (no fees or additional principal) unless a test says otherwise.
    TowardAmountDue: overrides.TowardAmountDue ?? overrides.PaymentAmount ?? 250,
  });
  /** Each loan's payment info, with the recent payments given for its number. */
  const paymentInfo = (byLoan: Record<string, RecentPaymentInfo[]>): StubRoutes => ({
    'GET /api/PaymentInformation/GetPaymentInfo': (request) => {
      const number = new URLSearchParams(request.search).get('accountNumber') ?? '';
      return { body: paymentInfoFixture({ RecentPayments: byLoan[number] ?? [] }) };
    },
  });
  // Home equity: $412.00 due 04/02/2025, not late on 03/14/2025.
  const CURRENT = { ...HOME_EQUITY, Status: 'Current' };
  const summary = () => screen.findByRole('region', { name: 'Your payments' });
  const loanRow = (name: RegExp) =>
    within(screen.getByRole('table', { name: 'Loans' }))
      .getAllByRole('row')
      .find((row) => name.test(row.textContent));

  it('says first that the payment is processing, what is left to pay, and marks the loan in its list', async () => {
    const { server } = renderDashboard([CURRENT, SAVINGS], {
      businessDate: '2025-03-14',
      routes: paymentInfo({
        [CURRENT.Number]: [recent(), recent({ EncryptedString: 'posted-1', Status: 'posted' })],
      }),
    });
    const region = await summary();
    const notice = within(region).getByRole('note');
    expect(notice).toHaveTextContent(
      'Home Equity Loan ****2352Your payment of $250.00 made 03/12/2025 is processing. It will be credited to your loan as of its payment date.',
    );
    const next = within(region).getByText('Next payment due');
    expect(notice.compareDocumentPosition(next) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The amount due stays; what is left beside it: $412.00 less $250.00.
    expect(region).toHaveTextContent('Next payment due$412.00');
    expect(region).toHaveTextContent('Left to pay after processing payments$162.00');
    // Something is still left: Make Payment still leads.
    expect(
      within(region).getByRole('link', { name: 'Make Payment: Home Equity Loan ****2352' }),
    ).toHaveClass('MuiButton-contained');
    // The loan's row says it in short, beside its amount due.
    expect(loanRow(/Home Equity/)).toHaveTextContent('$412.00Payment processing: $250.00');
    // From the payment info the summary asks for already: one request per open loan.
    expect(server.requestsTo('GET /api/PaymentInformation/GetPaymentInfo')).toHaveLength(1);
    await expectNoAxeViolations();
  });

  it('keeps Make Payment, outlined, for a loan whose processing payments leave nothing to pay', async () => {
    // Past due ($859.00): two settling payments; one under review is not counted.
    renderDashboard([PAST_DUE, { ...CURRENT, Number: '001-100236-3' }], {
      businessDate: '2025-03-14',
      routes: paymentInfo({
        [PAST_DUE.Number]: [
          recent({ PaymentAmount: 500 }),
          recent({ EncryptedString: 'settling-2', PaymentAmount: 400 }),
          recent({ EncryptedString: 'review-1', PaymentAmount: 900, Status: 'needsReview' }),
        ],
      }),
    });
    const region = await summary();
    expect(within(region).getAllByRole('note')).toHaveLength(2);
    const late = within(region).getByRole('alert');
    // Never below $0.00.
    expect(late).toHaveTextContent('Left to pay after processing payments$0.00');
    // The notice does not ask for what they pay: they bring the loan current.
    expect(late).toHaveTextContent(
      /past due \(since [\d/]+\)\. Your payments processing, \$900\.00, bring it current once they are credited\./,
    );
    expect(late).not.toHaveTextContent(/Pay \$[\d,.]+ to bring it current/);
    const pay = within(late).getByRole('link', { name: 'Make Payment: Auto Loan ****2341' });
    expect(pay).toHaveClass('MuiButton-outlined', 'MuiButton-colorPrimary');
    expect(pay).toHaveAttribute('href', '#/myaccount/payment/001-100234-1');
    // The other loan has nothing processing: its Make Payment still leads.
    expect(
      within(region).getByRole('link', { name: 'Make Payment: Home Equity Loan ****2363' }),
    ).toHaveClass('MuiButton-contained');
    expect(loanRow(/Auto Loan/)).toHaveTextContent('Payment processing: $900.00');
    expect(loanRow(/Home Equity/)).not.toHaveTextContent('processing');
  });

  it('changes nothing without a processing payment', async () => {
    renderDashboard([CURRENT], {
      businessDate: '2025-03-14',
      routes: paymentInfo({
        [CURRENT.Number]: [
          recent({ Status: 'posted' }),
          recent({ EncryptedString: 'failed-1', Status: 'failed' }),
        ],
      }),
    });
    const region = await summary();
    expect(within(region).queryByRole('note')).toBeNull();
    expect(screen.getByRole('main')).not.toHaveTextContent(/processing|Left to pay/);
    expect(
      within(region).getByRole('link', { name: 'Make Payment: Home Equity Loan ****2352' }),
    ).toHaveClass('MuiButton-contained');
  });

  it("marks the loan's phone card, and has no axe violations in the dark scheme", async () => {
    stubViewportWidth(390);
    renderDashboard([CURRENT, SAVINGS], {
      businessDate: '2025-03-14',
      settings: {
        'themeOptions.colorScheme': 'dark',
        'accountSummaryTexts.processingPaymentChipText': 'Paying {amount}',
      },
      routes: paymentInfo({ [CURRENT.Number]: [recent({ PaymentAmount: 412 })] }),
    });
    const loans = await screen.findByRole('list', { name: 'Loans' });
    const card = within(loans).getByRole('listitem', { name: 'Home Equity Loan' });
    expect(card).toHaveTextContent(/Amount Due\$412\.00Due 04\/02\/2025Paying \$412\.00/);
    expect(
      within(await summary()).getByRole('link', {
        name: 'Make Payment: Home Equity Loan ****2352',
      }),
    ).toHaveClass('MuiButton-outlined');
    await expectNoAxeViolations();
  });
});
