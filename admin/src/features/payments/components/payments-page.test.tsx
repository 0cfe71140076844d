import type { StaffPaymentDetail, StaffPaymentSummary } from '@portal/domain';
import { expectNoAxeViolations, type StubRequest } from '@portal/web-kit/testing';
import { screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { institutionRoutes, refusal } from '../../../testing/institution';
import { renderAdmin } from '../../../testing/render-admin';

const SEARCH_URL = 'GET /admin-api/institutions/harbor/payments';
const ID = '3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c';
const PAYMENT_URL = `GET /admin-api/institutions/harbor/payments/${ID}`;

const UNDER_REVIEW: StaffPaymentSummary = {
  id: ID,
  reference: 'K7M2Q9X4TB',
  kind: 'scheduled',
  status: 'needsReview',
  borrowerName: 'Jordan Rivers',
  logonName: 'jordan.rivers',
  loanNumber: '****2352',
  payDate: '2025-03-19',
  totalCents: 6400,
  method: { isCard: true, cardType: 'visa', lastFour: '4242' },
  createdAt: '2025-03-14T15:00:00.000Z',
  postedAt: null,
  cancelledAt: null,
};

const POSTED: StaffPaymentSummary = {
  ...UNDER_REVIEW,
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  reference: 'P3RW8Z1N5D',
  status: 'posted',
  payDate: '2025-02-18',
  totalCents: 125_050,
  method: { isCard: false, cardType: null, lastFour: '3544' },
  createdAt: '2025-02-10T15:00:00.000Z',
  postedAt: '2025-02-18T15:00:00.000Z',
};

const DETAIL: StaffPaymentDetail = {
  ...UNDER_REVIEW,
  loanNumber: '001-100235-2',
  amountCents: 6400,
  additionalPrincipalCents: 0,
  feeCents: 0,
  failure: null,
  coreReference: null,
  refundRefusals: 0,
  events: [
    { at: '2025-03-14T15:00:00.000Z', status: 'scheduled', detail: null },
    { at: '2025-03-19T14:00:00.000Z', status: 'settling', detail: null },
    {
      at: '2025-03-21T16:00:00.000Z',
      status: 'needsReview',
      detail: 'Error: card processor unreachable (connect ETIMEDOUT)',
    },
  ],
};

function payments(request: StubRequest) {
  const params = new URLSearchParams(request.search);
  const found =
    params.get('borrower') === 'nobody'
      ? []
      : params.get('status') === 'needsReview' || params.get('reference') === 'K7M2Q9X4TB'
        ? [UNDER_REVIEW]
        : [UNDER_REVIEW, POSTED];
  return { body: { payments: found, limit: 100 } };
}

function rowsOf(table: HTMLElement): (string | null)[] {
  return within(table)
    .getAllByRole('row')
    .map((row) => row.textContent);
}

describe('the payments page', () => {
  it('searches the payments by the criteria given and lists each with its amount, method (last four) and status', async () => {
    const { user, server } = renderAdmin({
      path: '/i/harbor/payments',
      routes: { ...institutionRoutes({ role: 'viewer' }), [SEARCH_URL]: payments },
    });
    expect(await screen.findByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Payments found' });
    // On a phone the table scrolls sideways in a region the keyboard reaches.
    const region = screen.getByRole('region', { name: 'Payments found, scrolls sideways' });
    expect(region).toContainElement(table);
    expect(region).toHaveAttribute('tabindex', '0');
    expect(rowsOf(table)).toEqual([
      'Payment dateStatusConfirmationBorrowerLoanAmountMethodMade',
      '03/19/2025Needs reviewK7M2Q9X4TBJordan Rivers (jordan.rivers)****2352$64.00Visa ending in 424203/14/2025 11:00 AM EDT',
      '02/18/2025PostedP3RW8Z1N5DJordan Rivers (jordan.rivers)****2352$1,250.50Bank account ending in 354402/10/2025 10:00 AM EST',
    ]);
    const nav = screen.getByRole('navigation', { name: 'Institution sections' });
    expect(within(nav).getByRole('link', { name: 'Payments' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expectNoAxeViolations();

    // The form is the search in the address: it is drawn anew with each search.
    const searchForm = () => screen.getByRole('search', { name: 'Search the payments' });
    let form = searchForm();
    await user.type(within(form).getByLabelText('Borrower (logon name or name)'), 'jordan');
    await user.type(within(form).getByLabelText('Loan number'), '001-100235-2');
    await user.selectOptions(within(form).getByLabelText('Status'), 'Needs review');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('1 payment matches.')).toBeVisible();
    expect(server.requestsTo(SEARCH_URL).map((request) => request.search)).toEqual([
      '',
      '?borrower=jordan&loanNumber=001-100235-2&status=needsReview',
    ]);

    // The date range, and a first date after the last refused next to the field.
    form = searchForm();
    await user.type(within(form).getByLabelText('Payment date from'), '2025-03-20');
    await user.type(within(form).getByLabelText('Payment date to'), '2025-03-01');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect(within(form).getByText('The first date comes after the last.')).toBeVisible();
    expect(server.requestsTo(SEARCH_URL)).toHaveLength(2);

    form = searchForm();
    await user.clear(within(form).getByLabelText('Borrower (logon name or name)'));
    await user.type(within(form).getByLabelText('Borrower (logon name or name)'), 'nobody');
    await user.clear(within(form).getByLabelText('Payment date to'));
    await user.type(within(form).getByLabelText('Payment date to'), '2025-03-31');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No payments match this search.')).toBeVisible();
    expect(server.requestsTo(SEARCH_URL).at(-1)?.search).toBe(
      '?borrower=nobody&loanNumber=001-100235-2&from=2025-03-20&to=2025-03-31&status=needsReview',
    );
    await expectNoAxeViolations();
  });

  it('opens a payment with its timeline, and goes back to the search', async () => {
    const { user } = renderAdmin({
      path: '/i/harbor/payments?reference=K7M2Q9X4TB',
      routes: {
        ...institutionRoutes({ role: 'viewer' }),
        [SEARCH_URL]: payments,
        [PAYMENT_URL]: { body: DETAIL },
      },
    });
    await user.click(await screen.findByRole('link', { name: 'K7M2Q9X4TB' }));
    const heading = await screen.findByRole('heading', { name: 'Payment K7M2Q9X4TB', level: 1 });
    expect(heading).toBeVisible();
    // The link that was pressed is gone: the keyboard starts again at the payment's heading.
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText(/is not tried again on its own/)).toBeVisible();
    // A viewer reads it; posting again is an editor's or a publisher's.
    expect(screen.getByText(/An editor or a publisher can post it again/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Post again' })).toBeNull();
    expect(screen.getByText('001-100235-2')).toBeVisible();
    expect(screen.getByText('Visa ending in 4242')).toBeVisible();
    const timeline = screen.getByRole('table', { name: 'Timeline' });
    const timelineRegion = screen.getByRole('region', { name: 'Timeline, scrolls sideways' });
    expect(timelineRegion).toContainElement(timeline);
    expect(timelineRegion).toHaveAttribute('tabindex', '0');
    expect(rowsOf(timeline)).toEqual([
      'WhenStatusDetail',
      '03/14/2025 11:00 AM EDTScheduled',
      '03/19/2025 10:00 AM EDTProcessing',
      '03/21/2025 12:00 PM EDTNeeds reviewError: card processor unreachable (connect ETIMEDOUT)',
    ]);
    await expectNoAxeViolations();

    await user.click(screen.getByRole('link', { name: 'Back to the payments' }));
    const back = await screen.findByRole('heading', { name: 'Payments', level: 1 });
    expect(back).toBeVisible();
    // The link is gone with its page: the keyboard starts again at the search's heading.
    await waitFor(() => expect(back).toHaveFocus());
    expect(screen.getByLabelText('Confirmation number')).toHaveValue('K7M2Q9X4TB');
  });

  it('lets an editor post a payment under review again, after asking, and shows it processing', async () => {
    const posted: StaffPaymentDetail = {
      ...DETAIL,
      status: 'settling',
      events: [
        ...DETAIL.events,
        {
          at: '2025-03-24T14:00:00.000Z',
          status: 'settling',
          detail: 'Posting asked for again by Sam Editor.',
        },
      ],
    };
    const { user, server } = renderAdmin({
      path: `/i/harbor/payments/${ID}`,
      routes: {
        ...institutionRoutes({ role: 'editor' }),
        [PAYMENT_URL]: { body: DETAIL },
        [`POST /admin-api/institutions/harbor/payments/${ID}/post-again`]: { body: posted },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Post again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Post payment K7M2Q9X4TB again?' });
    expect(dialog).toHaveTextContent('A charge or debit already made is not made again.');
    await expectNoAxeViolations();
    // Cancel asks nothing of the server.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitForElementToBeRemoved(dialog);
    expect(
      server.requestsTo(`POST /admin-api/institutions/harbor/payments/${ID}/post-again`),
    ).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Post again' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Post again' }),
    );
    const timeline = await screen.findByRole('table', { name: 'Timeline' });
    expect(
      await within(timeline).findByText('Posting asked for again by Sam Editor.'),
    ).toBeVisible();
    expect(
      server.requestsTo(`POST /admin-api/institutions/harbor/payments/${ID}/post-again`),
    ).toHaveLength(1);
    expect(screen.queryByText(/is not tried again on its own/)).toBeNull();
    expect(screen.getByText('Status', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'Processing',
    );
    // Post again is gone with the review: what was done is said where focus now is.
    const done = screen.getByRole('status');
    expect(done).toHaveTextContent(
      'Payment K7M2Q9X4TB is back to Processing: the next run posts it as of 03/19/2025.',
    );
    await waitFor(() => expect(done).toHaveFocus());
    await expectNoAxeViolations();
  });

  it('lets an editor close a payment under review as not paid, with what they found, and shows it Failed', async () => {
    const CLOSE_URL = `POST /admin-api/institutions/harbor/payments/${ID}/close-unpaid`;
    const closed: StaffPaymentDetail = {
      ...DETAIL,
      status: 'failed',
      events: [
        ...DETAIL.events,
        {
          at: '2025-03-24T14:00:00.000Z',
          status: 'failed',
          detail:
            'Closed as not paid by Sam Editor (The bank returned the debit): the core held no posting of it.',
        },
      ],
    };
    const { user, server } = renderAdmin({
      path: `/i/harbor/payments/${ID}`,
      routes: {
        ...institutionRoutes({ role: 'editor' }),
        [PAYMENT_URL]: { body: DETAIL },
        [CLOSE_URL]: { body: closed },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Close as not paid' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Close payment K7M2Q9X4TB as not paid?',
    });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Only when its money never arrived: its bank sent the debit back, or no charge or debit was made. A card charge that was approved is refused here: refund it instead.',
      'If the core holds a posting of it, that posting of $64.00 is reversed as of today: what it paid is owed again.',
      'The payment says Failed; the borrower is e-mailed that it could not be made.',
    ]);
    const note = within(dialog).getByRole('textbox', { name: 'What you found' });
    await user.click(within(dialog).getByRole('button', { name: 'Close as not paid' }));
    expect(note).toHaveAccessibleDescription('Say what you found.');
    expect(server.requestsTo(CLOSE_URL)).toEqual([]);
    await expectNoAxeViolations();
    await user.type(note, 'The bank returned the debit');
    await user.click(within(dialog).getByRole('button', { name: 'Close as not paid' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(server.requestsTo(CLOSE_URL).map((request) => request.body)).toEqual([
      { note: 'The bank returned the debit' },
    ]);
    const done = screen.getByRole('status');
    expect(done).toHaveTextContent(
      'Payment K7M2Q9X4TB is closed as not paid: it says Failed, and the borrower is e-mailed that it could not be made.',
    );
    await waitFor(() => expect(done).toHaveFocus());
    expect(screen.getByText('Status', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'Failed',
    );
  });

  it('says why the server refused to post it again', async () => {
    const { user } = renderAdmin({
      path: `/i/harbor/payments/${ID}`,
      routes: {
        ...institutionRoutes({ role: 'publisher' }),
        [PAYMENT_URL]: { body: DETAIL },
        [`POST /admin-api/institutions/harbor/payments/${ID}/post-again`]: refusal(
          409,
          'Conflict',
          'This payment no longer needs review: open it again to see where it is.',
        ),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Post again' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Post again' }),
    );
    expect(
      await screen.findByText(
        'This payment no longer needs review: open it again to see where it is.',
      ),
    ).toBeVisible();
    expect(
      screen
        .getByText('This payment no longer needs review: open it again to see where it is.')
        .closest('[role="alert"]'),
    ).not.toBeNull();
    await expectNoAxeViolations();
  });

  describe('refunding a posted card payment', () => {
    const CARD_ID = '5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e';
    const CARD_URL = `GET /admin-api/institutions/harbor/payments/${CARD_ID}`;
    const REFUND_URL = `POST /admin-api/institutions/harbor/payments/${CARD_ID}/refund`;
    const POSTED_CARD: StaffPaymentDetail = {
      ...DETAIL,
      id: CARD_ID,
      reference: 'R4FN9D2K7Q',
      kind: 'immediate',
      status: 'posted',
      payDate: '2025-03-14',
      amountCents: 12_000,
      additionalPrincipalCents: 500,
      feeCents: 395,
      totalCents: 12_895,
      postedAt: '2025-03-14T15:00:05.000Z',
      coreReference: 'TX-88',
      events: [
        { at: '2025-03-14T15:00:00.000Z', status: 'settling', detail: null },
        { at: '2025-03-14T15:00:05.000Z', status: 'posted', detail: null },
      ],
    };
    const REFUNDED: StaffPaymentDetail = {
      ...POSTED_CARD,
      status: 'refunded',
      events: [
        ...POSTED_CARD.events,
        {
          at: '2025-03-18T14:00:00.000Z',
          status: 'refunded',
          detail:
            "Refunded by Sam Editor: the core's posting reversed (TX-91), the card charge ch_1 of $128.95 refunded.",
        },
      ],
    };

    it('asks first, saying what will happen, then refunds it once and shows it refunded', async () => {
      const { user, server } = renderAdmin({
        path: `/i/harbor/payments/${CARD_ID}`,
        routes: {
          ...institutionRoutes({ role: 'editor' }),
          [CARD_URL]: { body: POSTED_CARD },
          [REFUND_URL]: { body: REFUNDED },
        },
      });
      await user.click(await screen.findByRole('button', { name: 'Refund' }));
      const dialog = await screen.findByRole('dialog', { name: 'Refund payment R4FN9D2K7Q?' });
      // The amount, the card, the reversal as of the payment date, the e-mail: each said.
      expect(
        within(dialog)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        'Visa ending in 4242 is refunded $128.95, the whole charge (its fees of $3.95 included).',
        'The loan’s posting of $125.00 is reversed as of the payment date, 03/14/2025: the loan is as if this payment had not been made, and what it paid is owed again.',
        'The borrower is e-mailed that the payment was refunded.',
      ]);
      expect(dialog).toHaveTextContent('This cannot be undone.');
      await expectNoAxeViolations();

      // Cancel asks nothing of the server.
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitForElementToBeRemoved(dialog);
      expect(server.requestsTo(REFUND_URL)).toEqual([]);

      await user.click(screen.getByRole('button', { name: 'Refund' }));
      await user.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: 'Refund $128.95' }),
      );
      const timeline = await screen.findByRole('table', { name: 'Timeline' });
      expect(await within(timeline).findByText(/^Refunded by Sam Editor/)).toBeVisible();
      expect(server.requestsTo(REFUND_URL)).toHaveLength(1);
      expect(screen.getByText('Status', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
        'Refunded',
      );
      // Refunded, it offers nothing more, and says what was done where focus now is.
      expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
      const done = screen.getByRole('status');
      expect(done).toHaveTextContent(
        'Payment R4FN9D2K7Q is refunded: Visa ending in 4242 is refunded $128.95',
      );
      await waitFor(() => expect(done).toHaveFocus());
      await expectNoAxeViolations();
    });

    it('says why the server refused, and keeps the payment as it was', async () => {
      const refused =
        'The core cannot take this payment back on its own (the loan is closed or paid off, or its history since cannot be replayed). Nothing was changed: the loan and the card are as they were. Reverse it in the core and refund the card with the processor by hand.';
      const { user } = renderAdmin({
        path: `/i/harbor/payments/${CARD_ID}`,
        routes: {
          ...institutionRoutes({ role: 'publisher' }),
          [CARD_URL]: { body: POSTED_CARD },
          [REFUND_URL]: refusal(409, 'Conflict', refused),
        },
      });
      await user.click(await screen.findByRole('button', { name: 'Refund' }));
      await user.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: 'Refund $128.95' }),
      );
      expect(await screen.findByRole('alert')).toHaveTextContent(refused);
      expect(screen.getByText('Status', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
        'Posted',
      );
      await expectNoAxeViolations();
    });

    it('after the processor refused the refund, shows the row it wrote at once, says the payment is applied again, and records it refunded another way', async () => {
      const ELSEWHERE_URL = `POST /admin-api/institutions/harbor/payments/${CARD_ID}/refunded-elsewhere`;
      const refusedText =
        'The card processor refused to refund the charge: the card is closed or expired. The loan is credited with the payment again as of 03/14/2025, so the borrower owes nothing more for it, and nothing was given back. The payment stays Posted: give the money back another way (a check or a credit to a bank account), then record it with Refunded another way.';
      const REFUSED_ONCE: StaffPaymentDetail = {
        ...POSTED_CARD,
        refundRefusals: 1,
        coreReference: 'TX-92',
        events: [
          ...POSTED_CARD.events,
          {
            at: '2025-03-18T14:00:00.000Z',
            status: 'posted',
            detail:
              "Refund refused by the card processor (the card is closed or expired), asked by Sam Editor: the core's reversal (TX-91) undone by posting the payment again as of 03/14/2025 (TX-92). Nothing was given back.",
          },
        ],
      };
      const ELSEWHERE: StaffPaymentDetail = {
        ...REFUSED_ONCE,
        status: 'refunded',
        events: [
          ...REFUSED_ONCE.events,
          {
            at: '2025-03-18T15:00:00.000Z',
            status: 'refunded',
            detail:
              "Refunded another way by Sam Editor (Check 1042 mailed). The core's posting reversed (TX-93); the card charge kept (its processor refused to refund it).",
          },
        ],
      };
      let refundedYet = false;
      const { user, server } = renderAdmin({
        path: `/i/harbor/payments/${CARD_ID}`,
        routes: {
          ...institutionRoutes({ role: 'editor' }),
          [CARD_URL]: () => ({ body: refundedYet ? REFUSED_ONCE : POSTED_CARD }),
          [REFUND_URL]: () => {
            refundedYet = true;
            return refusal(409, 'Conflict', refusedText);
          },
          [ELSEWHERE_URL]: { body: ELSEWHERE },
        },
      });
      expect(await screen.findByRole('button', { name: 'Refund' })).toBeVisible();
      // Not offered before a refusal.
      expect(screen.queryByRole('button', { name: 'Refunded another way' })).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Refund' }));
      await user.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: 'Refund $128.95' }),
      );
      expect(await screen.findByRole('alert')).toHaveTextContent(refusedText);
      // The payment is read again: its new row shows without a reload, and the page says why.
      const timeline = screen.getByRole('table', { name: 'Timeline' });
      expect(
        await within(timeline).findByText(/^Refund refused by the card processor/),
      ).toBeVisible();
      expect(
        screen.getByText(
          /The card processor refused to refund this payment, so the loan is credited/,
        ),
      ).toBeVisible();
      await expectNoAxeViolations();

      await user.click(screen.getByRole('button', { name: 'Refunded another way' }));
      const dialog = await screen.findByRole('dialog', {
        name: 'Record payment R4FN9D2K7Q refunded?',
      });
      expect(
        within(dialog)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        'The loan’s posting of $125.00 is reversed as of the payment date, 03/14/2025: what it paid is owed again.',
        'The payment says Refunded. The card keeps its charge of $128.95; the borrower is not e-mailed.',
      ]);
      const how = within(dialog).getByRole('textbox', { name: 'How the money went back' });
      // Nothing said: the field says what it needs, and nothing is sent.
      await user.click(within(dialog).getByRole('button', { name: 'Record refund of $128.95' }));
      expect(how).toHaveAccessibleDescription('Say how the money went back.');
      expect(how).toHaveAttribute('aria-invalid', 'true');
      expect(server.requestsTo(ELSEWHERE_URL)).toEqual([]);
      await expectNoAxeViolations();

      // A whole card number pasted in is refused next to the field, what was typed kept.
      await user.type(how, 'Refunded to 4111 1111 1111 1111');
      await user.click(within(dialog).getByRole('button', { name: 'Record refund of $128.95' }));
      expect(how).toHaveAccessibleDescription(
        'Leave out card and bank account numbers: write at most their last four digits.',
      );
      expect(how).toHaveValue('Refunded to 4111 1111 1111 1111');
      expect(server.requestsTo(ELSEWHERE_URL)).toEqual([]);
      await user.clear(how);
      await user.type(how, 'Check 1042 mailed');
      await user.click(within(dialog).getByRole('button', { name: 'Record refund of $128.95' }));
      await waitFor(() => expect(dialog).not.toBeInTheDocument());
      expect(server.requestsTo(ELSEWHERE_URL).map((request) => request.body)).toEqual([
        { how: 'Check 1042 mailed' },
      ]);
      const done = screen.getByRole('status');
      expect(done).toHaveTextContent(
        'Payment R4FN9D2K7Q is recorded as refunded another way: the loan’s posting is reversed.',
      );
      await waitFor(() => expect(done).toHaveFocus());
      expect(
        await within(timeline).findByText(/^Refunded another way by Sam Editor/),
      ).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Refunded another way' })).toBeNull();
    });

    it('offers no refund to a viewer', async () => {
      renderAdmin({
        path: `/i/harbor/payments/${CARD_ID}`,
        routes: { ...institutionRoutes({ role: 'viewer' }), [CARD_URL]: { body: POSTED_CARD } },
      });
      expect(
        await screen.findByRole('heading', { name: 'Payment R4FN9D2K7Q', level: 1 }),
      ).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
    });

    it('says how a bank-account payment is given back instead of offering a refund', async () => {
      renderAdmin({
        path: `/i/harbor/payments/${CARD_ID}`,
        routes: {
          ...institutionRoutes({ role: 'publisher' }),
          [CARD_URL]: {
            body: { ...POSTED_CARD, method: { isCard: false, cardType: null, lastFour: '3544' } },
          },
        },
      });
      expect(
        await screen.findByText(/^A bank-account \(ACH\) payment cannot be refunded here/),
      ).toHaveTextContent(
        "Send the borrower a credit from the institution, and reverse the payment's posting in the core by hand.",
      );
      expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
      await expectNoAxeViolations();
    });

    it('finds the refunded payments by their status', async () => {
      const { user, server } = renderAdmin({
        path: '/i/harbor/payments',
        routes: { ...institutionRoutes({ role: 'viewer' }), [SEARCH_URL]: payments },
      });
      const form = await screen.findByRole('search', { name: 'Search the payments' });
      await user.selectOptions(within(form).getByLabelText('Status'), 'Refunded');
      await user.click(within(form).getByRole('button', { name: 'Search' }));
      await waitFor(() =>
        expect(server.requestsTo(SEARCH_URL).at(-1)?.search).toBe('?status=refunded'),
      );
    });
  });

  it('shows the server’s refusal', async () => {
    renderAdmin({
      path: `/i/harbor/payments/${ID}`,
      routes: {
        ...institutionRoutes(),
        [PAYMENT_URL]: refusal(
          404,
          'NotFound',
          'There is no such payment among your institution’s.',
        ),
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There is no such payment among your institution’s.',
    );
    await expectNoAxeViolations();
  });
});
