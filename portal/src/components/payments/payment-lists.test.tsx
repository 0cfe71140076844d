import type { PaymentInfoResponse } from '@portal/domain';
import { expectNoAxeViolations, type StubHandler, type StubRoutes } from '@portal/web-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { usePaymentInfo } from '../../lib/payments/payment-info';
import {
  FIXTURE_LOAN_NUMBER as NUMBER,
  paymentInfoFixture,
  recurringPaymentFixture,
  scheduledPaymentFixture,
} from '../../testing/payment-info-fixture';
import type { SettingValues } from '../../testing/fixtures';
import { renderShell } from '../../testing/render-shell';
import { RecurringPaymentBox } from './recurring-payment-box';
import { ScheduledPaymentsList } from './scheduled-payments-list';

const INFO_ROUTE = 'GET /api/PaymentInformation/GetPaymentInfo';

/** The payment page's use of the lists: the box in its card layout and the scheduled list. */
function PaymentListsHarness(props: { layout: 'card' | 'table' }) {
  const info = usePaymentInfo(NUMBER);
  const [deletions, setDeletions] = useState(0);
  if (!info.data) return <p>Loading</p>;
  return (
    <main>
      <h1>Payments</h1>
      <p>Deletions: {deletions}</p>
      {/* As the payment page does: rendered without a payment too (it then holds the note). */}
      <RecurringPaymentBox
        accountNumber={NUMBER}
        payment={info.data.RecurringPayment}
        layout={props.layout}
        onDeleted={() => setDeletions((count) => count + 1)}
      />
      <ScheduledPaymentsList
        accountNumber={NUMBER}
        payments={info.data.ScheduledPayments}
        onDeleted={() => setDeletions((count) => count + 1)}
      />
    </main>
  );
}

function renderLists(
  options: {
    info?: PaymentInfoResponse | StubHandler;
    settings?: SettingValues;
    routes?: StubRoutes;
    layout?: 'card' | 'table';
  } = {},
) {
  const info = options.info ?? paymentInfoFixture();
  return renderShell(
    [{ path: 'pay', element: <PaymentListsHarness layout={options.layout ?? 'card'} /> }],
    {
      path: '/pay',
      signedIn: true,
      settings: options.settings,
      routes: {
        [INFO_ROUTE]: typeof info === 'function' ? info : { body: info },
        ...options.routes,
      },
    },
  );
}

const recurringBox = () => screen.findByRole('region', { name: 'Recurring Payment' });
const scheduledList = () => screen.findByRole('region', { name: 'Scheduled Payments' });
const FAILED = (message: string) => ({
  body: { HasNoErrors: false, Errors: [{ ErrorMessage: message }], Token: '' },
});
const DELETED = { body: { HasNoErrors: true, Errors: [], Token: '' } };

