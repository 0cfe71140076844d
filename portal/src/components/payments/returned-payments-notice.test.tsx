import { expectNoAxeViolations } from '@portal/web-kit/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  FIXTURE_LOAN_NUMBER as NUMBER,
  paymentInfoFixture,
} from '../../testing/payment-info-fixture';
import { renderShell } from '../../testing/render-shell';
import { ReturnedPaymentsNotice } from './returned-payments-notice';

const INFO_ROUTE = 'GET /api/PaymentInformation/GetPaymentInfo';
const TIMELINE = 'GET /api/PaymentScheduled/Timeline';

const RETURNED = {
  EncryptedString: 'returned-handle-1',
  PaymentDate: '2026-11-25',
  PaymentAmount: 1500,
  IsCard: false,
  AccountNumber: '2227',
  Reason: 'Insufficient funds',
};

function renderNotice(
  info: ReturnType<typeof paymentInfoFixture>,
  routes: Parameters<typeof renderShell>[1]['routes'] = {},
) {
  return renderShell(
    [
      {
        path: 'loan',
        element: (
          <main>
            <h1>Loan</h1>
            <ReturnedPaymentsNotice accountNumber={NUMBER} />
            <p>Loaded</p>
          </main>
        ),
      },
    ],
    { path: '/loan', signedIn: true, routes: { [INFO_ROUTE]: { body: info }, ...routes } },
  );
}

describe('the returned payments notice', () => {
  it('says which payment the bank sent back, why, and that it is due again', async () => {
    renderNotice(paymentInfoFixture({ ReturnedPayments: [RETURNED] }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Your payment of $1,500.00 on 11/25/2026 from the account ending in 2227 was returned by your bank (Insufficient funds). It has been taken off your loan: what it had paid is owed again, and your amount due includes it.',
    );
    await expectNoAxeViolations();
  });

  it("opens the returned payment's details: Returned first, then each change of it", async () => {
    const { user, server } = renderNotice(paymentInfoFixture({ ReturnedPayments: [RETURNED] }), {
      [TIMELINE]: {
        body: {
          HasNoErrors: true,
          Errors: [],
          Status: 'returned',
          PaymentDate: '2026-11-25',
          ConfirmationNumber: 'K7M2Q9X4TB',
          PaymentAmount: 1500,
          IsCard: false,
          AccountNumber: '2227',
          ReturnReason: 'Insufficient funds',
          FailureReason: '',
          Events: [
            { Status: 'settling', At: '2026-11-25T15:00:00.000Z' },
            { Status: 'posted', At: '2026-11-25T15:00:01.000Z' },
            { Status: 'returned', At: '2026-11-27T16:00:00.000Z' },
          ],
        },
      },
    });
    const alert = await screen.findByRole('alert');
    await user.click(
      within(alert).getByRole('button', {
        name: 'View details of the payment of $1,500.00 on 11/25/2026',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Payment details' });
    expect(await within(dialog).findByText(/^Payment of 11\/25\/2026: /)).toHaveTextContent(
      'Returned by your bank',
    );
    expect(
      within(within(dialog).getByRole('list', { name: 'What happened' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent?.split(':')[0]),
    ).toEqual(['Processing', 'Posted', 'Returned by your bank']);
    // What it was and why it came back, in the bank's words.
    expect(
      within(dialog)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    ).toEqual([
      ['Confirmation number', 'K7M2Q9X4TB'],
      ['Amount', '$1,500.00'],
      ['Paid with', 'Bank account ending in 2227'],
      ['Reason', 'Insufficient funds'],
    ]);
    expect(server.requestsTo(TIMELINE)[0]?.search).toBe(
      `?EncryptedString=returned-handle-1&LoanAccountNumber=${NUMBER}`,
    );
    await expectNoAxeViolations();
  });

  it('shows nothing when no payment came back', async () => {
    renderNotice(paymentInfoFixture());
    await screen.findByText('Loaded');
    // The payment info answers first; the notice stays away.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
