import type { AccountListItem } from '@portal/domain';
import { expectNoAxeViolations, type StubRoutes } from '@portal/web-kit/testing';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { profileBody } from '../../../testing/fixtures';
import { stubViewportWidth } from '../../../testing/match-media';
import {
  paymentInfoFixture,
  recurringPaymentFixture,
  scheduledPaymentFixture,
} from '../../../testing/payment-info-fixture';
import { renderPortal } from '../../../testing/render-portal';

function account(overrides: Partial<AccountListItem>): AccountListItem {
  return {
    Number: '001-100235-2',
    Type: 0,
    Comment: '',
    Description: 'Home Equity Loan',
    Balance: 40_000,
    AvailableBalance: 0,
    Rate: 650,
    Status: 'Current',
    StatementPreference: 'ElectronicOnly',
    LoanDueDate: '2025-04-02',
    LoanAmountDue: 775.94,
    MonthlyInstallment: 775.94,
    FeesDue: 0,
    NameOnAcct: 'Jordan Rivers',
    ...overrides,
  };
}

// Two installments of $420.00 missed, the current one and $50.00 of late charges.
const AUTO = account({
  Number: '001-100234-1',
  Description: 'Auto Loan',
  Status: 'Past Due',
  LoanDueDate: '2025-01-30',
  MonthlyInstallment: 420,
  FeesDue: 50,
  LoanAmountDue: 1310,
});
const EQUITY = account({});
const LINE = account({
  Number: '001-300120-7',
  Type: 9,
  Description: 'Overdraft Line of Credit',
  Balance: 0,
  AvailableBalance: 2500,
  LoanDueDate: null,
  LoanAmountDue: 0,
});
const CHECKING = account({
  Number: '001-500321-2',
  Type: 1,
  Description: 'Everyday Checking',
  Balance: 1520.33,
  AvailableBalance: 1480.33,
  LoanDueDate: null,
  LoanAmountDue: 0,
});
const CD = account({
  Number: '001-700100-1',
  Type: 7,
  Description: '12-Month Certificate of Deposit',
  Balance: 10_000,
  AvailableBalance: 0,
  LoanDueDate: null,
  LoanAmountDue: 0,
});

function renderDashboard(accounts: readonly AccountListItem[], routes: StubRoutes = {}) {
  return renderPortal({
    path: '/myaccount/dashboard',
    signedIn: true,
    routes: {
      'GET /api/accountList': { body: { HasNoErrors: true, Errors: [], Accounts: accounts } },
      'GET /api/Profile': { body: profileBody() },
      'GET /api/Application/GetList': { body: { HasNoErrors: true, Errors: [], Applications: [] } },
      'GET /api/PaymentInformation/GetPaymentInfo': { body: paymentInfoFixture() },
      ...routes,
    },
  });
}

