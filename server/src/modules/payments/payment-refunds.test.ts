import {
  AccountDataResponse,
  AccountHistoryResponse,
  AdminError,
  AuditListResponse,
  formatUsDate,
  PaymentTimelineResponse,
  type SavedPaymentMethod,
  StaffPaymentDetail,
  StaffPaymentSearchResponse,
} from '@portal/domain';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type PortalApp } from '../../app';
import type { CoreTables } from '../../core/builtin/core.schema';
import { corePostingKey, paymentIdOfPostingKey } from '../../core/posting-keys';
import { allowManyCardAttempts } from '../../testing/card-testing';
import { testDatabases } from '../../testing/databases';
import { TEST_DATA_PROTECTOR } from '../../testing/keys';
import {
  addAccount,
  addCard,
  call,
  type Caller,
  charges,
  coreLines,
  HOME_EQUITY,
  paymentBody,
  paymentInfo,
  sealAndPost,
  submit,
  TODAY,
  VISA,
} from '../../testing/payment-test-kit';
import { withPublishedSettings } from '../../testing/settings';
import { signedInStaff } from '../../testing/staff';
import { wireOf } from '../../testing/wire';
import { PORTAL_WRITE_HEADERS, signIn, startTestApp, type TestApp } from '../../testing/test-app';

/*
 * Staff refund a posted card payment (issue 24, "Lifecycle of a payment"; payments-staff.ts
 * `refund`): the core reverses the posting, the card processor refunds the charge, the payment
 * says Refunded with its timeline row, the borrower's e-mail and the audit entry. Exactly once,
 * however often it is asked for, on two server instances at once, and after a crash between the
 * steps; and nothing at all when it may not be refunded or the core refuses. The loan comes back
 * to its figures before the payment, its history line in the institution's words; a card refund
 * the processor refuses or does not answer after the core's reversal is put before staff (a
 * timeline row, a work item) and finished by Refund again.
 */

const REFUND_SUBJECT = 'Harbor Community Bank: your payment was refunded';
/** The built-in processor's test card whose charges approve and whose refunds are refused. */
const REFUND_REFUSED_VISA = '4000000000005126';

class InjectedCrash extends Error {}

