import {
  type AccountDataResponse,
  addDays,
  calendarDateIn,
  formatUsDate,
  type RecentPaymentInfo,
} from '@portal/domain';
import { expectNoAxeViolations, type StubRoutes } from '@portal/web-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LOAN_NUMBER, loanAccountData as accountData } from '../../../testing/account-data';
import { profileBody, type SettingValues } from '../../../testing/fixtures';
import {
  paymentInfoFixture,
  recurringPaymentFixture,
  scheduledPaymentFixture,
} from '../../../testing/payment-info-fixture';
import { renderPortal } from '../../../testing/render-portal';

const NUMBER = LOAN_NUMBER;
const PAYMENT_INFO_ROUTE = 'GET /api/PaymentInformation/GetPaymentInfo';

const ESIGN = {
  Name: 'E-Sign Disclosure',
  Url: 'https://harbor.example/esign.pdf',
  HostNum: 11338,
};

const HISTORY = {
  HasNoErrors: true,
  Errors: [],
  List: [
    {
      TransactionDate: '2025-02-26T00:00:00',
      TransactionDescription: 'Late charge assessed',
      PrincipalAmount: 0,
      InterestAmount: 0,
      OtherAmount: 35,
      TotalPaymentAmount: 35,
      RunningPrincipalBalance: 18452.37,
      TransactionTime: '23:59:00',
    },
  ],
};

const BALANCES = {
  HasNoErrors: true,
  Errors: [],
  Points: [
    { Date: '2023-12-31', Balance: 24100 },
    { Date: '2024-12-31', Balance: 21000.5 },
    { Date: '2025-03-01', Balance: 18452.37 },
  ],
};
const REGULAR = {
  PayoffDate: '2028-05-02',
  TotalInterest: 1890.4,
  Payments: 39,
  Balances: [
    { Date: '2025-12-02', Balance: 13000 },
    { Date: '2028-05-02', Balance: 0 },
  ],
};
const WITH_EXTRA = {
  PayoffDate: '2027-08-02',
  TotalInterest: 1410.15,
  Payments: 30,
  Balances: [
    { Date: '2025-12-02', Balance: 11000 },
    { Date: '2027-08-02', Balance: 0 },
  ],
};

function renderLoan(
  options: { data?: AccountDataResponse; settings?: SettingValues; routes?: StubRoutes } = {},
) {
  return renderPortal({
    path: `/myaccount/loanDetails/${NUMBER}`,
    signedIn: true,
    settings: options.settings,
    routes: {
      'GET /api/AccountData': { body: options.data ?? accountData() },
      'GET /api/AccountHistory': { body: HISTORY },
      'GET /api/accountEStatements/GetStatementList': {
        body: { HasNoErrors: true, Errors: [], StatementList: [] },
      },
      'GET /api/Account/BalanceHistory': { body: BALANCES },
      'GET /api/Account/PayoffProjection': (request) => ({
        body:
          request.search.includes('extraPrincipal=0&') ||
          request.search.endsWith('extraPrincipal=0')
            ? { HasNoErrors: true, Errors: [], Regular: REGULAR, WithExtra: REGULAR }
            : { HasNoErrors: true, Errors: [], Regular: REGULAR, WithExtra: WITH_EXTRA },
      }),
      ...options.routes,
    },
  });
}