beforeEach(() => {
  // The institution's today: 43 days after the auto loan's oldest unpaid due date.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-03-14T15:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the dashboard summary', () => {
  it('says the day a monthly or days-before-due recurring payment is next drawn, not its first date', async () => {
    // Today (the server's) Tuesday 11/24/2026; the auto loan is due Wednesday 12/02/2026.
    renderDashboard([EQUITY, AUTO, CHECKING], {
      'GET /api/PaymentInformation/GetPaymentInfo': (request) => ({
        body: paymentInfoFixture({
          RecurringPayment: request.search.includes('001-100235-2')
            ? recurringPaymentFixture({
                Date: '2026-09-28',
                RecurringOption: 'DayOfMonth',
                PaymentAccountNum: '5556',
                TotalAmount: 200,
              })
            : recurringPaymentFixture({
                // What the server lists after a draw: the day it checks again, a Saturday.
                Date: '2026-11-28',
                RecurringOption: 'DaysBeforeDue',
                NumberOfDays: 3,
                PaymentAccountNum: '5556',
                TotalAmount: 300,
              }),
        }),
      }),
    });
    const upcoming = await screen.findByRole('region', {
      name: 'Scheduled and recurring payments',
    });
    const items = within(upcoming)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    // Three days before 12/02 is Sunday 11/29: drawn on Friday 11/27 (Thanksgiving the 26th).
    expect(items).toEqual([
      expect.stringMatching(/^\$300\.00 .* \(next on 11\/27\/2026\)$/),
      // The 28th of the month: Saturday 11/28, drawn on Monday 11/30.
      expect.stringMatching(/^\$200\.00 Monthly on the 28th .* \(next on 11\/30\/2026\)$/),
    ]);
  });

  it('opens with a past-due loan in the error colour, how late and what brings it current, then the next payment due', async () => {
    renderDashboard([EQUITY, AUTO, CHECKING], {
      'GET /api/PaymentInformation/GetPaymentInfo': (request) => ({
        body: request.search.includes('001-100235-2')
          ? paymentInfoFixture({
              ScheduledPayments: [
                scheduledPaymentFixture({ PaymentDate: '2025-03-20T00:00:00', PaymentAmount: 100 }),
                scheduledPaymentFixture({ EncryptedString: 'posted', HasBeenPosted: true }),
              ],
              RecurringPayment: recurringPaymentFixture({
                Date: '2025-03-17',
                RecurringOption: 'Weekly',
                PaymentAccountNum: '5556',
                TotalAmount: 200,
              }),
            })
          : paymentInfoFixture(),
      }),
    });
    const summary = await screen.findByRole('region', { name: 'Your payments' });
    // Before the account lists.
    const loans = screen.getByRole('table', { name: 'Loans' });
    expect(summary.compareDocumentPosition(loans) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const late = within(summary).getByRole('alert');
    expect(late).toHaveTextContent('Payment past due');
    expect(late).toHaveTextContent(
      'Auto Loan ****2341 is 43 days past due. Pay $840.00 to bring it current (due since 01/30/2025).',
    );
    // Why the figure is not the row's Amount Due ($1,310.00): the current installment and the
    // charges (owed, not late).
    expect(late).toHaveTextContent(
      'The Amount Due of $1,310.00 in your loans list also counts the current installment of $420.00, which is not late yet, and late charges and fees of $50.00, which are owed but do not keep the loan past due.',
    );
    expect(
      within(late).getByRole('link', { name: 'Make Payment: Auto Loan ****2341' }),
    ).toHaveAttribute('href', '#/myaccount/payment/001-100234-1');

    expect(summary).toHaveTextContent('Next payment due');
    expect(summary).toHaveTextContent('$775.94Due 04/02/2025 on Home Equity Loan ****2352');
    expect(
      within(summary).getByRole('link', { name: 'Make Payment: Home Equity Loan ****2352' }),
    ).toHaveAttribute('href', '#/myaccount/payment/001-100235-2');

    // Coming up, soonest first; a posted scheduled payment is no longer coming.
    const upcoming = await within(summary).findByRole('region', {
      name: 'Scheduled and recurring payments',
    });
    expect(
      within(upcoming)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '$200.00 Weekly on Mondays to Home Equity Loan ****2352 from ****5556 (next on 03/17/2025)',
      '$100.00 on 03/20/2025 to Home Equity Loan ****2352 from ****6789',
    ]);
    await expectNoAxeViolations();
  });

  it("counts days past due to the server's business date, not the device's clock", async () => {
    // The device a day behind the institution: the loan page (the core's DaysPastDue) says 43.
    vi.setSystemTime(new Date('2025-03-13T15:00:00Z'));
    renderDashboard([EQUITY, AUTO], {
      'GET /api/accountList': {
        body: {
          HasNoErrors: true,
          Errors: [],
          Accounts: [EQUITY, AUTO],
          BusinessDate: '2025-03-14',
        },
      },
    });
    const summary = await screen.findByRole('region', { name: 'Your payments' });
    expect(within(summary).getByRole('alert')).toHaveTextContent(
      'Auto Loan ****2341 is 43 days past due.',
    );
  });

  it('offers one Make Payment per thing due, each named for its loan, and no third one beside them', async () => {
    renderDashboard([EQUITY, AUTO, CHECKING]);
    await screen.findByRole('region', { name: 'Your payments' });
    const pay = within(screen.getByRole('main')).getAllByRole('link', { name: /Make Payment/ });
    expect(pay.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Make Payment: Auto Loan ****2341',
      'Make Payment: Home Equity Loan ****2352',
    ]);
    // The late one in the error colour, first.
    expect(pay[0]).toHaveClass('MuiButton-contained', 'MuiButton-colorError');
    expect(pay[1]).toHaveClass('MuiButton-contained', 'MuiButton-colorPrimary');
  });

  it('says first that a bank sent a payment back, on which loan, with Make Payment once per loan', async () => {
    const returned = {
      EncryptedString: 'returned-handle-1',
      PaymentDate: '2025-03-10',
      PaymentAmount: 775.94,
      IsCard: false,
      AccountNumber: '2227',
      Reason: 'Insufficient funds',
    };
    const LATER = account({
      Number: '001-100236-3',
      Description: 'Boat Loan',
      LoanDueDate: '2025-05-02',
    });
    renderDashboard([EQUITY, AUTO, LATER], {
      'GET /api/PaymentInformation/GetPaymentInfo': (request) => ({
        body: paymentInfoFixture(
          request.search.includes('001-100234-1') || request.search.includes('001-100236-3')
            ? { ReturnedPayments: [returned] }
            : {},
        ),
      }),
    });
    const summary = await screen.findByRole('region', { name: 'Your payments' });
    const alerts = within(summary).getAllByRole('alert');
    // The returned payments before the past-due notice.
    expect(alerts.map((alert) => alert.querySelector('.MuiAlertTitle-root')?.textContent)).toEqual([
      'Auto Loan ****2341',
      'Boat Loan ****2363',
      'Payment past due',
    ]);
    for (const alert of alerts.slice(0, 2)) {
      expect(alert).toHaveTextContent(
        'Your payment of $775.94 on 03/10/2025 from the account ending in 2227 was returned by your bank (Insufficient funds). It has been taken off your loan: what it had paid is owed again, and your amount due includes it.',
      );
    }
    // The auto loan's Make Payment is its past-due notice's; the boat loan gets its own here.
    const [auto, boat] = alerts;
    if (!auto || !boat) throw new Error('expected two returned payment notices');
    expect(within(auto).queryByRole('link')).toBeNull();
    expect(
      within(boat).getByRole('link', { name: 'Make Payment: Boat Loan ****2363' }),
    ).toHaveAttribute('href', '#/myaccount/payment/001-100236-3');
    await expectNoAxeViolations();
  });

  it('says a card payment the institution refunded is owed again, after what a bank sent back', async () => {
    const LATER = account({
      Number: '001-100236-3',
      Description: 'Boat Loan',
      LoanDueDate: '2025-05-02',
    });
    renderDashboard([EQUITY, LATER], {
      'GET /api/PaymentInformation/GetPaymentInfo': (request) => ({
        body: paymentInfoFixture(
          request.search.includes('001-100236-3')
            ? {
                RecentPayments: [
                  {
                    EncryptedString: 'refunded-handle-1',
                    PaymentDate: '2025-03-07',
                    PaymentAmount: 120,
                    TowardAmountDue: 120,
                    IsCard: true,
                    AccountNumber: '4242',
                    Status: 'refunded',
                  },
                  {
                    EncryptedString: 'posted-handle-1',
                    PaymentDate: '2025-03-03',
                    PaymentAmount: 50,
                    TowardAmountDue: 50,
                    IsCard: true,
                    AccountNumber: '4242',
                    Status: 'posted',
                  },
                ],
              }
            : {},
        ),
      }),
    });
    const summary = await screen.findByRole('region', { name: 'Your payments' });
    const refunded = await within(summary).findByText(/was refunded to you/);
    const notice = refunded.closest('[role="alert"]');
    expect(notice).toHaveClass('MuiAlert-colorWarning');
    expect(notice?.querySelector('.MuiAlertTitle-root')?.textContent).toBe('Boat Loan ****2363');
    expect(refunded.textContent).toBe(
      'Your card payment of $120.00 on 03/07/2025 with the card ending in 4242 was refunded to you. It has been taken off your loan: what it had paid is owed again, and your amount due includes it.',
    );
    // One notice: the posted payment says nothing here.
    expect(within(summary).getAllByText(/refunded to you|returned by your bank/)).toHaveLength(1);
    if (!(notice instanceof HTMLElement)) throw new Error('no notice');
    expect(
      within(notice).getByRole('link', { name: 'Make Payment: Boat Loan ****2363' }),
    ).toHaveClass('MuiButton-colorPrimary');
    await expectNoAxeViolations();
  });

  it('names what is due after the next payment on the other loans and lines, soonest first', async () => {
    const drawnLine = account({
      Number: '001-300121-5',
      Type: 9,
      Description: 'Personal Line of Credit',
      LoanDueDate: '2025-04-09',
      LoanAmountDue: 75,
    });
    renderDashboard([drawnLine, EQUITY, CHECKING]);
    const summary = await screen.findByRole('region', { name: 'Your payments' });
    expect(summary).toHaveTextContent('$775.94Due 04/02/2025 on Home Equity Loan ****2352');
    const later = within(summary).getByRole('region', { name: 'Also due' });
    expect(
      within(later)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['$75.00 due 04/09/2025 on Personal Line of Credit ****1215']);
    await expectNoAxeViolations();
  });

  it("names each loan as every screen does (domain loanName), whatever the core's padding", async () => {
    // Cores pad their fixed-width description fields; a loan without one is named by its number.
    renderDashboard([
      { ...AUTO, Description: 'Auto Loan    ' },
      { ...EQUITY, Description: '  ' },
    ]);
    const summary = await screen.findByRole('region', { name: 'Your payments' });
    const late = within(summary).getByText(/past due\. Pay/);
    expect(late.textContent).toMatch(/^Auto Loan \*{4}2341 is 43 days past due\./);
    expect(within(summary).getByText(/^Due 04\/02\/2025 on/).textContent).toBe(
      'Due 04/02/2025 on ****2352',
    );
    expect(
      within(summary)
        .getAllByRole('link', { name: /^Make Payment/ })
        .map((link) => link.getAttribute('aria-label')),
    ).toEqual(['Make Payment: Auto Loan ****2341', 'Make Payment: ****2352']);
  });

  it('says nothing is due when no loan owes, and shows no summary without loans', async () => {
    const { unmount } = renderDashboard([LINE, CHECKING]);
    const summary = await screen.findByRole('region', { name: 'Your payments' });
    expect(summary).toHaveTextContent('Nothing is due on your loans right now.');
    expect(within(summary).queryByRole('alert')).toBeNull();
    unmount();
    renderDashboard([CHECKING]);
    await screen.findByRole('table', { name: 'Deposits' });
    expect(screen.queryByRole('region', { name: 'Your payments' })).toBeNull();
  });

  it('says a scheduled payment made to pay the loan off is a payoff, among the payments coming up', async () => {
    renderDashboard([EQUITY], {
      'GET /api/PaymentInformation/GetPaymentInfo': {
        body: paymentInfoFixture({
          ScheduledPayments: [
            scheduledPaymentFixture({ PaymentDate: '2025-03-20T00:00:00', PaymentAmount: 100 }),
            scheduledPaymentFixture({
              EncryptedString: 'scheduled-payoff',
              PaymentDate: '2025-03-25T00:00:00',
              PaymentAmount: 39_950.12,
              IsPayoff: true,
            }),
          ],
        }),
      },
    });
    const upcoming = await screen.findByRole('region', {
      name: 'Scheduled and recurring payments',
    });
    expect(
      within(upcoming)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '$100.00 on 03/20/2025 to Home Equity Loan ****2352 from ****6789',
      '$39,950.12 on 03/25/2025 to pay off Home Equity Loan ****2352 from ****6789',
    ]);
  });

  it("words each list's AvailableBalance column for what it is", async () => {
    renderDashboard([LINE, CHECKING, CD]);
    const header = async (table: string) =>
      within(await screen.findByRole('table', { name: table }))
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent);
    expect(await header('Lines of Credit')).toContain('Available Credit');
    expect(await header('Deposits')).toContain('Available Balance');
    expect(await header('Investments')).toContain('Available to Withdraw');
    expect(screen.queryByText('Payable Balance')).toBeNull();
  });
});

