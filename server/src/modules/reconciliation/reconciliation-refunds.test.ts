import {
  type CalendarDate,
  ReconciliationRunDetail,
  type SavedPaymentMethod,
} from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardChargeRecord } from '../../core/card-processor';
import type { CorePostingRecord } from '../../core/servicing-core';
import { allowManyCardAttempts } from '../../testing/card-testing';
import { testDatabases } from '../../testing/databases';
import {
  addCard,
  type Caller,
  HOME_EQUITY,
  paymentBody,
  submit,
  TODAY,
} from '../../testing/payment-test-kit';
import { signedInStaff } from '../../testing/staff';
import { PORTAL_WRITE_HEADERS, signIn, startTestApp, type TestApp } from '../../testing/test-app';
import { latestPostings, matchDay, problemsOf } from './reconciliation-matching';
import type { PortalPaymentRow } from './reconciliation.repository';

/*
 * A card payment staff refunded (payments-staff.ts `refund`) balances: its charge approved and
 * refunded, its posting reversed, the portal's payment Refunded; it counts on its day on every
 * side, as it was taken (as a returned payment does). A refund left half done is a mismatch that
 * says so.
 */

describe.each(testDatabases())('the reconciliation of a refunded card payment on $name', (db) => {
  let test: TestApp;
  let harborId: number;
  let jordan: Caller;
  let card: SavedPaymentMethod;
  let editor: string;
  let keyCounter = 0;
  const nextKey = () => `reconcile-refund-${String((keyCounter += 1)).padStart(6, '0')}`;

  beforeAll(async () => {
    test = await startTestApp(db);
    await allowManyCardAttempts(test.app);
    harborId = (await test.app.services.institutions.resolveHost('localhost'))?.id ?? 0;
    jordan = { app: test.app, who: await signIn(test.app, { username: 'jordan.rivers' }) };
    card = await addCard(jordan, HOME_EQUITY);
    editor = await signedInStaff(test, {
      email: 'editor@reconcile-refunds.test',
      host: 'localhost',
      role: 'editor',
    });
  }, 120_000);
  afterAll(async () => {
    await test?.close();
  });

  async function payByCard(amount: number, method = card) {
    const paid = await submit(
      jordan,
      'immediateCard',
      paymentBody({ loan: HOME_EQUITY, method, amount }),
      nextKey(),
    );
    expect(paid.body.Errors).toEqual([]);
    return test.database.db
      .selectFrom('payments')
      .select(['id', 'status'])
      .where('reference_number', '=', paid.body.ReferenceNumber)
      .executeTakeFirstOrThrow();
  }

  it('balances a day with a refunded card payment, counted on every side of its day as it was taken', async () => {
    const kept = await payByCard(120);
    const refunded = await payByCard(60);
    const answer = await test.app.inject({
      method: 'POST',
      url: `/admin-api/institutions/harbor/payments/${refunded.id}/refund`,
      headers: { ...PORTAL_WRITE_HEADERS, cookie: editor },
    });
    expect(answer.statusCode).toBe(200);

    const run = await test.app.services.reconciliation.reconcile(harborId, TODAY, 'staff');
    expect(run.mismatches).toEqual([]);
    expect(run.mismatchCount).toBe(0);
    // The day's charges are $180.00 at the card processor, the refunded $60.00 too: the
    // portal and the core count the payment as well (the core's posting reversed since).
    expect(run.totals).toEqual({
      portal: { count: 2, cents: 18_000 },
      card: { count: 2, cents: 18_000 },
      ach: { count: 0, cents: 0 },
      core: { count: 2, cents: 18_000 },
      returned: {
        portal: { count: 0, cents: 0 },
        ach: { count: 0, cents: 0 },
        core: { count: 0, cents: 0 },
      },
      inFlight: { count: 0, cents: 0 },
      // The refund as each system has it, counted by the run.
      refunded: {
        portal: { count: 1, cents: 6_000 },
        card: { count: 1, cents: 6_000 },
        core: { count: 1, cents: 6_000 },
      },
    });
    expect(kept.status).toBe('posted');
    // Stored with the run: staff read the refunds as counted.
    const stored = await test.app.inject({
      method: 'GET',
      url: `/admin-api/institutions/harbor/reconciliations/${TODAY}`,
      headers: { cookie: editor },
    });
    expect(ReconciliationRunDetail.parse(stored.json()).totals.refunded).toEqual(
      run.totals.refunded,
    );
  });

  it('finds a payment whose card refund the processor refused in balance: the core took it again, the card kept the charge, counted once', async () => {
    // The built-in processor's test card whose refunds are refused (the card closed or expired).
    const closing = await addCard(jordan, HOME_EQUITY, '4000000000005126');
    const payment = await payByCard(33, closing);
    const before = await test.app.services.reconciliation.reconcile(harborId, TODAY, 'staff');
    const answer = await test.app.inject({
      method: 'POST',
      url: `/admin-api/institutions/harbor/payments/${payment.id}/refund`,
      headers: { ...PORTAL_WRITE_HEADERS, cookie: editor },
    });
    expect(answer.statusCode).toBe(409);

    const run = await test.app.services.reconciliation.reconcile(harborId, TODAY, 'staff');
    // The reversal and the re-post under a key of its own read as the payment's one posting.
    expect(run.mismatches.find((each) => each.paymentId === payment.id)).toBeUndefined();
    expect(run.totals).toEqual(before.totals);
  });
});

