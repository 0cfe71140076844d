import type { ReconciliationRunDetail, ReconciliationRunSummary } from '@portal/domain';
import { expectNoAxeViolations } from '@portal/web-kit/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { institutionRoutes, refusal } from '../../../testing/institution';
import { renderAdmin } from '../../../testing/render-admin';

const LIST = 'GET /admin-api/institutions/harbor/reconciliations';
const DAY = 'GET /admin-api/institutions/harbor/reconciliations/2025-03-14';
const RUN = 'POST /admin-api/institutions/harbor/reconciliations/2025-03-14';

const NONE = { count: 0, cents: 0 };

const BALANCED: ReconciliationRunSummary = {
  date: '2025-03-13',
  trigger: 'daily',
  ranAt: '2025-03-14T04:10:00.000Z',
  durationMs: 850,
  mismatchCount: 0,
  totals: {
    portal: { count: 2, cents: 20_000 },
    card: { count: 1, cents: 12_000 },
    ach: { count: 1, cents: 8_000 },
    core: { count: 2, cents: 20_000 },
    returned: { portal: NONE, ach: NONE, core: NONE },
    inFlight: NONE,
    refunded: { portal: NONE, card: NONE, core: NONE },
  },
};

/** Stored before the server counted what is in flight (migration 0051), and returns (0043). */
const OUT_OF_DATE: ReconciliationRunSummary = {
  date: '2025-03-12',
  trigger: 'daily',
  ranAt: '2025-03-13T04:10:00.000Z',
  durationMs: 700,
  mismatchCount: 0,
  totals: {
    portal: { count: 1, cents: 24_765 },
    card: NONE,
    ach: NONE,
    core: NONE,
  },
};

/** As old, with a mismatch: it stays in sight beside the out-of-date word. */
const OUT_OF_DATE_MISMATCH: ReconciliationRunSummary = {
  ...OUT_OF_DATE,
  date: '2025-03-11',
  ranAt: '2025-03-12T04:10:00.000Z',
  mismatchCount: 1,
};

const WITH_MISMATCHES: ReconciliationRunDetail = {
  date: '2025-03-14',
  trigger: 'staff',
  ranAt: '2025-03-14T15:00:00.000Z',
  durationMs: 1200,
  mismatchCount: 2,
  totals: {
    portal: { count: 3, cents: 11_500 },
    card: { count: 1, cents: 5_000 },
    ach: { count: 2, cents: 5_234 },
    core: { count: 1, cents: 4_000 },
    returned: {
      portal: { count: 0, cents: 0 },
      ach: { count: 1, cents: 1_234 },
      core: { count: 0, cents: 0 },
    },
    // As the server counted it: on a day with mismatches the totals' differences are theirs too.
    inFlight: { count: 1, cents: 2_500 },
    refunded: {
      portal: { count: 1, cents: 3_000 },
      card: { count: 1, cents: 3_000 },
      core: { count: 1, cents: 3_000 },
    },
  },
  mismatches: [
    {
      paymentId: '3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c',
      problems: [
        {
          kind: 'moneyWithoutPosting',
          detail: 'The card charge of $50.00 was approved; the core has no posting.',
        },
        { kind: 'statusDisagrees', detail: 'Posted in the portal; the core has no posting.' },
      ],
      items: {
        portal: {
          referenceNumber: 'K7M2Q9X4TB',
          status: 'posted',
          payDate: '2025-03-14',
          method: 'card',
          totalCents: 5_000,
          postedCents: 5_000,
          coreReference: '812',
        },
        card: {
          chargeId: 'ch_AbCdEfGhIjKlMnOpQrStUvWx',
          status: 'approved',
          amountCents: 5_000,
          refunded: false,
          chargedAt: '2025-03-14T15:00:00.000Z',
        },
        ach: null,
        core: null,
      },
    },
    {
      paymentId: '6f1c1f0e-0000-4000-8000-000000000001',
      problems: [
        {
          kind: 'unknownToPortal',
          detail: 'Known to the ACH processor; the portal has no such payment.',
        },
      ],
      items: {
        portal: null,
        card: null,
        ach: {
          traceNumber: '081099990000004',
          amountCents: 1_234,
          processingDate: '2025-03-14',
          filed: false,
          returnReasonCode: null,
        },
        core: null,
      },
    },
  ],
};

const { mismatches: _, ...SUMMARY } = WITH_MISMATCHES;

function rowsOf(table: HTMLElement): (string | null)[] {
  return within(table)
    .getAllByRole('row')
    .map((row) => row.textContent);
}

