import type { PaymentInfoResponse, RecentPaymentInfo } from '@portal/domain';
import type { StubRequest, StubRoutes } from '@portal/web-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loanAccountData } from '../testing/account-data';
import {
  LOAN,
  NO_HOLDS,
  SAVED_CARD,
  TEST_ROUTING_NUMBER,
  fixTheDate,
  listItem,
  methodsBody,
  paymentInfo,
} from '../testing/payment-page-harness';
import { renderPortal } from '../testing/render-portal';

/*
 * A page's dialogs belong to it (app-shell.tsx, dialog-stack.tsx): a review in the browser found
 * the payoff quote, the new bank account form and a payment's details following the borrower to
 * other pages, another loan's Make Payment page among them. Only fetch is stubbed.
 */

/** The borrower's line of credit, beside the Auto Loan (LOAN, ****2341). */
const LINE = '001-200-1';
const LINE_ITEM = listItem({ Number: LINE, Type: 9, Description: 'Line of Credit' });

const PROCESSING: RecentPaymentInfo = {
  EncryptedString: 'recent-handle-1',
  PaymentDate: '2026-11-23',
  PaymentAmount: 250.5,
  TowardAmountDue: 250.5,
  IsCard: true,
  AccountNumber: '4242',
  Status: 'settling',
};

function infoOf(request: StubRequest): PaymentInfoResponse {
  const line = new URLSearchParams(request.search).get('accountNumber') === LINE;
  const base = paymentInfo();
  return line
    ? paymentInfo({
        accountType: 9,
        PaymentDetails: { ...base.PaymentDetails, LoanAccountNumber: LINE },
      })
    : paymentInfo({ RecentPayments: [PROCESSING] });
}

function renderAt(path: string, routes: StubRoutes = {}) {
  return renderPortal({
    path,
    signedIn: true,
    settings: NO_HOLDS,
    routes: {
      'GET /api/accountList': {
        body: { HasNoErrors: true, Errors: [], Accounts: [listItem(), LINE_ITEM] },
      },
      'GET /api/PaymentInformation/GetPaymentInfo': (request) => ({ body: infoOf(request) }),
      // Only a card saved: E-Check opens the new bank account form at once.
      'POST /api/PaymentMethod/GetPaymentMethods': { body: methodsBody([SAVED_CARD]) },
      'GET /api/AccountData': { body: loanAccountData({ AccountNumber: LOAN }) },
      'GET /api/PaymentInformation/GetPayOffQuote': {
        body: { HasNoErrors: true, Errors: [], PayOffQuoteAmount: 17306.67 },
      },
      'GET /api/ACHRoutingData': {
        body: {
          HasNoErrors: true,
          Errors: [],
          RoutingNumber: TEST_ROUTING_NUMBER,
          BankExists: true,
          Name: 'JPMorgan Chase Bank',
        },
      },
      'POST /api/PaymentMethod/ValidateAchPaymentMethod': {
        body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'RoutingAccountInvalidInternal' }] },
      },
      'GET /api/PaymentScheduled/Timeline': {
        body: {
          HasNoErrors: true,
          Errors: [],
          Status: 'settling',
          PaymentDate: '2026-11-23',
          ConfirmationNumber: 'K7M2Q9X4TB',
          PaymentAmount: 250.5,
          IsCard: true,
          AccountNumber: '4242',
          ReturnReason: '',
          FailureReason: '',
          Events: [{ Status: 'settling', At: '2026-11-23T15:00:00.000Z' }],
        },
      },
      ...routes,
    },
  });
}

/** Goes to a route as a link, a typed address or the app's own navigation would. */
function go(path: string) {
  window.location.hash = `#${path}`;
}

/**
 * The line of credit's Make Payment page, shown (the loan list names it), with no dialog; when a
 * dialog closed on the way there, its heading has the focus.
 */
async function expectLinePaymentPage(dialogClosed = true) {
  const heading = await screen.findByRole('heading', { level: 1, name: 'Make Payment' });
  await waitFor(() =>
    expect(screen.getByRole('combobox', { name: 'Loan Account' })).toHaveValue(LINE),
  );
  expect(screen.queryByRole('dialog')).toBeNull();
  // The opener went with the page it was on: the new page's heading has the focus.
  if (dialogClosed) await waitFor(() => expect(heading).toHaveFocus());
}

async function openPayoffQuote(user: ReturnType<typeof renderAt>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Payoff Quote' }));
  const dialog = await screen.findByRole('dialog', { name: 'Payoff Quote' });
  // It names its loan.
  expect(dialog).toHaveAccessibleDescription(/^Auto Loan \*\*\*\*2341/);
  const date = within(dialog).getByLabelText('Payoff date');
  await user.clear(date);
  await user.type(date, '2026-12-28');
  await user.click(within(dialog).getByRole('button', { name: 'Get Quote' }));
  expect(
    await within(dialog).findByText('Your payoff amount as of 12/28/2026 is $17,306.67.'),
  ).toBeVisible();
  return dialog;
}

beforeEach(fixTheDate);
afterEach(() => {
  vi.useRealTimers();
});

