import { expectNoAxeViolations } from '@portal/web-kit/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  FIXTURE_LOAN_NUMBER as NUMBER,
  paymentInfoFixture,
} from '../../testing/payment-info-fixture';
import { renderShell } from '../../testing/render-shell';
import { LoanRecentPayments } from './recent-payments-list';

const INFO_ROUTE = 'GET /api/PaymentInformation/GetPaymentInfo';
const TIMELINE = 'GET /api/PaymentScheduled/Timeline';

const PROCESSING = {
  EncryptedString: 'recent-handle-1',
  PaymentDate: '2026-11-27',
  PaymentAmount: 250.5,
  TowardAmountDue: 250.5,
  IsCard: true,
  AccountNumber: '4242',
  Status: 'settling' as const,
};
const RETURNED = {
  EncryptedString: 'recent-handle-2',
  PaymentDate: '2026-11-20',
  PaymentAmount: 1500,
  TowardAmountDue: 1500,
  IsCard: false,
  AccountNumber: '2227',
  Status: 'returned' as const,
};
const POSTED = {
  EncryptedString: 'recent-handle-3',
  PaymentDate: '2026-11-02',
  PaymentAmount: 1234.56,
  TowardAmountDue: 1234.56,
  IsCard: false,
  AccountNumber: '6789',
  Status: 'posted' as const,
};

function renderList(info: unknown, routes: Parameters<typeof renderShell>[1]['routes'] = {}) {
  return renderShell(
    [
      {
        path: 'loan',
        element: (
          <main>
            <h1>Loan</h1>
            <LoanRecentPayments accountNumber={NUMBER} />
            <p>Loaded</p>
          </main>
        ),
      },
    ],
    { path: '/loan', signedIn: true, routes: { [INFO_ROUTE]: { body: info }, ...routes } },
  );
}

/** Each row's cells as text (the table layout: jsdom is wider than a phone). */
function rowsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      // The date is the row's header.
      [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''),
    );
}