describe('the reconciliation page', () => {
  it('lists the reconciled days with their outcome and each system’s totals, and opens a day with each side of its mismatches', async () => {
    const { user } = renderAdmin({
      path: '/i/harbor/reconciliation',
      routes: {
        ...institutionRoutes({ role: 'viewer' }),
        [LIST]: { body: { runs: [SUMMARY, BALANCED, OUT_OF_DATE, OUT_OF_DATE_MISMATCH] } },
        [DAY]: { body: WITH_MISMATCHES },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Reconciliation', level: 1 })).toBeVisible();
    const days = await screen.findByRole('table', { name: 'Reconciled days, newest first' });
    // On a phone the keyboard scrolls each table sideways in its labelled region.
    const daysRegion = screen.getByRole('region', { name: 'Reconciled days, scrolls sideways' });
    expect(daysRegion).toContainElement(days);
    expect(daysRegion).toHaveAttribute('tabindex', '0');
    expect(rowsOf(days)).toEqual([
      'DayOutcomePortal paymentsCard chargesACH debits sentCore postingsACH returnsRun',
      '03/14/20252 mismatches; processing: 1 payment, $25.00$115.00 (3)$50.00 (1)$52.34 (2)$40.00 (1)$12.34 (1)03/14/2025 11:00 AM EDT (by staff)',
      '03/13/2025Balanced$200.00 (2)$120.00 (1)$80.00 (1)$200.00 (2)$0.00 (0)03/14/2025 12:10 AM EDT',
      // A run stored before the server counted what is in flight: no figure worked out from
      // its totals, it says it is out of date (and, older still, that returns were not counted).
      '03/12/2025Out of date: reconcile again$247.65 (1)$0.00 (0)$0.00 (0)$0.00 (0)Not counted03/13/2025 12:10 AM EDT',
      '03/11/20251 mismatch; out of date: reconcile again$247.65 (1)$0.00 (0)$0.00 (0)$0.00 (0)Not counted03/12/2025 12:10 AM EDT',
    ]);
    expect(screen.getByText(/A day out of date was reconciled before/)).toHaveTextContent(
      'The end of day reconciles each such day of the last 90 days again',
    );
    expect(screen.getByText('Only a publisher can reconcile a day again.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Reconcile' })).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Institution sections' });
    expect(within(nav).getByRole('link', { name: 'Reconciliation' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expectNoAxeViolations();

    await user.click(within(days).getByRole('link', { name: '03/14/2025' }));
    expect(
      await screen.findByRole('heading', { name: 'Reconciliation of 03/14/2025', level: 1 }),
    ).toBeVisible();
    expect(await screen.findByRole('status')).toHaveTextContent(
      '2 mismatches; processing: 1 payment, $25.00. Run 03/14/2025 11:00 AM EDT by staff.',
    );
    // Each system's totals, what is in flight, then what of them came back and was refunded, as
    // each system has it: the server's figures.
    expect(rowsOf(screen.getByRole('table', { name: 'Totals of the day' })).slice(5)).toEqual([
      'Processing: money not moved yet (with fees)1$25.00',
      'Returned in the portal (with fees)0$0.00',
      'ACH returns1$12.34',
      'Core reversals (without fees)0$0.00',
      'Refunded in the portal (with fees)1$30.00',
      'Card refunds1$30.00',
      'Core reversals of refunds (without fees)1$30.00',
    ]);
    for (const name of [
      'Totals of the day, scrolls sideways',
      'Each system’s side of Payment K7M2Q9X4TB, scrolls sideways',
    ]) {
      expect(screen.getByRole('region', { name })).toHaveAttribute('tabindex', '0');
    }
    const known = screen.getByRole('region', { name: 'Payment K7M2Q9X4TB' });
    expect(within(known).getByText(/The card charge of \$50\.00 was approved/)).toBeVisible();
    expect(rowsOf(within(known).getByRole('table'))).toEqual([
      'SystemReferenceAmountStatusDate',
      'PortalK7M2Q9X4TB$50.00 ($50.00 to the loan)Posted, card03/14/2025',
      'Card processorch_AbCdEfGhIjKlMnOpQrStUvWx$50.00Approved03/14/2025 11:00 AM EDT',
      'ACH processorNone',
      'CoreNone',
    ]);
    const unknown = screen.getByRole('region', {
      name: 'Unknown payment 6f1c1f0e-0000-4000-8000-000000000001',
    });
    expect(within(unknown).getByText('Unknown to the portal:')).toBeVisible();
    expect(rowsOf(within(unknown).getByRole('table'))).toContain(
      'ACH processorTrace 081099990000004$12.34Waiting for a file03/14/2025',
    );
    await expectNoAxeViolations();

    await user.click(screen.getByRole('link', { name: 'Back to the reconciled days' }));
    expect(await screen.findByRole('heading', { name: 'Reconciliation', level: 1 })).toBeVisible();
  });

  it('lets a publisher reconcile a day again', async () => {
    const { user, server } = renderAdmin({
      path: '/i/harbor/reconciliation',
      routes: {
        ...institutionRoutes({ role: 'publisher' }),
        [LIST]: { body: { runs: [BALANCED] } },
        [RUN]: { status: 201, body: WITH_MISMATCHES },
      },
    });
    const form = await screen.findByRole('form', { name: 'Reconcile a day' });
    await user.click(within(form).getByRole('button', { name: 'Reconcile' }));
    expect(within(form).getByText('Enter the day to reconcile.')).toBeVisible();
    await user.type(within(form).getByLabelText('Day to reconcile'), '2025-03-14');
    await user.click(within(form).getByRole('button', { name: 'Reconcile' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      '03/14/2025 is reconciled: 2 mismatches; processing: 1 payment, $25.00. Open the day',
    );
    expect(server.requestsTo(RUN)).toHaveLength(1);
    await expectNoAxeViolations();
  });

  it('shows a day whose sides differ by a payment in flight as processing, not a bare Balanced', async () => {
    const inFlight: ReconciliationRunDetail = {
      ...BALANCED,
      date: '2025-03-14',
      totals: {
        portal: { count: 1, cents: 24_765 },
        card: NONE,
        ach: NONE,
        core: NONE,
        returned: { portal: NONE, ach: NONE, core: NONE },
        inFlight: { count: 1, cents: 24_765 },
        refunded: { portal: NONE, card: NONE, core: NONE },
      },
      mismatches: [],
    };
    renderAdmin({
      path: '/i/harbor/reconciliation/2025-03-14',
      routes: { ...institutionRoutes(), [DAY]: { body: inFlight } },
    });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Balanced; processing: 1 payment, $247.65. Run 03/14/2025 12:10 AM EDT after the end of day.',
    );
    expect(rowsOf(screen.getByRole('table', { name: 'Totals of the day' })).slice(1, 6)).toEqual([
      'Portal payments (with fees)1$247.65',
      'Card charges0$0.00',
      'ACH debits sent0$0.00',
      'Core postings (without fees)0$0.00',
      'Processing: money not moved yet (with fees)1$247.65',
    ]);
    expect(screen.getByText(/whose money has not moved yet/)).toBeVisible();
    await expectNoAxeViolations();
  });

  it('says a day reconciled before what is in flight was counted is out of date, and lets a publisher reconcile it again', async () => {
    const outOfDate: ReconciliationRunDetail = {
      ...OUT_OF_DATE,
      date: '2025-03-14',
      mismatches: [],
    };
    const remade: ReconciliationRunDetail = {
      ...BALANCED,
      date: '2025-03-14',
      trigger: 'staff',
      ranAt: '2025-03-14T15:00:00.000Z',
      totals: { ...BALANCED.totals, inFlight: { count: 1, cents: 24_765 } },
      mismatches: [],
    };
    const { user, server } = renderAdmin({
      path: '/i/harbor/reconciliation/2025-03-14',
      routes: {
        ...institutionRoutes({ role: 'publisher' }),
        [DAY]: { body: outOfDate },
        [RUN]: () => {
          server.route(DAY, { body: remade });
          return { status: 201, body: remade };
        },
      },
    });
    // No Processing figure is worked out from its totals, though the portal's is above the rest.
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Out of date: reconcile again. Run 03/13/2025 12:10 AM EDT after the end of day.',
    );
    const notice = screen.getByRole('note');
    expect(notice).toHaveTextContent(
      'This day was reconciled before the payments in flight and the refunds were counted: its figures may be out of date. The end of day reconciles it again if it is among the last 90 days; you can reconcile it now.',
    );
    expect(
      rowsOf(screen.getByRole('table', { name: 'Totals of the day' })).filter((row) =>
        row?.startsWith('Processing'),
      ),
    ).toEqual([]);
    await expectNoAxeViolations();

    await user.click(within(notice).getByRole('button', { name: 'Reconcile again' }));
    expect(server.requestsTo(RUN)).toHaveLength(1);
    expect(await screen.findByText(/^Balanced; processing: 1 payment, \$247\.65/)).toBeVisible();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('tells a viewer a day out of date will be reconciled again, with no button', async () => {
    renderAdmin({
      path: '/i/harbor/reconciliation/2025-03-14',
      routes: {
        ...institutionRoutes({ role: 'viewer' }),
        [DAY]: { body: { ...OUT_OF_DATE, date: '2025-03-14', mismatches: [] } },
      },
    });
    expect(await screen.findByRole('note')).toHaveTextContent('a publisher can reconcile it now.');
    expect(screen.queryByRole('button', { name: 'Reconcile again' })).toBeNull();
    await expectNoAxeViolations();
  });

  it('shows the server’s refusal of a day', async () => {
    renderAdmin({
      path: '/i/harbor/reconciliation/2025-03-14',
      routes: {
        ...institutionRoutes(),
        [DAY]: refusal(404, 'NotFound', 'That day has not been reconciled.'),
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('That day has not been reconciled.');
    await expectNoAxeViolations();
  });
});