describe.each(testDatabases('both'))('refunding a card payment, on $name', (database) => {
  let test: TestApp;
  /** A second server instance: its own services, the same database and clock. */
  let second: PortalApp;
  let jordan: Caller;
  let harborId: number;
  let card: SavedPaymentMethod;
  let keyCounter = 0;
  const nextKey = () => `refund-key-${String((keyCounter += 1)).padStart(6, '0')}`;
  const cookie: Record<string, string> = {};
  /** What each instance's core and card processor were asked (the instances' own wrappers). */
  const asked = { reversals: 0, refunds: 0 };
  /** The core's answer or fault for a payment's reversal, when a test sets one. */
  const reversalFault = new Map<string, 'refuse' | 'crashAfter'>();
  /** Payments whose refund crashes right after the processor refunded. */
  const refundCrash = new Set<string>();
  /** What happens elsewhere while the processor answers a payment's refund (a race). */
  const beforeRefundAnswered = new Map<string, () => Promise<void>>();
  /** Payments whose re-post after a refused refund the core refuses (the loan paid off). */
  const repostRefused = new Set<string>();
  /** Payments whose re-post after a refused refund crashes right after the core took it. */
  const repostCrash = new Set<string>();
  /** Payments whose next refund the processor refuses (the card being replaced), once. */
  const refusedOnce = new Set<string>();
  /** Payments whose next refund finds the processor out of reach (nothing is refunded). */
  const processorDown = new Set<string>();
  /** Payments whose reversals wait at the core until `size` requests have asked for one. */
  const gates = new Map<string, { size: number; arrived: number; open: () => void }>();
  const gateOpened = new Map<string, Promise<void>>();
  function gate(paymentId: string, size: number) {
    gateOpened.set(
      paymentId,
      new Promise((open) => gates.set(paymentId, { size, arrived: 0, open })),
    );
  }

  function wrap(app: PortalApp) {
    const { core, cardProcessor } = app.services;
    const reverse = core.reversePayment.bind(core);
    core.reversePayment = async (customer, number, reversal) => {
      // The reversals of a payment's first posting (not a refund's check for a re-post).
      if (reversal.postingKey === paymentIdOfPostingKey(reversal.postingKey)) asked.reversals += 1;
      const waiting = gates.get(reversal.postingKey);
      if (waiting) {
        waiting.arrived += 1;
        if (waiting.arrived === waiting.size) waiting.open();
        await gateOpened.get(reversal.postingKey);
      }
      const fault = reversalFault.get(reversal.postingKey);
      if (fault === 'refuse') return { status: 'refused', reason: 'cannotReverse' };
      const result = await reverse(customer, number, reversal);
      if (fault === 'crashAfter') {
        reversalFault.delete(reversal.postingKey);
        throw new InjectedCrash('killed after the core reversed the payment');
      }
      return result;
    };
    const post = core.postPayment.bind(core);
    core.postPayment = async (customer, number, posting) => {
      const reposting = paymentIdOfPostingKey(posting.postingKey);
      if (reposting !== posting.postingKey && repostRefused.has(reposting)) {
        return { status: 'refused', reason: 'paidOff' };
      }
      const result = await post(customer, number, posting);
      const paymentId = paymentIdOfPostingKey(posting.postingKey);
      if (paymentId !== posting.postingKey && repostCrash.delete(paymentId)) {
        throw new InjectedCrash('killed after the core posted the payment again');
      }
      return result;
    };
    const refund = cardProcessor.refund.bind(cardProcessor);
    cardProcessor.refund = async (request) => {
      asked.refunds += 1;
      const charge = await sql<{ key: string }>`
        select idempotency_key as key from card_processor_charges
        where charge_id = ${request.chargeId}`.execute(test.database.db);
      const key = charge.rows[0]?.key ?? '';
      if (processorDown.delete(key)) throw new Error('the card processor could not be reached');
      // Refused without asking the processor: it refunds nothing.
      if (refusedOnce.delete(key)) return { status: 'refused', reason: 'ExpiredOrCanceledCard' };
      const result = await refund(request);
      if (refundCrash.delete(key)) throw new InjectedCrash('killed after the card was refunded');
      const meanwhile = beforeRefundAnswered.get(key);
      if (meanwhile) {
        beforeRefundAnswered.delete(key);
        await meanwhile();
      }
      return result;
    };
  }

  beforeAll(async () => {
    test = await startTestApp(database);
    second = await buildApp({
      db: test.database.db,
      clock: test.clock,
      dataProtector: TEST_DATA_PROTECTOR,
      keepSentMailBodies: true,
    });
    wrap(test.app);
    wrap(second);
    await allowManyCardAttempts(test.app);
    harborId = (await test.app.services.institutions.resolveHost('localhost'))?.id ?? 0;
    jordan = { app: test.app, who: await signIn(test.app, { username: 'jordan.rivers' }) };
    card = await addCard(jordan, HOME_EQUITY, VISA);
    for (const role of ['viewer', 'editor', 'publisher'] as const) {
      cookie[role] = await signedInStaff(test, {
        email: `${role}@refunds.test`,
        host: 'localhost',
        role,
      });
    }
    cookie.summit = await signedInStaff(test, {
      email: 'publisher@summit-refunds.test',
      host: 'summit.localhost',
      role: 'publisher',
    });
  }, 120_000);

  afterAll(async () => {
    await second?.close();
    await test?.close();
  });

  /** A payment made today by `method`, posted: its row. */
  async function pay(
    path: 'immediateCard' | 'immediateAch' | 'scheduledCard',
    method: SavedPaymentMethod,
    amount: number,
    date = TODAY,
  ) {
    const paid = await submit(
      jordan,
      path,
      paymentBody({ loan: HOME_EQUITY, method, amount, date }),
      nextKey(),
    );
    expect(paid.body.Errors).toEqual([]);
    return paymentRow(paid.body.ReferenceNumber);
  }
  const paymentRow = (reference: string) =>
    test.database.db
      .selectFrom('payments')
      .selectAll()
      .where('reference_number', '=', reference)
      .executeTakeFirstOrThrow();

  const refund = (
    who: string | null,
    id: string,
    { app = test.app, slug = 'harbor' }: { app?: PortalApp; slug?: string } = {},
  ) =>
    app.inject({
      method: 'POST',
      url: `/admin-api/institutions/${slug}/payments/${id}/refund`,
      headers: { ...PORTAL_WRITE_HEADERS, ...(who ? { cookie: cookie[who] } : {}) },
    });
  const errorOf = (response: LightMyRequestResponse) => AdminError.parse(response.json()).error;

  /** The core's reversal lines of the payment's refund (its reversal key). */
  async function reversalLines(id: string): Promise<number> {
    const { rows } = await sql<{ count: string }>`
      select count(*) as count from core_transactions
      where posting_key = ${`reversal:refund:${id}`}`.execute(test.database.db);
    return Number(rows[0]?.count ?? 0);
  }
  async function refundedAt(id: string): Promise<Date | null> {
    const { rows } = await sql<{ refunded_at: Date | null }>`
      select refunded_at from card_processor_charges where idempotency_key = ${id}`.execute(
      test.database.db,
    );
    return rows[0]?.refunded_at ?? null;
  }
  async function refundNotices(reference: string) {
    await test.app.services.outbox.runOnce();
    return (
      await test.app.services.mail.delivered({
        institutionId: harborId,
        to: 'jordan.rivers@example.test',
      })
    ).filter((mail) => mail.subject === REFUND_SUBJECT && mail.body.includes(reference));
  }
  async function timelineStatuses(id: string): Promise<string[]> {
    const rows = await test.database.db
      .selectFrom('payment_events')
      .select('status')
      .where('payment_id', '=', id)
      .orderBy('at')
      .orderBy('id')
      .execute();
    return rows.map((row) => row.status);
  }
  async function refundAudits(reference: string, action = 'payment.refund') {
    const answer = await test.app.inject({
      method: 'GET',
      url: '/admin-api/institutions/harbor/audit',
      headers: { cookie: cookie.viewer },
    });
    return AuditListResponse.parse(answer.json()).entries.filter(
      (entry) => entry.action === action && entry.comment?.includes(reference),
    );
  }
  async function timeline(id: string) {
    return test.database.db
      .selectFrom('payment_events')
      .select(['status', 'detail'])
      .where('payment_id', '=', id)
      .orderBy('at')
      .orderBy('id')
      .execute();
  }
  /** Staff's work items about the payment's refund left half done. */
  async function halfDoneItems(id: string) {
    const { rows } = await sql<{ kind: string; status: string; summary: string; details: unknown }>`
      select kind, status, summary, details from work_items
      where reference = ${`refund-half-done:${id}`}`.execute(test.database.db);
    return rows.map((row) => ({
      ...row,
      details: typeof row.details === 'string' ? JSON.parse(row.details) : row.details,
    }));
  }
  /** The loan's figures as the borrower's loan page reads them from the core (dollars). */
  async function loanFigures() {
    const response = await call(jordan, 'GET', `/api/AccountData?accountNumber=${HOME_EQUITY}`);
    expect(response.statusCode).toBe(200);
    const info = wireOf(AccountDataResponse, response.json()).Information;
    return {
      principal: info.PrincipalBalance,
      amountDue: info.PaymentInformation.TotalAmountDue,
      payoff: info.PayoffAmount,
    };
  }
  /** The descriptions of the loan's history lines of today, as the borrower reads them. */
  async function todaysHistory(): Promise<string[]> {
    const response = await call(
      jordan,
      'GET',
      `/api/AccountHistory?accountNumber=${HOME_EQUITY}&days=1`,
    );
    const { List } = wireOf(AccountHistoryResponse, response.json());
    return List.map((line) => line.TransactionDescription);
  }

  it('refunds a posted card payment once when asked three times at once on two instances: one reversal, one refund, one e-mail', async () => {
    const payment = await pay('immediateCard', card, 75);
    expect(payment.status).toBe('posted');
    const before = { ...asked };
    // All three are let through to the core only once all three have asked: each has found the
    // payment Posted before any marked it, the race a double click on two instances makes.
    gate(payment.id, 3);

    const answers = await Promise.all([
      refund('editor', payment.id),
      refund('editor', payment.id, { app: second }),
      refund('publisher', payment.id),
    ]);
    gates.delete(payment.id);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    for (const answer of answers.filter((each) => each.statusCode === 409)) {
      expect(errorOf(answer)).toMatchObject({
        code: 'Conflict',
        message: 'This payment was refunded already.',
      });
    }
    const won = answers.find((answer) => answer.statusCode === 200);
    const detail = StaffPaymentDetail.parse(won?.json());
    expect(detail.status).toBe('refunded');
    expect(detail.events.map((event) => event.status)).toEqual(['settling', 'posted', 'refunded']);
    expect(detail.events[2]?.detail).toMatch(
      /^Refunded by (editor|publisher): the core's posting reversed \(.+\), the card charge ch_\S+ of \$75\.00 refunded\.$/,
    );

    // Every system did it once: the core one reversal line (its posting stays, reversed), the
    // card processor one charge, refunded; the borrower one e-mail; the audit log one entry.
    expect(await reversalLines(payment.id)).toBe(1);
    expect(await coreLines(test.database.db, payment.id)).toBe(1);
    expect(await charges(test.database.db, payment.id)).toBe(1);
    expect(await refundedAt(payment.id)).not.toBeNull();
    const notices = await refundNotices(payment.reference_number);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.body).toContain(
      'We refunded your payment of $75.00 dated March 14, 2025 for loan ****2352 to the card you paid with.',
    );
    expect(notices[0]?.body).toContain('Refunded to: Visa ending in 4242');
    expect(notices[0]?.body).not.toContain(VISA);
    expect(await refundAudits(payment.reference_number)).toHaveLength(1);
    // Each of the three asked the core and the processor (none could see the others' mark yet),
    // under the same keys: one reversal line and one refund above, however often asked.
    expect(asked.reversals - before.reversals).toBe(3);
    expect(asked.refunds - before.refunds).toBe(3);

    // Asked again later: refused before anything is asked of the core or the processor.
    const settled = { ...asked };
    const again = await refund('editor', payment.id);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('This payment was refunded already.');
    expect(asked).toEqual(settled);
    expect(await timelineStatuses(payment.id)).toEqual(['settling', 'posted', 'refunded']);
  }, 120_000);

  it('shows the borrower the payment Refunded, and staff find it by that status', async () => {
    const info = await paymentInfo(jordan, HOME_EQUITY);
    const refunded = info.body.RecentPayments?.filter((each) => each.Status === 'refunded');
    expect(refunded?.length).toBeGreaterThan(0);
    const handle = refunded?.[0]?.EncryptedString ?? '';
    const timeline = PaymentTimelineResponse.parse(
      (
        await call(
          jordan,
          'GET',
          `/api/PaymentScheduled/Timeline?${new URLSearchParams({ EncryptedString: handle, LoanAccountNumber: HOME_EQUITY }).toString()}`,
        )
      ).json(),
    );
    expect(timeline.Status).toBe('refunded');
    // To the card: nothing says another way.
    expect(timeline.RefundedElsewhere).toBeUndefined();
    expect(refunded?.[0]?.RefundedElsewhere).toBeUndefined();
    expect(timeline.Events.map((event) => event.Status)).toEqual([
      'settling',
      'posted',
      'refunded',
    ]);
    // Staff's details (who refunded, the charge) are not the borrower's.
    expect(JSON.stringify(timeline)).not.toContain('Refunded by');

    const found = await test.app.inject({
      method: 'GET',
      url: '/admin-api/institutions/harbor/payments?status=refunded',
      headers: { cookie: cookie.viewer },
    });
    expect(found.statusCode).toBe(200);
    const payments = StaffPaymentSearchResponse.parse(found.json()).payments;
    expect(payments.length).toBeGreaterThan(0);
    expect(payments.every((payment) => payment.status === 'refunded')).toBe(true);
  });

  it('finishes a refund a crash stopped after the core reversed the payment, reversing nothing twice', async () => {
    const payment = await pay('immediateCard', card, 41);
    reversalFault.set(payment.id, 'crashAfter');
    const crashed = await refund('editor', payment.id);
    expect(crashed.statusCode).toBe(500);
    // The core has reversed it; nothing else moved.
    expect(await reversalLines(payment.id)).toBe(1);
    expect(await refundedAt(payment.id)).toBeNull();
    expect((await paymentRow(payment.reference_number)).status).toBe('posted');
    expect(await refundNotices(payment.reference_number)).toEqual([]);
    // The reconciliation shows the half-done refund to staff.
    const run = await test.app.services.reconciliation.reconcile(harborId, TODAY, 'staff');
    const mismatch = run.mismatches.find((each) => each.paymentId === payment.id);
    expect(mismatch?.problems).toEqual([
      {
        kind: 'statusDisagrees',
        detail:
          "Reversed in the core; posted in the portal: a refund that did not finish (Refund on the payment's page finishes it, reversing and refunding nothing twice).",
      },
    ]);

    // Refund again: the core answers its first reversal, the card is refunded, it is marked.
    const retried = await refund('editor', payment.id);
    expect(retried.statusCode).toBe(200);
    expect(StaffPaymentDetail.parse(retried.json()).status).toBe('refunded');
    expect(await reversalLines(payment.id)).toBe(1);
    expect(await charges(test.database.db, payment.id)).toBe(1);
    expect(await refundedAt(payment.id)).not.toBeNull();
    expect(await refundNotices(payment.reference_number)).toHaveLength(1);
    expect(await refundAudits(payment.reference_number)).toHaveLength(1);
  }, 120_000);

  it('finishes a refund a crash stopped after the card was refunded, refunding nothing twice', async () => {
    const payment = await pay('immediateCard', card, 43);
    refundCrash.add(payment.id);
    expect((await refund('publisher', payment.id)).statusCode).toBe(500);
    const first = await refundedAt(payment.id);
    expect(first).not.toBeNull();
    expect((await paymentRow(payment.reference_number)).status).toBe('posted');

    test.clock.advance(60_000);
    const retried = await refund('publisher', payment.id, { app: second });
    expect(retried.statusCode).toBe(200);
    // The processor answered its first refund: the same time, one charge.
    expect(await refundedAt(payment.id)).toEqual(first);
    expect(await reversalLines(payment.id)).toBe(1);
    expect(await refundNotices(payment.reference_number)).toHaveLength(1);
  }, 120_000);

  it('puts the loan back as it was before the payment: principal, amount due and payoff', async () => {
    const before = await loanFigures();
    const payment = await pay('immediateCard', card, 310);
    const paid = await loanFigures();
    // The payment was credited: the amount due and the payoff are $310.00 less.
    const cents = (dollars: number) => Math.round(dollars * 100);
    expect(cents(paid.amountDue)).toBe(cents(before.amountDue) - 31_000);
    expect(cents(paid.payoff)).toBe(cents(before.payoff) - 31_000);

    expect((await refund('editor', payment.id)).statusCode).toBe(200);
    // The core reversed it as of its date, the same day: to the cent as if it had not been made.
    expect(await loanFigures()).toEqual(before);
    // The loan's history says why, in the institution's words (the default here).
    expect(await todaysHistory()).toContain('Payment reversed for a refund to your card');
  }, 120_000);

  it("writes the loan history's refund line in the institution's words", async () => {
    const payment = await pay('immediateCard', card, 27);
    await withPublishedSettings(
      test.app,
      'localhost',
      { english: { loanDetailsTexts: { historyRefundedPaymentText: 'Card payment given back' } } },
      async () => {
        expect((await refund('publisher', payment.id)).statusCode).toBe(200);
      },
    );
    const { rows } = await sql<{ description: string }>`
      select description from core_transactions
      where posting_key = ${`reversal:refund:${payment.id}`}`.execute(test.database.db);
    expect(rows.map((row) => row.description)).toEqual(['Card payment given back']);
    expect(await todaysHistory()).toContain('Card payment given back');
  }, 120_000);

  it('tells the borrower the whole charge refunded to the card, the convenience fee with the payment', async () => {
    const coreAccounts = () =>
      test.database.db.withTables<CoreTables>().updateTable('core_accounts');
    await coreAccounts()
      .set({ credit_card_fee_cents: 195 })
      .where('number', '=', HOME_EQUITY)
      .execute();
    let payment;
    try {
      const paid = await submit(
        jordan,
        'immediateCard',
        paymentBody({ loan: HOME_EQUITY, method: card, amount: 64, firstPartyFee: 1.95 }),
        nextKey(),
      );
      expect(paid.body.Errors).toEqual([]);
      payment = await paymentRow(paid.body.ReferenceNumber);
    } finally {
      await coreAccounts()
        .set({ credit_card_fee_cents: 0 })
        .where('number', '=', HOME_EQUITY)
        .execute();
    }
    expect(payment.first_party_fee_cents).toBe(195);
    const { rows } = await sql<{ amount_cents: number }>`
      select amount_cents from card_processor_charges
      where idempotency_key = ${payment.id}`.execute(test.database.db);
    expect(rows.map((row) => Number(row.amount_cents))).toEqual([6_595]);
    // The borrower's recent payments say what was paid, fee included, and what of it counts
    // toward the amount due: the payment alone.
    const listed = (await paymentInfo(jordan, HOME_EQUITY)).body.RecentPayments?.find(
      (each) => each.EncryptedString && each.PaymentAmount === 65.95,
    );
    expect(listed).toMatchObject({ PaymentAmount: 65.95, TowardAmountDue: 64 });

    const answer = await refund('editor', payment.id);
    expect(answer.statusCode).toBe(200);
    expect(StaffPaymentDetail.parse(answer.json()).events.at(-1)?.detail).toContain(
      'of $65.95 refunded.',
    );
    const notices = await refundNotices(payment.reference_number);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.body).toContain('We refunded your payment of $65.95 dated March 14, 2025');
  }, 120_000);

  /** The card whose refunds the processor refuses, saved once. */
  let refusedCard: SavedPaymentMethod | undefined;
  const cardRefusingRefunds = async () =>
    (refusedCard ??= await addCard(jordan, HOME_EQUITY, REFUND_REFUSED_VISA));

  it('applies the payment again as of its date when the card processor refuses the refund for good: the loan as before the refund, the payment Posted, the attempt audited, nothing half done', async () => {
    const closing = await cardRefusingRefunds();
    const payment = await pay('immediateCard', closing, 58);
    expect(payment.status).toBe('posted');
    const paid = await loanFigures();
    const message =
      'The card processor refused to refund the charge: the card is closed or expired. The loan is credited with the payment again as of ' +
      `${formatUsDate(payment.pay_date)}, so the borrower owes nothing more for it, and nothing was given back. The payment stays Posted: give the money back another way (a check or a credit to a bank account), then record it with Refunded another way.`;

    const answer = await refund('editor', payment.id);
    expect(answer.statusCode).toBe(409);
    expect(errorOf(answer)).toEqual({ code: 'Conflict', message });
    // The core reversed it, then took it again under a key of its own, as of its date: the
    // loan's figures are those it had with the payment, to the cent.
    expect(await reversalLines(payment.id)).toBe(1);
    expect(await loanFigures()).toEqual(paid);
    expect(await refundedAt(payment.id)).toBeNull();
    const row = await paymentRow(payment.reference_number);
    expect(row).toMatchObject({ status: 'posted', refund_refusals: 1 });
    const { rows: reposts } = await sql<{ description: string; id: string }>`
      select description, id from core_transactions
      where posting_key = ${`payment:${corePostingKey(payment.id, 1)}`}`.execute(test.database.db);
    expect(reposts.map((line) => line.description)).toEqual([
      'Refund to your card not made: payment applied again',
    ]);
    // The borrower's history reads the reversal, then the payment applied again.
    const history = await todaysHistory();
    expect(history).toContain('Payment reversed for a refund to your card');
    expect(history).toContain('Refund to your card not made: payment applied again');
    // Staff read it on the timeline, and the audit log has the attempt; no work item, no e-mail.
    const rows = await timeline(payment.id);
    expect(rows.map((each) => each.status)).toEqual(['settling', 'posted', 'posted']);
    expect(rows[2]?.detail).toMatch(
      /^Refund refused by the card processor \(the card is closed or expired\), asked by editor: the core's reversal \(\S+\) undone by posting the payment again as of .+ \(\S+\)\. Nothing was given back\.$/,
    );
    expect(row.core_reference).toBe(String(reposts[0]?.id));
    expect(await halfDoneItems(payment.id)).toEqual([]);
    expect(await refundNotices(payment.reference_number)).toEqual([]);
    expect(await refundAudits(payment.reference_number)).toEqual([]);
    const attempts = await refundAudits(payment.reference_number, 'payment.refundNotMade');
    expect(attempts.map((entry) => entry.comment)).toEqual([
      expect.stringContaining(
        'the card processor refused: the card is closed or expired. The loan is credited with it again as of its date; nothing was given back.',
      ),
    ]);
    expect(JSON.stringify(rows)).not.toContain(REFUND_REFUSED_VISA);

    // Asked again: this attempt reverses the re-post (a reversal of its own), the processor
    // refuses again, and the core takes the payment a third time: the loan is still as paid,
    // each attempt on the timeline and in the audit log.
    const again = await refund('publisher', payment.id);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(message);
    expect(await loanFigures()).toEqual(paid);
    expect(await paymentRow(payment.reference_number)).toMatchObject({
      status: 'posted',
      refund_refusals: 2,
    });
    expect(await timelineStatuses(payment.id)).toEqual(['settling', 'posted', 'posted', 'posted']);
    expect(await refundAudits(payment.reference_number, 'payment.refundNotMade')).toHaveLength(2);
    // Staff's page shows the last row.
    const opened = await test.app.inject({
      method: 'GET',
      url: `/admin-api/institutions/harbor/payments/${payment.id}`,
      headers: { cookie: cookie.viewer },
    });
    expect(StaffPaymentDetail.parse(opened.json()).events.at(-1)?.detail).toMatch(
      /^Refund refused by the card processor .+ asked by publisher:/,
    );
  }, 120_000);

  it('applies a refused refund again once however often a crash after the re-post makes staff ask again', async () => {
    const closing = await cardRefusingRefunds();
    const payment = await pay('immediateCard', closing, 41);
    const paid = await loanFigures();
    repostCrash.add(payment.id);
    const crashed = await refund('editor', payment.id);
    expect(crashed.statusCode).toBe(500);
    // The core took it again; the portal did not record it yet.
    expect(await loanFigures()).toEqual(paid);
    expect((await paymentRow(payment.reference_number)).refund_refusals).toBe(0);

    const again = await refund('editor', payment.id);
    expect(again.statusCode).toBe(409);
    // The same attempt again: its reversal and its re-post answered under their keys.
    expect(await reversalLines(payment.id)).toBe(1);
    expect(await loanFigures()).toEqual(paid);
    expect((await paymentRow(payment.reference_number)).refund_refusals).toBe(1);
    expect(await timelineStatuses(payment.id)).toEqual(['settling', 'posted', 'posted']);
  }, 120_000);

  it('finishes a refund the card processor did not answer when asked again, having told staff meanwhile', async () => {
    const payment = await pay('immediateCard', card, 36);
    processorDown.add(payment.id);
    const failed = await refund('editor', payment.id);
    expect(failed.statusCode).toBe(500);
    expect(await reversalLines(payment.id)).toBe(1);
    expect(await refundedAt(payment.id)).toBeNull();
    const rows = await timeline(payment.id);
    expect(rows.map((row) => row.status)).toEqual(['settling', 'posted', 'posted']);
    expect(rows[2]?.detail).toContain(
      '(the card processor did not answer; whether it refunded is not known)',
    );
    expect(await halfDoneItems(payment.id)).toHaveLength(1);

    const retried = await refund('editor', payment.id);
    expect(retried.statusCode).toBe(200);
    expect(StaffPaymentDetail.parse(retried.json()).status).toBe('refunded');
    expect(await timelineStatuses(payment.id)).toEqual([
      'settling',
      'posted',
      'posted',
      'refunded',
    ]);
    expect(await reversalLines(payment.id)).toBe(1);
    expect(await charges(test.database.db, payment.id)).toBe(1);
    expect(await refundedAt(payment.id)).not.toBeNull();
    expect(await refundNotices(payment.reference_number)).toHaveLength(1);
    expect(await refundAudits(payment.reference_number)).toHaveLength(1);
    expect(await halfDoneItems(payment.id)).toHaveLength(1);
  }, 120_000);

  it('leaves everything as it was when the core refuses to reverse the payment, and says why', async () => {
    const payment = await pay('immediateCard', card, 47);
    reversalFault.set(payment.id, 'refuse');
    try {
      const answer = await refund('editor', payment.id);
      expect(answer.statusCode).toBe(409);
      expect(errorOf(answer).message).toBe(
        'The core cannot take this payment back on its own (the loan is closed or paid off, or its history since cannot be replayed). Nothing was changed: the loan and the card are as they were. Reverse it in the core and refund the card with the processor by hand.',
      );
    } finally {
      reversalFault.delete(payment.id);
    }
    expect((await paymentRow(payment.reference_number)).status).toBe('posted');
    expect(await reversalLines(payment.id)).toBe(0);
    expect(await refundedAt(payment.id)).toBeNull();
    expect(await timelineStatuses(payment.id)).toEqual(['settling', 'posted']);
    expect(await refundNotices(payment.reference_number)).toEqual([]);
    expect(await refundAudits(payment.reference_number)).toEqual([]);
  }, 120_000);

  it('refuses a bank-account payment and a payment not posted, saying why, and changes nothing', async () => {
    const before = { ...asked };
    const account = await addAccount(jordan);
    const byBank = await pay('immediateAch', account, 52);
    await sealAndPost(test.app, harborId, TODAY);
    expect((await paymentRow(byBank.reference_number)).status).toBe('posted');
    const achAnswer = await refund('publisher', byBank.id);
    expect(achAnswer.statusCode).toBe(409);
    expect(errorOf(achAnswer)).toEqual({
      code: 'Conflict',
      message:
        "A bank-account (ACH) payment cannot be refunded here: an ACH debit cannot be pulled back through the processor. Send the borrower a credit from the institution, and reverse the payment's posting in the core by hand.",
    });
    expect((await paymentRow(byBank.reference_number)).status).toBe('posted');

    const later = await pay('scheduledCard', card, 20, '2025-03-20');
    expect(later.status).toBe('scheduled');
    const scheduledAnswer = await refund('publisher', later.id);
    expect(scheduledAnswer.statusCode).toBe(409);
    expect(errorOf(scheduledAnswer).message).toBe(
      "Only a posted payment can be refunded; this one's status is Scheduled.",
    );
    expect((await paymentRow(later.reference_number)).status).toBe('scheduled');
    expect(await reversalLines(byBank.id)).toBe(0);
    expect(asked).toEqual(before);
  }, 120_000);

  it("refuses a viewer and another institution's staff, and nobody signed in", async () => {
    const payment = await pay('immediateCard', card, 23);
    const before = { ...asked };
    const byViewer = await refund('viewer', payment.id);
    expect(byViewer.statusCode).toBe(403);
    expect(errorOf(byViewer).code).toBe('Forbidden');
    // Another institution's publisher: no such payment, through Harbor or through their own.
    expect((await refund('summit', payment.id)).statusCode).toBe(404);
    const ownSlug = await refund('summit', payment.id, { slug: 'summit' });
    expect(ownSlug.statusCode).toBe(404);
    expect(errorOf(ownSlug).message).toBe('There is no such payment among your institution’s.');
    expect((await refund(null, payment.id)).statusCode).toBe(401);
    expect(asked).toEqual(before);
    expect((await paymentRow(payment.reference_number)).status).toBe('posted');
    expect(await refundedAt(payment.id)).toBeNull();
  }, 120_000);

  describe('a refund the processor refused, given back another way', () => {
    const refundedElsewhere = (
      who: string | null,
      id: string,
      body: unknown,
      { slug = 'harbor' }: { slug?: string } = {},
    ) =>
      test.app.inject({
        method: 'POST',
        url: `/admin-api/institutions/${slug}/payments/${id}/refunded-elsewhere`,
        headers: { ...PORTAL_WRITE_HEADERS, ...(who ? { cookie: cookie[who] } : {}) },
        payload: body as Record<string, unknown>,
      });

    it('takes the payment off the loan as of its date, says Refunded with how and by whom, audits it, once', async () => {
      const before = await loanFigures();
      const payment = await pay('immediateCard', await cardRefusingRefunds(), 66);
      // Not before the processor has refused: Refund is the way back.
      const early = await refundedElsewhere('editor', payment.id, { how: 'Check 1042 mailed' });
      expect(early.statusCode).toBe(409);
      expect(errorOf(early).message).toBe(
        'Refund the card first: a payment is recorded as refunded another way only once the card processor has refused to refund it.',
      );
      expect((await refund('editor', payment.id)).statusCode).toBe(409);
      // Saying nothing of how is refused, next to nothing changed.
      const blank = await refundedElsewhere('editor', payment.id, { how: '   ' });
      expect(blank.statusCode).toBe(400);
      // Nor is a whole card number kept in the timeline and the audit log.
      const pasted = await refundedElsewhere('editor', payment.id, {
        how: 'Refunded to 4111-1111-1111-1111',
      });
      expect(pasted.statusCode).toBe(400);
      expect(pasted.body).toContain(
        'Leave out card and bank account numbers: write at most their last four digits.',
      );
      expect(pasted.body).not.toContain('4111');
      expect((await refundedElsewhere('viewer', payment.id, { how: 'Check' })).statusCode).toBe(
        403,
      );
      expect((await refundedElsewhere('summit', payment.id, { how: 'Check' })).statusCode).toBe(
        404,
      );
      expect((await paymentRow(payment.reference_number)).status).toBe('posted');

      const [first, second] = await Promise.all([
        refundedElsewhere('editor', payment.id, { how: 'Check 1042 mailed.' }),
        refundedElsewhere('publisher', payment.id, { how: 'Check 1042 mailed.' }),
      ]);
      const answers = [first, second].map((each) => each.statusCode).sort();
      expect(answers).toEqual([200, 409]);
      const done = [first, second].find((each) => each.statusCode === 200);
      const detail = StaffPaymentDetail.parse(done?.json());
      expect(detail.status).toBe('refunded');
      expect(detail.events.at(-1)?.detail).toMatch(
        /^Refunded another way by (editor|publisher) \(Check 1042 mailed\)\. The core's posting reversed \(\S+\); the card charge kept \(its processor refused to refund it\)\.$/,
      );
      // The loan is as before the payment, to the cent; the history says it in the
      // institution's words; the card keeps its charge; one audit entry; no e-mail.
      expect(await loanFigures()).toEqual(before);
      expect(await todaysHistory()).toContain('Payment refunded to you');
      expect(await refundedAt(payment.id)).toBeNull();
      const audits = await refundAudits(payment.reference_number, 'payment.refundElsewhere');
      expect(audits.map((entry) => entry.comment)).toEqual([
        expect.stringContaining('refunded another way ($66.00): Check 1042 mailed.'),
      ]);
      expect(await refundNotices(payment.reference_number)).toEqual([]);
      // The borrower is told it came back another way, not to the card: in the loan's list and
      // in the payment's details.
      const info = await paymentInfo(jordan, HOME_EQUITY);
      const listed = info.body.RecentPayments?.filter(
        (each) => each.Status === 'refunded' && each.PaymentAmount === 66,
      );
      expect(listed?.map((each) => each.RefundedElsewhere)).toEqual([true]);
      const timeline = PaymentTimelineResponse.parse(
        (
          await call(
            jordan,
            'GET',
            `/api/PaymentScheduled/Timeline?${new URLSearchParams({ EncryptedString: listed?.[0]?.EncryptedString ?? '', LoanAccountNumber: HOME_EQUITY }).toString()}`,
          )
        ).json(),
      );
      expect(timeline).toMatchObject({ Status: 'refunded', RefundedElsewhere: true });
      const { rows } = await sql<{ count: string }>`
        select count(*) as count from core_transactions
        where posting_key = ${`reversal:refund-elsewhere:${payment.id}:1`}`.execute(
        test.database.db,
      );
      expect(Number(rows[0]?.count)).toBe(1);
      // The day's reconciliation finds it in balance: Refunded, the core's posting reversed, the
      // card's charge kept.
      const run = await test.app.services.reconciliation.reconcile(harborId, TODAY, 'staff');
      expect(run.mismatches.find((each) => each.paymentId === payment.id)).toBeUndefined();
    }, 120_000);

    it('refuses to record it refunded another way while a second card refund is under way, and takes it once that refund is refused', async () => {
      const before = await loanFigures();
      const payment = await pay('immediateCard', await cardRefusingRefunds(), 39);
      expect((await refund('editor', payment.id)).statusCode).toBe(409);
      expect((await paymentRow(payment.reference_number)).refund_refusals).toBe(1);
      // A second Refund: while the processor answers (refused again), a publisher tries to
      // record the money given back by check. The card holds the payment: refused, nothing
      // moved.
      let meanwhile: LightMyRequestResponse | undefined;
      beforeRefundAnswered.set(payment.id, async () => {
        meanwhile = await refundedElsewhere('publisher', payment.id, { how: 'Check 2001 mailed' });
      });
      const second = await refund('editor', payment.id);
      expect(meanwhile?.statusCode).toBe(409);
      expect(meanwhile && errorOf(meanwhile).message).toBe(
        'A refund to the card was started for this payment and has not finished. Nothing was changed: choose Refund to finish it; should the card processor refuse it, record the payment refunded another way then.',
      );
      expect(second.statusCode).toBe(409);
      expect(errorOf(second).message).toMatch(/^The card processor refused to refund the charge/);
      expect(await paymentRow(payment.reference_number)).toMatchObject({
        status: 'posted',
        refund_refusals: 2,
        refund_claim: null,
      });
      // Refused for good, the card lets go: the check is recorded now, the loan as before.
      const recorded = await refundedElsewhere('publisher', payment.id, {
        how: 'Check 2001 mailed',
      });
      expect(recorded.statusCode).toBe(200);
      expect(await paymentRow(payment.reference_number)).toMatchObject({
        status: 'refunded',
        refunded_elsewhere: true,
      });
      expect(await loanFigures()).toEqual(before);
      const run = await test.app.services.reconciliation.reconcile(harborId, TODAY, 'staff');
      expect(run.mismatches.find((each) => each.paymentId === payment.id)).toBeUndefined();
    }, 120_000);

    it('never gives the money back twice: a card refund that goes through holds the payment against a check recorded meanwhile', async () => {
      const before = await loanFigures();
      const payment = await pay('immediateCard', card, 41);
      // The processor refuses the first refund (the card was being replaced), so staff may
      // record it refunded another way; asked again, it refunds.
      refusedOnce.add(payment.id);
      expect((await refund('editor', payment.id)).statusCode).toBe(409);
      expect((await paymentRow(payment.reference_number)).refund_refusals).toBe(1);
      let meanwhile: LightMyRequestResponse | undefined;
      beforeRefundAnswered.set(payment.id, async () => {
        meanwhile = await refundedElsewhere('publisher', payment.id, { how: 'Check 2002 mailed' });
      });
      const second = await refund('editor', payment.id);
      expect(meanwhile?.statusCode).toBe(409);
      expect(second.statusCode).toBe(200);
      expect(await paymentRow(payment.reference_number)).toMatchObject({
        status: 'refunded',
        refunded_elsewhere: false,
      });
      expect(await refundedAt(payment.id)).not.toBeNull();
      expect(await refundAudits(payment.reference_number, 'payment.refundElsewhere')).toEqual([]);
      // After it, recording a check is refused as refunded already.
      const late = await refundedElsewhere('publisher', payment.id, { how: 'Check 2002 mailed' });
      expect(late.statusCode).toBe(409);
      expect(await loanFigures()).toEqual(before);
      const run = await test.app.services.reconciliation.reconcile(harborId, TODAY, 'staff');
      expect(run.mismatches.find((each) => each.paymentId === payment.id)).toBeUndefined();
    }, 120_000);

    it('lets staff record it refunded another way when the core would not apply a refused refund again', async () => {
      const before = await loanFigures();
      const payment = await pay('immediateCard', await cardRefusingRefunds(), 33);
      repostRefused.add(payment.id);
      try {
        const answer = await refund('editor', payment.id);
        expect(answer.statusCode).toBe(409);
        expect(errorOf(answer).message).toBe(
          'The card processor refused to refund the charge: the card is closed or expired; and the core would not apply the payment to the loan again. The loan no longer shows it and nothing was given back: give the money back another way (a check or a credit to a bank account), then record it with Refunded another way.',
        );
      } finally {
        repostRefused.delete(payment.id);
      }
      // Reversed, not applied again: the loan is without it, the refusal counted, staff told.
      expect(await loanFigures()).toEqual(before);
      expect(await paymentRow(payment.reference_number)).toMatchObject({
        status: 'posted',
        refund_refusals: 1,
      });
      expect(await halfDoneItems(payment.id)).toHaveLength(1);

      const recorded = await refundedElsewhere('editor', payment.id, { how: 'Check 3003 mailed' });
      expect(recorded.statusCode).toBe(200);
      expect(StaffPaymentDetail.parse(recorded.json()).events.at(-1)?.detail).toBe(
        'Refunded another way by editor (Check 3003 mailed). The core held no posting of it (the refund had taken it off); the card charge kept (its processor refused to refund it).',
      );
      expect(await loanFigures()).toEqual(before);
      const run = await test.app.services.reconciliation.reconcile(harborId, TODAY, 'staff');
      expect(run.mismatches.find((each) => each.paymentId === payment.id)).toBeUndefined();
    }, 120_000);
  });
});
