import type { AccountListItem, PaymentInfoResponse, RecentPaymentInfo } from '@portal/domain';
import { expectNoAxeViolations, type StubRoutes } from '@portal/web-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OK, type SettingValues } from '../../../testing/fixtures';
import { renderPortal } from '../../../testing/render-portal';
import { scheduledPaymentFixture } from '../../../testing/payment-info-fixture';
import { LOAN, paymentInfo, SAVED_ACH, SAVED_CARD } from '../../../testing/payment-page-harness';

// Tuesday 2026-11-24, 10:00 in New York: a business day before Thanksgiving.
const NOW = new Date('2026-11-24T15:00:00Z');
const TODAY = '2026-11-24';

function listItem(overrides: Partial<AccountListItem> = {}): AccountListItem {
  return {
    Number: LOAN,
    Type: 0,
    Comment: '',
    Description: 'Auto Loan',
    Balance: 18452.37,
    AvailableBalance: 0,
    Rate: 649,
    Status: 'Current',
    StatementPreference: 'Electronic',
    LoanDueDate: '2026-12-02',
    LoanAmountDue: 471.6,
    MonthlyInstallment: 471.6,
    FeesDue: 0,
    NameOnAcct: 'Jordan Rivers',
    ...overrides,
  };
}

const SUBMITTED = { HasNoErrors: true, Errors: [], ReferenceNumber: 'REF-1001' };

function renderPayment(
  options: {
    accounts?: AccountListItem[];
    info?: PaymentInfoResponse;
    settings?: SettingValues;
    routes?: StubRoutes;
    path?: string;
  } = {},
) {
  return renderPortal({
    path: options.path ?? `/myaccount/payment/${LOAN}`,
    signedIn: true,
    settings: options.settings,
    routes: {
      'GET /api/accountList': {
        body: { HasNoErrors: true, Errors: [], Accounts: options.accounts ?? [listItem()] },
      },
      'GET /api/AccountDetails': { body: { HasNoErrors: false, Errors: [], Hold: null } },
      'GET /api/PaymentInformation/GetPaymentInfo': { body: options.info ?? paymentInfo() },
      'POST /api/PaymentMethod/GetPaymentMethods': {
        body: {
          HasNoErrors: true,
          Errors: [],
          PaymentMethods: [SAVED_CARD, SAVED_ACH],
          DefaultPaymentMethod: null,
        },
      },
      ...options.routes,
    },
  });
}

// Holds are read from the loan's details (AccountDetails); the tests turn that off unless they
// test a hold.
const NO_HOLDS: SettingValues = { 'paymentOptions.blockPaymentsOnHoldCodesOption': 'false' };

type Ui = ReturnType<typeof renderPayment>;

/** Picks the type and saved method, One Time and today's date. */
async function chooseForToday(ui: Ui, type: 'Card' | 'E-Check', profileId: string) {
  const { user } = ui;
  await user.click(await screen.findByRole('radio', { name: type }));
  await user.selectOptions(
    await screen.findByRole('combobox', { name: 'Saved Payment Methods' }),
    profileId,
  );
  await user.selectOptions(
    await screen.findByRole('combobox', { name: 'Payment Frequency' }),
    'OneTime',
  );
  const date = screen.getByLabelText('Payment Date');
  await user.clear(date);
  await user.type(date, TODAY);
}

/** The saved bank account ach_1, paid every due date (a recurring ACH payment). */
async function chooseRecurringAchOnDueDate({ user }: Ui) {
  await user.click(await screen.findByRole('radio', { name: 'E-Check' }));
  await user.selectOptions(
    await screen.findByRole('combobox', { name: 'Saved Payment Methods' }),
    'ach_1',
  );
  await user.selectOptions(
    await screen.findByRole('combobox', { name: 'Payment Frequency' }),
    'OnDueDate',
  );
}