describe('the recurring payment box', () => {
  it('shows the schedule, amount, additional principal and account ending digits of an ACH payment', async () => {
    const { server } = renderLists({
      info: paymentInfoFixture({ RecurringPayment: recurringPaymentFixture() }),
    });
    const box = await recurringBox();
    expect(box).toHaveTextContent('Weekly on Mondays');
    expect(box).toHaveTextContent('Amount$471.60');
    expect(box).toHaveTextContent('Additional Principal Amount$25.00');
    expect(box).toHaveTextContent('Account Ending In6789');
    expect(within(box).getByRole('button', { name: 'Delete recurring payment' })).toBeVisible();
    expect(server.requestsTo(INFO_ROUTE)[0]?.search).toBe(`?accountNumber=${NUMBER}`);
    await expectNoAxeViolations();
  });

  it("words a line of credit's total due (kept as 0) instead of showing $0.00", async () => {
    renderLists({
      info: paymentInfoFixture({
        RecurringPayment: recurringPaymentFixture({ TotalAmount: 0, AdditionalPrincipalAmount: 0 }),
      }),
    });
    const box = await recurringBox();
    expect(box).toHaveTextContent('The amount due will be calculated at the time of each payment.');
    expect(box).not.toHaveTextContent('$0.00');
  });

  it('shows Card Ending In for a card, and additional principal never for a card or when 0', async () => {
    renderLists({
      info: paymentInfoFixture({
        RecurringPayment: recurringPaymentFixture({
          IsCard: true,
          PaymentAccountNum: '4242',
          RecurringOption: 'DayOfMonth',
          Date: '2026-12-21',
        }),
      }),
    });
    const box = await recurringBox();
    expect(box).toHaveTextContent('Monthly on the 21st');
    expect(box).toHaveTextContent('Card Ending In4242');
    expect(box).not.toHaveTextContent('Additional Principal');
  });

  it('leaves out an ACH additional principal of 0, in the table layout too', async () => {
    renderLists({
      layout: 'table',
      info: paymentInfoFixture({
        RecurringPayment: recurringPaymentFixture({
          AdditionalPrincipalAmount: 0,
          RecurringOption: 'DaysBeforeDue',
          NumberOfDays: 3,
        }),
      }),
    });
    const box = await recurringBox();
    const table = within(box).getByRole('table', { name: 'Recurring Payment' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Schedule', 'Amount', 'Account Ending In', 'Delete']);
    expect(within(table).getByRole('rowheader')).toHaveTextContent(
      '3 days before your loan is due',
    );
    expect(box).not.toHaveTextContent('Additional Principal');
    await expectNoAxeViolations();
  });

  it('reads the schedule wording from the settings', async () => {
    renderLists({
      settings: { 'recurringPaymentTexts.weeklyScheduleText': 'Every {weekday}' },
      info: paymentInfoFixture({ RecurringPayment: recurringPaymentFixture() }),
    });
    expect(await recurringBox()).toHaveTextContent('Every Monday');
  });

  it('asks before deleting; No keeps it and sends nothing', async () => {
    const { user, server } = renderLists({
      info: paymentInfoFixture({ RecurringPayment: recurringPaymentFixture() }),
    });
    await user.click(
      within(await recurringBox()).getByRole('button', { name: 'Delete recurring payment' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Are you sure you want to delete your recurring payment?',
    });
    await expectNoAxeViolations(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requestsTo('POST /api/PaymentRecurring/DeleteAch')).toHaveLength(0);
    expect(await recurringBox()).toBeVisible();
    expect(screen.getByText('Deletions: 0')).toBeVisible();
  });

  it.each([
    [false, 'POST /api/PaymentRecurring/DeleteAch'],
    [true, 'POST /api/PaymentRecurring/DeleteCard'],
  ])('deletes it (IsCard %s through %s) and the box goes', async (isCard, route) => {
    let deleted = false;
    const { user, server } = renderLists({
      info: () => ({
        body: paymentInfoFixture({
          RecurringPayment: deleted ? null : recurringPaymentFixture({ IsCard: isCard }),
        }),
      }),
      routes: {
        [route]: () => {
          deleted = true;
          return DELETED;
        },
      },
    });
    await user.click(
      within(await recurringBox()).getByRole('button', { name: 'Delete recurring payment' }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('region', { name: 'Recurring Payment' })).toBeNull();
    expect(screen.getByText('Deletions: 1')).toBeVisible();
    expect(server.requestsTo(route).map((request) => request.body)).toEqual([
      { Token: '', Payment: { EncryptedString: 'recurring-handle-1', LoanAccountNumber: NUMBER } },
    ]);
  });

  it.each(['card', 'table'] as const)(
    'notes a deletion for screen readers and gives focus to the note, not the body (%s)',
    async (layout) => {
      let deleted = false;
      const { user } = renderLists({
        layout,
        info: () => ({
          body: paymentInfoFixture({
            RecurringPayment: deleted ? null : recurringPaymentFixture(),
          }),
        }),
        routes: {
          'POST /api/PaymentRecurring/DeleteAch': () => {
            deleted = true;
            return DELETED;
          },
        },
      });
      const box = await recurringBox();
      expect(screen.queryByText('Your recurring payment has been deleted.')).toBeNull();
      await user.click(within(box).getByRole('button', { name: 'Delete recurring payment' }));
      await user.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
      );
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      const note = await screen.findByText('Your recurring payment has been deleted.');
      const status = note.closest('[role="status"]');
      expect(status).not.toBeNull();
      await waitFor(() => expect(document.activeElement).toBe(status));
      expect(document.activeElement).not.toBe(document.body);
      await expectNoAxeViolations();
    },
  );

  it('notes the deletion in the configured wording', async () => {
    let deleted = false;
    const { user } = renderLists({
      settings: { 'recurringPaymentTexts.deleteRecurringSuccessText': 'Autopay is cancelled.' },
      info: () => ({
        body: paymentInfoFixture({
          RecurringPayment: deleted ? null : recurringPaymentFixture(),
        }),
      }),
      routes: {
        'POST /api/PaymentRecurring/DeleteAch': () => {
          deleted = true;
          return DELETED;
        },
      },
    });
    await user.click(
      within(await recurringBox()).getByRole('button', { name: 'Delete recurring payment' }),
    );
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    const note = await screen.findByText('Autopay is cancelled.');
    expect(note.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByText('Your recurring payment has been deleted.')).toBeNull();
  });

  it.each([
    [
      'an unknown code',
      'NoSuchCode',
      'An error occurred while attempting to cancel your recurring payment.',
    ],
    ['Deleting', 'Deleting', 'An error occurred attempting to delete that payment.'],
    [
      'DeleteRecurringAchNotAllowed',
      'DeleteRecurringAchNotAllowed',
      'Deleting a recurring ACH payment is not allowed online. Please contact your financial institution.',
    ],
    ['a host message', 'The host refused this.', 'The host refused this.'],
    ['a Generic - message', 'Generic - Try again tomorrow', 'Try again tomorrow'],
  ])('shows the error of %s and keeps the payment', async (_case, message, text) => {
    const { user } = renderLists({
      info: paymentInfoFixture({ RecurringPayment: recurringPaymentFixture() }),
      routes: { 'POST /api/PaymentRecurring/DeleteAch': FAILED(message) },
    });
    await user.click(
      within(await recurringBox()).getByRole('button', { name: 'Delete recurring payment' }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(text)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await recurringBox()).toBeVisible();
    expect(screen.getByText('Deletions: 0')).toBeVisible();
  });

  it('shows the configured error wording when the server fails without an error', async () => {
    const { user, server } = renderLists({
      settings: { 'recurringPaymentTexts.deleteRecurringErrorText': 'Could not cancel it.' },
      info: paymentInfoFixture({ RecurringPayment: recurringPaymentFixture() }),
      routes: { 'POST /api/PaymentRecurring/DeleteAch': { status: 500, body: undefined } },
    });
    await user.click(
      within(await recurringBox()).getByRole('button', { name: 'Delete recurring payment' }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Could not cancel it.')).toBeVisible();
    expect(server.requestsTo('POST /api/PaymentRecurring/DeleteAch')).toHaveLength(1);
  });

  it.each([
    [
      'the server marks it not deletable',
      { CanDelete: false },
      {},
      'Cannot delete recurring payment.',
    ],
    [
      'the setting forbids it',
      {},
      { 'paymentOptions.allowDeleteRecurringPaymentOption': 'false' },
      'Cannot delete recurring payment.',
    ],
    [
      'the institution words the refusal',
      { CanDelete: false },
      { 'recurringPaymentTexts.recurringDeleteBlockedText': 'Call us to cancel.' },
      'Call us to cancel.',
    ],
  ])(
    'shows the blocked text without a delete button when %s',
    async (_case, payment, settings, text) => {
      renderLists({
        settings,
        info: paymentInfoFixture({ RecurringPayment: recurringPaymentFixture(payment) }),
      });
      const box = await recurringBox();
      expect(box).toHaveTextContent(text);
      expect(within(box).queryByRole('button')).toBeNull();
    },
  );

  it('is hidden on the payment page by paymentOptions.hideRecurringPaymentInfoOption', async () => {
    renderLists({
      settings: { 'paymentOptions.hideRecurringPaymentInfoOption': 'true' },
      info: paymentInfoFixture({
        RecurringPayment: recurringPaymentFixture(),
        ScheduledPayments: [scheduledPaymentFixture()],
      }),
    });
    await scheduledList();
    expect(screen.queryByRole('region', { name: 'Recurring Payment' })).toBeNull();
  });
});

describe('the scheduled payments list', () => {
  const payments = [
    scheduledPaymentFixture(),
    scheduledPaymentFixture({
      EncryptedString: 'scheduled-handle-2',
      IsCard: true,
      AccountNumber: '4242',
      PaymentDate: '2026-12-20',
      PaymentAmount: 1234.5,
    }),
  ];

  it('lists Type, Account/Card, Payment Day and Amount, with an icon named for the type', async () => {
    renderLists({ info: paymentInfoFixture({ ScheduledPayments: payments }) });
    const table = within(await scheduledList()).getByRole('table', { name: 'Scheduled Payments' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Type', 'Account/Card', 'Payment Day', 'Amount', 'Details', 'Delete']);
    const [, ach, card] = within(table).getAllByRole('row');
    if (!ach || !card) throw new Error('Two payment rows expected');
    expect(within(ach).getByRole('img', { name: 'E-Check' })).toBeVisible();
    expect(ach).toHaveTextContent('6789');
    expect(ach).toHaveTextContent('12/15/2026');
    expect(ach).toHaveTextContent('$100.00');
    expect(within(card).getByRole('img', { name: 'Card' })).toBeVisible();
    expect(card).toHaveTextContent('4242');
    expect(card).toHaveTextContent('12/20/2026');
    expect(card).toHaveTextContent('$1,234.50');
    await expectNoAxeViolations();
  });

  it('opens a payment’s details: its status first, then each change with its date and time', async () => {
    const TIMELINE = 'GET /api/PaymentScheduled/Timeline';
    const { user, server } = renderLists({
      info: paymentInfoFixture({ ScheduledPayments: payments }),
      routes: {
        [TIMELINE]: {
          body: {
            HasNoErrors: true,
            Errors: [],
            Status: 'needsReview',
            PaymentDate: '2026-12-15',
            ConfirmationNumber: 'K7M2Q9X4TB',
            PaymentAmount: 250.5,
            IsCard: false,
            AccountNumber: '6789',
            ReturnReason: '',
            FailureReason: '',
            Events: [
              { Status: 'scheduled', At: '2026-12-01T15:00:00.000Z' },
              { Status: 'settling', At: '2026-12-15T14:00:00.000Z' },
              { Status: 'needsReview', At: '2026-12-17T16:30:00.000Z' },
            ],
          },
        },
      },
    });
    await user.click(
      await within(await scheduledList()).findByRole('button', {
        name: 'View details of the payment of $100.00 on 12/15/2026',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Payment details' });
    expect(
      await within(dialog).findByText('Payment of 12/15/2026: We are reviewing it'),
    ).toBeVisible();
    const changes = within(dialog).getByRole('list', { name: 'What happened' });
    expect(
      within(changes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/^Scheduled: 12\/01\/2026 10:00 AM/),
      expect.stringMatching(/^Processing: 12\/15\/2026 9:00 AM/),
      expect.stringMatching(/^We are reviewing it: 12\/17\/2026 11:30 AM/),
    ]);
    expect(server.requestsTo(TIMELINE)[0]?.search).toBe(
      `?EncryptedString=scheduled-handle-1&LoanAccountNumber=${NUMBER}`,
    );
    await expectNoAxeViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  /** The details of a $8,123.45 payoff scheduled for 12/20/2026, as the server answers them. */
  const payoffTimeline = (extra: Record<string, unknown> = {}) => ({
    HasNoErrors: true,
    Errors: [],
    Status: 'scheduled',
    PaymentDate: '2026-12-20',
    ConfirmationNumber: 'P4Y0FF9X2A',
    PaymentAmount: 8123.45,
    IsCard: false,
    AccountNumber: '6789',
    ReturnReason: '',
    FailureReason: '',
    IsPayoff: true,
    Events: [{ Status: 'scheduled', At: '2026-12-01T15:00:00.000Z' }],
    ...extra,
  });

  it('says a payment made to pay the loan off is a payoff: in words beside its amount, and in its details', async () => {
    const TIMELINE = 'GET /api/PaymentScheduled/Timeline';
    const { user } = renderLists({
      info: paymentInfoFixture({
        ScheduledPayments: [
          scheduledPaymentFixture(),
          scheduledPaymentFixture({
            EncryptedString: 'scheduled-payoff-1',
            PaymentDate: '2026-12-20',
            PaymentAmount: 8123.45,
            IsPayoff: true,
          }),
        ],
      }),
      routes: {
        [TIMELINE]: {
          body: payoffTimeline(),
        },
      },
    });
    const table = within(await scheduledList()).getByRole('table', { name: 'Scheduled Payments' });
    const [, plain, payoff] = within(table).getAllByRole('row');
    if (!plain || !payoff) throw new Error('Two payment rows expected');
    // Text, not a colour alone: a screen reader reads it with the amount.
    expect(payoff).toHaveTextContent(/\$8,123\.45\s*Payoff/);
    expect(plain).not.toHaveTextContent('Payoff');
    await expectNoAxeViolations();

    await user.click(
      within(payoff).getByRole('button', {
        name: 'View details of the payment of $8,123.45 on 12/20/2026',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Payment details' });
    expect(
      await within(dialog).findByText(
        'This is a payoff: the payment is made to pay the loan off in full.',
      ),
    ).toBeVisible();
  });

  it('warns in its details when a scheduled payoff no longer pays the loan off, and by how much', async () => {
    const TIMELINE = 'GET /api/PaymentScheduled/Timeline';
    const { user } = renderLists({
      info: paymentInfoFixture({
        ScheduledPayments: [
          scheduledPaymentFixture({
            EncryptedString: 'scheduled-payoff-1',
            PaymentDate: '2026-12-20',
            PaymentAmount: 8123.45,
            IsPayoff: true,
          }),
        ],
      }),
      routes: {
        [TIMELINE]: {
          body: payoffTimeline({ PayoffShortBy: 1500.25 }),
        },
      },
    });
    const table = within(await scheduledList()).getByRole('table', { name: 'Scheduled Payments' });
    await user.click(
      within(table).getByRole('button', {
        name: 'View details of the payment of $8,123.45 on 12/20/2026',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Payment details' });
    const warning = await within(dialog).findByRole('alert');
    expect(warning).toHaveTextContent(
      'This payoff no longer pays the loan off in full: after it is credited on 12/20/2026, the ' +
        'loan will still owe $1,500.25 (a payment was returned or a fee charged since you ' +
        'scheduled it). It is still made for the amount you authorized. Delete it and schedule ' +
        'the payoff again, or pay the rest before then.',
    );
    // Not the promise of a payoff in full beside it.
    expect(within(dialog).queryByText(/pay the loan off in full\./)).toBeNull();
    await expectNoAxeViolations(dialog);
  });

  it('words the payoff from the settings', async () => {
    renderLists({
      settings: { 'recurringPaymentTexts.scheduledPayoffText': 'Pays off the loan' },
      info: paymentInfoFixture({
        ScheduledPayments: [scheduledPaymentFixture({ IsPayoff: true })],
      }),
    });
    expect(await scheduledList()).toHaveTextContent(/\$100\.00\s*Pays off the loan/);
  });

  it('says so when a payment’s details cannot be loaded', async () => {
    const { user } = renderLists({
      info: paymentInfoFixture({ ScheduledPayments: payments }),
      routes: { 'GET /api/PaymentScheduled/Timeline': { status: 404, body: {} } },
    });
    await user.click(
      await within(await scheduledList()).findByRole('button', {
        name: 'View details of the payment of $100.00 on 12/15/2026',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Payment details' });
    expect(
      await within(dialog).findByText(
        'We could not load the details of this payment. Please try again later.',
      ),
    ).toBeVisible();
  });

  it('is hidden when empty', async () => {
    renderLists({ info: paymentInfoFixture({ RecurringPayment: recurringPaymentFixture() }) });
    await recurringBox();
    expect(screen.queryByRole('region', { name: 'Scheduled Payments' })).toBeNull();
  });

  it('is hidden on the payment page by paymentOptions.hideScheduledPaymentsListOption', async () => {
    renderLists({
      settings: { 'paymentOptions.hideScheduledPaymentsListOption': 'true' },
      info: paymentInfoFixture({
        RecurringPayment: recurringPaymentFixture(),
        ScheduledPayments: payments,
      }),
    });
    await recurringBox();
    expect(screen.queryByRole('region', { name: 'Scheduled Payments' })).toBeNull();
  });

  it('deletes the confirmed payment through DeleteCard and removes its row', async () => {
    let deleted = false;
    const { user, server } = renderLists({
      info: () => ({
        body: paymentInfoFixture({ ScheduledPayments: deleted ? payments.slice(0, 1) : payments }),
      }),
      routes: {
        'POST /api/PaymentScheduled/DeleteCard': () => {
          deleted = true;
          return DELETED;
        },
      },
    });
    const list = await scheduledList();
    await user.click(
      within(list).getByRole('button', {
        name: 'Delete the scheduled payment of $1,234.50 on 12/20/2026',
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Are you sure you want to delete this scheduled payment?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(list).getAllByRole('row')).toHaveLength(2));
    expect(list).not.toHaveTextContent('4242');
    expect(list).toHaveTextContent('6789');
    expect(screen.getByText('Deletions: 1')).toBeVisible();
    expect(server.requestsTo('POST /api/PaymentScheduled/DeleteCard')[0]?.body).toEqual({
      Token: '',
      Payment: { EncryptedString: 'scheduled-handle-2', LoanAccountNumber: NUMBER },
    });
    expect(server.requestsTo('POST /api/PaymentScheduled/DeleteAch')).toHaveLength(0);
  });

  it('notes the deletion for screen readers and gives focus to the next row’s delete button', async () => {
    let deleted = false;
    const { user } = renderLists({
      info: () => ({
        body: paymentInfoFixture({ ScheduledPayments: deleted ? payments.slice(1) : payments }),
      }),
      routes: {
        'POST /api/PaymentScheduled/DeleteAch': () => {
          deleted = true;
          return DELETED;
        },
      },
    });
    const list = await scheduledList();
    expect(screen.queryByText('Your scheduled payment has been deleted.')).toBeNull();
    await user.click(
      within(list).getByRole('button', {
        name: 'Delete the scheduled payment of $100.00 on 12/15/2026',
      }),
    );
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const note = await screen.findByText('Your scheduled payment has been deleted.');
    expect(note.closest('[role="status"]')).not.toBeNull();
    await waitFor(() => expect(within(list).getAllByRole('row')).toHaveLength(2));
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(list).getByRole('button', {
          name: 'Delete the scheduled payment of $1,234.50 on 12/20/2026',
        }),
      ),
    );
    await expectNoAxeViolations();
  });

  it('gives focus to the list heading when no deletable row is left', async () => {
    let deleted = false;
    const posted = { ...payments[1], HasBeenPosted: true } as (typeof payments)[number];
    const { user } = renderLists({
      info: () => ({
        body: paymentInfoFixture({
          ScheduledPayments: deleted ? [posted] : ([payments[0], posted] as typeof payments),
        }),
      }),
      routes: {
        'POST /api/PaymentScheduled/DeleteAch': () => {
          deleted = true;
          return DELETED;
        },
      },
    });
    const list = await scheduledList();
    await user.click(
      within(list).getByRole('button', {
        name: 'Delete the scheduled payment of $100.00 on 12/15/2026',
      }),
    );
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    await screen.findByText('Your scheduled payment has been deleted.');
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(list).getByRole('heading', { name: 'Scheduled Payments' }),
      ),
    );
  });

  it('notes the deletion of a scheduled payment in the configured wording', async () => {
    let deleted = false;
    const { user } = renderLists({
      settings: {
        'recurringPaymentTexts.deleteScheduledSuccessText': 'That payment is cancelled.',
      },
      info: () => ({
        body: paymentInfoFixture({ ScheduledPayments: deleted ? payments.slice(1) : payments }),
      }),
      routes: {
        'POST /api/PaymentScheduled/DeleteAch': () => {
          deleted = true;
          return DELETED;
        },
      },
    });
    await user.click(
      within(await scheduledList()).getByRole('button', {
        name: 'Delete the scheduled payment of $100.00 on 12/15/2026',
      }),
    );
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    const note = await screen.findByText('That payment is cancelled.');
    expect(note.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByText('Your scheduled payment has been deleted.')).toBeNull();
  });

  it('keeps the note, with focus on it, when the last scheduled payment is deleted', async () => {
    let deleted = false;
    const { user } = renderLists({
      info: () => ({
        body: paymentInfoFixture({ ScheduledPayments: deleted ? [] : payments.slice(0, 1) }),
      }),
      routes: {
        'POST /api/PaymentScheduled/DeleteAch': () => {
          deleted = true;
          return DELETED;
        },
      },
    });
    await user.click(
      within(await scheduledList()).getByRole('button', {
        name: 'Delete the scheduled payment of $100.00 on 12/15/2026',
      }),
    );
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    const note = await screen.findByText('Your scheduled payment has been deleted.');
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Scheduled Payments' })).toBeNull(),
    );
    const status = note.closest('[role="status"]');
    expect(status).not.toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(status));
  });

  it('says There was an error deleting your payment. and keeps the row when the deletion fails', async () => {
    const { user } = renderLists({
      info: paymentInfoFixture({ ScheduledPayments: payments }),
      routes: { 'POST /api/PaymentScheduled/DeleteAch': FAILED('ScheduledDeleteFailed') },
    });
    const list = await scheduledList();
    await user.click(
      within(list).getByRole('button', {
        name: 'Delete the scheduled payment of $100.00 on 12/15/2026',
      }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await within(dialog).findByText('There was an error deleting your payment.'),
    ).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(list).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('Deletions: 0')).toBeVisible();
  });

  it.each([
    ['HasBeenPosted', 'Cannot delete scheduled payment.'],
    [
      'ModifyScheduledAchNotAllowed',
      'Scheduled ACH payments cannot be modified online. Please contact your financial institution.',
    ],
  ])('words the refusal %s with its own text', async (code, text) => {
    const { user } = renderLists({
      settings:
        code === 'HasBeenPosted'
          ? { 'recurringPaymentTexts.scheduledDeleteBlockedText': 'Already on its way.' }
          : {},
      info: paymentInfoFixture({ ScheduledPayments: payments }),
      routes: { 'POST /api/PaymentScheduled/DeleteAch': FAILED(code) },
    });
    const list = await scheduledList();
    await user.click(
      within(list).getByRole('button', {
        name: 'Delete the scheduled payment of $100.00 on 12/15/2026',
      }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    // HasBeenPosted reads the list's own blocked text, as the institution words it.
    expect(
      await within(dialog).findByText(code === 'HasBeenPosted' ? 'Already on its way.' : text),
    ).toBeVisible();
  });

  it('blocks a payment the server marks not deletable, or already posted, and all by setting', async () => {
    renderLists({
      info: paymentInfoFixture({
        ScheduledPayments: [
          scheduledPaymentFixture({ EncryptedString: 'a', CanDelete: false }),
          scheduledPaymentFixture({ EncryptedString: 'b', HasBeenPosted: true }),
          scheduledPaymentFixture({ EncryptedString: 'c', PaymentDate: '2026-12-22' }),
        ],
      }),
    });
    const rows = within(await scheduledList())
      .getAllByRole('row')
      .slice(1);
    const deleteButton = (row: HTMLElement) =>
      within(row).queryByRole('button', { name: /^Delete the scheduled payment/ });
    expect(rows.map((row) => deleteButton(row) !== null)).toEqual([false, false, true]);
    expect(rows[0]).toHaveTextContent('Cannot delete scheduled payment.');
    expect(rows[1]).toHaveTextContent('Cannot delete scheduled payment.');
  });

  it('blocks every payment when paymentOptions.allowDeleteScheduledPaymentOption is off', async () => {
    renderLists({
      settings: { 'paymentOptions.allowDeleteScheduledPaymentOption': 'false' },
      info: paymentInfoFixture({ ScheduledPayments: payments }),
    });
    const list = await scheduledList();
    expect(
      within(list).queryByRole('button', { name: /^Delete the scheduled payment/ }),
    ).toBeNull();
    expect(within(list).getAllByText('Cannot delete scheduled payment.')).toHaveLength(2);
  });
});

describe('the payment lists in the dark scheme', () => {
  it('have no axe violations, nor have their delete dialogs', async () => {
    const { user } = renderLists({
      settings: { 'themeOptions.colorScheme': 'dark' },
      info: paymentInfoFixture({
        RecurringPayment: recurringPaymentFixture(),
        ScheduledPayments: [scheduledPaymentFixture()],
      }),
      routes: { 'POST /api/PaymentRecurring/DeleteAch': FAILED('RecurringDeleteFailed') },
    });
    const box = await recurringBox();
    expect(document.documentElement).toHaveClass('dark');
    await expectNoAxeViolations();

    await user.click(within(box).getByRole('button', { name: 'Delete recurring payment' }));
    const dialog = await screen.findByRole('dialog');
    await expectNoAxeViolations(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await within(dialog).findByText(
      'An error occurred while attempting to cancel your recurring payment.',
    );
    await expectNoAxeViolations(dialog);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(
      within(await scheduledList()).getByRole('button', {
        name: 'Delete the scheduled payment of $100.00 on 12/15/2026',
      }),
    );
    await expectNoAxeViolations(await screen.findByRole('dialog'));
  }, 60_000);

  it('have no axe violations in the table layout either', async () => {
    renderLists({
      layout: 'table',
      settings: { 'themeOptions.colorScheme': 'dark' },
      info: paymentInfoFixture({
        RecurringPayment: recurringPaymentFixture({ CanDelete: false }),
      }),
    });
    expect(await recurringBox()).toHaveTextContent('Cannot delete recurring payment.');
    await expectNoAxeViolations();
  });
});
