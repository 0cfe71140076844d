import { expectNoAxeViolations } from '@portal/web-kit/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SettingValues } from '../../testing/fixtures';
import {
  FIXTURE_LOAN_NUMBER as NUMBER,
  paymentInfoFixture,
} from '../../testing/payment-info-fixture';
import { renderShell } from '../../testing/render-shell';
import { RefundedPaymentsNotice } from './refunded-payments-notice';

const INFO_ROUTE = 'GET /api/PaymentInformation/GetPaymentInfo';
const TIMELINE = 'GET /api/PaymentScheduled/Timeline';

const REFUNDED = {
  EncryptedString: 'refunded-handle-1',
  PaymentDate: '2026-11-24',
  PaymentAmount: 88.25,
  TowardAmountDue: 88.25,
  IsCard: true,
  AccountNumber: '4242',
  Status: 'refunded' as const,
};
const POSTED = {
  ...REFUNDED,
  EncryptedString: 'posted-handle-1',
  PaymentDate: '2026-11-02',
  PaymentAmount: 1234.56,
  TowardAmountDue: 1234.56,
  Status: 'posted' as const,
};
const RETURNED = {
  ...REFUNDED,
  EncryptedString: 'returned-handle-1',
  PaymentDate: '2026-11-20',
  IsCard: false,
  Status: 'returned' as const,
};

function renderNotice(
  info: unknown,
  options: { routes?: Parameters<typeof renderShell>[1]['routes']; settings?: SettingValues } = {},
) {
  return renderShell(
    [
      {
        path: 'loan',
        element: (
          <main>
            <h1>Loan</h1>
            <RefundedPaymentsNotice accountNumber={NUMBER} />
            <p>Loaded</p>
          </main>
        ),
      },
    ],
    {
      path: '/loan',
      signedIn: true,
      routes: { [INFO_ROUTE]: { body: info }, ...options.routes },
      ...(options.settings ? { settings: options.settings } : {}),
    },
  );
}

describe('the refunded payments notice', () => {
  it('says a payment given back another way was not refunded to the card', async () => {
    renderNotice(
      paymentInfoFixture({ RecentPayments: [{ ...REFUNDED, RefundedElsewhere: true }] }),
    );
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(
      'Your card payment of $88.25 on 11/24/2026 with the card ending in 4242 could not be refunded to the card, so it was given back to you another way. It has been taken off your loan: what it had paid is owed again, and your amount due includes it.',
    );
    await expectNoAxeViolations();
  });

  it('says which payment was refunded (amount, date, card) and that it is owed again', async () => {
    renderNotice(paymentInfoFixture({ RecentPayments: [REFUNDED, RETURNED, POSTED] }));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(
      'Your card payment of $88.25 on 11/24/2026 with the card ending in 4242 was refunded to you. It has been taken off your loan: what it had paid is owed again, and your amount due includes it.',
    );
    // Only the refunded one: a returned payment has a notice of its own, a posted one none.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(
      within(notice).getByRole('button', {
        name: 'View details of the payment of $88.25 on 11/24/2026',
      }),
    ).toBeVisible();
    await expectNoAxeViolations();
  });

  it('takes its words from the settings', async () => {
    renderNotice(paymentInfoFixture({ RecentPayments: [REFUNDED] }), {
      settings: {
        'loanDetailsTexts.refundedPaymentNoticeText':
          'We gave back {amount} of {date} (card {lastFour}).',
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We gave back $88.25 of 11/24/2026 (card 4242).',
    );
  });

  it('opens the refunded payment’s details, which say when it was refunded', async () => {
    const { user, server } = renderNotice(paymentInfoFixture({ RecentPayments: [REFUNDED] }), {
      routes: {
        [TIMELINE]: {
          body: {
            HasNoErrors: true,
            Errors: [],
            Status: 'refunded',
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
      },
    });
    await user.click(
      within(await screen.findByRole('alert')).getByRole('button', {
        name: 'View details of the payment of $88.25 on 11/24/2026',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Payment details' });
    expect(await within(dialog).findByText(/^Payment of 11\/24\/2026: /)).toHaveTextContent(
      'Refunded',
    );
    expect(
      within(within(dialog).getByRole('list', { name: 'What happened' }))
        .getAllByRole('listitem')
        .at(-1),
    ).toHaveTextContent(/^Refunded: 11\/30\/2026/);
    expect(server.requestsTo(TIMELINE)[0]?.search).toBe(
      `?EncryptedString=refunded-handle-1&LoanAccountNumber=${NUMBER}`,
    );
    await expectNoAxeViolations();
  });

  it('opens the details of a payment given back another way, which say it was not to the card', async () => {
    const { user } = renderNotice(
      paymentInfoFixture({ RecentPayments: [{ ...REFUNDED, RefundedElsewhere: true }] }),
      {
        routes: {
          [TIMELINE]: {
            body: {
              HasNoErrors: true,
              Errors: [],
              Status: 'refunded',
              PaymentDate: '2026-11-24',
              ConfirmationNumber: 'K7M2Q9X4TB',
              PaymentAmount: 88.25,
              IsCard: true,
              AccountNumber: '4242',
              ReturnReason: '',
              FailureReason: '',
              RefundedElsewhere: true,
              Events: [
                { Status: 'settling', At: '2026-11-24T15:00:00.000Z' },
                { Status: 'posted', At: '2026-11-24T15:00:04.000Z' },
                { Status: 'refunded', At: '2026-11-30T19:30:00.000Z' },
              ],
            },
          },
        },
      },
    );
    await user.click(
      within(await screen.findByRole('alert')).getByRole('button', {
        name: 'View details of the payment of $88.25 on 11/24/2026',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Payment details' });
    expect(await within(dialog).findByText(/^Payment of 11\/24\/2026: /)).toHaveTextContent(
      'Refunded to you another way, not to your card',
    );
    expect(
      within(within(dialog).getByRole('list', { name: 'What happened' }))
        .getAllByRole('listitem')
        .at(-1),
    ).toHaveTextContent(/^Refunded to you another way, not to your card: 11\/30\/2026/);
    await expectNoAxeViolations();
  });

  it('still says so when the loan refuses a payment', async () => {
    renderNotice({
      HasNoErrors: false,
      Errors: [{ ErrorMessage: 'PaymentBlocked' }],
      ScheduledPayments: [],
      RecurringPayment: null,
      RecentPayments: [REFUNDED],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your card payment of $88.25 on 11/24/2026 with the card ending in 4242 was refunded to you.',
    );
  });

  it('shows nothing when no payment was refunded', async () => {
    renderNotice(paymentInfoFixture({ RecentPayments: [POSTED] }));
    await screen.findByText('Loaded');
    // The payment info answers first; the notice stays away.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
