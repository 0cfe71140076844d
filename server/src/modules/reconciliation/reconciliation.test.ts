import {
  addDays,
  AdminError,
  RECONCILIATION_CATCH_UP_DAYS,
  AuditListResponse,
  type SavedPaymentMethod,
  ReconciliationRunDetail,
  ReconciliationRunListResponse,
  type ReconciliationRunDetail as RunDetail,
} from '@portal/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoreTables } from '../../core/builtin/core.schema';
import { allowManyCardAttempts } from '../../testing/card-testing';
import { testDatabases } from '../../testing/databases';
import {
  addAccount,
  addCard,
  AUTO_LOAN,
  HOME_EQUITY,
  paymentBody,
  sealAndPost,
  submit,
  TODAY,
  type Caller,
} from '../../testing/payment-test-kit';
import { signedInStaff } from '../../testing/staff';
import { PORTAL_WRITE_HEADERS, signIn, startTestApp, type TestApp } from '../../testing/test-app';
import { createJobQueue } from '../jobs/job-queue';
import type { AchDebitRecord } from '../../core/ach/ach-processor';
import type { CorePostingRecord } from '../../core/servicing-core';
import { matchDay, problemsOf } from './reconciliation-matching';
import { findRun, listRuns, type PortalPaymentRow } from './reconciliation.repository';
import {
  RECONCILED_AGAIN_DAYS,
  RECONCILIATION_DAY_QUEUE,
  type ReconciliationService,
} from './reconciliation.service';

const RUNS = '/admin-api/institutions/harbor/reconciliations';
const DAY = `${RUNS}/${TODAY}`;
// The built-in ACH processor's test bank that returns a debit R01 (insufficient funds).
const RETURNED_R01_ACCOUNT = '000222222227';
// TODAY is Friday 2025-03-14.
const NEXT_BUSINESS_DAY = '2025-03-17';

