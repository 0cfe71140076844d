import { expectNoAxeViolations } from '@portal/web-kit/testing';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  FIXTURE_LOAN_NUMBER as NUMBER,
  paymentInfoFixture,
} from '../../testing/payment-info-fixture';
import { renderShell } from '../../testing/render-shell';
import { ReturnedPaymentsNotice } from './returned-payments-notice';

const INFO_ROUTE = 'GET /api/PaymentInformation/GetPaymentInfo';

function renderNotice(info: ReturnType<typeof paymentInfoFixture>) {
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
    { path: '/loan', signedIn: true, routes: { [INFO_ROUTE]: { body: info } } },
  );
}

describe('the returned payments notice', () => {
  it('says which payment the bank sent back, why, and that it is due again', async () => {
    renderNotice(
      paymentInfoFixture({
        ReturnedPayments: [
          {
            PaymentDate: '2026-11-25',
            PaymentAmount: 1500,
            IsCard: false,
            AccountNumber: '2227',
            Reason: 'Insufficient funds',
          },
        ],
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Your payment of $1,500.00 on 11/25/2026 from the account ending in 2227 was returned by your bank (Insufficient funds). It has been taken off your loan, so that amount is due again.',
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