describe('the loan page', () => {
  it('shows the loan information, None for a missing date, the history and no axe violations', async () => {
    const { server } = renderLoan();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Loan Information' }),
    ).toBeVisible();
    const balance = screen.getByRole('region', { name: 'Loan balance' });
    expect(balance).toHaveTextContent('$18,452.37');
    expect(balance).toHaveTextContent('6.49%');
    const payments = screen.getByRole('region', { name: 'Payments' });
    expect(payments).toHaveTextContent('03/02/2025');
    expect(payments).toHaveTextContent('None');
    // Miscellaneous fees are the total fees less the late charges.
    expect(payments).toHaveTextContent('$10.00');
    expect(payments).toHaveTextContent('Days past due12');
    const history = await screen.findByRole('table', { name: 'Loan history' });
    expect(history).toHaveTextContent('Late charge assessed');
    expect(server.requestsTo('GET /api/AccountHistory')[0]?.search).toContain('days=30');
    await expectNoAxeViolations();
  });

  it.each([
    ['a card', { IsCard: true, LastFour: '4242' }, 'Card ending with 4242'],
    ['an account', { IsCard: false, LastFour: '3544' }, 'Account ending with 3544'],
  ])(
    'shows the default payment method, %s, among the payments while the option is on',
    async (_kind, method, shown) => {
      const data = accountData();
      const withDefault = {
        ...data,
        Information: {
          ...data.Information,
          PaymentInformation: {
            ...data.Information.PaymentInformation,
            DefaultPaymentMethod: method,
          },
        },
      };
      renderLoan({
        data: withDefault,
        settings: { 'paymentOptions.useDefaultPaymentMethodOption': 'true' },
      });
      const payments = await screen.findByRole('region', { name: 'Payments' });
      expect(payments).toHaveTextContent(`Default payment method${shown}`);
      await expectNoAxeViolations();
    },
  );

  it.each([
    ['the option is off', { IsCard: true, LastFour: '4242' }, 'false'],
    ['there is no default', null, 'true'],
  ])('shows no default payment method when %s', async (_case, method, option) => {
    const data = accountData();
    renderLoan({
      data: {
        ...data,
        Information: {
          ...data.Information,
          PaymentInformation: {
            ...data.Information.PaymentInformation,
            DefaultPaymentMethod: method,
          },
        },
      },
      settings: { 'paymentOptions.useDefaultPaymentMethodOption': option },
    });
    const payments = await screen.findByRole('region', { name: 'Payments' });
    expect(payments).toHaveTextContent('Total amount due');
    expect(payments).not.toHaveTextContent('Default payment method');
    expect(payments).not.toHaveTextContent('ending with');
  });

  it("shows a history line's time as the core recorded it, and no time for a line the core dates only", async () => {
    const payment = {
      ...HISTORY.List[0],
      TransactionDate: '2025-03-10T00:00:00',
      TransactionDescription: 'Payment received (card)',
      OtherAmount: 0,
      PrincipalAmount: 300,
      TotalPaymentAmount: 300,
      // The core posts a payment as of its date: its midnight means no time of day.
      TransactionTime: '00:00:00',
    };
    renderLoan({
      routes: {
        'GET /api/AccountHistory': { body: { ...HISTORY, List: [payment, ...HISTORY.List] } },
      },
    });
    const history = await screen.findByRole('table', { name: 'Loan history' });
    const timeOf = (description: string) => {
      const row = within(history).getByText(description).closest('tr');
      return row?.lastElementChild?.textContent;
    };
    // In the institution's zone (the settings' default, New York), named.
    expect(timeOf('Late charge assessed')).toBe('11:59 PM EST');
    expect(timeOf('Payment received (card)')).toBe('');
    expect(history).not.toHaveTextContent('00:00');
  });

  it('loads the chosen history range, All being the days since opening, and explains a refusal', async () => {
    const { user, server } = renderLoan({
      routes: {
        'GET /api/AccountHistory': (request) =>
          request.search.includes('days=90')
            ? {
                body: {
                  HasNoErrors: false,
                  Errors: [{ ErrorMessage: 'SecurityNotAllowed' }],
                  List: [],
                },
              }
            : { body: HISTORY },
      },
    });
    await screen.findByRole('table', { name: 'Loan history' });
    await user.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() =>
      expect(server.requestsTo('GET /api/AccountHistory').at(-1)?.search).toContain('days=1047'),
    );
    await user.click(screen.getByRole('button', { name: '90' }));
    expect(
      await screen.findByText('Unable to get account history due to security reasons.'),
    ).toBeVisible();
  });

  it('offers no history files for a loan whose history is refused, and says the refusal once', async () => {
    renderLoan({
      routes: {
        'GET /api/AccountHistory': {
          body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'SecurityNotAllowed' }], List: [] },
        },
        'GET /api/Account/BalanceHistory': {
          body: {
            HasNoErrors: false,
            Errors: [{ ErrorMessage: 'SecurityNotAllowed' }],
            Points: [],
          },
        },
      },
    });
    expect(
      await screen.findByText('Unable to get account history due to security reasons.'),
    ).toBeVisible();
    await waitFor(() =>
      expect(
        screen.getAllByRole('alert').filter((alert) => /account history/i.test(alert.textContent)),
      ).toHaveLength(1),
    );
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download PDF' })).toBeNull();
  });

  it('says a past-due loan plainly at the top: how late, what brings it current, what the amount due is made of, Make Payment first', async () => {
    renderLoan();
    const hero = await screen.findByRole('region', { name: 'Amount due' });
    expect(hero).toHaveTextContent('Payment past due');
    expect(hero).toHaveTextContent(
      'Auto Loan ****2341 is 12 days past due. Pay $461.60 to bring it current (due since 03/02/2025).',
    );
    expect(hero).toHaveTextContent('$978.20');
    const breakdown = within(hero).getByRole('region', { name: 'What makes up the amount due' });
    const lines = within(breakdown)
      .getAllByRole('term')
      .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);
    expect(lines).toEqual([
      'Missed installments (1) $461.60',
      'Late charges and fees $35.00',
      'Other fees $10.00',
      'Current installment $471.60',
      'Total amount due $978.20',
      'To bring the loan current $461.60',
    ]);
    // Make Payment is in the hero, before the facts and the mailing address.
    const pay = within(hero).getByRole('link', { name: 'Make Payment' });
    const address = screen.getByRole('region', { name: 'Mailing address' });
    expect(pay.compareDocumentPosition(address) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await expectNoAxeViolations(document.body);
  });

  it("names the loan in the past-due notice as every screen does (domain loanName), whatever the core's padding", async () => {
    // Cores pad their fixed-width description fields; a loan without one is named by its number.
    const { unmount } = renderLoan({ data: accountData({ Description: 'Auto Loan    ' }) });
    const notice = await screen.findByText(/past due\. Pay/);
    expect(notice.textContent).toContain('Payment past dueAuto Loan ****2341 is 12 days past due.');
    unmount();
    renderLoan({ data: accountData({ Description: '   ' }) });
    expect((await screen.findByText(/past due\. Pay/)).textContent).toContain(
      'Payment past due****2341 is 12 days past due.',
    );
  });

  it('shows a current loan its amount due and due date without a past-due notice', async () => {
    renderLoan({
      data: accountData({
        DaysPastDue: 0,
        LateChargesDue: 0,
        TotalLoanFees: 0,
        PaymentInformation: {
          TotalAmountDue: 471.6,
          RecurringPayment: null,
          DefaultPaymentMethod: null,
          ScheduledPayments: [],
        },
      }),
    });
    const hero = await screen.findByRole('region', { name: 'Amount due' });
    expect(hero).toHaveTextContent('$471.60');
    expect(hero).toHaveTextContent('03/02/2025');
    expect(hero).not.toHaveTextContent('past due');
    expect(within(hero).queryByRole('region', { name: 'What makes up the amount due' })).toBeNull();
  });

  it('says first that a payment was refunded, with its date, and lists it Refunded among the recent payments', async () => {
    const refunded = {
      EncryptedString: 'recent-refunded-1',
      PaymentDate: '2025-02-24',
      PaymentAmount: 88.25,
      TowardAmountDue: 88.25,
      IsCard: true,
      AccountNumber: '4242',
      Status: 'refunded' as const,
    };
    renderLoan({
      routes: {
        [PAYMENT_INFO_ROUTE]: { body: paymentInfoFixture({ RecentPayments: [refunded] }) },
      },
    });
    const notice = await screen.findByText(
      /^Your card payment of \$88\.25 on 02\/24\/2025 with the card ending in 4242 was refunded to you\./,
    );
    // Above the amount due: what it paid is owed again.
    const hero = screen.getByRole('region', { name: 'Amount due' });
    expect(notice.compareDocumentPosition(hero) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(notice.closest('[role="alert"]')).not.toBeNull();
    const recent = await screen.findByRole('table', { name: 'Recent Payments' });
    expect(within(recent).getByText('Refunded')).toBeVisible();
    await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
    await expectNoAxeViolations();
  });

  describe('with a payment processing (paid, not yet credited)', () => {
    // Wire dollars, as the server answers.
    const recent = (overrides: Partial<RecentPaymentInfo>): RecentPaymentInfo => ({
      EncryptedString: 'recent-processing-1',
      PaymentDate: '2026-12-01',
      PaymentAmount: 250,
      IsCard: false,
      AccountNumber: '6789',
      Status: 'settling',
      ...overrides,
      // The payment alone (no fees or additional principal) unless a test says otherwise.
      TowardAmountDue: overrides.TowardAmountDue ?? overrides.PaymentAmount ?? 250,
    });
    const withRecent = (payments: RecentPaymentInfo[]) => ({
      [PAYMENT_INFO_ROUTE]: { body: paymentInfoFixture({ RecentPayments: payments }) },
    });

    it('says first in the hero that it is processing, and what is left to pay beside the amount due', async () => {
      // Amount due $978.20 (past due), a bank payment of $250.00 processing.
      renderLoan({ routes: withRecent([recent({})]) });
      const notice = await screen.findByText(
        'Your payment of $250.00 made 12/01/2026 is processing. It will be credited to your loan as of its payment date.',
      );
      const hero = screen.getByRole('region', { name: 'Amount due' });
      expect(hero).toContainElement(notice);
      // Information, not an alarm: no live region; before the amount due and the past-due notice.
      expect(notice.closest('[role="alert"]')).toBeNull();
      expect(notice.closest('[role="note"]')).toHaveClass('MuiAlert-colorInfo');
      const amountDue = within(hero).getByText('Amount due');
      expect(
        notice.compareDocumentPosition(amountDue) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
      const pastDue = within(hero).getByText(/is 12 days past due/);
      expect(
        notice.compareDocumentPosition(pastDue) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
      // Beside the amount due, not instead of it: $978.20 less $250.00.
      const terms = within(hero)
        .getAllByRole('term')
        .slice(0, 3)
        .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);
      expect(terms).toEqual([
        'Amount due $978.20',
        'Left to pay after processing payments $728.20',
        'Due date 03/02/2025',
      ]);
      // Something is still left: Make Payment still leads.
      const pay = within(hero).getByRole('link', { name: 'Make Payment' });
      expect(pay).toHaveClass('MuiButton-contained', 'MuiButton-colorError');
      await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
      await expectNoAxeViolations();
    });

    it('keeps Make Payment, outlined, when the processing payments leave nothing to pay', async () => {
      // Two settling payments cover $978.20; one under review is not counted (nor said).
      const { server } = renderLoan({
        routes: withRecent([
          recent({ PaymentAmount: 500 }),
          recent({
            EncryptedString: 'recent-settling-2',
            PaymentDate: '2026-11-28',
            PaymentAmount: 500,
          }),
          recent({
            EncryptedString: 'recent-review-1',
            PaymentDate: '2026-11-27',
            PaymentAmount: 900,
            Status: 'needsReview',
          }),
          recent({ EncryptedString: 'recent-posted-1', PaymentAmount: 100, Status: 'posted' }),
        ]),
      });
      const hero = await screen.findByRole('region', { name: 'Amount due' });
      expect(
        await within(hero).findByText(
          'Your payment of $500.00 made 11/28/2026 is processing. It will be credited to your loan as of its payment date.',
        ),
      ).toBeVisible();
      expect(within(hero).getAllByText(/is processing\./)).toHaveLength(2);
      // Never below $0.00.
      expect(hero).toHaveTextContent('Left to pay after processing payments$0.00');
      const pay = within(hero).getByRole('link', { name: 'Make Payment' });
      expect(pay).toHaveClass('MuiButton-outlined', 'MuiButton-colorPrimary');
      expect(pay).not.toHaveClass('MuiButton-contained');
      expect(pay).toHaveAttribute('href', `#/myaccount/payment/${NUMBER}`);
      // The hero reads the payment info the page's lists load: no request of its own.
      await screen.findByRole('table', { name: 'Recent Payments' });
      expect(server.requestsTo(PAYMENT_INFO_ROUTE)).toHaveLength(1);
    });

    it('counts a scheduled payment settling in the scheduled list (a bank payment waiting for its file)', async () => {
      renderLoan({
        routes: {
          [PAYMENT_INFO_ROUTE]: {
            body: paymentInfoFixture({
              ScheduledPayments: [
                scheduledPaymentFixture({
                  EncryptedString: 'scheduled-settling-1',
                  PaymentDate: '2026-12-01T00:00:00',
                  PaymentAmount: 300,
                  CanDelete: false,
                  HasBeenPosted: true,
                  Status: 'settling',
                }),
                // Still waiting for its date: not processing, not taken off.
                scheduledPaymentFixture({ PaymentDate: '2026-12-20T00:00:00', PaymentAmount: 100 }),
              ],
              RecentPayments: [recent({ PaymentDate: '2026-11-30', PaymentAmount: 200 })],
            }),
          },
        },
      });
      const hero = await screen.findByRole('region', { name: 'Amount due' });
      const notices = await within(hero).findAllByText(/is processing\./);
      // Newest first, whichever list holds it.
      expect(notices.map((notice) => notice.textContent)).toEqual([
        'Your payment of $300.00 made 12/01/2026 is processing. It will be credited to your loan as of its payment date.',
        'Your payment of $200.00 made 11/30/2026 is processing. It will be credited to your loan as of its payment date.',
      ]);
      // $978.20 less $300.00 and $200.00.
      expect(hero).toHaveTextContent('Left to pay after processing payments$478.20');
    });

    it('words the notice as the institution does, and has no axe violations in the dark scheme', async () => {
      renderLoan({
        routes: withRecent([recent({ PaymentAmount: 978.2 })]),
        settings: {
          'themeOptions.colorScheme': 'dark',
          'accountSummaryTexts.processingPaymentNoticeText': 'We have your {amount} of {date}.',
          'accountSummaryTexts.processingLeftToPayLabel': 'Still to pay',
        },
      });
      const hero = await screen.findByRole('region', { name: 'Amount due' });
      expect(await within(hero).findByText('We have your $978.20 of 12/01/2026.')).toBeVisible();
      expect(hero).toHaveTextContent('Still to pay$0.00');
      await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
      await expectNoAxeViolations();
    });

    it('changes nothing without a processing payment', async () => {
      renderLoan({
        routes: withRecent([
          recent({ Status: 'posted' }),
          recent({ EncryptedString: 'recent-failed-1', Status: 'failed' }),
        ]),
      });
      await screen.findByRole('table', { name: 'Recent Payments' });
      const hero = screen.getByRole('region', { name: 'Amount due' });
      expect(hero).not.toHaveTextContent('processing');
      expect(hero).not.toHaveTextContent('Left to pay');
      expect(within(hero).getByRole('link', { name: 'Make Payment' })).toHaveClass(
        'MuiButton-contained',
        'MuiButton-colorError',
      );
    });
  });

  it('starts the history at All, the days since opening, when that is the configured range', async () => {
    const { server } = renderLoan({
      settings: { 'loanDetailsOptions.defaultHistoryRange': 'All' },
    });
    await screen.findByRole('table', { name: 'Loan history' });
    expect(server.requestsTo('GET /api/AccountHistory')[0]?.search).toContain('days=1047');
  });

  it('keeps All apart from 60 for a loan opened 60 days ago', async () => {
    const data = accountData();
    const { user } = renderLoan({
      data: { ...data, Information: { ...data.Information, DaysSinceOpened: 60 } },
    });
    await screen.findByRole('table', { name: 'Loan history' });
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '60' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('saves the address, showing ZipCityNoMatch in the specs’ words, and Cancel restores it', async () => {
    let attempts = 0;
    const { user, server } = renderLoan({
      routes: {
        'POST /api/Account/UpdateAddress': () => {
          attempts += 1;
          return attempts === 1
            ? {
                body: {
                  HasNoErrors: false,
                  Errors: [{ ErrorMessage: 'ZipCityNoMatch' }],
                  Address: null,
                },
              }
            : { body: { HasNoErrors: true, Errors: [], Address: null } };
        },
      },
    });
    // The address shows as text; its form opens behind "Change mailing address".
    const address = await screen.findByRole('region', { name: 'Mailing address' });
    expect(within(address).getByText(/201 Commercial Street/)).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Mailing address' })).toBeNull();
    await user.click(within(address).getByRole('button', { name: 'Change mailing address' }));
    let form = await screen.findByRole('form', { name: 'Mailing address' });
    expect(within(form).getByLabelText('Address')).toHaveFocus();
    let city = within(form).getByLabelText('City');
    await user.clear(city);
    await user.type(city, 'Denver<>');
    expect(city).toHaveValue('Denver');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    // A city outside the ZIP code marks the City field, with the specs' words, keeping it typed.
    expect(
      await within(form).findByText('City is not found within the specified zip code.'),
    ).toBeVisible();
    expect(city).toHaveAttribute('aria-invalid', 'true');
    expect(city).toHaveAccessibleDescription('City is not found within the specified zip code.');
    expect(city).toHaveValue('Denver');
    expect(city).toHaveFocus();
    expect(server.requestsTo('POST /api/Account/UpdateAddress')[0]?.body).toEqual({
      AccountNumber: NUMBER,
      Address: { Address1: '201 Commercial Street', City: 'Denver', State: 'ME', ZipCode: '04101' },
    });
    // Cancel closes the form, focus back on its button; reopened, it holds the saved address.
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    const change = within(address).getByRole('button', { name: 'Change mailing address' });
    await waitFor(() => expect(change).toHaveFocus());
    await user.click(change);
    form = await screen.findByRole('form', { name: 'Mailing address' });
    city = within(form).getByLabelText('City');
    expect(city).toHaveValue('Portland');

    const zip = within(form).getByLabelText('Zip Code');
    await user.clear(zip);
    await user.type(zip, '0410');
    await user.tab();
    expect(await within(form).findByText('Zip code must be 5 digits')).toBeVisible();
    // Save waits for a valid form.
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(zip, '6');
    await user.clear(city);
    await user.type(city, '  South Portland ');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('img', { name: 'Saved' })).toBeVisible();
    // Sent and shown as the server keeps it: trimmed.
    expect(server.requestsTo('POST /api/Account/UpdateAddress').at(-1)?.body).toMatchObject({
      Address: { City: 'South Portland', ZipCode: '04106' },
    });
    expect(city).toHaveValue('South Portland');
  });

  it('lists the recurring and scheduled payments a refused payment info still carries', async () => {
    renderLoan({
      routes: {
        [PAYMENT_INFO_ROUTE]: {
          body: {
            HasNoErrors: false,
            Errors: [{ ErrorMessage: 'BlockedOnPendingRecurring' }],
            ScheduledPayments: [scheduledPaymentFixture()],
            RecurringPayment: recurringPaymentFixture(),
          },
        },
      },
    });
    // The lists' code loads when there is something to list (a lazy chunk): wait for it, as
    // long as a busy machine may take to load it.
    const recurring = await screen.findByRole(
      'region',
      { name: 'Recurring Payment' },
      { timeout: 15_000 },
    );
    expect(
      within(recurring).getByRole('button', { name: 'Delete recurring payment' }),
    ).toBeVisible();
    const scheduled = await screen.findByRole(
      'region',
      { name: 'Scheduled Payments' },
      { timeout: 15_000 },
    );
    expect(within(scheduled).getByRole('table', { name: 'Scheduled Payments' })).toBeVisible();
  });

  it.each([
    ['shows', 'false'],
    ['hides', 'true'],
  ])('%s each section its hide option names', async (_verb, hidden) => {
    const { server } = renderLoan({
      routes: {
        [PAYMENT_INFO_ROUTE]: {
          body: paymentInfoFixture({
            RecurringPayment: recurringPaymentFixture(),
            ScheduledPayments: [scheduledPaymentFixture()],
          }),
        },
      },
      settings: {
        'globalOptions.useFileServicesOption': 'true',
        ...Object.fromEntries(
          [
            'hidePersonalAddressSectionOption',
            'hideFinancialSectionOption',
            'hideHistoryPaymentSectionOption',
            'hideRecurringPaymentsOption',
            'hideScheduledPaymentsOption',
            'hideLoanHistoryOption',
            'hideEStatementsOption',
            'hideAccountDocumentsOption',
            'hideAlertPreferencesOption',
          ].map((option) => [`loanDetailsOptions.${option}`, hidden]),
        ),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Loan Information' });
    if (hidden === 'false') await screen.findByRole('region', { name: 'Scheduled Payments' });
    // Asked for once, also with both lists hidden: a payment the bank sent back is said first
    // whatever the page hides (issue 24, ReturnedPaymentsNotice); the lists share the answer.
    await waitFor(() => expect(server.requestsTo(PAYMENT_INFO_ROUTE)).toHaveLength(1));
    // The later parts render a paint or two after the first (lib/after-paint.ts).
    await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
    const regions = [
      'Loan balance',
      'Payments',
      'Recurring Payment',
      'Scheduled Payments',
      'History',
      'E-Statements',
      'Documents',
      'Alert Preferences',
      'Mailing address',
    ];
    for (const name of regions) {
      expect(screen.queryAllByRole('region', { name }), name).toHaveLength(
        hidden === 'true' ? 0 : 1,
      );
    }
  });

  it('shows the recurring payment as a table and the scheduled payments, from the payment info', async () => {
    let deleted = false;
    const { user, server } = renderLoan({
      routes: {
        [PAYMENT_INFO_ROUTE]: () => ({
          body: paymentInfoFixture({
            RecurringPayment: recurringPaymentFixture({
              RecurringOption: 'DayOfMonth',
              Date: '2026-12-02',
            }),
            ScheduledPayments: deleted ? [] : [scheduledPaymentFixture({ IsCard: true })],
          }),
        }),
        'POST /api/PaymentScheduled/DeleteCard': () => {
          deleted = true;
          return { body: { HasNoErrors: true, Errors: [], Token: '' } };
        },
      },
    });
    const recurring = await screen.findByRole('region', { name: 'Recurring Payment' });
    const table = within(recurring).getByRole('table', { name: 'Recurring Payment' });
    expect(within(table).getByRole('rowheader')).toHaveTextContent('Monthly on the 2nd');
    expect(table).toHaveTextContent('$471.60');
    expect(table).toHaveTextContent('Account Ending In');
    expect(
      within(recurring).getByRole('button', { name: 'Delete recurring payment' }),
    ).toBeVisible();
    expect(server.requestsTo(PAYMENT_INFO_ROUTE)[0]?.search).toBe(`?accountNumber=${NUMBER}`);

    const scheduled = screen.getByRole('region', { name: 'Scheduled Payments' });
    expect(within(scheduled).getByRole('img', { name: 'Card' })).toBeVisible();
    await expectNoAxeViolations();
    await user.click(
      within(scheduled).getByRole('button', {
        name: 'Delete the scheduled payment of $100.00 on 12/15/2026',
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Are you sure you want to delete this scheduled payment?',
    });
    await expectNoAxeViolations(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    // While the dialog is open the page behind it is hidden from the accessibility tree, so the
    // list's absence counts only once the dialog has closed.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Scheduled Payments' })).toBeNull(),
    );
    expect(server.requestsTo('POST /api/PaymentScheduled/DeleteCard')[0]?.body).toEqual({
      Token: '',
      Payment: { EncryptedString: 'scheduled-handle-1', LoanAccountNumber: NUMBER },
    });
    expect(screen.getByRole('region', { name: 'Recurring Payment' })).toBeVisible();
  }, 60_000);

  it('keeps the loan page when its payment info cannot be loaded, without the payment lists', async () => {
    const { server } = renderLoan({
      routes: {
        [PAYMENT_INFO_ROUTE]: {
          status: 503,
          body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'NiteMode' }] },
        },
      },
    });
    await screen.findByRole('table', { name: 'Loan history' });
    await waitFor(() => expect(server.requestsTo(PAYMENT_INFO_ROUTE)).toHaveLength(1));
    expect(screen.getByRole('heading', { level: 1, name: 'Loan Information' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Recurring Payment' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Scheduled Payments' })).toBeNull();
    expect(window.location.hash).toBe(`#/myaccount/loanDetails/${NUMBER}`);
  });

  it('says the recurring payment was deleted once it is gone from the loan page', async () => {
    let deleted = false;
    const { user, server } = renderLoan({
      routes: {
        [PAYMENT_INFO_ROUTE]: () => ({
          body: paymentInfoFixture({
            RecurringPayment: deleted ? null : recurringPaymentFixture(),
          }),
        }),
        'POST /api/PaymentRecurring/DeleteAch': () => {
          deleted = true;
          return { body: { HasNoErrors: true, Errors: [], Token: '' } };
        },
      },
    });
    const recurring = await screen.findByRole('region', { name: 'Recurring Payment' });
    await user.click(within(recurring).getByRole('button', { name: 'Delete recurring payment' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Are you sure you want to delete your recurring payment?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Recurring Payment' })).toBeNull(),
    );
    expect(server.requestsTo('POST /api/PaymentRecurring/DeleteAch')).toHaveLength(1);
    // The box's note, announced (role status) and focused now that the delete button is gone.
    const note = screen
      .getAllByRole('status')
      .find((status) => status.textContent === 'Your recurring payment has been deleted.');
    expect(note).toBeVisible();
    expect(note).toHaveFocus();
  }, 60_000);

  it('shows the recurring payment blocked from deletion when the payment info says so', async () => {
    renderLoan({
      routes: {
        [PAYMENT_INFO_ROUTE]: {
          body: paymentInfoFixture({
            RecurringPayment: recurringPaymentFixture({ CanDelete: false }),
          }),
        },
      },
    });
    const recurring = await screen.findByRole('region', { name: 'Recurring Payment' });
    expect(recurring).toHaveTextContent('Cannot delete recurring payment.');
    expect(within(recurring).queryByRole('button')).toBeNull();
  });

  it('makes a closed loan read-only, without alerts or e-statements', async () => {
    renderLoan({ data: accountData({ Comment: 'CLOSED', PrincipalBalance: 0 }) });
    // The address reads as text, with nothing to change it.
    const address = await screen.findByRole('region', { name: 'Mailing address' });
    expect(within(address).getByText(/201 Commercial Street/)).toBeVisible();
    expect(within(address).queryByRole('button', { name: 'Change mailing address' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Mailing address' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Alert Preferences' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'E-Statements' })).toBeNull();
    expect(
      within(screen.getByRole('main')).queryByRole('link', { name: 'Make Payment' }),
    ).toBeNull();
  });

  it('disables the Text alert while no phone is opted in to texting, and enables it once one is', async () => {
    const texting = { 'notificationOptions.allowTextMessagesOption': 'true' } as const;
    const profileWithPhone = (optedIn: boolean) => ({
      body: {
        ...profileBody(),
        UserInfo: {
          ...profileBody().UserInfo,
          PendingEmailAddress: '',
          EmailIsVerified: true,
          SecretQuestion: '',
          BiometricsEnabled: false,
        },
        PersonalInfo: {
          Address: null,
          PhoneNumbers: [{ PhoneNumber: '2075550134', OptInToTexting: optedIn, Primary: true }],
        },
        UserAlertsInfo: null,
        Documents: null,
      },
    });
    const first = renderLoan({
      settings: texting,
      routes: { 'GET /api/Profile': profileWithPhone(false) },
    });
    const alerts = await screen.findByRole('region', { name: 'Alert Preferences' });
    expect(within(alerts).getByLabelText('Loan is delinquent (text)')).toBeDisabled();
    expect(within(alerts).getByText('There is no phone number listed for texting.')).toBeVisible();
    first.unmount();

    renderLoan({ settings: texting, routes: { 'GET /api/Profile': profileWithPhone(true) } });
    const enabled = await screen.findByRole('region', { name: 'Alert Preferences' });
    await waitFor(() =>
      expect(within(enabled).getByLabelText('Loan is delinquent (text)')).toBeEnabled(),
    );
  });

  it('shows Save and Reset for alerts only with changes, defaulting the due-date days to 15', async () => {
    const { user, server } = renderLoan({
      routes: { 'POST /api/AccountAlerts': { body: { HasNoErrors: true, Errors: [] } } },
    });
    await screen.findByRole('heading', { name: 'Alert Preferences' });
    const alerts = screen.getByRole('region', { name: 'Alert Preferences' });
    expect(within(alerts).queryByRole('button', { name: 'Save' })).toBeNull();
    // Text alerts only with the text-messages option.
    expect(within(alerts).queryByLabelText('Loan is delinquent (text)')).toBeNull();
    await user.click(within(alerts).getByLabelText('Due date reminder 1 (e-mail)'));
    const first = within(alerts).getByRole('group', { name: 'Due date reminder 1' });
    expect(within(first).getByLabelText('Days (reminder 1)')).toHaveValue('15');
    expect(within(first).getByLabelText('Before')).toBeChecked();
    await user.click(within(alerts).getByRole('button', { name: 'Reset' }));
    expect(within(alerts).getByLabelText('Due date reminder 1 (e-mail)')).not.toBeChecked();
    // Each reminder has its own days (3 digits for 1 and 2, 20 for 3 and 4) and its own choice.
    const fourth = within(alerts).getByRole('group', { name: 'Due date reminder 4' });
    await user.click(within(fourth).getByLabelText('Due date reminder 4 (e-mail)'));
    // A reminder that is on needs its days: Save marks the field and sends nothing.
    await user.click(within(alerts).getByRole('button', { name: 'Save' }));
    expect(within(fourth).getByLabelText('Days (reminder 4)')).toHaveFocus();
    expect(within(fourth).getByLabelText('Days (reminder 4)')).toHaveAccessibleDescription(
      'Enter Days Before or After',
    );
    expect(server.requestsTo('POST /api/AccountAlerts')).toHaveLength(0);
    await user.type(within(fourth).getByLabelText('Days (reminder 4)'), '1234');
    await user.click(within(fourth).getByLabelText('After'));
    const second = within(alerts).getByRole('group', { name: 'Due date reminder 2' });
    await user.type(within(second).getByLabelText('Days (reminder 2)'), '1234');
    expect(within(second).getByLabelText('Days (reminder 2)')).toHaveValue('123');
    await user.click(within(alerts).getByLabelText('Loan is delinquent (e-mail)'));
    await user.click(within(alerts).getByRole('button', { name: 'Save' }));
    expect(await within(alerts).findByRole('img', { name: 'Saved' })).toBeVisible();
    expect(server.requestsTo('POST /api/AccountAlerts')[0]?.body).toMatchObject({
      AccountNumber: NUMBER,
      EmailAlerts: {
        AlertLoanDelinquent: true,
        AlertLoanDueDate4: true,
        AlertLoanDueDate4Days: '1234',
        AlertLoanDueDate4Before: false,
        AlertLoanDueDate2Days: '123',
        AlertLoanDueDate1Days: '',
      },
    });
  });

  it('asks before leaving with unsaved alert changes: No stays on the loan, Yes leaves', async () => {
    const { user } = renderLoan();
    const alerts = await screen.findByRole('region', { name: 'Alert Preferences' });
    await user.click(within(alerts).getByLabelText('Loan is delinquent (e-mail)'));
    const question = 'There are unsaved changes on the page, are you sure you want to continue?';
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    const dialog = await screen.findByRole('dialog', { name: question });
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.location.hash).toBe(`#/myaccount/loanDetails/${NUMBER}`);
    expect(within(alerts).getByLabelText('Loan is delinquent (e-mail)')).toBeChecked();
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: question })).getByRole('button', {
        name: 'Yes',
      }),
    );
    await waitFor(() => expect(window.location.hash).toBe('#/myaccount/dashboard'));
  });

  it('saves the statement alerts from the e-statements section at once, the other alerts as saved', async () => {
    const { user, server } = renderLoan({
      routes: { 'POST /api/AccountAlerts': { body: { HasNoErrors: true, Errors: [] } } },
    });
    const section = await screen.findByRole('region', { name: 'E-Statements' });
    const alerts = screen.getByRole('region', { name: 'Alert Preferences' });
    expect(within(alerts).queryByLabelText(/E-statement is ready/)).toBeNull();
    // An unsaved change in the alert preferences is not sent with the statement alert.
    await user.click(within(alerts).getByLabelText('Loan is delinquent (e-mail)'));
    await user.click(within(section).getByLabelText('E-statement is ready (e-mail)'));
    await waitFor(() =>
      expect(server.requestsTo('POST /api/AccountAlerts')[0]?.body).toMatchObject({
        AccountNumber: NUMBER,
        TextAlerts: { EstatementAlert: false, AlertLoanDelinquent: false },
        EmailAlerts: { EstatementAlert: true, AlertLoanDelinquent: false },
      }),
    );
    // Without the text-messages option there is no text statement alert.
    expect(within(section).queryByLabelText('E-statement is ready (text)')).toBeNull();
  });

  it('asks before withdrawing from e-statements and saves PaperOnly on yes', async () => {
    const { user, server } = renderLoan({
      routes: {
        'POST /api/AccountEStatements/SetStatementFormat': {
          body: { HasNoErrors: true, Errors: [] },
        },
      },
    });
    const toggle = await screen.findByRole('switch', { name: 'Receive statements electronically' });
    await user.click(toggle);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to stop receiving e-statements?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.requestsTo('POST /api/AccountEStatements/SetStatementFormat')).toHaveLength(0);
    await user.click(toggle);
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }),
    );
    await waitFor(() =>
      expect(server.requestsTo('POST /api/AccountEStatements/SetStatementFormat')[0]?.body).toEqual(
        {
          AccountNumber: NUMBER,
          AccountType: 0,
          Format: 'PaperOnly',
        },
      ),
    );
  });

  it('keeps paper statements for a user without an e-mail address, saying why', async () => {
    const { server } = renderLoan({
      data: { ...accountData(), StatementFormat: 'PaperOnly', EStatementAgreements: [ESIGN] },
      routes: {
        'GET /api/Profile': {
          body: { ...profileBody(), UserInfo: { ...profileBody().UserInfo, EmailAddress: '' } },
        },
      },
    });
    const toggle = await screen.findByRole('switch', { name: 'Receive statements electronically' });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription(
      /Please add an email address to your profile to receive e-statements\./,
    );
    expect(server.requestsTo('POST /api/AccountEStatements/SetStatementFormat')).toHaveLength(0);
  });

  it('going paperless shows the agreement to accept, records it, then saves ElectronicOnly', async () => {
    const { user, server } = renderLoan({
      data: { ...accountData(), StatementFormat: 'PaperOnly', EStatementAgreements: [ESIGN] },
      routes: {
        'POST /api/AgreementLogging': { body: { HasNoErrors: true, Errors: [] } },
        'POST /api/AccountEStatements/SetStatementFormat': {
          body: { HasNoErrors: true, Errors: [] },
        },
      },
    });
    const toggle = await screen.findByRole('switch', { name: 'Receive statements electronically' });
    await user.click(toggle);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('link', { name: 'E-Sign Disclosure' })).toHaveAttribute(
      'href',
      'https://harbor.example/esign.pdf',
    );
    await expectNoAxeViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.requestsTo('POST /api/AgreementLogging')).toHaveLength(0);
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Agree' }),
    );
    await waitFor(() =>
      expect(server.requestsTo('POST /api/AccountEStatements/SetStatementFormat')[0]?.body).toEqual(
        { AccountNumber: NUMBER, AccountType: 0, Format: 'ElectronicOnly' },
      ),
    );
    expect(server.requestsTo('POST /api/AgreementLogging')[0]?.body).toMatchObject({
      Agreements: [11338],
      TurnEStatementsOn: true,
    });
  });

  it.each([
    ['asks for consent first when the consent option is on', 'true'],
    ['goes paperless at once without consent option or agreements', 'false'],
  ])('%s', async (_title, consent) => {
    const { user, server } = renderLoan({
      data: { ...accountData(), StatementFormat: 'PaperOnly' },
      settings: {
        'eStatementOptions.useEStatementConsentConfirmationOption': consent,
        'eStatementTexts.consentRichText': '<p>I agree to receive my statements online.</p>',
      },
      routes: {
        'POST /api/AccountEStatements/SetStatementFormat': {
          body: { HasNoErrors: true, Errors: [] },
        },
      },
    });
    const toggle = await screen.findByRole('switch', { name: 'Receive statements electronically' });
    const listLoads = server.requestsTo('GET /api/accountList').length;
    await user.click(toggle);
    if (consent === 'true') {
      const dialog = await screen.findByRole('dialog');
      expect(
        await within(dialog).findByText('I agree to receive my statements online.'),
      ).toBeVisible();
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(toggle).not.toBeChecked();
      expect(server.requestsTo('POST /api/AccountEStatements/SetStatementFormat')).toHaveLength(0);
      await user.click(toggle);
      await user.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: 'Agree' }),
      );
    } else {
      expect(screen.queryByRole('dialog')).toBeNull();
    }
    await waitFor(() =>
      expect(server.requestsTo('POST /api/AccountEStatements/SetStatementFormat')[0]?.body).toEqual(
        { AccountNumber: NUMBER, AccountType: 0, Format: 'ElectronicOnly' },
      ),
    );
    // No agreement was outstanding, so none was recorded.
    expect(server.requestsTo('POST /api/AgreementLogging')).toHaveLength(0);
    // The account list (the dashboard's statement column) is loaded again.
    await waitFor(() =>
      expect(server.requestsTo('GET /api/accountList').length).toBeGreaterThan(listLoads),
    );
  });

  it('does not go paperless when the agreement cannot be recorded, and says so', async () => {
    const { user, server } = renderLoan({
      data: { ...accountData(), StatementFormat: 'PaperOnly', EStatementAgreements: [ESIGN] },
      routes: {
        'POST /api/AgreementLogging': {
          status: 403,
          body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'AgreementRecordingError' }] },
        },
      },
    });
    await user.click(
      await screen.findByRole('switch', { name: 'Receive statements electronically' }),
    );
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Agree' }),
    );
    expect(await screen.findByText('There was an error updating the agreement.')).toBeVisible();
    expect(server.requestsTo('POST /api/AccountEStatements/SetStatementFormat')).toHaveLength(0);
  });

  it('shows the agreement-updated notice while paperless and records the new version on Agree', async () => {
    const { user, server } = renderLoan({
      data: { ...accountData(), EStatementAgreements: [ESIGN] },
      routes: { 'POST /api/AgreementLogging': { body: { HasNoErrors: true, Errors: [] } } },
    });
    const notice = await screen.findByText(/Our e-statement agreement has been updated/);
    expect(notice).toBeVisible();
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: 'Agree' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Agree' }),
    );
    await waitFor(() =>
      expect(server.requestsTo('POST /api/AgreementLogging')[0]?.body).toMatchObject({
        Agreements: [11338],
      }),
    );
    expect(server.requestsTo('POST /api/AccountEStatements/SetStatementFormat')).toHaveLength(0);
  });

  it('refuses a past payoff date and shows the quote of a future one, kept per date', async () => {
    const { user, server } = renderLoan({
      routes: {
        'GET /api/PaymentInformation/GetPayOffQuote': {
          body: { HasNoErrors: true, Errors: [], PayOffQuoteAmount: 19012.45 },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Payoff Quote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payoff Quote' });
    const date = within(dialog).getByLabelText('Payoff date');
    await user.clear(date);
    await user.type(date, '2020-01-01');
    expect(
      within(dialog).getByText('Error Choosing Date. Please Choose a future date'),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Get Quote' })).toBeDisabled();
    // Beyond 90 days is refused with its own reason.
    await user.clear(date);
    await user.type(date, '2099-01-15');
    expect(within(dialog).getByText('Choose a date within 90 days of today.')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Get Quote' })).toBeDisabled();
    const soon = addDays(calendarDateIn('America/New_York', new Date()), 10);
    await user.clear(date);
    await user.type(date, soon);
    await user.click(within(dialog).getByRole('button', { name: 'Get Quote' }));
    expect(
      await within(dialog).findByText(
        `Your payoff amount as of ${formatUsDate(soon)} is $19,012.45.`,
      ),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Download Breakdown' })).toBeVisible();
    await expectNoAxeViolations();
    // The same date again answers from the quote kept for it.
    await user.click(within(dialog).getByRole('button', { name: 'Get Quote' }));
    expect(server.requestsTo('GET /api/PaymentInformation/GetPayOffQuote')).toHaveLength(1);
  });

  it("starts the payoff quote at the server's today, not the device's", async () => {
    // The server's day (GetPaymentInfo's PaymentDate) is a week from the device's.
    const serverToday = addDays(calendarDateIn('America/New_York', new Date()), 7);
    const { user } = renderLoan({
      routes: {
        [PAYMENT_INFO_ROUTE]: {
          body: paymentInfoFixture({
            PaymentDetails: {
              ...paymentInfoFixture().PaymentDetails,
              PaymentDate: serverToday,
            },
          }),
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Payoff Quote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payoff Quote' });
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Payoff date')).toHaveValue(serverToday),
    );
    expect(within(dialog).getByRole('button', { name: 'Get Quote' })).toBeEnabled();
  });

  it('lists insurance with its coverage, and hides the account after confirmation', async () => {
    const { user } = renderLoan({
      settings: { 'loanDetailsOptions.useInsuranceInformationOption': 'true' },
      routes: {
        'POST /api/Insurance/GetInsuranceInformation': {
          body: {
            HasNoErrors: true,
            Errors: [],
            Insurances: [{ Type: 'Credit Life', IsIndividual: 2, Premium: 18.42 }],
          },
        },
        'POST /api/Account/ShowHideAccount': { body: { HasNoErrors: true, Errors: [] } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Insurance' }));
    const insurance = await screen.findByRole('dialog', { name: 'Insurance Information' });
    expect(await within(insurance).findByText('Joint')).toBeVisible();
    expect(insurance).toHaveTextContent('$18.42');
    await expectNoAxeViolations();
    await user.click(within(insurance).getByRole('button'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Hide Account' }));
    const hide = await screen.findByRole('dialog', { name: 'Hide Account' });
    await user.click(within(hide).getByRole('button', { name: 'Confirm' }));
    expect(
      await within(hide).findByText(
        'Success. To view account again, please contact your financial institution.',
      ),
    ).toBeVisible();
  });

  it("words the insurance and hide-account buttons, dialogs and facts in the institution's settings", async () => {
    const { user } = renderLoan({
      settings: {
        'loanDetailsOptions.useInsuranceInformationOption': 'true',
        'loanDetailsTexts.insuranceButtonText': 'Coverage on this loan',
        'loanDetailsTexts.insuranceTitleText': 'Your coverage',
        'loanDetailsTexts.insuranceMaturityText': 'Coverage runs to {date}',
        'loanDetailsTexts.insuranceTypeColumnText': 'Plan',
        'loanDetailsTexts.insurancePremiumColumnText': 'Monthly cost',
        'loanDetailsTexts.hideAccountButtonText': 'Remove from online banking',
        'loanDetailsTexts.hideAccountTitleText': 'Remove this loan?',
        'loanDetailsTexts.balanceFactsHeadingText': 'What you owe',
        'loanDetailsTexts.principalBalanceLabel': 'Principal left',
      },
      routes: {
        'POST /api/Insurance/GetInsuranceInformation': {
          body: {
            HasNoErrors: true,
            Errors: [],
            Insurances: [{ Type: 'Credit Life', IsIndividual: 1, Premium: 18.42 }],
          },
        },
      },
    });
    const balance = await screen.findByRole('region', { name: 'What you owe' });
    expect(balance).toHaveTextContent('Principal left$18,452.37');
    expect(balance).not.toHaveTextContent('Principal balance');
    expect(screen.queryByRole('button', { name: 'Insurance' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Coverage on this loan' }));
    const insurance = await screen.findByRole('dialog', { name: 'Your coverage' });
    expect(insurance).toHaveTextContent('Coverage runs to 05/02/2028');
    const table = await within(insurance).findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Plan' })).toBeVisible();
    expect(within(table).getByRole('columnheader', { name: 'Monthly cost' })).toBeVisible();
    expect(within(table).queryByRole('columnheader', { name: 'Premium' })).toBeNull();
    await user.click(within(insurance).getByRole('button'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Remove from online banking' }));
    expect(await screen.findByRole('dialog', { name: 'Remove this loan?' })).toBeVisible();
  });

  it('lists the account documents with file services on and opens one in a new window', async () => {
    const opened: string[] = [];
    const tab = { opener: {}, location: { href: '' }, close: () => undefined };
    const open = vi.spyOn(window, 'open').mockImplementation(() => {
      Object.defineProperty(tab.location, 'href', {
        set: (url: string) => opened.push(url),
        configurable: true,
      });
      return tab as unknown as Window;
    });
    const { user } = renderLoan({
      data: {
        ...accountData(),
        Documents: [
          {
            FileId: '41',
            DisplayName: 'Truth in Lending Disclosure',
            DisplayFormat: 'pdf',
            ImageUrl: '',
            DateUploaded: '2022-05-02T15:00:00.000Z',
            Name: 'Truth in Lending Disclosure.pdf',
          },
        ],
      },
      settings: { 'globalOptions.useFileServicesOption': 'true' },
      routes: {
        'GET /api/PassableToken/GetPassableToken': { body: 'one-use-token' },
      },
    });
    const section = await screen.findByRole('region', { name: 'Documents' });
    expect(section).toHaveTextContent('Uploaded 05/02/2022');
    await user.click(within(section).getByRole('button', { name: 'Truth in Lending Disclosure' }));
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(opened[0]).toContain('/api/Documents/ViewDocument?FileId=41&');
    expect(opened[0]).toContain('token=one-use-token');
    open.mockRestore();
    await expectNoAxeViolations();
  }, 60_000);

  it('shows No Uploaded Documents when the account has none', async () => {
    renderLoan({ settings: { 'globalOptions.useFileServicesOption': 'true' } });
    expect(
      await within(await screen.findByRole('region', { name: 'Documents' })).findByText(
        'No Uploaded Documents',
      ),
    ).toBeVisible();
  });

  it('offers the file uploader under the loan documents, aimed at this loan', async () => {
    const { server } = renderLoan({
      settings: { 'globalOptions.useFileServicesOption': 'true' },
      routes: {
        'GET /api/file/GetFileTypes': {
          body: {
            HasNoErrors: true,
            Errors: [],
            FileTypes: [{ ID: 1, Description: 'Identification' }],
          },
        },
      },
    });
    const section = await screen.findByRole('region', { name: 'Documents' });
    expect(await within(section).findByLabelText('Add Files')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Upload File(s)' })).toBeDisabled();
    await waitFor(() => expect(server.requestsTo('GET /api/file/GetFileTypes')).toHaveLength(1));
  });

  it('has no documents section while file services are off', async () => {
    renderLoan();
    await screen.findByRole('heading', { level: 1, name: 'Loan Information' });
    expect(screen.queryByRole('region', { name: 'Documents' })).toBeNull();
  });

  it('projects the payoff with extra principal and lists the balances in a table', async () => {
    const { user, server } = renderLoan();
    const section = await screen.findByRole('region', { name: 'Balance and Payoff' });
    const summary = await within(section).findByText(/^At the regular payment/);
    expect(summary).toHaveAttribute('role', 'status');
    expect(summary).toHaveTextContent(
      'At the regular payment the loan is paid off on 05/02/2028, after 39 more payments and $1,890.40 of interest.',
    );
    const extra = within(section).getByLabelText('Extra principal each payment');
    await user.type(extra, '1.234');
    expect(within(section).getByText('Enter an amount from $0.00 to $100,000.00.')).toBeVisible();
    await user.clear(extra);
    await user.type(extra, '150');
    await waitFor(() =>
      expect(summary).toHaveTextContent(
        'With $150.00 more each payment, it is paid off on 08/02/2027, after 30 payments, saving $480.25 of interest.',
      ),
    );
    expect(
      server.requestsTo('GET /api/Account/PayoffProjection').map((request) => request.search),
    ).toContain(`?accountNumber=${encodeURIComponent(NUMBER)}&extraPrincipal=150`);
    // Typing pauses are awaited: no request for the invalid amount.
    expect(
      server
        .requestsTo('GET /api/Account/PayoffProjection')
        .some((request) => request.search.includes('1.234')),
    ).toBe(false);

    await user.click(within(section).getByRole('button', { name: /as a table/ }));
    const table = within(section).getByRole('table', { name: 'Balance by year' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '12/31/2023Balance$24,100.00',
      '12/31/2024Balance$21,000.50',
      '03/01/2025Balance$18,452.37',
      // Each line's last point of each year.
      '12/02/2025Projected$13,000.00',
      '05/02/2028Projected$0.00',
      '12/02/2025With extra principal$11,000.00',
      '08/02/2027With extra principal$0.00',
    ]);
    await expectNoAxeViolations();
  }, 60_000);

  it('shows only the balance history of a closed loan, without a projection', async () => {
    const { server } = renderLoan({ data: accountData({ Comment: 'CLOSED' }) });
    const section = await screen.findByRole('region', { name: 'Balance and Payoff' });
    expect(within(section).queryByLabelText('Extra principal each payment')).toBeNull();
    await waitFor(() =>
      expect(server.requestsTo('GET /api/Account/BalanceHistory')).toHaveLength(1),
    );
  });

  it('offers Make Payment and Payoff Quote on a line of credit that still owes', async () => {
    renderLoan({
      data: accountData({
        AccountType: 9,
        Description: 'Home Equity Line of Credit',
        PrincipalBalance: 1200,
        PayoffAmount: 1207.35,
        CreditLimit: 10000,
        AvailableCredit: 8800,
      }),
    });
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('link', { name: 'Make Payment' })).toBeVisible();
    expect(within(main).getByRole('button', { name: 'Payoff Quote' })).toBeVisible();
    expect(within(main).queryByText(/No payment needed/)).toBeNull();
  });

  it.each([
    ['paid down to 0 (or never drawn)', 0],
    ['paid past 0 (a credit balance)', -25],
  ])(
    'offers neither Make Payment nor Payoff Quote on a line %s, and says nothing is owed',
    async (_case, balance) => {
      renderLoan({
        data: accountData({
          AccountType: 9,
          Description: 'Overdraft Line of Credit',
          PrincipalBalance: balance,
          PayoffAmount: balance,
          NextPaymentAmount: 0,
          LateChargesDue: 0,
          TotalLoanFees: 0,
          DaysPastDue: 0,
          CreditLimit: 2500,
          AvailableCredit: 2500,
          PaymentInformation: {
            TotalAmountDue: 0,
            RecurringPayment: null,
            DefaultPaymentMethod: null,
            ScheduledPayments: [],
          },
        }),
      });
      const main = await screen.findByRole('main');
      expect(
        await within(main).findByText(
          'No payment needed at this time. Credit line has no balance.',
        ),
      ).toBeVisible();
      expect(within(main).queryByRole('link', { name: 'Make Payment' })).toBeNull();
      expect(within(main).queryByRole('button', { name: 'Payoff Quote' })).toBeNull();
      // Nothing to project: the balance chart stays, without the extra-principal projection.
      const balances = await screen.findByRole('region', { name: 'Balance and Payoff' });
      expect(within(balances).queryByLabelText('Extra principal each payment')).toBeNull();
      expect(within(balances).queryByText(/^At the regular payment/)).toBeNull();
      // The rest of the page stays: the line can still be hidden, its statements read.
      expect(within(main).getByRole('button', { name: 'Hide Account' })).toBeVisible();
      expect(within(main).getByRole('region', { name: 'E-Statements' })).toBeVisible();
      await expectNoAxeViolations();
    },
  );

  it('words the nothing-owed line as the institution words NoPaymentNeeded', async () => {
    renderLoan({
      data: accountData({ AccountType: 9, PrincipalBalance: 0, PayoffAmount: 0 }),
      settings: { 'paymentErrorTexts.noPaymentNeededText': 'Nothing is owed on this line.' },
    });
    expect(await screen.findByText('Nothing is owed on this line.')).toBeVisible();
  });

  it("lists the statement years of the server's today, not the device's", async () => {
    // The server has already reached the next year (New Year's Eve on a slow device clock).
    const deviceYear = Number(calendarDateIn('America/New_York', new Date()).slice(0, 4));
    const serverYear = deviceYear + 1;
    const { user, server } = renderLoan({
      routes: {
        [PAYMENT_INFO_ROUTE]: {
          body: paymentInfoFixture({
            PaymentDetails: {
              ...paymentInfoFixture().PaymentDetails,
              PaymentDate: `${serverYear}-01-01`,
            },
          }),
        },
      },
    });
    const section = await screen.findByRole('region', { name: 'E-Statements' });
    const year = within(section).getByRole('combobox', { name: 'Year' });
    await waitFor(() => expect(year).toHaveTextContent(String(serverYear)));
    await waitFor(() =>
      expect(server.requestsTo('GET /api/accountEStatements/GetStatementList')).toHaveLength(1),
    );
    // The list waited for the server's today: the device's year was never asked for.
    expect(server.requestsTo('GET /api/accountEStatements/GetStatementList')[0]?.search).toContain(
      `Year=${serverYear}`,
    );
    await user.click(year);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(
      [serverYear, serverYear - 1, serverYear - 2].map(String),
    );
  });

  it('keeps the page when the reload after a save fails, saying so, and loads it again on request', async () => {
    let loads = 0;
    let reloadFails = true;
    const { user, server } = renderLoan({
      routes: {
        'GET /api/AccountData': () => {
          loads += 1;
          return loads === 1 || !reloadFails
            ? { body: accountData() }
            : {
                status: 500,
                body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'HostError' }] },
              };
        },
        'POST /api/AccountAlerts': { body: { HasNoErrors: true, Errors: [] } },
      },
    });
    const section = await screen.findByRole('region', { name: 'E-Statements' });
    await user.click(within(section).getByLabelText('E-statement is ready (e-mail)'));
    await waitFor(() => expect(server.requestsTo('POST /api/AccountAlerts')).toHaveLength(1));
    const alert = await screen.findByText(
      'There was a problem loading this loan. Please try again later.',
    );
    expect(alert).toBeVisible();
    // Still the loan, not the dashboard.
    expect(screen.getByRole('heading', { level: 1, name: 'Loan Information' })).toBeVisible();
    expect(screen.queryByRole('heading', { level: 1, name: /Welcome/ })).toBeNull();
    expect(screen.getByRole('region', { name: 'Loan balance' })).toHaveTextContent('$18,452.37');

    reloadFails = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(
        screen.queryByText('There was a problem loading this loan. Please try again later.'),
      ).toBeNull(),
    );
    expect(loads).toBe(3);
  });

  it('has no axe violations in the dark scheme, on the page and in every dialog', async () => {
    const { user } = renderLoan({
      // With a hold, so its message is checked too.
      data: { ...accountData(), EStatementAgreements: [ESIGN], Hold: 'Dispute' },
      settings: {
        'themeOptions.colorScheme': 'dark',
        'loanDetailsOptions.useInsuranceInformationOption': 'true',
      },
      routes: {
        'GET /api/PaymentInformation/GetPayOffQuote': {
          body: { HasNoErrors: true, Errors: [], PayOffQuoteAmount: 19012.45 },
        },
        'POST /api/Insurance/GetInsuranceInformation': {
          body: {
            HasNoErrors: true,
            Errors: [],
            Insurances: [{ Type: 'Credit Life', IsIndividual: 2, Premium: 18.42 }],
          },
        },
      },
    });
    await screen.findByRole('table', { name: 'Loan history' });
    expect(document.documentElement).toHaveClass('dark');
    await expectNoAxeViolations();

    await user.click(screen.getByRole('button', { name: 'Payoff Quote' }));
    const payoff = await screen.findByRole('dialog', { name: 'Payoff Quote' });
    const date = within(payoff).getByLabelText('Payoff date');
    await user.clear(date);
    await user.type(date, addDays(calendarDateIn('America/New_York', new Date()), 10));
    await user.click(within(payoff).getByRole('button', { name: 'Get Quote' }));
    await within(payoff).findByText(/Your payoff amount as of/);
    // The page under a dialog was checked above; each dialog is checked on its own.
    await expectNoAxeViolations(payoff);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Insurance' }));
    const insurance = await screen.findByRole('dialog', { name: 'Insurance Information' });
    await within(insurance).findByText('Joint');
    await expectNoAxeViolations(insurance);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Hide Account' }));
    await expectNoAxeViolations(await screen.findByRole('dialog', { name: 'Hide Account' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('switch', { name: 'Receive statements electronically' }));
    await expectNoAxeViolations(await screen.findByRole('dialog'));
  }, 90_000);

  it('goes back to the dashboard with the load error when the loan cannot be loaded', async () => {
    renderLoan({
      routes: {
        'GET /api/AccountData': {
          status: 503,
          body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'NightError' }] },
        },
      },
    });
    expect(
      await screen.findByText('Nightly processing error. Please try back in about 15 minutes.'),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  });

  it('goes to the dashboard with the load error when the address has no account number', async () => {
    const { server } = renderPortal({
      path: '/myaccount/loanDetails',
      signedIn: true,
      routes: { 'GET /api/AccountData': { body: accountData() } },
    });
    expect(
      await screen.findByText('There was a problem loading this loan. Please try again later.'),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
    expect(server.requestsTo('GET /api/AccountData')).toHaveLength(0);
  });

  it.each([
    [
      'LoanLockedPayoff',
      'This loan is being paid off and cannot be changed online. Please contact your financial institution.',
    ],
    ['Dispute', 'This loan is in dispute. Please contact your financial institution.'],
    [
      'NoPaymentOnline',
      'Online payments are not available for this loan. Please contact your financial institution.',
    ],
    ['NoAchPayment', 'ACH payments are not available for this loan.'],
  ] as const)('shows the core hold %s above the loan', async (flag, wording) => {
    renderLoan({ data: { ...accountData(), Hold: flag } });
    expect(await screen.findByText(wording)).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Loan Information' })).toBeVisible();
  });
});

describe.each(['light', 'dark'] as const)('the loan page dialogs in the %s scheme', (scheme) => {
  it('have no axe violations: hide account, e-statement withdrawal and consent, external statement', async () => {
    const thisYear = calendarDateIn('America/New_York', new Date()).slice(0, 4);
    let format: AccountDataResponse['StatementFormat'] = 'ElectronicOnly';
    const { user } = renderLoan({
      settings: {
        'themeOptions.colorScheme': scheme,
        'eStatementOptions.useEStatementConsentConfirmationOption': 'true',
      },
      routes: {
        'GET /api/AccountData': () => ({ body: { ...accountData(), StatementFormat: format } }),
        // The one save here is the withdrawal.
        'POST /api/AccountEStatements/SetStatementFormat': () => {
          format = 'PaperOnly';
          return { body: { HasNoErrors: true, Errors: [] } };
        },
        'GET /api/accountEStatements/GetStatementList': {
          body: {
            HasNoErrors: true,
            Errors: [],
            // From the URL provider family: it opens after the external-statement notice.
            StatementList: [
              {
                Id: 'st-url',
                Date: `${thisYear}-01-31T00:00:00`,
                Number: NUMBER,
                Type: 0,
                Provider: 1,
              },
            ],
          },
        },
      },
    });
    await screen.findByRole('table', { name: 'Loan history' });
    if (scheme === 'dark') expect(document.documentElement).toHaveClass('dark');
    else expect(document.documentElement).not.toHaveClass('dark');

    await user.click(screen.getByRole('button', { name: 'Hide Account' }));
    await expectNoAxeViolations(await screen.findByRole('dialog', { name: 'Hide Account' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const toggle = screen.getByRole('switch', { name: 'Receive statements electronically' });
    await user.click(toggle);
    const withdraw = await screen.findByRole('dialog');
    expect(withdraw).toHaveTextContent('Are you sure you want to stop receiving e-statements?');
    await expectNoAxeViolations(withdraw);
    await user.click(within(withdraw).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toggle).not.toBeChecked());

    await user.click(toggle);
    const consent = await screen.findByRole('dialog');
    expect(
      await within(consent).findByText(/you consent to receive your statements electronically/),
    ).toBeVisible();
    await expectNoAxeViolations(consent);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(await screen.findByRole('button', { name: `Statement 01/31/${thisYear}` }));
    const external = await screen.findByRole('dialog');
    expect(external).toHaveTextContent(
      "Your statement will open on our statement provider's site in a new window.",
    );
    await expectNoAxeViolations(external);
    await user.click(within(external).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 90_000);
});