describe.each(testDatabases())('the daily reconciliation on $name', (testDatabase) => {
  let test: TestApp;
  let service: ReconciliationService;
  let harborId: number;
  let jordan: Caller;
  let card: SavedPaymentMethod;
  let account: SavedPaymentMethod;
  let keyCounter = 0;
  const nextKey = () => `reconcile-key-${String((keyCounter += 1)).padStart(6, '0')}`;
  const staff: Record<string, string> = {};

  /** The payment a submit wrote, by its confirmation number. */
  async function paymentOf(submitted: { body: { ReferenceNumber: string } }) {
    return test.database.db
      .selectFrom('payments')
      .select(['id', 'status', 'amount_cents', 'reference_number'])
      .where('reference_number', '=', submitted.body.ReferenceNumber)
      .executeTakeFirstOrThrow();
  }

  /**
   * A payment made today. One by bank account posts once its debit is sent: the day's next ACH
   * file is made then (as staff's Make file does), unless `unsent` (it waits for its file).
   */
  async function pay(
    path: 'immediateCard' | 'immediateAch',
    method: Parameters<typeof paymentBody>[0]['method'],
    amount = 100,
    { unsent = false } = {},
  ) {
    const paid = await submit(
      jordan,
      path,
      paymentBody({ loan: HOME_EQUITY, method, amount }),
      nextKey(),
    );
    expect(paid.status).toBe(200);
    if (path === 'immediateAch' && !unsent) {
      expect(await sealAndPost(test.app, harborId, TODAY)).toBeDefined();
    }
    return paymentOf(paid);
  }

  const mismatchOf = (run: RunDetail, paymentId: string) =>
    run.mismatches.find((mismatch) => mismatch.paymentId === paymentId);
  const kindsOf = (run: RunDetail, paymentId: string) =>
    mismatchOf(run, paymentId)?.problems.map((problem) => problem.kind) ?? [];

  beforeAll(async () => {
    test = await startTestApp(testDatabase);
    const { services } = test.app;
    service = services.reconciliation;

    await allowManyCardAttempts(test.app);
    harborId = (await services.institutions.resolveHost('localhost'))?.id ?? 0;
    jordan = { app: test.app, who: await signIn(test.app, { username: 'jordan.rivers' }) };
    card = await addCard(jordan, HOME_EQUITY);
    account = await addAccount(jordan);
    staff.viewer = await signedInStaff(test, {
      email: 'viewer@harbor.test',
      host: 'localhost',
      role: 'viewer',
    });
    staff.publisher = await signedInStaff(test, {
      email: 'publisher@harbor.test',
      host: 'localhost',
      role: 'publisher',
    });
    staff.summit = await signedInStaff(test, {
      email: 'publisher@summit.test',
      host: 'summit.localhost',
      role: 'publisher',
    });
    staff.implementer = await signedInStaff(test, {
      email: 'implementer@portal.test',
      host: 'summit.localhost',
      role: 'viewer',
      isImplementer: true,
    });
  });
  afterAll(async () => {
    await test?.close();
  });

  const get = (who: string, url: string) =>
    test.app.inject({ method: 'GET', url, headers: { cookie: staff[who] ?? '' } });
  const post = (who: string, url: string) =>
    test.app.inject({
      method: 'POST',
      url,
      headers: { ...PORTAL_WRITE_HEADERS, cookie: staff[who] ?? '' },
      payload: {},
    });

  it('reconciles a balanced day of card and ACH payments with no mismatch and each system’s totals', async () => {
    const byCard = await pay('immediateCard', card, 120);
    const byBank = await pay('immediateAch', account, 80);
    expect([byCard.status, byBank.status]).toEqual(['posted', 'posted']);

    const run = await service.reconcile(harborId, TODAY, 'daily');
    expect(run.mismatches).toEqual([]);
    expect(run.mismatchCount).toBe(0);
    expect(run.totals).toEqual({
      portal: { count: 2, cents: 20_000 },
      card: { count: 1, cents: 12_000 },
      ach: { count: 1, cents: 8_000 },
      core: { count: 2, cents: 20_000 },
      returned: {
        portal: { count: 0, cents: 0 },
        ach: { count: 0, cents: 0 },
        core: { count: 0, cents: 0 },
      },
      inFlight: { count: 0, cents: 0 },
      refunded: {
        portal: { count: 0, cents: 0 },
        card: { count: 0, cents: 0 },
        core: { count: 0, cents: 0 },
      },
    });
  });

  it('finds an ACH debit never sent to the bank once the morning after its day has passed, until its file is made', async () => {
    const byBank = await pay('immediateAch', account, 30, { unsent: true });
    // Waiting for its file, it is not posted: no mismatch on the day of its debit.
    expect(byBank.status).toBe('settling');
    expect(kindsOf(await service.reconcile(harborId, TODAY, 'staff'), byBank.id)).toEqual([]);
    const started = test.clock.now();
    const daysLater = (days: number) =>
      test.clock.set(new Date(started.getTime() + days * 24 * 3_600_000).toISOString());
    try {
      // The next day: the day's late debits may still be filed that morning.
      daysLater(1);
      expect(kindsOf(await service.reconcile(harborId, TODAY, 'staff'), byBank.id)).toEqual([]);
      daysLater(2);
      const run = await service.reconcile(harborId, TODAY, 'staff');
      expect(mismatchOf(run, byBank.id)?.problems).toEqual([
        {
          kind: 'debitNotSent',
          detail: `The ACH debit of $30.00 taken on ${TODAY} is in no file: it was never sent to the bank.`,
        },
      ]);
      // Its file made, it posts (as of its date): the day balances for it.
      expect(await sealAndPost(test.app, harborId, TODAY)).toBeDefined();
      expect((await paymentOf({ body: { ReferenceNumber: byBank.reference_number } })).status).toBe(
        'posted',
      );
      expect(kindsOf(await service.reconcile(harborId, TODAY, 'staff'), byBank.id)).toEqual([]);
    } finally {
      test.clock.set(started.toISOString());
    }
  });

  it('counts a bank payment whose debit waits for its file as in flight: on the portal’s side only, no mismatch, then on every side once its debit is sent', async () => {
    const before = await service.reconcile(harborId, TODAY, 'staff');
    expect(before.mismatchCount).toBe(0);
    const waiting = await pay('immediateAch', account, 247.65, { unsent: true });
    expect(waiting.status).toBe('settling');

    const run = await service.reconcile(harborId, TODAY, 'staff');
    expect(run.mismatches).toEqual([]);
    // The portal took it; no money moved yet (its debit is in no file) and nothing posted: the
    // sides differ by it alone, and the day says so rather than a bare Balanced.
    expect(run.totals.portal).toEqual({
      count: before.totals.portal.count + 1,
      cents: before.totals.portal.cents + 24_765,
    });
    expect(run.totals.ach).toEqual(before.totals.ach);
    expect(run.totals.core).toEqual(before.totals.core);
    // The run counts it in flight itself, and stores it: staff read it as counted.
    expect(before.totals.inFlight).toEqual({ count: 0, cents: 0 });
    expect(run.totals.inFlight).toEqual({ count: 1, cents: 24_765 });
    const { portal, card, ach } = run.totals;
    expect(run.totals.inFlight).toEqual({
      count: portal.count - card.count - ach.count,
      cents: portal.cents - card.cents - ach.cents,
    });
    const stored = ReconciliationRunDetail.parse((await get('viewer', DAY)).json());
    expect(stored.totals.inFlight).toEqual({ count: 1, cents: 24_765 });
    const listed = ReconciliationRunListResponse.parse((await get('viewer', RUNS)).json());
    expect(listed.runs.find((each) => each.date === TODAY)?.totals.inFlight).toEqual({
      count: 1,
      cents: 24_765,
    });

    // Its debit sent, it posts: counted on every side, nothing in flight.
    expect(await sealAndPost(test.app, harborId, TODAY)).toBeDefined();
    const sent = await service.reconcile(harborId, TODAY, 'staff');
    expect(sent.mismatches).toEqual([]);
    expect(sent.totals.portal).toEqual(run.totals.portal);
    expect(sent.totals.ach).toEqual({
      count: before.totals.ach.count + 1,
      cents: before.totals.ach.cents + 24_765,
    });
    expect(sent.totals.core).toEqual({
      count: before.totals.core.count + 1,
      cents: before.totals.core.cents + 24_765,
    });
    expect(sent.totals.inFlight).toEqual({ count: 0, cents: 0 });
  });

  it('runs the day after the core’s end of day on the job queue, and the week before again, once per closing', async () => {
    const queue = createJobQueue({
      db: test.database.db,
      clock: test.clock,
      queues: [service.queue],
    });
    const runAll = async () => {
      let done = 0;
      for (;;) {
        const ran = await queue.runOnce(RECONCILIATION_DAY_QUEUE);
        if (ran === 0) return done;
        done += ran;
      }
    };
    await service.afterEndOfDay(harborId, TODAY);
    await service.afterEndOfDay(harborId, TODAY);
    expect(await runAll()).toBe(1 + RECONCILED_AGAIN_DAYS);
    const listed = ReconciliationRunListResponse.parse((await get('viewer', RUNS)).json());
    expect(listed.runs.map((run) => run.date)).toEqual(
      Array.from({ length: 1 + RECONCILED_AGAIN_DAYS }, (_, back) => addDays(TODAY, -back)),
    );
    expect(listed.runs[0]).toMatchObject({ date: TODAY, trigger: 'daily', mismatchCount: 0 });
    // The next closing answers the week again (a return may have come in), once.
    const ranAt = listed.runs[1]?.ranAt;
    test.clock.advance(60_000);
    await service.afterEndOfDay(harborId, NEXT_BUSINESS_DAY);
    await service.afterEndOfDay(harborId, NEXT_BUSINESS_DAY);
    expect(await runAll()).toBe(1 + RECONCILED_AGAIN_DAYS);
    const again = ReconciliationRunListResponse.parse((await get('viewer', RUNS)).json());
    expect(again.runs.find((run) => run.date === addDays(TODAY, -1))?.ranAt).not.toBe(ranAt);
    expect(again.runs.find((run) => run.date === addDays(TODAY, -7))?.ranAt).toBe(
      listed.runs.find((run) => run.date === addDays(TODAY, -7))?.ranAt,
    );
  });

  it('catches up every day since the first run after a long stop, 90 days back at most, and makes an out-of-date run again', async () => {
    // Summit: no payment, no run yet.
    const summitId = (await test.app.services.institutions.resolveHost('summit.localhost'))?.id;
    if (summitId === undefined) throw new Error('No Summit institution');
    const queue = createJobQueue({
      db: test.database.db,
      clock: test.clock,
      queues: [service.queue],
    });
    const runAll = () => queue.drain(RECONCILIATION_DAY_QUEUE);
    const storedDays = async () =>
      (await listRuns(test.database.db, summitId, 1_000)).map((run) => run.date).sort();
    const span = (from: string, to: string) => {
      const days: string[] = [];
      for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
      return days;
    };
    const summitDay = (date: string) =>
      get('summit', `/admin-api/institutions/summit/reconciliations/${date}`);

    // The first closing: its day and the week before it; a day before the first run is no
    // missed day.
    const weekBefore = addDays(TODAY, -RECONCILED_AGAIN_DAYS);
    await service.afterEndOfDay(summitId, TODAY);
    expect(await runAll()).toBe(1 + RECONCILED_AGAIN_DAYS);
    expect(await storedDays()).toEqual(span(weekBefore, TODAY));

    // Stopped for 40 days: the next closing reconciles every day since the last run, once.
    const back = addDays(TODAY, 40);
    await service.afterEndOfDay(summitId, back);
    await service.afterEndOfDay(summitId, back);
    expect(await runAll()).toBe(40);
    expect(await storedDays()).toEqual(span(weekBefore, back));

    // Stopped for 120 days: caught up 90 days back, no further.
    const late = addDays(back, 120);
    await service.afterEndOfDay(summitId, late);
    expect(await runAll()).toBe(RECONCILIATION_CATCH_UP_DAYS);
    expect(await storedDays()).toEqual([
      ...span(weekBefore, back),
      ...span(addDays(late, -(RECONCILIATION_CATCH_UP_DAYS - 1)), late),
    ]);

    // A run stored before migration 0051 has no in-flight figures: staff are given none (the
    // admin says it is out of date), and the next closing makes it again, weeks old as it is.
    const old = addDays(late, -60);
    await sql`update reconciliation_runs
      set in_flight_count = null, in_flight_cents = null, refunded = null
      where institution_id = ${summitId} and date = ${old}`.execute(test.database.db);
    const outOfDate = ReconciliationRunDetail.parse((await summitDay(old)).json());
    expect(outOfDate.totals).not.toHaveProperty('inFlight');
    expect(outOfDate.totals).not.toHaveProperty('refunded');
    await service.afterEndOfDay(summitId, addDays(late, 1));
    expect(await runAll()).toBe(1 + RECONCILED_AGAIN_DAYS + 1);
    const remade = ReconciliationRunDetail.parse((await summitDay(old)).json());
    expect(remade.totals.inFlight).toEqual({ count: 0, cents: 0 });
    expect(remade.totals.refunded).toEqual({
      portal: { count: 0, cents: 0 },
      card: { count: 0, cents: 0 },
      core: { count: 0, cents: 0 },
    });
  });

  it('matches a scheduled date drawn days late (the server was stopped on it) with its debit and posting', async () => {
    const started = test.clock.now();
    const answered = await submit(
      jordan,
      'scheduledAch',
      paymentBody({ loan: HOME_EQUITY, method: account, date: NEXT_BUSINESS_DAY, amount: 45 }),
      nextKey(),
    );
    expect(answered.body.Errors).toEqual([]);
    const { id } = await paymentOf(answered);
    try {
      // Wednesday the 19th, 11:00 in New York: Monday's date is drawn only now, and its debit
      // is Wednesday's; its file is made that day.
      test.clock.set('2025-03-19T15:00:00.000Z');
      await test.app.services.paymentPosting.runOnce();
      expect((await paymentOf(answered)).status).toBe('settling');
      expect(await sealAndPost(test.app, harborId, '2025-03-19')).toBeDefined();
      expect((await paymentOf(answered)).status).toBe('posted');
      const run = await service.reconcile(harborId, NEXT_BUSINESS_DAY, 'staff');
      expect(mismatchOf(run, id)).toBeUndefined();
      // Counted on its date on every side, its debit of Wednesday too.
      expect(run.totals).toMatchObject({
        portal: { count: 1, cents: 4_500 },
        ach: { count: 1, cents: 4_500 },
        core: { count: 1, cents: 4_500 },
      });
      // The day its money moved neither judges it again nor counts it: the core credited it as
      // of its date, Monday, and it is Monday's.
      const moved = await service.reconcile(harborId, '2025-03-19', 'staff');
      expect(mismatchOf(moved, id)).toBeUndefined();
      expect(moved.totals.ach).toEqual({ count: 0, cents: 0 });
    } finally {
      test.clock.set(started.toISOString());
    }
  });

  it('matches a date drawn over a week late on its date, and the day its money moved has that day answered again', async () => {
    const started = test.clock.now();
    const date = '2025-03-18';
    const answered = await submit(
      jordan,
      'scheduledAch',
      paymentBody({ loan: HOME_EQUITY, method: account, date, amount: 55 }),
      nextKey(),
    );
    expect(answered.body.Errors).toEqual([]);
    const { id } = await paymentOf(answered);
    const queue = createJobQueue({
      db: test.database.db,
      clock: test.clock,
      queues: [service.queue],
    });
    try {
      // Monday the 31st: the server was stopped for nearly two weeks; the 18th is drawn now.
      test.clock.set('2025-03-31T15:00:00.000Z');
      await test.app.services.paymentPosting.runOnce();
      expect(await sealAndPost(test.app, harborId, '2025-03-31')).toBeDefined();
      expect((await paymentOf(answered)).status).toBe('posted');

      // The nightly runs no longer answer the 18th; the 31st's run, which lists its debit, has it
      // answered again, and does not judge or count it itself.
      const moved = await service.reconcile(harborId, '2025-03-31', 'daily');
      expect(mismatchOf(moved, id)).toBeUndefined();
      expect(moved.totals.ach).toEqual({ count: 0, cents: 0 });
      let ran = 0;
      while ((await queue.runOnce(RECONCILIATION_DAY_QUEUE)) > 0) ran += 1;
      expect(ran).toBeGreaterThan(0);
      const stored = await findRun(test.database.db, harborId, date);
      expect(stored).toMatchObject({ trigger: 'daily', ach_count: 1 });
      expect(Number(stored?.ach_cents)).toBe(5_500);
      // Its debit is found on its processing day, 13 days after its date.
      const run = await service.reconcile(harborId, date, 'staff');
      expect(mismatchOf(run, id)).toBeUndefined();
      expect(run.totals.ach).toEqual({ count: 1, cents: 5_500 });
      expect(run.totals.core.count).toBe(run.totals.portal.count);
    } finally {
      test.clock.set(started.toISOString());
    }
  });

  it('finds a posting the core does not have: money moved, posted in the portal only', async () => {
    const payment = await pay('immediateCard', card, 50);
    // The core's disagreement: its payment line no longer carries the payment's key.
    await test.database.db
      .withTables<CoreTables>()
      .updateTable('core_transactions')
      .set({ posting_key: null })
      .where('posting_key', '=', `payment:${payment.id}`)
      .execute();
    const run = await service.reconcile(harborId, TODAY, 'staff');
    expect(kindsOf(run, payment.id)).toEqual(['moneyWithoutPosting', 'statusDisagrees']);
    expect(mismatchOf(run, payment.id)?.items).toMatchObject({
      portal: { status: 'posted', totalCents: 5_000, method: 'card' },
      card: { status: 'approved', amountCents: 5_000, refunded: false },
      ach: null,
      core: null,
    });
  });

  it('finds a posting with no money moved when the card processor has no charge', async () => {
    const payment = await pay('immediateCard', card, 60);
    await test.database.db
      .deleteFrom('card_processor_charges')
      .where('idempotency_key', '=', payment.id)
      .execute();
    const run = await service.reconcile(harborId, TODAY, 'staff');
    expect(kindsOf(run, payment.id)).toEqual(['postingWithoutMoney']);
    expect(mismatchOf(run, payment.id)?.items).toMatchObject({
      card: null,
      core: { amountCents: 6_000, reversed: false },
    });
  });

  it('finds a payment marked posted in the portal that never reached the core', async () => {
    const scheduled = await submit(
      jordan,
      'scheduledCard',
      paymentBody({ loan: HOME_EQUITY, method: card, amount: 70, date: NEXT_BUSINESS_DAY }),
      nextKey(),
    );
    expect(scheduled.body.HasNoErrors).toBe(true);
    const payment = await paymentOf(scheduled);
    expect(payment.status).toBe('scheduled');
    // The portal's disagreement: it says posted today, with no charge and no posting.
    await test.database.db
      .updateTable('payments')
      .set({ status: 'posted', pay_date: TODAY })
      .where('id', '=', payment.id)
      .execute();
    const run = await service.reconcile(harborId, TODAY, 'staff');
    expect(mismatchOf(run, payment.id)?.problems).toEqual([
      { kind: 'statusDisagrees', detail: 'Posted in the portal; the core has no posting.' },
    ]);
  });

  it('finds amounts that differ between the systems', async () => {
    const payment = await pay('immediateAch', account, 90);
    await test.database.db
      .updateTable('ach_debits')
      .set({ amount_cents: 9_100 })
      .where('idempotency_key', '=', payment.id)
      .execute();
    const run = await service.reconcile(harborId, TODAY, 'staff');
    expect(mismatchOf(run, payment.id)?.problems).toEqual([
      {
        kind: 'amountDiffers',
        detail: "The ACH debit is $91.00; the portal's payment total is $90.00.",
      },
    ]);
  });

  it('finds a debit the portal does not know', async () => {
    const stranger = '6f1c1f0e-0000-4000-8000-000000000001';
    expect(
      await test.app.services.achProcessor.submitDebit({
        institutionId: harborId,
        idempotencyKey: stranger,
        effectiveDate: TODAY,
        routingNumber: '011099990',
        accountNumber: '90817263544',
        accountType: 'Checking',
        ownerName: 'Jordan Rivers',
        loanNumber: AUTO_LOAN,
        amountCents: 1_234,
      }),
    ).toMatchObject({ status: 'accepted' });
    const run = await service.reconcile(harborId, TODAY, 'staff');
    expect(kindsOf(run, stranger)).toEqual(['unknownToPortal']);
    expect(mismatchOf(run, stranger)?.items).toMatchObject({
      portal: null,
      ach: { amountCents: 1_234, returnReasonCode: null },
    });
    // No account or card number is kept with a mismatch.
    const { rows } = await sql<{ text: string }>`
      select items::text as text from reconciliation_mismatches`.execute(test.database.db);
    expect(rows.map((row) => row.text).join('\n')).not.toMatch(/90817263544|4242424242424242/);
  });

  it('replaces the day’s run when the day is run again', async () => {
    const first = await service.reconcile(harborId, TODAY, 'staff');
    const second = await service.reconcile(harborId, TODAY, 'staff');
    expect(second.mismatches).toEqual(first.mismatches);
    const detail = ReconciliationRunDetail.parse((await get('viewer', DAY)).json());
    expect(detail.mismatches).toEqual(second.mismatches);
    expect(detail.mismatchCount).toBe(5);
    const { rows } = await sql<{ runs: string; mismatches: string }>`
      select (select count(*) from reconciliation_runs
              where institution_id = ${harborId} and date = ${TODAY}) as runs,
             (select count(*) from reconciliation_mismatches) as mismatches`.execute(
      test.database.db,
    );
    expect([Number(rows[0]?.runs), Number(rows[0]?.mismatches)]).toEqual([1, 5]);
  });

  describe('for staff', () => {
    it('lists the runs and opens a day for every role of the institution', async () => {
      const listed = await get('viewer', RUNS);
      expect(listed.statusCode).toBe(200);
      expect(
        ReconciliationRunListResponse.parse(listed.json()).runs.find((run) => run.date === TODAY),
      ).toMatchObject({ date: TODAY, mismatchCount: 5 });
      expect((await get('viewer', `${RUNS}/2025-03-01`)).statusCode).toBe(404);
    });

    it('lets publishers and implementers run a closed day, not viewers, and no day still open', async () => {
      // The core's end of day has closed the day before TODAY; TODAY is still open.
      const closed = addDays(TODAY, -1);
      await test.app.services.coreDays.endOfDay(harborId, closed);
      expect(await test.app.services.coreDays.lastClosedDay(harborId)).toBe(closed);
      const ran = await post('publisher', `${RUNS}/${closed}`);
      expect(ran.statusCode).toBe(201);
      expect(ReconciliationRunDetail.parse(ran.json())).toMatchObject({
        date: closed,
        trigger: 'staff',
      });
      expect((await post('implementer', `${RUNS}/${closed}`)).statusCode).toBe(201);
      const refused = await post('viewer', `${RUNS}/${closed}`);
      expect(refused.statusCode).toBe(403);
      expect(AdminError.parse(refused.json()).error.code).toBe('Forbidden');
      // Today's postings are not all in until its end of day: it could read as balanced.
      const open = await post('publisher', DAY);
      expect(open.statusCode).toBe(400);
      expect(AdminError.parse(open.json()).error.message).toBe(
        'That day is still open: it can be reconciled once the end of day has closed it.',
      );
      expect((await post('publisher', `${RUNS}/2099-01-01`)).statusCode).toBe(400);
      // A run staff asked for is on record (who, which day); the refused ones are not.
      const audit = AuditListResponse.parse(
        (await get('publisher', '/admin-api/institutions/harbor/audit')).json(),
      ).entries.filter((entry) => entry.action === 'reconciliation.run');
      expect(audit).toHaveLength(2);
      expect(audit.every((entry) => entry.comment?.startsWith(`Reconciled ${closed}:`))).toBe(true);
    });

    it('answers another institution’s staff 404 NotFound', async () => {
      for (const response of [
        await get('summit', RUNS),
        await get('summit', DAY),
        await post('summit', DAY),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(AdminError.parse(response.json()).error.code).toBe('NotFound');
      }
    });
  });

  // Last: it moves the clock past the return's arrival.
  it('finds a debit returned by the ACH processor until the portal and the core act on the return', async () => {
    const insufficientFunds = await addAccount(jordan, RETURNED_R01_ACCOUNT);
    const payment = await pay('immediateAch', insufficientFunds, 40);
    const { achProcessor, paymentReturns } = test.app.services;
    // The test bank sends it back two banking days after it settles (Monday): Wednesday.
    test.clock.advance(5 * 24 * 3_600_000);
    expect((await achProcessor.receiveReturns(harborId, TODAY)).length).toBeGreaterThan(0);
    const before = await service.reconcile(harborId, TODAY, 'staff');
    // Returned by the bank only: the portal and the core have not acted on it yet.
    expect(before.totals.returned).toMatchObject({
      portal: { count: 0 },
      ach: { count: 1, cents: 4_000 },
      core: { count: 0 },
    });
    expect(mismatchOf(before, payment.id)).toEqual({
      paymentId: payment.id,
      problems: [
        {
          kind: 'statusDisagrees',
          detail:
            'The ACH processor returned the debit (R01); the payment is posted in the portal.',
        },
        {
          kind: 'notReversed',
          detail: "The ACH processor returned the debit (R01); the core's posting is not reversed.",
        },
      ],
      items: expect.objectContaining({
        ach: expect.objectContaining({ filed: true, returnReasonCode: 'R01', amountCents: 4_000 }),
        core: expect.objectContaining({ amountCents: 4_000, reversed: false }),
      }),
    });

    // The payments' returns job marks it returned and has the core reverse it: it balances.
    await paymentReturns.runOnce();
    const after = await service.reconcile(harborId, TODAY, 'staff');
    expect(mismatchOf(after, payment.id)).toBeUndefined();
    expect(after.mismatchCount).toBe(before.mismatchCount - 1);
    // The three systems now agree on the day's return, and the stored run says so (as staff
    // read it).
    expect(after.totals.returned).toEqual({
      portal: { count: 1, cents: 4_000 },
      ach: { count: 1, cents: 4_000 },
      core: { count: 1, cents: 4_000 },
    });
    // Five days on, the viewer's session has lapsed: another viewer signs in.
    staff.viewer = await signedInStaff(test, {
      email: 'second.viewer@harbor.test',
      host: 'localhost',
      role: 'viewer',
    });
    const stored = await get('viewer', `${RUNS}/${TODAY}`);
    expect(stored.statusCode).toBe(200);
    expect(ReconciliationRunDetail.parse(stored.json()).totals.returned).toEqual(
      after.totals.returned,
    );
  });
});

describe('the matching of a day', () => {
  const FRIDAY = '2025-03-14';
  const MONDAY = '2025-03-17';
  const payment: PortalPaymentRow = {
    id: '0b7e3c1a-5d2f-4e8a-9c6b-1f2e3d4c5b6a',
    reference_number: 'R8T2W6Y4PA',
    status: 'posted',
    pay_date: MONDAY,
    is_card: false,
    amount_cents: 10_000,
    additional_principal_cents: 0,
    first_party_fee_cents: 0,
    third_party_fee_cents: 0,
    core_reference: 'line-7',
    refunded_elsewhere: false,
    posted_at: new Date('2025-03-17T14:00:00.000Z'),
  };
  // Made on Friday evening after the cut-off: debited Friday, dated (and posted as of) Monday.
  const debit = (filed: boolean): AchDebitRecord => ({
    idempotencyKey: payment.id,
    traceNumber: '011099990000001',
    amountCents: 10_000,
    processingDate: FRIDAY,
    filed,
    returnReasonCode: null,
  });
  const posting: CorePostingRecord = {
    postingKey: payment.id,
    reference: 'line-7',
    date: MONDAY,
    amountCents: 10_000,
    reversed: false,
  };
  const none = { charges: [], debits: [], postings: [] };
  const byId = new Map([[payment.id, payment]]);
  const found = { charges: [], debits: [debit(true)], postings: [posting] };

  it('judges and counts a payment on its date only, its debit of the day before too', () => {
    const monday = matchDay({
      portalOfDay: [payment],
      portalById: byId,
      ofDay: { ...none, postings: [posting] },
      found,
      today: '2025-03-18',
    });
    expect(monday.mismatches).toEqual([]);
    expect(monday.totals).toMatchObject({
      portal: { count: 1, cents: 10_000 },
      ach: { count: 1, cents: 10_000 },
      core: { count: 1, cents: 10_000 },
    });
    const friday = matchDay({
      portalOfDay: [],
      portalById: byId,
      ofDay: { ...none, debits: [debit(true)] },
      found,
      today: '2025-03-18',
    });
    expect(friday.mismatches).toEqual([]);
    expect(friday.totals.ach).toEqual({ count: 0, cents: 0 });
  });

  it('counts in flight payment by payment: what the portal took with no money moved and nothing wrong, on a day with a mismatch too', () => {
    const waiting: PortalPaymentRow = {
      ...payment,
      id: '0b7e3c1a-5d2f-4e8a-9c6b-000000000002',
      status: 'settling',
      posted_at: null,
    };
    // Posted by card with no charge: a mismatch, and no money moved either.
    const unbacked: PortalPaymentRow = {
      ...payment,
      id: '0b7e3c1a-5d2f-4e8a-9c6b-000000000003',
      is_card: true,
      amount_cents: 4_000,
    };
    const lists = {
      charges: [],
      debits: [{ ...debit(false), idempotencyKey: waiting.id, processingDate: MONDAY }],
      postings: [{ ...posting, postingKey: unbacked.id, amountCents: 4_000 }],
    };
    const day = matchDay({
      portalOfDay: [waiting, unbacked],
      portalById: new Map([
        [waiting.id, waiting],
        [unbacked.id, unbacked],
      ]),
      ofDay: lists,
      found: lists,
      today: MONDAY,
    });
    expect(day.mismatches.map((mismatch) => mismatch.paymentId)).toEqual([unbacked.id]);
    expect(day.totals.inFlight).toEqual({ count: 1, cents: 10_000 });
    // The totals differ by the mismatch too: no in-flight figure is read from them.
    const { portal, card, ach } = day.totals;
    expect(portal.cents - card.cents - ach.cents).toBe(14_000);
  });

  it('finds a bank payment posted while its debit is in no file: no money moved', () => {
    expect(problemsOf(payment, undefined, debit(false), posting, '2025-03-15')).toEqual([
      {
        kind: 'postingWithoutMoney',
        detail:
          'The core posted $100.00; the ACH debit of $100.00 is in no file yet: the money was not asked for.',
      },
    ]);
  });
});