describe('the recent payments list', () => {
  it('lists each payment no longer waiting with where it is now, newest first', async () => {
    renderList(paymentInfoFixture({ RecentPayments: [PROCESSING, RETURNED, POSTED] }));
    const table = await screen.findByRole('table', { name: 'Recent Payments' });
    expect(screen.getByRole('heading', { level: 2, name: 'Recent Payments' })).toBeVisible();
    const rows = rowsOf(table);
    expect(rows.map((cells) => cells.slice(0, 4))).toEqual([
      ['11/27/2026', '$250.50', 'Processing', '4242'],
      ['11/20/2026', '$1,500.00', 'Returned by your bank', '2227'],
      ['11/02/2026', '$1,234.56', 'Posted', '6789'],
    ]);
    // The method's kind is named for assistive technology.
    expect(within(table).getByRole('img', { name: 'Card' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it("opens a payment's details: its status, then each change of it", async () => {
    const { user, server } = renderList(paymentInfoFixture({ RecentPayments: [PROCESSING] }), {
      [TIMELINE]: {
        body: {
          HasNoErrors: true,
          Errors: [],
          Status: 'settling' as const,
          PaymentDate: '2026-11-27',
          ConfirmationNumber: 'K7M2Q9X4TB',
          PaymentAmount: 250.5,
          IsCard: false,
          AccountNumber: '6789',
          ReturnReason: '',
          FailureReason: '',
          Events: [{ Status: 'settling', At: '2026-11-27T15:00:00.000Z' }],
        },
      },
    });
    await user.click(
      await screen.findByRole('button', {
        name: 'View details of the payment of $250.50 on 11/27/2026',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Payment details' });
    expect(await within(dialog).findByText(/^Payment of 11\/27\/2026: /)).toHaveTextContent(
      'Processing',
    );
    // What the receipt said: the confirmation number, the amount and the account's last four.
    expect(
      within(dialog)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    ).toEqual([
      ['Confirmation number', 'K7M2Q9X4TB'],
      ['Amount', '$250.50'],
      ['Paid with', 'Bank account ending in 6789'],
    ]);
    expect(server.requestsTo(TIMELINE)[0]?.search).toBe(
      `?EncryptedString=recent-handle-1&LoanAccountNumber=${NUMBER}`,
    );
    await expectNoAxeViolations();
  });

  it('shows a card payment the institution refunded as Refunded, in bold, and its timeline', async () => {
    const refunded = {
      EncryptedString: 'recent-handle-4',
      PaymentDate: '2026-11-24',
      PaymentAmount: 88.25,
      TowardAmountDue: 88.25,
      IsCard: true,
      AccountNumber: '4242',
      Status: 'refunded' as const,
    };
    const { user } = renderList(paymentInfoFixture({ RecentPayments: [refunded, POSTED] }), {
      [TIMELINE]: {
        body: {
          HasNoErrors: true,
          Errors: [],
          Status: 'refunded' as const,
          PaymentDate: '2026-11-24',
          ConfirmationNumber: 'K7M2Q9X4TB',
          PaymentAmount: 250.5,
          IsCard: false,
          AccountNumber: '6789',
          ReturnReason: '',
          FailureReason: '',
          Events: [
            { Status: 'settling', At: '2026-11-24T15:00:00.000Z' },
            { Status: 'posted', At: '2026-11-24T15:00:04.000Z' },
            { Status: 'refunded', At: '2026-11-30T19:30:00.000Z' },
          ],
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Recent Payments' });
    expect(rowsOf(table).map((cells) => cells.slice(0, 4))).toEqual([
      ['11/24/2026', '$88.25', 'Refunded', '4242'],
      ['11/02/2026', '$1,234.56', 'Posted', '6789'],
    ]);
    // Owed again: said in bold, as a returned payment is.
    expect(within(table).getByText('Refunded')).toHaveStyle({ fontWeight: 700 });
    expect(within(table).getByText('Posted')).not.toHaveStyle({ fontWeight: 700 });

    await user.click(
      screen.getByRole('button', { name: 'View details of the payment of $88.25 on 11/24/2026' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Payment details' });
    expect(await within(dialog).findByText(/^Payment of 11\/24\/2026: /)).toHaveTextContent(
      'Refunded',
    );
    expect(
      within(within(dialog).getByRole('list'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/^Processing: 11\/24\/2026/),
      expect.stringMatching(/^Posted: 11\/24\/2026/),
      expect.stringMatching(/^Refunded: 11\/30\/2026/),
    ]);
    await expectNoAxeViolations();
  });

  it('names apart the details buttons of two payments of the same amount on the same date', async () => {
    renderList(
      paymentInfoFixture({
        RecentPayments: [
          { ...POSTED, EncryptedString: 'recent-twin-1' },
          { ...POSTED, EncryptedString: 'recent-twin-2', Status: 'failed' as const },
          { ...POSTED, EncryptedString: 'recent-other', PaymentAmount: 10 },
        ],
      }),
    );
    const table = await screen.findByRole('table', { name: 'Recent Payments' });
    expect(
      within(table)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual([
      'View details of the payment of $1,234.56 on 11/02/2026 (1 of 2)',
      'View details of the payment of $1,234.56 on 11/02/2026 (2 of 2)',
      'View details of the payment of $10.00 on 11/02/2026',
    ]);
  });

  it('still lists them when the loan refuses a payment', async () => {
    renderList({
      HasNoErrors: false,
      Errors: [{ ErrorMessage: 'PaymentBlocked' }],
      ScheduledPayments: [],
      RecurringPayment: null,
      RecentPayments: [POSTED],
    });
    const table = await screen.findByRole('table', { name: 'Recent Payments' });
    expect(rowsOf(table)[0]?.slice(0, 3)).toEqual(['11/02/2026', '$1,234.56', 'Posted']);
  });

  it('shows nothing when there is none', async () => {
    renderList(paymentInfoFixture());
    await screen.findByText('Loaded');
    // The payment info answers first; the list stays away.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
  });
});