async function payByCardToday(ui: Ui) {
  await chooseForToday(ui, 'Card', 'card_1');
  return screen.findByRole('button', { name: 'Make Payment' });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the make-a-payment screen', { timeout: 20_000 }, () => {
  it('lists only open loans and lines with amount and due date, preselecting the route’s loan', async () => {
    renderPayment({
      settings: NO_HOLDS,
      accounts: [
        listItem(),
        listItem({ Number: '001-200-1', Comment: 'NOX$', Type: 9 }),
        listItem({ Number: '001-300-1', Comment: 'IRSO' }),
        listItem({ Number: '001-400-1', Type: 1 }),
      ],
    });
    const select = await screen.findByRole('combobox', { name: 'Loan Account' });
    const options = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual([
      '',
      'Auto Loan ****2341 — $471.60 due 12/02/2026',
      'Auto Loan ****2001 — $471.60 due 12/02/2026',
    ]);
    expect(select).toHaveValue(LOAN);
    expect(await screen.findByRole('radio', { name: 'Card' })).toBeInTheDocument();
  });

  it('says no payment is needed for a zero balance, without asking for the payment info', async () => {
    const { server } = renderPayment({ settings: NO_HOLDS, accounts: [listItem({ Balance: 0 })] });
    expect(
      await screen.findByText('No payment needed at this time. Credit line has no balance.'),
    ).toBeVisible();
    expect(server.requestsTo('GET /api/PaymentInformation/GetPaymentInfo')).toHaveLength(0);
  });

  it('blocks a loan whose hold stops online payments', async () => {
    const { server } = renderPayment({
      routes: {
        'GET /api/AccountDetails': {
          body: { HasNoErrors: true, Errors: [], Hold: 'NoPaymentOnline' },
        },
      },
    });
    expect(await screen.findByText(/Payment has been blocked for this account/)).toBeVisible();
    // The hold comes from the loan's details (spec 001 section 7), not the loan page's data.
    expect(server.requestsTo('GET /api/AccountDetails').map((request) => request.search)).toEqual([
      `?accountNumber=${LOAN}`,
    ]);
    expect(server.requestsTo('GET /api/AccountData')).toHaveLength(0);
    expect(server.requestsTo('GET /api/PaymentInformation/GetPaymentInfo')).toHaveLength(0);
  });

  it("dates the payment by the server's today, not a device clock a day behind", async () => {
    const base = paymentInfo();
    const ui = renderPayment({
      settings: NO_HOLDS,
      info: { ...base, PaymentDetails: { ...base.PaymentDetails, PaymentDate: '2026-11-25' } },
    });
    await ui.user.click(await screen.findByRole('radio', { name: 'Card' }));
    await ui.user.selectOptions(
      await screen.findByRole('combobox', { name: 'Saved Payment Methods' }),
      'card_1',
    );
    await ui.user.selectOptions(
      await screen.findByRole('combobox', { name: 'Payment Frequency' }),
      'OneTime',
    );
    // The device says 2026-11-24; the server's today is the 25th: paying that day is paying now.
    expect(screen.getByLabelText('Payment Date')).toHaveValue('2026-11-25');
    expect(await screen.findByRole('button', { name: 'Make Payment' })).toBeVisible();
  });

  it('shows NiteMode when the hold lookup meets the nightly window', async () => {
    renderPayment({
      routes: {
        'GET /api/AccountDetails': {
          status: 503,
          body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'NightError' }] },
        },
      },
    });
    expect(
      await screen.findByText(/We are currently doing nightly system maintenance/),
    ).toBeVisible();
  });

  it('says a refunded payment first, before the form to pay what it owes again', async () => {
    renderPayment({
      settings: NO_HOLDS,
      info: paymentInfo({
        RecentPayments: [
          {
            EncryptedString: 'recent-refunded-1',
            PaymentDate: '2026-11-20',
            PaymentAmount: 88.25,
            TowardAmountDue: 88.25,
            IsCard: true,
            AccountNumber: '4242',
            Status: 'refunded',
          },
        ],
      }),
    });
    const notice = await screen.findByText(
      /^Your card payment of \$88\.25 on 11\/20\/2026 with the card ending in 4242 was refunded to you\./,
    );
    const alert = notice.closest<HTMLElement>('[role="alert"]');
    if (!alert) throw new Error('The refund is not said as an alert');
    const form = await screen.findByRole('radio', { name: 'Card' });
    expect(notice.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      within(alert).getByRole('button', {
        name: 'View details of the payment of $88.25 on 11/20/2026',
      }),
    ).toBeVisible();
    // Listed Refunded among the recent payments under the form as well.
    const recent = await screen.findByRole('table', { name: 'Recent Payments' });
    expect(within(recent).getByText('Refunded')).toBeVisible();
    await expectNoAxeViolations();
  });

  it('lists the scheduled payment behind a refusal about the loan, deletable', async () => {
    const refused: PaymentInfoResponse = {
      HasNoErrors: false,
      Errors: [{ ErrorMessage: 'DisabledPaymentsAfterCutoffTime' }],
      ScheduledPayments: [scheduledPaymentFixture({ PaymentAmount: 1_234.5 })],
      RecurringPayment: null,
      RecentPayments: [
        {
          EncryptedString: 'recent-1',
          PaymentDate: '2026-11-20',
          PaymentAmount: 300,
          TowardAmountDue: 300,
          IsCard: false,
          AccountNumber: '6789',
          Status: 'posted',
        },
      ],
    };
    const { server } = renderPayment({
      settings: NO_HOLDS,
      routes: { 'GET /api/PaymentInformation/GetPaymentInfo': { body: refused } },
    });
    expect(await screen.findByText(/you are past today's payment cutoff time/)).toBeVisible();
    const list = await screen.findByRole('region', { name: 'Scheduled Payments' });
    expect(
      within(list).getByRole('button', {
        name: 'Delete the scheduled payment of $1,234.50 on 12/15/2026',
      }),
    ).toBeVisible();
    // The loan's recent payments show behind the refusal too, from the same answer: read once.
    const recent = await screen.findByRole('table', { name: 'Recent Payments' });
    expect(within(recent).getByText('Posted')).toBeVisible();
    expect(server.requestsTo('GET /api/PaymentInformation/GetPaymentInfo')).toHaveLength(1);
  });

  it('sends a loan in the third-party branch range to the configured site', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user, server } = renderPayment({
      settings: {
        ...NO_HOLDS,
        'thirdPartyPaymentOptions.useThirdPartyRouteOption': 'true',
        'thirdPartyPaymentOptions.thirdPartyRouteBranchMinimum': '1',
        'thirdPartyPaymentOptions.thirdPartyRouteBranchMaximum': '5',
        'thirdPartyPaymentOptions.thirdPartyRouteURL': 'https://pay.example/loans',
      },
    });
    expect(
      await screen.findByText(/For this account, payment must be made on a different web site/),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Continue to Make Payment' }));
    // It leaves for the link in this tab (section 2), not in a new one.
    expect(open).toHaveBeenCalledWith('https://pay.example/loans', '_self');
    expect(open).toHaveBeenCalledTimes(1);
    expect(server.requestsTo('GET /api/PaymentInformation/GetPaymentInfo')).toHaveLength(0);
    await expectNoAxeViolations();
  });

  it('pays today by saved card: fee, total, confirm dialog, one request and the confirmation', async () => {
    const ui = renderPayment({
      settings: NO_HOLDS,
      routes: { 'POST /api/PaymentImmediate/SubmitCard': { body: SUBMITTED } },
    });
    const submit = await payByCardToday(ui);
    expect(screen.getByLabelText('Amount')).toHaveValue('$471.60');
    expect(screen.getByText('Processing Fee: $2.50')).toBeVisible();
    expect(screen.getByText('Payment Total: $474.10')).toBeVisible();
    await expectNoAxeViolations();
    await ui.user.click(submit);
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to submit?' });
    await expectNoAxeViolations(dialog);
    await ui.user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(ui.server.requestsTo('POST /api/PaymentImmediate/SubmitCard')).toHaveLength(1),
    );
    const [request] = ui.server.requestsTo('POST /api/PaymentImmediate/SubmitCard');
    expect(request?.body).toMatchObject({
      Payment: {
        LogonName: 'jordan.rivers',
        Details: { PaymentDate: TODAY, PaymentAmount: 471.6, FirstPartyFee: 2.5 },
        Method: { IsCard: true, CardInfo: { ProfileId: 'card_1' } },
        IsPayoff: false,
      },
    });
    await waitFor(() => expect(window.location.hash).toBe('#/myaccount/paymentConfirm'));
    expect(request?.headers.get('Idempotency-Key')).toMatch(/^[\x21-\x7E]{8,}$/);
  });

  // Issue 20 item 16: a pay-now receipt says when the payment was received; the server says when.
  it('says on the confirmation when the server received a pay-now payment, in the institution’s zone, whatever the device’s clock', async () => {
    const ui = renderPayment({
      settings: NO_HOLDS,
      routes: {
        'POST /api/PaymentImmediate/SubmitCard': {
          body: { ...SUBMITTED, ReceivedAt: '2026-11-24T15:07:04.512Z' },
        },
      },
    });
    const pay = await payByCardToday(ui);
    await ui.user.click(pay);
    // The device's clock is a day and a half off by the time the answer comes.
    vi.setSystemTime(new Date('2026-11-23T03:00:00Z'));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to submit?' });
    // While the borrower reads the review nothing is being sent: the page's button waits, with no
    // spinner that would say otherwise.
    expect(pay).toBeDisabled();
    expect(within(pay).queryByRole('progressbar')).toBeNull();
    await ui.user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await screen.findByRole('heading', { level: 1, name: 'Payment Confirmation' });
    const received = screen.getByText('Payment Received');
    expect(received).toHaveRole('term');
    // 15:07 UTC is 10:07 in New York (the institution's zone), by the domain's formatter.
    expect(received.nextElementSibling).toHaveTextContent('11/24/2026 10:07 AM EST');
  });

  it('says nothing of receipt on the confirmation of a scheduled payment', async () => {
    const ui = renderPayment({
      settings: NO_HOLDS,
      routes: { 'POST /api/PaymentScheduled/SubmitCard': { body: SUBMITTED } },
    });
    await chooseForToday(ui, 'Card', 'card_1');
    const date = screen.getByLabelText('Payment Date');
    await ui.user.clear(date);
    await ui.user.type(date, '2026-11-30');
    await ui.user.click(await screen.findByRole('button', { name: 'Schedule Payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to submit?' });
    await ui.user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await screen.findByRole('heading', { level: 1, name: 'Payment Confirmation' });
    expect(screen.getByText('Confirmation Number')).toBeVisible();
    expect(screen.queryByText('Payment Received')).toBeNull();
  });

  it('sends one request for a double click on submit', async () => {
    const ui = renderPayment({
      settings: { ...NO_HOLDS, 'paymentOptions.confirmBeforeSubmitOption': 'false' },
      routes: { 'POST /api/PaymentImmediate/SubmitCard': { body: SUBMITTED } },
    });
    const submit = await payByCardToday(ui);
    await ui.user.dblClick(submit);
    await waitFor(() => expect(window.location.hash).toBe('#/myaccount/paymentConfirm'));
    expect(ui.server.requestsTo('POST /api/PaymentImmediate/SubmitCard')).toHaveLength(1);
  });

  it('keeps the confirm dialog open and busy until the answer; a double click on Submit pays once', async () => {
    let answer: (value: { body: unknown }) => void = () => {};
    const ui = renderPayment({
      settings: NO_HOLDS,
      routes: {
        'POST /api/PaymentImmediate/SubmitCard': () =>
          new Promise((resolve) => {
            answer = resolve;
          }),
      },
    });
    await ui.user.click(await payByCardToday(ui));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to submit?' });
    const send = within(dialog).getByRole('button', { name: 'Submit' });
    await ui.user.dblClick(send);
    await waitFor(() =>
      expect(ui.server.requestsTo('POST /api/PaymentImmediate/SubmitCard')).toHaveLength(1),
    );
    // In flight: the dialog stays, Submit shows progress and is disabled, No too.
    expect(screen.getByRole('dialog', { name: 'Are you sure you want to submit?' })).toBe(dialog);
    expect(send).toBeDisabled();
    expect(within(send).getByRole('progressbar')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'No' })).toBeDisabled();
    await ui.user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Are you sure you want to submit?' })).toBe(dialog);

    answer({ body: SUBMITTED });
    await waitFor(() => expect(window.location.hash).toBe('#/myaccount/paymentConfirm'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(ui.server.requestsTo('POST /api/PaymentImmediate/SubmitCard')).toHaveLength(1);
  });

  it('keeps the confirm dialog open when the second click of a double click lands on its backdrop', async () => {
    const ui = renderPayment({
      settings: NO_HOLDS,
      routes: { 'POST /api/PaymentImmediate/SubmitCard': { body: SUBMITTED } },
    });
    await ui.user.click(await payByCardToday(ui));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to submit?' });
    // The second click hits what now covers the page button: the dialog's backdrop area.
    const backdrop = dialog.closest('.MuiDialog-container');
    expect(backdrop).not.toBeNull();
    await ui.user.click(backdrop as Element);
    expect(screen.getByRole('dialog', { name: 'Are you sure you want to submit?' })).toBe(dialog);
    expect(ui.server.requestsTo('POST /api/PaymentImmediate/SubmitCard')).toHaveLength(0);
    await ui.user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(window.location.hash).toBe('#/myaccount/paymentConfirm'));
    expect(ui.server.requestsTo('POST /api/PaymentImmediate/SubmitCard')).toHaveLength(1);
  });

  it('closes the confirm dialog with No, and shows a failed payment’s error on the page', async () => {
    const ui = renderPayment({
      settings: NO_HOLDS,
      routes: {
        'POST /api/PaymentImmediate/SubmitCard': {
          body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'Declined' }], ReferenceNumber: '' },
        },
      },
    });
    const submit = await payByCardToday(ui);
    await ui.user.click(submit);
    let dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to submit?' });
    await ui.user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(ui.server.requestsTo('POST /api/PaymentImmediate/SubmitCard')).toHaveLength(0);
    // Focus comes back to the button, which was busy while the dialog was open.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Make Payment' })).toHaveFocus());
    await ui.user.click(screen.getByRole('button', { name: 'Make Payment' }));
    dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to submit?' });
    await ui.user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Transaction Declined.')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The button is disabled after a decline: focus goes to the message instead.
    await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus());
  });

  it('retries a lost answer under the same key; a decline unselects the card and offers what next', async () => {
    let calls = 0;
    const ui = renderPayment({
      settings: { ...NO_HOLDS, 'paymentOptions.confirmBeforeSubmitOption': 'false' },
      routes: {
        'POST /api/PaymentImmediate/SubmitCard': () => {
          calls += 1;
          if (calls === 1) return Promise.reject(new TypeError('Failed to fetch'));
          return {
            body: {
              HasNoErrors: false,
              Errors: [{ ErrorMessage: 'Declined' }],
              ReferenceNumber: '',
            },
          };
        },
      },
    });
    const submit = await payByCardToday(ui);
    await ui.user.click(submit);
    expect(
      await screen.findByText('There was a problem attempting to create a new payment.'),
    ).toBeVisible();
    expect(submit).toBeEnabled();
    await ui.user.click(submit);
    expect(await screen.findByText('Transaction Declined.')).toBeVisible();
    const [first, second] = ui.server.requestsTo('POST /api/PaymentImmediate/SubmitCard');
    expect(first?.headers.get('Idempotency-Key')).toEqual(expect.any(String));
    expect(second?.headers.get('Idempotency-Key')).toBe(first?.headers.get('Idempotency-Key'));
    // Issue 20 item 4: the declined card is unselected (no submit button left greyed), and the
    // method step says what to do next, with both ways offered.
    expect(screen.getByRole('combobox', { name: 'Saved Payment Methods' })).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Make Payment' })).toBeNull();
    expect(
      screen.getByText('Nothing was charged. Use another card, or pay from a bank account.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Use another card' })).toBeVisible();
    await ui.user.click(screen.getByRole('button', { name: 'Pay from a bank account' }));
    expect(screen.getByRole('radio', { name: 'E-Check' })).toBeChecked();

    // Disabled for the declined card only: another method may pay (the bank account here).
    await chooseForToday(ui, 'E-Check', 'ach_1');
    expect(screen.queryByText('Transaction Declined.')).toBeNull();
    expect(
      await screen.findByRole('button', { name: /Make Payment|Schedule Payment/ }),
    ).toBeEnabled();
    // And back on the declined card, it stays disabled.
    await chooseForToday(ui, 'Card', 'card_1');
    expect(await screen.findByRole('button', { name: 'Make Payment' })).toBeDisabled();
  });

  // Issue 20 items 4 and 30: cards paused by the card testing guard leave no card to offer.
  it.each(['light', 'dark'] as const)(
    'after cards are paused, unselects the card and offers a bank account only (%s)',
    async (scheme) => {
      const ui = renderPayment({
        settings: {
          ...NO_HOLDS,
          'paymentOptions.confirmBeforeSubmitOption': 'false',
          'themeOptions.colorScheme': scheme,
        },
        routes: {
          'POST /api/PaymentImmediate/SubmitCard': {
            body: {
              HasNoErrors: false,
              Errors: [{ ErrorMessage: 'CardAttemptsPaused' }],
              ReferenceNumber: '',
            },
          },
        },
      });
      await ui.user.click(await payByCardToday(ui));
      const stopped = await screen.findByRole('alert');
      expect(stopped).toHaveTextContent(
        'For your security, paying by card is paused on your online account after several card attempts.',
      );
      expect(stopped).toHaveTextContent('Nothing was charged. Pay from a bank account.');
      expect(screen.getByRole('combobox', { name: 'Saved Payment Methods' })).toHaveValue('');
      expect(screen.queryByRole('button', { name: 'Make Payment' })).toBeNull();
      expect(within(stopped).queryByRole('button', { name: 'Use another card' })).toBeNull();
      expect(document.documentElement.classList.contains('dark')).toBe(scheme === 'dark');
      await expectNoAxeViolations();
      await ui.user.click(within(stopped).getByRole('button', { name: 'Pay from a bank account' }));
      expect(screen.getByRole('radio', { name: 'E-Check' })).toBeChecked();
    },
  );

  it('shows the accepted card brands for Card only, never for E-Check', async () => {
    const { user } = renderPayment({ settings: NO_HOLDS });
    const eCheck = await screen.findByRole('radio', { name: 'E-Check' });
    expect(screen.queryByLabelText('Accepted cards')).toBeNull();
    await user.click(eCheck);
    await screen.findByRole('combobox', { name: 'Saved Payment Methods' });
    expect(screen.queryByLabelText('Accepted cards')).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Card' }));
    expect(await screen.findByLabelText('Accepted cards')).toHaveTextContent(/Visa/);
    await user.click(screen.getByRole('radio', { name: 'E-Check' }));
    expect(screen.queryByLabelText('Accepted cards')).toBeNull();
  });

  it('hides the later steps until a method of the newly picked type is chosen', async () => {
    const ui = renderPayment({ settings: NO_HOLDS });
    await payByCardToday(ui);
    await ui.user.click(screen.getByRole('radio', { name: 'E-Check' }));
    expect(screen.queryByRole('combobox', { name: 'Payment Frequency' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Make Payment' })).toBeNull();
  });

  it('skips the amount step for a days-before-due ACH payment and uses the regular amount', async () => {
    const { user } = renderPayment({ settings: NO_HOLDS });
    await user.click(await screen.findByRole('radio', { name: 'E-Check' }));
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Saved Payment Methods' }),
      'ach_1',
    );
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Payment Frequency' }),
      'DaysBeforeDue',
    );
    expect(
      screen.getByText('This payment will repeat on the schedule you choose until you cancel it.'),
    ).toBeVisible();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Day(s) before due date' }), '3');
    expect(await screen.findByText('Payment Total: $471.60')).toBeVisible();
    expect(screen.queryByLabelText('Amount')).toBeNull();
    expect(screen.getByRole('button', { name: 'Schedule Payment' })).toBeEnabled();
  });

  it('states a pay-today ACH authorization for what it is, on the page and in the confirm dialog', async () => {
    const ui = renderPayment({
      settings: NO_HOLDS,
      routes: { 'POST /api/PaymentImmediate/SubmitAch': { body: SUBMITTED } },
    });
    await chooseForToday(ui, 'E-Check', 'ach_1');
    const wording =
      'By submitting this payment, you authorize us to debit $471.60 once from your checking account ending in 6789 today, 11/24/2026. A payment made today cannot be cancelled here.';
    expect(await screen.findByText(wording)).toBeVisible();
    await ui.user.click(screen.getByRole('button', { name: 'Make Payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to submit?' });
    expect(within(dialog).getByText(wording)).toBeVisible();
    expect(dialog).not.toHaveTextContent(/scheduled payment can be cancelled/);
    await expectNoAxeViolations(dialog);
  });

  it('states a scheduled one-time ACH authorization as cancellable until processed', async () => {
    const ui = renderPayment({ settings: NO_HOLDS });
    await chooseForToday(ui, 'E-Check', 'ach_1');
    const date = screen.getByLabelText('Payment Date');
    await ui.user.clear(date);
    await ui.user.type(date, '2026-11-30');
    expect(
      await screen.findByText(
        'By submitting this payment, you authorize us to debit $471.60 once from your checking account ending in 6789 on 11/30/2026. A scheduled payment can be cancelled here until it is processed.',
      ),
    ).toBeVisible();
  });

  it('states a scheduled payoff’s ACH authorization as the payoff on its date, up to the amount', async () => {
    const ui = renderPayment({
      settings: NO_HOLDS,
      routes: {
        'GET /api/PaymentInformation/GetPayOffQuote': {
          body: { HasNoErrors: true, Errors: [], PayOffQuoteAmount: 19001 },
        },
      },
    });
    await chooseForToday(ui, 'E-Check', 'ach_1');
    const date = screen.getByLabelText('Payment Date');
    await ui.user.clear(date);
    await ui.user.type(date, '2026-11-30');
    await ui.user.click(screen.getByRole('checkbox', { name: 'Pay off the full amount' }));
    expect(
      await screen.findByText(
        /^By submitting this payment, you authorize us to debit once from your checking account ending in 6789 on 11\/30\/2026 the amount that pays your loan off on that date, up to \$19,00\d\.\d\d\. A scheduled payment can be cancelled here until it is processed\.$/,
      ),
    ).toBeVisible();
    // The review says it is a payoff, beside its amount.
    expect(screen.getAllByText(/^\$19,00\d\.\d\d \(Payoff\)$/).length).toBeGreaterThan(0);
  });

  it('states the recurring ACH authorization above the submit button when no draft agreement is asked for', async () => {
    const ui = renderPayment({
      settings: { ...NO_HOLDS, 'achPaymentOptions.requireAchDraftAgreementOption': 'false' },
      routes: { 'POST /api/PaymentRecurring/SubmitAch': { body: SUBMITTED } },
    });
    await chooseRecurringAchOnDueDate(ui);
    const schedule = await screen.findByRole('button', { name: 'Schedule Payment' });
    const authorization = await screen.findByText(
      /^By submitting this payment, you authorize us to debit \$[\d,]+\.\d\d from your \w+ account ending in \d{4} \S.*, starting \d\d\/\d\d\/\d{4}, until you delete the recurring payment here or tell us to stop\.$/,
    );
    expect(authorization).toBeVisible();
    // Pressing the button is the authorization: it is described by the wording.
    expect(schedule.getAttribute('aria-describedby') ?? '').toContain(authorization.id);
    await expectNoAxeViolations();
  });

  it('asks for the ACH draft agreement before a recurring ACH payment: the authorization first, Agree only after the preview', async () => {
    const tab = {
      opener: {},
      closed: false,
      location: { href: '' },
      document: { readyState: 'complete' },
      close: vi.fn(),
    };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const ui = renderPayment({
      settings: { ...NO_HOLDS, 'achPaymentOptions.requireAchDraftAgreementOption': 'true' },
      routes: {
        'POST /api/AchDraftAgreement/PrepareAchDraftAgreementPreview': {
          body: { HasNoErrors: true, Errors: [], PassableToken: 'draft-token-1' },
        },
        'POST /api/PaymentRecurring/SubmitAch': { body: SUBMITTED },
      },
    });
    const { user } = ui;
    await chooseRecurringAchOnDueDate(ui);
    await user.click(await screen.findByRole('button', { name: 'Schedule Payment' }));
    // One dialog (issue 20 item 7): the authorization and the preview come before Agree, which
    // waits for the preview and says why.
    const dialog = await screen.findByRole('dialog', { name: 'Agreements' });
    expect(
      await within(dialog).findByText(/By agreeing, you authorize us to draft the payment amount/),
    ).toBeVisible();
    const agree = within(dialog).getByRole('button', { name: 'Agree' });
    expect(agree).toBeDisabled();
    expect(agree).toHaveAccessibleDescription('Please open and read the agreement, then agree.');
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).toBeNull();
    await expectNoAxeViolations(dialog);
    // Nothing is prepared before the borrower asks for the preview.
    expect(
      ui.server.requestsTo('POST /api/AchDraftAgreement/PrepareAchDraftAgreementPreview'),
    ).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Preview Agreement' }));
    await waitFor(() => expect(agree).toBeEnabled());
    expect(tab.location.href).toContain(
      'api/AchDraftAgreement/RenderACHDraftAgreementPreview?token=draft-token-1',
    );
    expect(ui.server.requestsTo('POST /api/PaymentRecurring/SubmitAch')).toHaveLength(0);
    await user.click(agree);
    // Agree sends nothing (issue 20): the review comes next, the agreement among what is
    // checked, and its Submit sends the payment once.
    const confirm = await screen.findByRole('dialog', {
      name: 'Are you sure you want to submit?',
    });
    expect(within(confirm).getByText('Authorization')).toHaveRole('term');
    expect(within(confirm).getByText('Recurring ACH draft agreement, agreed')).toHaveRole(
      'definition',
    );
    expect(within(confirm).getByText('Frequency').nextElementSibling).toHaveTextContent(
      'Recurring, on your due date',
    );
    expect(ui.server.requestsTo('POST /api/PaymentRecurring/SubmitAch')).toHaveLength(0);
    await expectNoAxeViolations(confirm);
    await user.click(within(confirm).getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(ui.server.requestsTo('POST /api/PaymentRecurring/SubmitAch')).toHaveLength(1),
    );
    await waitFor(() => expect(window.location.hash).toBe('#/myaccount/paymentConfirm'));
    expect(ui.server.requestsTo('POST /api/PaymentRecurring/SubmitAch')).toHaveLength(1);
    expect(ui.server.requestsTo('POST /api/PaymentRecurring/SubmitAch')[0]?.body).toMatchObject({
      AchDraftAgreementToken: 'draft-token-1',
      Payment: { RecurringDetails: { RecurringOption: 'DaysBeforeDue', DaysBeforeDue: 0 } },
    });
  });

  it('does not ask again for ACH agreements already accepted (GetPaymentMethods: AchAgreementsNeeded)', async () => {
    const tab = {
      opener: {},
      closed: false,
      location: { href: '' },
      document: { readyState: 'complete' },
      close: vi.fn(),
    };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const ui = renderPayment({
      settings: {
        ...NO_HOLDS,
        'achPaymentOptions.requireAchDraftAgreementOption': 'true',
        'agreementOptions.forceRichTextAgreementsOption': 'true',
        'agreementTexts.agreementSetup':
          'https://bank.example/ach.pdf|2024-01-31|ACH Terms of Use|ach',
      },
      routes: {
        'POST /api/PaymentMethod/GetPaymentMethods': {
          body: {
            HasNoErrors: true,
            Errors: [],
            PaymentMethods: [SAVED_CARD, SAVED_ACH],
            DefaultPaymentMethod: null,
            AchAgreementsNeeded: [],
          },
        },
        'POST /api/AchDraftAgreement/PrepareAchDraftAgreementPreview': {
          body: { HasNoErrors: true, Errors: [], PassableToken: 'draft-token-2' },
        },
        'POST /api/PaymentRecurring/SubmitAch': { body: SUBMITTED },
      },
    });
    const { user } = ui;
    await chooseRecurringAchOnDueDate(ui);
    await user.click(await screen.findByRole('button', { name: 'Schedule Payment' }));
    // The institution's ACH agreement (rich text, each to be accepted) was accepted before: the
    // draft agreement lists none, and Agree waits for the preview only.
    const dialog = await screen.findByRole('dialog', { name: 'Agreements' });
    expect(within(dialog).queryByRole('button', { name: 'ACH Terms of Use' })).toBeNull();
    const agree = within(dialog).getByRole('button', { name: 'Agree' });
    expect(agree).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Preview Agreement' }));
    await waitFor(() => expect(agree).toBeEnabled());
    await user.click(agree);
    const confirm = await screen.findByRole('dialog', {
      name: 'Are you sure you want to submit?',
    });
    await user.click(within(confirm).getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(ui.server.requestsTo('POST /api/PaymentRecurring/SubmitAch')).toHaveLength(1),
    );
    // Nothing was accepted again.
    expect(ui.server.requestsTo('POST /api/AgreementLogging')).toHaveLength(0);
  });

  it('sends the payment amount without the fees as the draft preview’s Amount', async () => {
    const tab = {
      opener: {},
      closed: false,
      location: { href: '' },
      document: { readyState: 'complete' },
      close: vi.fn(),
    };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const base = paymentInfo();
    const withFee = base.HasNoErrors
      ? paymentInfo({
          PaymentOptions: {
            ...base.PaymentOptions,
            FirstPartyFees: { ...base.PaymentOptions.FirstPartyFees, RecurringAchFee: 1.5 },
          },
        })
      : base;
    const ui = renderPayment({
      info: withFee,
      settings: { ...NO_HOLDS, 'achPaymentOptions.requireAchDraftAgreementOption': 'true' },
      routes: {
        'POST /api/AchDraftAgreement/PrepareAchDraftAgreementPreview': {
          body: { HasNoErrors: true, Errors: [], PassableToken: 'draft-token-1' },
        },
      },
    });
    const { user } = ui;
    await chooseRecurringAchOnDueDate(ui);
    expect(await screen.findByText('Processing Fee: $1.50')).toBeVisible();
    await user.click(await screen.findByRole('button', { name: 'Schedule Payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agreements' });
    await user.click(within(dialog).getByRole('button', { name: 'Preview Agreement' }));
    await waitFor(() =>
      expect(
        ui.server.requestsTo('POST /api/AchDraftAgreement/PrepareAchDraftAgreementPreview'),
      ).toHaveLength(1),
    );
    // Section 7: Amount is the payment amount; the server adds the fees to the charged amount.
    expect(
      ui.server.requestsTo('POST /api/AchDraftAgreement/PrepareAchDraftAgreementPreview')[0]?.body,
    ).toMatchObject({
      Amount: 471.6,
      AdditionalPrincipal: 0,
      // The schedule the preview states (on the due date: days before due, 0 days).
      RecurringOption: 'DaysBeforeDue',
      daysBeforeDue: 0,
    });
  });

  it('with rich-text agreements keeps Agree disabled until each ACH agreement in force was accepted', async () => {
    const tab = {
      opener: {},
      closed: false,
      location: { href: '' },
      document: { readyState: 'complete' },
      close: vi.fn(),
    };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const ui = renderPayment({
      settings: {
        ...NO_HOLDS,
        'achPaymentOptions.requireAchDraftAgreementOption': 'true',
        'agreementOptions.forceRichTextAgreementsOption': 'true',
        'agreementTexts.agreementSetup': [
          'https://bank.example/ach.pdf|2024-01-31|ACH Terms of Use|ach',
          'https://bank.example/debit.pdf|2024-02-01|Debit Authorization|ach',
          'https://bank.example/later.pdf|2027-01-01|Next Year Terms|ach',
        ].join('\n'),
      },
      routes: {
        'POST /api/AchDraftAgreement/PrepareAchDraftAgreementPreview': {
          body: { HasNoErrors: true, Errors: [], PassableToken: 'draft-token-4' },
        },
      },
    });
    const { user } = ui;
    await chooseRecurringAchOnDueDate(ui);
    await user.click(await screen.findByRole('button', { name: 'Schedule Payment' }));
    const agreement = await screen.findByRole('dialog', { name: 'Agreements' });
    const agree = within(agreement).getByRole('button', { name: 'Agree' });
    expect(agree).toBeDisabled();
    // The preview alone is not enough while an agreement is still to be accepted.
    await user.click(within(agreement).getByRole('button', { name: 'Preview Agreement' }));
    await waitFor(() => expect(tab.location.href).toContain('token=draft-token-4'));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(agree).toBeDisabled();
    // An agreement dated after today is not in force yet.
    expect(within(agreement).queryByRole('button', { name: 'Next Year Terms' })).toBeNull();
    for (const name of ['ACH Terms of Use', 'Debit Authorization']) {
      expect(agree).toBeDisabled();
      await user.click(within(agreement).getByRole('button', { name }));
      const text = await screen.findByRole('dialog', { name });
      await user.click(within(text).getByRole('button', { name: 'I Accept' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name })).toBeNull());
    }
    expect(agree).toBeEnabled();
    await expectNoAxeViolations(agreement);
  });

  // Issue 20 item 7: the agreements are links, their text is not in the dialog: Agree waits until
  // each was opened, with forceUserToClickOnURLToAgreeOption off (its default) too.
  it('keeps Agree disabled until each ACH agreement link was opened', async () => {
    const tab = {
      opener: {},
      closed: false,
      location: { href: '' },
      document: { readyState: 'complete' },
      close: vi.fn(),
    };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const ui = renderPayment({
      settings: {
        ...NO_HOLDS,
        'achPaymentOptions.requireAchDraftAgreementOption': 'true',
        'agreementTexts.agreementSetup': [
          'https://bank.example/ach.pdf|2024-01-31|ACH Terms of Use|ach',
          'https://bank.example/debit.pdf|2024-02-01|Debit Authorization|ach',
        ].join('\n'),
      },
      routes: {
        'POST /api/AchDraftAgreement/PrepareAchDraftAgreementPreview': {
          body: { HasNoErrors: true, Errors: [], PassableToken: 'draft-token-4' },
        },
      },
    });
    const { user } = ui;
    await chooseRecurringAchOnDueDate(ui);
    await user.click(await screen.findByRole('button', { name: 'Schedule Payment' }));
    const agreement = await screen.findByRole('dialog', { name: 'Agreements' });
    const agree = within(agreement).getByRole('button', { name: 'Agree' });
    await user.click(within(agreement).getByRole('button', { name: 'Preview Agreement' }));
    await waitFor(() => expect(tab.location.href).toContain('token=draft-token-4'));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(agree).toBeDisabled();
    // jsdom does not navigate: a click on a link only runs its handler.
    await user.click(within(agreement).getByRole('link', { name: 'ACH Terms of Use' }));
    expect(agree).toBeDisabled();
    await user.click(within(agreement).getByRole('link', { name: 'Debit Authorization' }));
    expect(agree).toBeEnabled();
  });

  it('records the ACH agreements at Agree, staying open with the error when that fails', async () => {
    const tab = {
      opener: {},
      closed: false,
      location: { href: '' },
      document: { readyState: 'complete' },
      close: vi.fn(),
    };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    let calls = 0;
    const ui = renderPayment({
      settings: {
        ...NO_HOLDS,
        'achPaymentOptions.requireAchDraftAgreementOption': 'true',
        'agreementTexts.agreementSetup': [
          'https://bank.example/ach.pdf|2024-01-31|ACH Terms of Use|ach',
          'https://bank.example/login.pdf|2024-01-31|Online Banking Terms|login',
          'https://bank.example/debit.pdf|2024-02-01|Debit Authorization|ach',
        ].join('\n'),
      },
      routes: {
        'POST /api/AgreementLogging': () => {
          calls += 1;
          return calls === 1
            ? { status: 500, body: { HasNoErrors: false, Errors: [] } }
            : { body: { HasNoErrors: true, Errors: [] } };
        },
        'POST /api/AchDraftAgreement/PrepareAchDraftAgreementPreview': {
          body: { HasNoErrors: true, Errors: [], PassableToken: 'draft-token-4' },
        },
        'POST /api/PaymentRecurring/SubmitAch': { body: SUBMITTED },
      },
    });
    const { user } = ui;
    await chooseRecurringAchOnDueDate(ui);
    await user.click(await screen.findByRole('button', { name: 'Schedule Payment' }));
    const agreement = await screen.findByRole('dialog', { name: 'Agreements' });
    const agree = within(agreement).getByRole('button', { name: 'Agree' });
    await user.click(within(agreement).getByRole('button', { name: 'Preview Agreement' }));
    await user.click(within(agreement).getByRole('link', { name: 'ACH Terms of Use' }));
    await user.click(within(agreement).getByRole('link', { name: 'Debit Authorization' }));
    await waitFor(() => expect(agree).toBeEnabled());
    await user.click(agree);
    expect(
      await within(agreement).findByText('An error occurred, please try again.'),
    ).toBeVisible();
    // Still open, the preview still counts; nothing was sent.
    expect(agree).toBeEnabled();
    expect(ui.server.requestsTo('POST /api/PaymentRecurring/SubmitAch')).toHaveLength(0);
    await user.click(agree);
    // Agree sends nothing (issue 20): the review comes next, the agreement among what is
    // checked, and its Submit sends the payment once.
    const confirm = await screen.findByRole('dialog', {
      name: 'Are you sure you want to submit?',
    });
    expect(within(confirm).getByText('Authorization')).toHaveRole('term');
    expect(within(confirm).getByText('Recurring ACH draft agreement, agreed')).toHaveRole(
      'definition',
    );
    expect(within(confirm).getByText('Frequency').nextElementSibling).toHaveTextContent(
      'Recurring, on your due date',
    );
    expect(ui.server.requestsTo('POST /api/PaymentRecurring/SubmitAch')).toHaveLength(0);
    await expectNoAxeViolations(confirm);
    await user.click(within(confirm).getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(ui.server.requestsTo('POST /api/PaymentRecurring/SubmitAch')).toHaveLength(1),
    );
    await waitFor(() => expect(window.location.hash).toBe('#/myaccount/paymentConfirm'));
    expect(ui.server.requestsTo('POST /api/PaymentRecurring/SubmitAch')).toHaveLength(1);
    expect(ui.server.requestsTo('POST /api/PaymentRecurring/SubmitAch')[0]?.body).toMatchObject({
      AchDraftAgreementToken: 'draft-token-4',
    });
    const logged = ui.server.requestsTo('POST /api/AgreementLogging');
    expect(logged).toHaveLength(2);
    // The ACH agreements only (host numbers 11337 and 11339), not the sign-in one.
    expect(logged[1]?.body).toMatchObject({
      Agreements: [11337, 11339],
      TurnEStatementsOn: false,
      UnRestrictEmail: false,
    });
  });

  it('offers the preview as a link when a pop-up blocker refuses the tab, and stays on the payment', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const ui = renderPayment({
      settings: { ...NO_HOLDS, 'achPaymentOptions.requireAchDraftAgreementOption': 'true' },
      routes: {
        'POST /api/AchDraftAgreement/PrepareAchDraftAgreementPreview': {
          body: { HasNoErrors: true, Errors: [], PassableToken: 'draft-token-3' },
        },
      },
    });
    const { user } = ui;
    await chooseRecurringAchOnDueDate(ui);
    await user.click(await screen.findByRole('button', { name: 'Schedule Payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agreements' });
    const agree = within(dialog).getByRole('button', { name: 'Agree' });
    await user.click(within(dialog).getByRole('button', { name: 'Preview Agreement' }));
    const link = await within(dialog).findByRole('link', { name: 'Preview Agreement' });
    expect(link).toHaveAttribute('href', expect.stringContaining('token=draft-token-3'));
    expect(link).toHaveAttribute('target', '_blank');
    expect(window.location.hash).toContain('/myaccount/payment');
    expect(agree).toBeDisabled();
    await user.click(link);
    expect(agree).toBeEnabled();
  });

  it('enables Agree only once the preview has loaded in its tab, not when its address is given', async () => {
    const tab = {
      opener: {},
      closed: false,
      location: { href: '' },
      document: { readyState: 'loading' },
      close: vi.fn(),
    };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const ui = renderPayment({
      settings: { ...NO_HOLDS, 'achPaymentOptions.requireAchDraftAgreementOption': 'true' },
      routes: {
        'POST /api/AchDraftAgreement/PrepareAchDraftAgreementPreview': {
          body: { HasNoErrors: true, Errors: [], PassableToken: 'draft-token-2' },
        },
      },
    });
    const { user } = ui;
    await chooseRecurringAchOnDueDate(ui);
    await user.click(await screen.findByRole('button', { name: 'Schedule Payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agreements' });
    const agree = within(dialog).getByRole('button', { name: 'Agree' });
    await user.click(within(dialog).getByRole('button', { name: 'Preview Agreement' }));
    await waitFor(() => expect(tab.location.href).toContain('token=draft-token-2'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(agree).toBeDisabled();
    tab.document.readyState = 'complete';
    await waitFor(() => expect(agree).toBeEnabled());
  });

  it('keeps the Idempotency-Key after a 500 Generic, so a retry resumes the same attempt', async () => {
    let calls = 0;
    const ui = renderPayment({
      settings: { ...NO_HOLDS, 'paymentOptions.confirmBeforeSubmitOption': 'false' },
      routes: {
        'POST /api/PaymentImmediate/SubmitCard': () => {
          calls += 1;
          if (calls === 1) {
            return {
              status: 500,
              body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'Generic' }] },
            };
          }
          return { body: SUBMITTED };
        },
      },
    });
    const submit = await payByCardToday(ui);
    await ui.user.click(submit);
    expect(await screen.findByText(/Please do not submit your payment again/)).toBeVisible();
    await ui.user.click(submit);
    await waitFor(() => expect(window.location.hash).toBe('#/myaccount/paymentConfirm'));
    const [first, second] = ui.server.requestsTo('POST /api/PaymentImmediate/SubmitCard');
    expect(first?.headers.get('Idempotency-Key')).toEqual(expect.any(String));
    expect(second?.headers.get('Idempotency-Key')).toBe(first?.headers.get('Idempotency-Key'));
  });

  it('takes a new Idempotency-Key after a definitive refusal', async () => {
    let calls = 0;
    const ui = renderPayment({
      settings: { ...NO_HOLDS, 'paymentOptions.confirmBeforeSubmitOption': 'false' },
      routes: {
        'POST /api/PaymentImmediate/SubmitCard': () => {
          calls += 1;
          if (calls === 1) {
            return {
              body: {
                HasNoErrors: false,
                Errors: [{ ErrorMessage: 'Invalid' }],
                ReferenceNumber: '',
              },
            };
          }
          return { body: SUBMITTED };
        },
      },
    });
    const submit = await payByCardToday(ui);
    await ui.user.click(submit);
    expect(
      await screen.findByText(/please ensure the information you entered is correct/),
    ).toBeVisible();
    await ui.user.click(submit);
    await waitFor(() => expect(window.location.hash).toBe('#/myaccount/paymentConfirm'));
    const [first, second] = ui.server.requestsTo('POST /api/PaymentImmediate/SubmitCard');
    expect(second?.headers.get('Idempotency-Key')).not.toBe(first?.headers.get('Idempotency-Key'));
  });

  it('shows Scheduled as information and Connection as an error (section 8)', async () => {
    let calls = 0;
    const ui = renderPayment({
      settings: { ...NO_HOLDS, 'paymentOptions.confirmBeforeSubmitOption': 'false' },
      routes: {
        'POST /api/PaymentImmediate/SubmitCard': () => {
          calls += 1;
          const key = calls === 1 ? 'Scheduled' : 'Connection';
          return {
            status: calls === 1 ? 200 : 503,
            body: { HasNoErrors: false, Errors: [{ ErrorMessage: key }], ReferenceNumber: '' },
          };
        },
      },
    });
    const submit = await payByCardToday(ui);
    await ui.user.click(submit);
    const info = await screen.findByText(/has a scheduled payment that cannot be modified online/);
    expect(info.closest('.MuiAlert-root')).toHaveClass('MuiAlert-colorInfo');
    await ui.user.click(submit);
    const failure = await screen.findByText('Connection error. Please try again later.');
    expect(failure.closest('.MuiAlert-root')).toHaveClass('MuiAlert-colorError');
  });

  it('chooses the only payment type allowed as a click would: its default method is preselected', async () => {
    renderPayment({
      settings: {
        ...NO_HOLDS,
        'achPaymentOptions.hideAchOption': 'true',
        'paymentOptions.useDefaultPaymentMethodOption': 'true',
      },
      info: paymentInfo({ DefaultPaymentMethod: SAVED_CARD }),
      routes: {
        'POST /api/PaymentMethod/GetPaymentMethods': {
          body: {
            HasNoErrors: true,
            Errors: [],
            PaymentMethods: [SAVED_CARD, SAVED_ACH],
            DefaultPaymentMethod: SAVED_CARD,
          },
        },
      },
    });
    expect(await screen.findByRole('radio', { name: 'Card' })).toBeChecked();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Saved Payment Methods' })).toHaveValue('card_1'),
    );
    expect(await screen.findByRole('combobox', { name: 'Payment Frequency' })).toBeVisible();
  });

  it('opens the new-method modal at once when the only type allowed has nothing saved', async () => {
    renderPayment({
      settings: { ...NO_HOLDS, 'achPaymentOptions.hideAchOption': 'true' },
      info: paymentInfo({ PaymentMethods: [SAVED_ACH] }),
      routes: {
        'POST /api/PaymentMethod/GetPaymentMethods': {
          body: {
            HasNoErrors: true,
            Errors: [],
            PaymentMethods: [SAVED_ACH],
            DefaultPaymentMethod: null,
          },
        },
      },
    });
    expect(await screen.findByRole('dialog', { name: 'Payment Details' })).toBeVisible();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('has no axe violations in the dark scheme, with the new-method modal open', async () => {
    const { user } = renderPayment({
      settings: { ...NO_HOLDS, 'themeOptions.colorScheme': 'dark' },
      routes: { 'POST /api/PaymentMethod/AddCardPaymentMethod': OK },
    });
    await user.click(await screen.findByRole('radio', { name: 'Card' }));
    expect(document.documentElement).toHaveClass('dark');
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: 'New payment method' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment Details' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText('Card Number is required')).toBeVisible();
    await expectNoAxeViolations(dialog);
  });

  describe('with a payment processing (paid, not yet credited)', () => {
    // Wire dollars, as the server answers. $252.50 paid by card: $250.00 of it toward the amount
    // due, the rest the card fee.
    const recent = (overrides: Partial<RecentPaymentInfo> = {}): RecentPaymentInfo => ({
      EncryptedString: 'recent-processing-1',
      PaymentDate: '2026-11-23',
      PaymentAmount: 252.5,
      TowardAmountDue: 250,
      IsCard: true,
      AccountNumber: '4242',
      Status: 'settling',
      ...overrides,
    });
    const NOTICE =
      'Your payment of $252.50 made 11/23/2026 is processing. It will be credited to your loan as of its payment date.';
    /** The figures beside the notice, as 'label value' pairs. */
    const figures = () =>
      screen
        .queryAllByRole('term')
        .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);

    it('says first that it is processing, with what is left to pay beside the amount due, without a request of its own', async () => {
      const { server } = renderPayment({
        settings: NO_HOLDS,
        info: paymentInfo({ RecentPayments: [recent()] }),
      });
      const notice = await screen.findByText(NOTICE);
      // Information, not an alarm.
      expect(notice.closest('[role="alert"]')).toBeNull();
      expect(notice.closest('[role="note"]')).toHaveClass('MuiAlert-colorInfo');
      // $471.60 less the $250.00 that counts toward it (not the $252.50 paid).
      expect(figures()).toEqual([
        'Amount due $471.60',
        'Left to pay after processing payments $221.60',
      ]);
      const leftToPay = screen.getByText('$221.60');
      const form = await screen.findByRole('radio', { name: 'Card' });
      expect(
        notice.compareDocumentPosition(leftToPay) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
      expect(
        leftToPay.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
      // Listed as processing among the recent payments under the form, from the same answer.
      await screen.findByRole('table', { name: 'Recent Payments' });
      expect(server.requestsTo('GET /api/PaymentInformation/GetPaymentInfo')).toHaveLength(1);
      await expectNoAxeViolations();
    });

    it('says it before the breakdown of a past-due amount due', async () => {
      renderPayment({
        settings: NO_HOLDS,
        accounts: [listItem({ LoanAmountDue: 943.2, LoanDueDate: '2026-11-02', Status: 'Late' })],
        info: paymentInfo({ RecentPayments: [recent()] }),
      });
      const notice = await screen.findByText(NOTICE);
      const breakdown = await screen.findByRole('region', {
        name: 'What makes up the amount due',
      });
      expect(
        notice.compareDocumentPosition(breakdown) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
      expect(figures().slice(0, 2)).toEqual([
        'Amount due $943.20',
        'Left to pay after processing payments $693.20',
      ]);
    });

    it('starts a one-time payment at what is left to pay, and sends that after the same review', async () => {
      const ui = renderPayment({
        settings: NO_HOLDS,
        info: paymentInfo({ RecentPayments: [recent()] }),
        routes: { 'POST /api/PaymentImmediate/SubmitCard': { body: SUBMITTED } },
      });
      const submit = await payByCardToday(ui);
      expect(screen.getByLabelText('Amount')).toHaveValue('$221.60');
      expect(screen.getByText('Payment Total: $224.10')).toBeVisible();
      await expectNoAxeViolations();
      await ui.user.click(submit);
      const dialog = await screen.findByRole('dialog', {
        name: 'Are you sure you want to submit?',
      });
      await ui.user.click(within(dialog).getByRole('button', { name: 'Submit' }));
      await waitFor(() =>
        expect(ui.server.requestsTo('POST /api/PaymentImmediate/SubmitCard')).toHaveLength(1),
      );
      const [request] = ui.server.requestsTo('POST /api/PaymentImmediate/SubmitCard');
      expect(request?.body).toMatchObject({
        Payment: { Details: { PaymentDate: TODAY, PaymentAmount: 221.6, FirstPartyFee: 2.5 } },
      });
      await waitFor(() => expect(window.location.hash).toBe('#/myaccount/paymentConfirm'));
    });

    it('starts with no amount when nothing is left to pay; the borrower may still type one', async () => {
      // Two settling payments cover the $471.60 due; one under review is not counted; a posted
      // payment is already in the amount due.
      const ui = renderPayment({
        settings: NO_HOLDS,
        info: paymentInfo({
          RecentPayments: [
            recent({ PaymentAmount: 300, TowardAmountDue: 300 }),
            recent({
              EncryptedString: 'recent-settling-2',
              PaymentDate: '2026-11-20',
              PaymentAmount: 200,
              TowardAmountDue: 200,
              IsCard: false,
              AccountNumber: '6789',
            }),
            recent({
              EncryptedString: 'recent-review-1',
              PaymentDate: '2026-11-19',
              PaymentAmount: 900,
              TowardAmountDue: 900,
              Status: 'needsReview',
            }),
            recent({ EncryptedString: 'recent-posted-1', Status: 'posted' }),
          ],
        }),
      });
      expect(await screen.findAllByText(/is processing\./)).toHaveLength(2);
      // Never below $0.00.
      expect(figures()).toEqual([
        'Amount due $471.60',
        'Left to pay after processing payments $0.00',
      ]);
      await chooseForToday(ui, 'Card', 'card_1');
      const amount = screen.getByLabelText('Amount');
      expect(amount).toHaveValue('');
      expect(screen.queryByText(/Payment Total/)).toBeNull();
      expect(screen.queryByRole('button', { name: 'Make Payment' })).toBeNull();
      await ui.user.type(amount, '50');
      expect(await screen.findByText('Payment Total: $52.50')).toBeVisible();
      expect(screen.getByRole('button', { name: 'Make Payment' })).toBeEnabled();
    });

    it('keeps the regular amount of a recurring payment: it repeats the installment', async () => {
      const { user } = renderPayment({
        settings: NO_HOLDS,
        info: paymentInfo({
          RecentPayments: [recent({ PaymentAmount: 471.6, TowardAmountDue: 471.6 })],
        }),
      });
      await screen.findByText(/is processing\./);
      await user.click(await screen.findByRole('radio', { name: 'E-Check' }));
      await user.selectOptions(
        await screen.findByRole('combobox', { name: 'Saved Payment Methods' }),
        'ach_1',
      );
      await user.selectOptions(
        await screen.findByRole('combobox', { name: 'Payment Frequency' }),
        'DaysBeforeDue',
      );
      await user.selectOptions(
        screen.getByRole('combobox', { name: 'Day(s) before due date' }),
        '3',
      );
      expect(await screen.findByText('Payment Total: $471.60')).toBeVisible();
    });

    it('words the notice and the figure as the institution does, with no axe violations in the dark scheme', async () => {
      const ui = renderPayment({
        settings: {
          ...NO_HOLDS,
          'themeOptions.colorScheme': 'dark',
          'accountSummaryTexts.processingPaymentNoticeText': 'We have your {amount} of {date}.',
          'accountSummaryTexts.processingLeftToPayLabel': 'Still to pay',
        },
        info: paymentInfo({ RecentPayments: [recent()] }),
      });
      expect(await screen.findByText('We have your $252.50 of 11/23/2026.')).toBeVisible();
      expect(figures()).toEqual(['Amount due $471.60', 'Still to pay $221.60']);
      expect(document.documentElement).toHaveClass('dark');
      await expectNoAxeViolations();
      await payByCardToday(ui);
      expect(screen.getByLabelText('Amount')).toHaveValue('$221.60');
      await expectNoAxeViolations();
    });

    it('changes nothing without a processing payment', async () => {
      const ui = renderPayment({
        settings: NO_HOLDS,
        info: paymentInfo({
          RecentPayments: [
            recent({ Status: 'posted' }),
            recent({ EncryptedString: 'recent-failed-1', Status: 'failed' }),
          ],
        }),
      });
      await screen.findByRole('table', { name: 'Recent Payments' });
      expect(screen.queryByText(/is processing\./)).toBeNull();
      expect(screen.queryByText('Left to pay after processing payments')).toBeNull();
      expect(screen.queryByRole('note')).toBeNull();
      await payByCardToday(ui);
      expect(screen.getByLabelText('Amount')).toHaveValue('$471.60');
    });
  });
});