describe('the matching of a refund', () => {
  const DAY: CalendarDate = '2025-03-14';
  const portal = (status: string): PortalPaymentRow => ({
    id: 'payment-1',
    reference_number: 'K7M2Q9X4TB',
    status,
    pay_date: DAY,
    is_card: true,
    amount_cents: 6_400,
    additional_principal_cents: 0,
    first_party_fee_cents: 0,
    third_party_fee_cents: 0,
    core_reference: 'line-1',
    refunded_elsewhere: false,
    posted_at: new Date('2025-03-14T15:00:00.000Z'),
  });
  const charge = (refunded: boolean): CardChargeRecord => ({
    idempotencyKey: 'payment-1',
    chargeId: 'ch_1',
    amountCents: 6_400,
    status: 'approved',
    refunded,
    chargedAt: new Date('2025-03-14T15:00:00.000Z'),
  });
  const posting = (reversed: boolean): CorePostingRecord => ({
    postingKey: 'payment-1',
    reference: 'line-1',
    date: DAY,
    amountCents: 6_400,
    reversed,
  });
  const details = (...args: Parameters<typeof problemsOf>) =>
    problemsOf(...args).map((problem) => problem.detail);

  it('finds nothing wrong when all three sides say refunded', () => {
    expect(problemsOf(portal('refunded'), charge(true), undefined, posting(true), DAY)).toEqual([]);
  });

  it('names each side a refund did not reach', () => {
    expect(details(portal('refunded'), charge(false), undefined, posting(true), DAY)).toEqual([
      'Refunded in the portal; the card processor has no refund of its charge.',
    ]);
    expect(details(portal('refunded'), charge(true), undefined, posting(false), DAY)).toContain(
      "Refunded in the portal; the core's posting is not reversed.",
    );
    expect(details(portal('refunded'), charge(true), undefined, undefined, DAY)).toEqual([
      'Refunded in the portal; the core has no posting of it.',
    ]);
    // A refund a crash stopped after the core's reversal: staff are told how to finish it.
    expect(details(portal('posted'), charge(false), undefined, posting(true), DAY)).toEqual([
      "Reversed in the core; posted in the portal: a refund that did not finish (Refund on the payment's page finishes it, reversing and refunding nothing twice).",
    ]);
  });

  it("reads a payment's re-posts after refused refunds as its one posting, the latest", () => {
    const line = (postingKey: string, reference: string, reversed: boolean) => ({
      ...posting(reversed),
      postingKey,
      reference,
    });
    expect(
      latestPostings([
        line('payment-1:reposted:1', 'line-2', true),
        line('payment-1', 'line-1', true),
        line('payment-1:reposted:2', 'line-3', false),
        line('payment-2', 'line-9', false),
      ]),
    ).toEqual([line('payment-1', 'line-3', false), line('payment-2', 'line-9', false)]);
  });

  it('counts a refunded payment on every side of its day, and a charge given back because its payment failed on none', () => {
    const day = (payment: PortalPaymentRow, refunded: boolean, posted?: CorePostingRecord) => {
      const lists = {
        charges: [charge(refunded)],
        debits: [],
        postings: posted ? [posted] : [],
      };
      return matchDay({
        portalOfDay: [payment],
        portalById: new Map([[payment.id, payment]]),
        ofDay: lists,
        found: lists,
        today: DAY,
      });
    };
    const gross = { count: 1, cents: 6_400 };
    const none = { count: 0, cents: 0 };
    const refunded = day(portal('refunded'), true, posting(true));
    expect(refunded.mismatches).toEqual([]);
    expect(refunded.totals).toEqual({
      portal: gross,
      card: gross,
      ach: none,
      core: gross,
      // A refund is no return.
      returned: { portal: none, ach: none, core: none },
      inFlight: none,
      refunded: { portal: gross, card: gross, core: gross },
    });
    // Refunded another way: the charge kept, counted as every other side counts the payment.
    const elsewhere = day(
      { ...portal('refunded'), refunded_elsewhere: true },
      false,
      posting(true),
    );
    expect(elsewhere.mismatches).toEqual([]);
    expect(elsewhere.totals).toMatchObject({
      portal: gross,
      card: gross,
      core: gross,
      // Its charge stands: the card processor has no refund of it.
      refunded: { portal: gross, card: none, core: gross },
    });
    // The core refused the payment, so its charge was refunded and it failed: never taken.
    const failed = day(portal('failed'), true);
    expect(failed.mismatches).toEqual([]);
    expect(failed.totals).toMatchObject({
      portal: none,
      card: none,
      core: none,
      refunded: { portal: none, card: none, core: none },
    });
  });

  it('expects the charge kept, not refunded, of a payment refunded another way', () => {
    const elsewhere = { ...portal('refunded'), refunded_elsewhere: true };
    expect(problemsOf(elsewhere, charge(false), undefined, posting(true), DAY)).toEqual([]);
    expect(details(elsewhere, charge(true), undefined, posting(true), DAY)).toEqual([
      'Refunded another way in the portal, and the card processor refunded its charge too: given back twice.',
    ]);
  });
});