describe("a page's dialogs stay on their page", { timeout: 30_000 }, () => {
  it("closes the Auto Loan's payoff quote when the borrower goes to the line of credit's Make Payment page", async () => {
    const { user } = renderAt(`/myaccount/loanDetails/${LOAN}`);
    await openPayoffQuote(user);

    go(`/myaccount/payment/${LINE}`);
    await expectLinePaymentPage();
  });

  it('closes the payoff quote on the Back button: the dashboard shows no dialog', async () => {
    const { user } = renderAt('/myaccount/dashboard');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/^Welcome, /);
    go(`/myaccount/loanDetails/${LOAN}`);
    await openPayoffQuote(user);

    window.history.back();
    const heading = await screen.findByRole('heading', { level: 1, name: /^Welcome, / });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('leaves the new bank account form, refused and typed in, behind on every page after it', async () => {
    const { user } = renderAt(`/myaccount/payment/${LOAN}`);
    await user.click(await screen.findByRole('radio', { name: 'E-Check' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment Details' });
    expect(dialog).toHaveAccessibleDescription(/^Auto Loan \*\*\*\*2341/);
    const field = (label: string) => within(dialog).getByLabelText(label);
    await user.type(field('Owner Name'), 'Jordan Rivers');
    await user.type(field('Routing Number'), TEST_ROUTING_NUMBER);
    await user.type(field('Account Number'), '123456780001');
    await user.type(field('Confirm Account Number'), '123456780001');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Invalid account number.')).toBeVisible();

    go('/myaccount/dashboard');
    const dashboard = await screen.findByRole('heading', { level: 1, name: /^Welcome, / });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(dashboard).toHaveFocus());
    go(`/myaccount/loanDetails/${LOAN}`);
    await screen.findByRole('heading', { level: 1, name: 'Loan Information' });
    expect(screen.queryByRole('dialog')).toBeNull();
    go(`/myaccount/payment/${LINE}`);
    await expectLinePaymentPage(false);
    expect(screen.queryByText('Invalid account number.')).toBeNull();
    expect(screen.queryByDisplayValue('123456780001')).toBeNull();

    // Back on the Auto Loan's page, the form starts empty.
    go(`/myaccount/payment/${LOAN}`);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Loan Account' })).toHaveValue(LOAN),
    );
    await user.click(await screen.findByRole('radio', { name: 'E-Check' }));
    const again = await screen.findByRole('dialog', { name: 'Payment Details' });
    expect(within(again).getByLabelText('Account Number')).toHaveValue('');
    expect(within(again).queryByText('Invalid account number.')).toBeNull();
  });

  it("shows no loan's processing payment details over another loan's Make Payment page", async () => {
    const { user } = renderAt(`/myaccount/payment/${LOAN}`);
    await user.click(
      await screen.findByRole('button', {
        name: 'View details of the payment of $250.50 on 11/23/2026',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Payment details' });
    expect(dialog).toHaveAccessibleDescription(/^Auto Loan \*\*\*\*2341/);
    expect(await within(dialog).findByText(/^Payment of 11\/23\/2026: /)).toHaveTextContent(
      'Processing',
    );

    go(`/myaccount/payment/${LINE}`);
    await expectLinePaymentPage();
    expect(screen.queryByText(/^Payment of 11\/23\/2026: /)).toBeNull();
  });

  it("keeps the form a loan's page opens at once when the borrower picks that loan, and follows the address after", async () => {
    // Bank accounts only, none saved: choosing the loan opens the new bank account form at once
    // (spec 001 section 4), here with the loan's payment info already loaded. The form belongs
    // to the loan's address, which the choice changes a moment later.
    const achOnly = (request: StubRequest) => {
      const info = infoOf(request);
      return info.HasNoErrors
        ? {
            body: {
              ...info,
              PaymentOptions: { ...info.PaymentOptions, AllowCards: false },
              PaymentMethods: [],
            },
          }
        : { body: info };
    };
    const { user } = renderAt(`/myaccount/payment/${LOAN}`, {
      'GET /api/PaymentInformation/GetPaymentInfo': achOnly,
      'POST /api/PaymentMethod/GetPaymentMethods': { body: methodsBody([]) },
    });
    const first = await screen.findByRole('dialog', { name: 'Payment Details' });
    await user.click(within(first).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    go('/myaccount/payment');
    const select = await screen.findByRole('combobox', { name: 'Loan Account' });
    await waitFor(() => expect(select).toHaveValue(''));
    await user.selectOptions(select, LOAN);
    const dialog = await screen.findByRole('dialog', { name: 'Payment Details' });
    expect(dialog).toHaveAccessibleDescription(/^Auto Loan \*\*\*\*2341/);
    await waitFor(() => expect(window.location.hash).toBe(`#/myaccount/payment/${LOAN}`));
    // Still open once the address names the loan.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByRole('dialog', { name: 'Payment Details' })).toBe(dialog);

    // The page shows the loan its address names, not the one picked before it changed.
    go(`/myaccount/payment/${LINE}`);
    await expectLinePaymentPage();
  });
});