describe('the account cards on a phone', () => {
  it("shows each account's name, masked number, key figure and status, the rest behind Details", async () => {
    stubViewportWidth(390);
    const { user } = renderDashboard([AUTO, LINE, CHECKING, CD]);
    const loans = await screen.findByRole('list', { name: 'Loans' });
    const auto = within(loans).getByRole('listitem', { name: 'Auto Loan' });
    expect(within(auto).getByRole('link', { name: 'Auto Loan' })).toHaveAttribute(
      'href',
      '#/myaccount/loanDetails/001-100234-1',
    );
    expect(auto).toHaveTextContent('****2341');
    expect(auto).toHaveTextContent(
      /^Auto Loan\*{4}2341Past DueAmount Due\$1,310\.00Due 01\/30\/2025/,
    );
    // The rest of the spec's columns (the full number among them) wait behind Details.
    expect(within(auto).getByText('001-100234-1')).not.toBeVisible();
    expect(within(auto).getByText('Fees Due')).not.toBeVisible();
    const details = within(auto).getByRole('button', { name: 'Details' });
    expect(details).toHaveAttribute('aria-expanded', 'false');
    await user.click(details);
    expect(within(auto).getByRole('button', { name: 'Hide details' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(within(auto).getByText('Fees Due')).toBeVisible();
    expect(within(auto).getByText('6.50%')).toBeVisible();

    const line = within(screen.getByRole('list', { name: 'Lines of Credit' })).getByRole(
      'listitem',
    );
    expect(line).toHaveTextContent('Available Credit$2,500.00');
    const checking = within(screen.getByRole('list', { name: 'Deposits' })).getByRole('listitem');
    expect(checking).toHaveTextContent('Available Balance$1,480.33');
    const cd = within(screen.getByRole('list', { name: 'Investments' })).getByRole('listitem');
    expect(cd).toHaveTextContent('Balance$10,000.00');

    // Sorting stays: by balance, descending.
    await user.selectOptions(
      within(screen.getByRole('region', { name: 'Loans' })).getByLabelText('Sort by'),
      'Balance',
    );
    await expectNoAxeViolations();
  });
});
