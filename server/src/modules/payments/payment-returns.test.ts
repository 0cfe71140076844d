import {
  maskAccountNumber,
  PAYMENT_TIMELINE_PATH,
  PaymentMethodsResponse,
  PaymentTimelineResponse,
  StaffPaymentDetail,
  StaffPaymentSearchResponse,
  type SavedPaymentMethod,
} from '@portal/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testDatabases } from '../../testing/databases';
import {
  addAccount,
  AUTO_LOAN,
  call,
  type Caller,
  coreLines,
  debits,
  HOME_EQUITY,
  paymentBody,
  paymentInfo,
  runPostJobs,
  sealAndPost,
  submit,
  TODAY,
} from '../../testing/payment-test-kit';
import { TEST_DATA_PROTECTOR } from '../../testing/keys';
import { publishSettingsChange } from '../../testing/settings';
import { signedInStaff } from '../../testing/staff';
import { signIn, startTestApp, type TestApp } from '../../testing/test-app';

/** The built-in processor's test banks (README "Returns and notifications of change"). */
const INSUFFICIENT_FUNDS = '000222222227';
const ACCOUNT_CLOSED = '000444444440';
const CHANGED_ACCOUNT = '000777777771';
const CORRECTED_ACCOUNT = '000777777788';
const NO_ACCOUNT = '000555555559';
/** Another demo bank: the same test account there is another account (not blocked at Harbor). */
const LIGHTHOUSE_BANK = '211099994';
/** Jordan's line of credit. */
const LINE_OF_CREDIT = '001-300120-7';

// Friday 2025-03-14: the day's ACH file settles on Monday the 17th; the test banks' returns
// arrive two banking days later, on Wednesday the 19th.
const RETURN_DAY = '2025-03-19T15:00:00.000Z';

describe.each(testDatabases('both'))('ACH returns on $name', (testDatabase) => {
  let test: TestApp;
  let jordan: Caller;
  let institutionId: number;
  let keys = 0;
  /** The saved insufficient-funds account (saved once: a second save is AlreadyExists). */
  let insufficientFunds: SavedPaymentMethod | undefined;
  const nextKey = () => `returns-key-${(keys += 1)}`;

  beforeAll(async () => {
    test = await startTestApp(testDatabase);
    jordan = { app: test.app, who: await signIn(test.app, { username: 'jordan.rivers' }) };
    institutionId = (await test.app.services.institutions.resolveHost('localhost'))?.id ?? 0;
    await publishSettingsChange(test.app, 'localhost', {
      shared: { achPaymentOptions: { requireAchDraftAgreementOption: 'false' } },
    });
  }, 180_000);
  afterAll(async () => {
    await test?.close();
  });

  async function paymentRow(reference: string) {
    return test.database.db
      .selectFrom('payments')
      .selectAll()
      .where('reference_number', '=', reference)
      .executeTakeFirstOrThrow();
  }

  it('takes a returned payment off the loan, says Returned, tells the borrower once, and blocks a closed account', async () => {
    const insufficient = await addAccount(jordan, INSUFFICIENT_FUNDS);
    insufficientFunds = insufficient;
    const closed = await addAccount(jordan, ACCOUNT_CLOSED);
    const customer = {
      institutionId,
      customerId: (
        await test.database.db
          .selectFrom('users')
          .select('customer_id')
          .where('username', '=', 'jordan.rivers')
          .where('institution_id', '=', institutionId)
          .executeTakeFirstOrThrow()
      ).customer_id,
    };
    const core = test.app.services.core;
    const before = await core.loanInformation(customer, HOME_EQUITY, TODAY);

    const paid = await submit(
      jordan,
      'immediateAch',
      paymentBody({ loan: HOME_EQUITY, method: insufficient, amount: 1500 }),
      nextKey(),
    );
    expect(paid.body.Errors).toEqual([]);
    const refused = await submit(
      jordan,
      'immediateAch',
      paymentBody({ loan: AUTO_LOAN, method: closed, amount: 120 }),
      nextKey(),
    );
    expect(refused.body.Errors).toEqual([]);
    // Processing until the day's file sends the debits; then they post.
    expect(await paymentRow(paid.body.ReferenceNumber)).toMatchObject({ status: 'settling' });
    await sealAndPost(test.app, institutionId, TODAY);
    const first = await paymentRow(paid.body.ReferenceNumber);
    expect(first).toMatchObject({ status: 'posted' });
    expect(first.ach_trace_number).toMatch(/^\d{15}$/);
    // The borrower sees it among the loan's recent payments, Posted (it is listed nowhere else).
    const paidInfo = await paymentInfo(jordan, HOME_EQUITY);
    expect(paidInfo.body.RecentPayments).toEqual([
      {
        EncryptedString: expect.stringMatching(/^p\./),
        PaymentDate: TODAY,
        PaymentAmount: 1500,
        TowardAmountDue: 1500,
        IsCard: false,
        AccountNumber: INSUFFICIENT_FUNDS.slice(-4),
        Status: 'posted',
      },
    ]);
    const afterPayment = await core.loanInformation(customer, HOME_EQUITY, TODAY);
    expect(afterPayment?.principalCents).toBeLessThan(before?.principalCents ?? 0);

    // The day's file went to the bank; the returns come back two banking days after it settles.
    await publishSettingsChange(test.app, 'localhost', {
      shared: { achPaymentOptions: { returnedPaymentFeeCents: '2500' } },
      // The history's lines in the institution's words (the defaults: e2e/ach-return.spec.ts).
      english: {
        loanDetailsTexts: {
          historyReturnedPaymentText: 'Sent back by your bank: {reason} ({code})',
          historyReturnedPaymentFeeText: 'Fee for a payment sent back',
        },
      },
    });
    test.clock.set('2025-03-18T15:00:00.000Z');
    expect(await test.app.services.paymentReturns.runOnce()).toMatchObject({ returns: 0 });
    test.clock.set(RETURN_DAY);
    expect(await test.app.services.paymentReturns.runOnce()).toEqual({
      returns: 2,
      returned: 2,
      unmatched: 0,
      waiting: 0,
      refused: 0,
      failed: 0,
      notices: 0,
      corrected: 0,
    });

    // Returned, with its timeline; the loan's principal is back; the fee charged as set.
    const returned = await paymentRow(paid.body.ReferenceNumber);
    expect(returned.status).toBe('returned');
    const events = await test.database.db
      .selectFrom('payment_events')
      .select(['status', 'detail'])
      .where('payment_id', '=', returned.id)
      .orderBy('at')
      .execute();
    expect(events.at(-1)).toEqual({ status: 'returned', detail: 'R01' });
    const restored = await core.loanInformation(customer, HOME_EQUITY, '2025-03-19');
    expect(restored?.principalCents).toBe(before?.principalCents);
    const history = await core.history(customer, HOME_EQUITY, TODAY);
    if (!Array.isArray(history)) throw new Error('no history');
    expect(history.map((line) => line.description)).toEqual(
      expect.arrayContaining([
        'Sent back by your bank: insufficient funds (R01)',
        'Fee for a payment sent back',
      ]),
    );

    // The borrower is told once, with the bank's reason and the fee.
    const notices = async () => {
      await test.app.services.outbox.runOnce();
      const delivered = await test.app.services.mail.delivered({
        institutionId,
        to: 'jordan.rivers@example.test',
      });
      return delivered.filter((mail) => mail.subject.includes('returned by your bank'));
    };
    const told = await notices();
    expect(told).toHaveLength(2);
    expect(told.map((mail) => mail.body).join('\n')).toContain('(Insufficient funds)');
    expect(told.map((mail) => mail.body).join('\n')).toContain(
      'A returned payment fee of $25.00 has been charged to the loan.',
    );
    expect(told.map((mail) => mail.body).join('\n')).not.toContain(INSUFFICIENT_FUNDS);

    // The same file again (at least once): nothing more happens.
    expect(await test.app.services.paymentReturns.runOnce()).toEqual({
      returns: 2,
      returned: 0,
      unmatched: 0,
      waiting: 0,
      refused: 0,
      failed: 0,
      notices: 0,
      corrected: 0,
    });
    expect(await notices()).toHaveLength(2);

    // Staff find it Returned, its timeline ending with the return.
    const staff = await signedInStaff(test, {
      email: 'viewer@returns.test',
      host: 'localhost',
      role: 'viewer',
    });
    const found = await test.app.inject({
      method: 'GET',
      url: `/admin-api/institutions/harbor/payments?${new URLSearchParams({ reference: paid.body.ReferenceNumber })}`,
      headers: { cookie: staff },
    });
    expect(found.statusCode).toBe(200);
    const [listed] = StaffPaymentSearchResponse.parse(found.json()).payments;
    expect(listed).toMatchObject({ reference: paid.body.ReferenceNumber, status: 'returned' });
    const opened = await test.app.inject({
      method: 'GET',
      url: `/admin-api/institutions/harbor/payments/${listed?.id ?? ''}`,
      headers: { cookie: staff },
    });
    // The return's row with the bank's code in words.
    expect(StaffPaymentDetail.parse(opened.json()).events.at(-1)).toMatchObject({
      status: 'returned',
      detail: 'R01: Insufficient funds',
    });

    // The closed account cannot be used again; the one short of funds can.
    jordan.who = await signIn(test.app, { username: 'jordan.rivers' });
    // The loan's screens say so, first (GetPaymentInfo's ReturnedPayments).
    const info = await paymentInfo(jordan, HOME_EQUITY);
    expect(info.body.ReturnedPayments).toEqual([
      {
        EncryptedString: expect.stringMatching(/^p\./),
        PaymentDate: TODAY,
        PaymentAmount: 1500,
        IsCard: false,
        AccountNumber: INSUFFICIENT_FUNDS.slice(-4),
        Reason: 'Insufficient funds',
      },
    ]);
    // Among the recent payments it now says Returned.
    expect(info.body.RecentPayments).toEqual([
      expect.objectContaining({ PaymentAmount: 1500, Status: 'returned' }),
    ]);
    // Its handle opens its details, a pay-now payment's too: each state, ending Returned.
    const handle = String(info.body.ReturnedPayments?.[0]?.EncryptedString);
    const timelineOf = (caller: Caller, encrypted: string, loan = HOME_EQUITY) =>
      call(
        caller,
        'GET',
        `${PAYMENT_TIMELINE_PATH}?${new URLSearchParams({ EncryptedString: encrypted, LoanAccountNumber: loan }).toString()}`,
      );
    const details = await timelineOf(jordan, handle);
    expect(details.statusCode).toBe(200);
    const timeline = PaymentTimelineResponse.parse(JSON.parse(details.body));
    expect(timeline.Status).toBe('returned');
    // What its receipt said, and why it came back in the bank's words (never the code).
    expect(timeline).toMatchObject({
      ConfirmationNumber: paid.body.ReferenceNumber,
      PaymentAmount: 150_000,
      IsCard: false,
      AccountNumber: INSUFFICIENT_FUNDS.slice(-4),
      ReturnReason: 'Insufficient funds',
      FailureReason: '',
    });
    expect(timeline.Events.map((event) => event.Status)).toEqual([
      'settling',
      'posted',
      'returned',
    ]);
    expect(details.body).not.toContain('R01');
    // Not another borrower's, not for another loan, and never a deletion.
    const pat = { app: test.app, who: await signIn(test.app, { username: 'pat.lee' }) };
    expect((await timelineOf(pat, handle)).statusCode).toBe(404);
    expect((await timelineOf(jordan, handle, AUTO_LOAN)).statusCode).toBe(404);
    const deletion = await call(jordan, 'POST', '/api/PaymentScheduled/DeleteAch', {
      Payment: { EncryptedString: handle, LoanAccountNumber: HOME_EQUITY },
    });
    expect(deletion.body).not.toContain('"HasNoErrors":true');
    expect((await paymentRow(paid.body.ReferenceNumber)).status).toBe('returned');
    const again = await submit(
      jordan,
      'immediateAch',
      paymentBody({ loan: AUTO_LOAN, method: closed, amount: 50, date: '2025-03-19' }),
      nextKey(),
    );
    expect(again.body.Errors).toEqual([{ ErrorMessage: 'RoutingAccountInvalidThirdParty' }]);
    const retry = await submit(
      jordan,
      'immediateAch',
      paymentBody({ loan: HOME_EQUITY, method: insufficient, amount: 50, date: '2025-03-19' }),
      nextKey(),
    );
    expect(retry.body.Errors).toEqual([]);
  });

  it("corrects the saved account a bank's notification of change names", async () => {
    test.clock.set('2025-03-20T15:00:00.000Z');
    jordan.who = await signIn(test.app, { username: 'jordan.rivers' });
    const changed = await addAccount(jordan, CHANGED_ACCOUNT);
    const paid = await submit(
      jordan,
      'immediateAch',
      paymentBody({ loan: HOME_EQUITY, method: changed, amount: 75, date: '2025-03-20' }),
      nextKey(),
    );
    expect(paid.body.Errors).toEqual([]);
    // A debit scheduled from it for later, not sent yet: it goes to the corrected account too.
    const restore = await publishSettingsChange(test.app, 'localhost', {
      shared: {
        paymentSchedulingOptions: {
          blockSchedulingWhenPastDueOption: 'false',
          allowSchedulingWhenDelinquentOption: 'true',
        },
      },
    });
    const later = await submit(
      jordan,
      'scheduledAch',
      paymentBody({ loan: AUTO_LOAN, method: changed, amount: 35, date: '2025-04-01' }),
      nextKey(),
    );
    await restore();
    expect(later.body.Errors).toEqual([]);
    await sealAndPost(test.app, institutionId, '2025-03-20');
    // Settles Friday the 21st; the notification comes two banking days later, Tuesday the 25th.
    test.clock.set('2025-03-25T15:00:00.000Z');
    expect(await test.app.services.paymentReturns.runOnce()).toMatchObject({
      notices: 1,
      corrected: 1,
    });
    const method = await test.database.db
      .selectFrom('payment_methods')
      .select(['last_four', 'account_number_sealed'])
      .where('id', '=', (await paymentRow(paid.body.ReferenceNumber)).payment_method_id ?? 0)
      .executeTakeFirstOrThrow();
    expect(method.last_four).toBe(CORRECTED_ACCOUNT.slice(-4));
    expect(TEST_DATA_PROTECTOR.decrypt(method.account_number_sealed ?? '')).toBe(CORRECTED_ACCOUNT);
    const waiting = await paymentRow(later.body.ReferenceNumber);
    expect(waiting.status).toBe('scheduled');
    expect(waiting.last_four).toBe(CORRECTED_ACCOUNT.slice(-4));
    expect(TEST_DATA_PROTECTOR.decrypt(waiting.account_number_sealed ?? '')).toBe(
      CORRECTED_ACCOUNT,
    );
    // Read again on the next runs, the notification changes nothing more: the saved account is
    // not written again (its sealed number, sealed afresh on each write, is the same).
    test.clock.set('2025-03-25T15:15:00.000Z');
    expect(await test.app.services.paymentReturns.runOnce()).toMatchObject({
      notices: 1,
      corrected: 0,
    });
    const after = await test.database.db
      .selectFrom('payment_methods')
      .select('account_number_sealed')
      .where('id', '=', (await paymentRow(paid.body.ReferenceNumber)).payment_method_id ?? 0)
      .executeTakeFirstOrThrow();
    expect(after.account_number_sealed).toBe(method.account_number_sealed);
    expect((await paymentRow(later.body.ReferenceNumber)).account_number_sealed).toBe(
      waiting.account_number_sealed,
    );
  });

  it('returns a payment once when the process dies after the core reversed it, and with two instances at once', async () => {
    test.clock.set('2025-03-26T15:00:00.000Z');
    jordan.who = await signIn(test.app, { username: 'jordan.rivers' });
    const insufficient = insufficientFunds ?? (await addAccount(jordan, INSUFFICIENT_FUNDS));
    const paid = await submit(
      jordan,
      'immediateAch',
      paymentBody({ loan: HOME_EQUITY, method: insufficient, amount: 80, date: '2025-03-26' }),
      nextKey(),
    );
    expect(paid.body.Errors).toEqual([]);
    await sealAndPost(test.app, institutionId, '2025-03-26');
    const payment = await paymentRow(paid.body.ReferenceNumber);
    expect(payment.status).toBe('posted');
    // Settles Thursday the 27th; back two banking days later, Monday the 31st.
    test.clock.set('2025-03-31T15:00:00.000Z');

    // The process dies right after the core reversed the payment, before the portal marked it.
    const core = test.app.services.core;
    const reverse = core.reversePayment.bind(core);
    let crashes = 0;
    core.reversePayment = async (...args) => {
      const result = await reverse(...args);
      if (args[2].postingKey === payment.id && crashes === 0) {
        crashes += 1;
        throw new Error('killed after the reversal');
      }
      return result;
    };
    try {
      // The run goes on past it (a failed entry never stops the others) and reports it.
      expect(await test.app.services.paymentReturns.runOnce()).toMatchObject({
        returned: 0,
        failed: 1,
      });
    } finally {
      core.reversePayment = reverse;
    }
    expect((await paymentRow(paid.body.ReferenceNumber)).status).toBe('posted');

    // The next run, on two instances at once: one marks it, one e-mail, one reversal line.
    const second = await buildApp({
      db: test.database.db,
      clock: test.clock,
      dataProtector: TEST_DATA_PROTECTOR,
    });
    try {
      await Promise.all([
        test.app.services.paymentReturns.runOnce(),
        second.services.paymentReturns.runOnce(),
      ]);
    } finally {
      await second.close();
    }
    expect((await paymentRow(paid.body.ReferenceNumber)).status).toBe('returned');
    const events = await test.database.db
      .selectFrom('payment_events')
      .select('status')
      .where('payment_id', '=', payment.id)
      .where('status', '=', 'returned')
      .execute();
    expect(events).toHaveLength(1);
    const { rows } = await sql<{ count: string }>`
      select count(*) as count from core_transactions
      where posting_key like ${`reversal:%${payment.id}%`}`.execute(test.database.db);
    expect(Number(rows[0]?.count)).toBe(1);
    await test.app.services.outbox.runOnce();
    const delivered = await test.app.services.mail.delivered({
      institutionId,
      to: 'jordan.rivers@example.test',
    });
    expect(
      delivered.filter(
        (mail) => mail.subject.includes('returned by your bank') && mail.body.includes('$80.00'),
      ),
    ).toHaveLength(1);
  });

  it('applies the other returns of a file when the core refuses one or fails on it, and puts the refused one before staff once', async () => {
    // Tuesday April 1st: two debits from the insufficient-funds account, in one file.
    test.clock.set('2025-04-01T15:00:00.000Z');
    jordan.who = await signIn(test.app, { username: 'jordan.rivers' });
    const insufficient = insufficientFunds ?? (await addAccount(jordan, INSUFFICIENT_FUNDS));
    const references: string[] = [];
    for (const [loan, amount] of [
      [HOME_EQUITY, 31],
      [AUTO_LOAN, 32],
    ] as const) {
      const paid = await submit(
        jordan,
        'immediateAch',
        paymentBody({ loan, method: insufficient, amount, date: '2025-04-01' }),
        nextKey(),
      );
      expect(paid.body.Errors).toEqual([]);
      references.push(paid.body.ReferenceNumber);
    }
    const [stuck, other] = await Promise.all(references.map((reference) => paymentRow(reference)));
    if (!stuck || !other) throw new Error('two payments');
    await sealAndPost(test.app, institutionId, '2025-04-01');
    // Settles Wednesday the 2nd; back two banking days later, Friday the 4th.
    test.clock.set('2025-04-04T15:00:00.000Z');
    const items = async () =>
      (await test.app.services.workQueue.list({ institutionId, kind: 'achReturn' })).filter(
        (item) => item.summary.includes(stuck.reference_number),
      );

    // The core cannot take the first back (its loan's history cannot be replayed, say).
    const core = test.app.services.core;
    const reverse = core.reversePayment.bind(core);
    let fault: 'refuse' | 'throw' = 'refuse';
    core.reversePayment = async (...args) => {
      if (args[2].postingKey !== stuck.id) return reverse(...args);
      if (fault === 'throw') throw new Error('core unreachable (connect ETIMEDOUT)');
      return { status: 'refused', reason: 'cannotReverse' };
    };
    try {
      expect(await test.app.services.paymentReturns.runOnce()).toMatchObject({
        refused: 1,
        failed: 0,
      });
      expect((await paymentRow(other.reference_number)).status).toBe('returned');
      expect((await paymentRow(stuck.reference_number)).status).toBe('posted');
      const [item] = await items();
      expect(item?.summary).toBe(
        `Return of payment ${stuck.reference_number} ($31.00, loan ${maskAccountNumber(HOME_EQUITY)}), which the core did not reverse: R01: Insufficient funds`,
      );
      // Asked again on every run; still one item. A core that fails outright: reported, no item.
      await test.app.services.paymentReturns.runOnce();
      fault = 'throw';
      expect(await test.app.services.paymentReturns.runOnce()).toMatchObject({
        refused: 0,
        failed: 1,
      });
      expect(await items()).toHaveLength(1);
    } finally {
      core.reversePayment = reverse;
    }
    // Once the core can take it back (staff fixed the loan), the next run returns it.
    await test.app.services.paymentReturns.runOnce();
    expect((await paymentRow(stuck.reference_number)).status).toBe('returned');
  });

  it('cancels a recurring payment after the set number of returns, blocks its account, and sends no debit scheduled on it', async () => {
    // Monday April 7th, 10:00 in New York; one return cancels (the setting), to keep it short.
    test.clock.set('2025-04-07T14:00:00.000Z');
    const restore = await publishSettingsChange(test.app, 'localhost', {
      shared: {
        achPaymentOptions: { returnsBeforeRecurringCancelled: '1' },
        recurringPaymentOptions: { allowWeeklyOption: 'true' },
        // The home equity loan has fallen behind by April (its March date returned).
        paymentSchedulingOptions: {
          blockSchedulingWhenPastDueOption: 'false',
          allowSchedulingWhenDelinquentOption: 'true',
          maxScheduledPaymentsAllowed: '5',
        },
      },
    });
    jordan.who = await signIn(test.app, { username: 'jordan.rivers' });
    const insufficient = insufficientFunds ?? (await addAccount(jordan, INSUFFICIENT_FUNDS));
    try {
      const recurring = await submit(
        jordan,
        'recurringAch',
        paymentBody({
          loan: HOME_EQUITY,
          method: insufficient,
          date: '2025-04-08',
          amount: 60,
          recurring: { RecurringOption: 'Weekly', DaysBeforeDue: 0 },
        }),
        nextKey(),
      );
      expect(recurring.body.Errors).toEqual([]);
      const scheduled = await submit(
        jordan,
        'scheduledAch',
        // On the auto loan: a loan with a recurring payment takes no scheduled one.
        paymentBody({ loan: AUTO_LOAN, method: insufficient, date: '2025-04-15', amount: 40 }),
        nextKey(),
      );
      expect(scheduled.body.Errors).toEqual([]);

      // The first date is drawn on Tuesday; its debit goes in that day's file, and it posts.
      test.clock.set('2025-04-08T14:00:00.000Z');
      await test.app.services.paymentPosting.runOnce();
      await sealAndPost(test.app, institutionId, '2025-04-08');
      const occurrence = await test.database.db
        .selectFrom('payments')
        .selectAll()
        .where('kind', '=', 'recurring')
        .where('pay_date', '=', '2025-04-08')
        .where('amount_cents', '=', 6_000)
        .executeTakeFirstOrThrow();
      expect(occurrence.status).toBe('posted');
      // Settles Wednesday the 9th; back two banking days later, Friday the 11th.
      test.clock.set('2025-04-11T15:00:00.000Z');
      expect(await test.app.services.paymentReturns.runOnce()).toMatchObject({ returned: 1 });
      expect((await paymentRow(occurrence.reference_number)).status).toBe('returned');
      const plan = await test.database.db
        .selectFrom('recurring_payments')
        .select('status')
        .where('id', '=', occurrence.recurring_payment_id ?? '')
        .executeTakeFirstOrThrow();
      expect(plan.status).toBe('cancelled');
      // The borrower is told, in the return's notice.
      await test.app.services.outbox.runOnce();
      const told = (
        await test.app.services.mail.delivered({ institutionId, to: 'jordan.rivers@example.test' })
      ).filter((mail) => mail.body.includes('$60.00') && mail.subject.includes('returned'));
      expect(told).toHaveLength(1);
      expect(told[0]?.body).toContain('the recurring payment is cancelled');

      // The account is blocked: a new payment from it is refused...
      jordan.who = await signIn(test.app, { username: 'jordan.rivers' });
      const refused = await submit(
        jordan,
        'immediateAch',
        paymentBody({ loan: HOME_EQUITY, method: insufficient, amount: 30, date: '2025-04-11' }),
        nextKey(),
      );
      expect(refused.body.Errors).toEqual([{ ErrorMessage: 'RoutingAccountInvalidThirdParty' }]);
      // ...and the one scheduled on it before fails on its date, with no debit sent.
      test.clock.set('2025-04-15T14:00:00.000Z');
      await test.app.services.paymentPosting.runOnce();
      const failed = await paymentRow(scheduled.body.ReferenceNumber);
      expect(failed).toMatchObject({
        status: 'failed',
        failure: 'RoutingAccountInvalidThirdParty',
      });
      expect(await debits(test.database.db, failed.id)).toBe(0);
    } finally {
      await restore();
    }
  });

  it('waits while a payment posts, and sends a return the portal cannot apply to staff, once', async () => {
    // Wednesday April 16th.
    test.clock.set('2025-04-16T15:00:00.000Z');
    jordan.who = await signIn(test.app, { username: 'jordan.rivers' });
    const noAccount = await addAccount(jordan, NO_ACCOUNT);
    const inFlight = await submit(
      jordan,
      'immediateAch',
      paymentBody({ loan: HOME_EQUITY, method: noAccount, amount: 21, date: '2025-04-16' }),
      nextKey(),
    );
    const unknown = await submit(
      jordan,
      'immediateAch',
      paymentBody({ loan: AUTO_LOAN, method: noAccount, amount: 22, date: '2025-04-16' }),
      nextKey(),
    );
    expect([inFlight.body.Errors, unknown.body.Errors]).toEqual([[], []]);
    const first = await paymentRow(inFlight.body.ReferenceNumber);
    // The first one's posting is still in flight; the portal has no record of the second's debit
    // (its trace number is another).
    await test.database.db
      .updateTable('payments')
      .set({ status: 'settling' })
      .where('id', '=', first.id)
      .execute();
    await test.database.db
      .updateTable('payments')
      .set({ ach_trace_number: '999999999999999' })
      .where('reference_number', '=', unknown.body.ReferenceNumber)
      .execute();
    await test.app.services.achProcessor.sealNextFile(institutionId, '2025-04-16');
    // Settles Thursday the 17th; back two banking days later, Monday the 21st.
    test.clock.set('2025-04-21T15:00:00.000Z');
    // (Not the one of the core's refusal above.)
    const items = async () =>
      (await test.app.services.workQueue.list({ institutionId, kind: 'achReturn' })).filter(
        (item) => !item.summary.includes('which the core did not reverse'),
      );

    expect(await test.app.services.paymentReturns.runOnce()).toMatchObject({
      returned: 0,
      waiting: 1,
      unmatched: 1,
    });
    expect((await paymentRow(inFlight.body.ReferenceNumber)).status).toBe('settling');
    const [unknownItem] = await items();
    expect(await items()).toHaveLength(1);
    expect(unknownItem?.summary).toBe(
      `Return of a debit of $22.00 for loan ${maskAccountNumber(AUTO_LOAN)} the portal does not know: R03: No account, or unable to locate the account`,
    );

    // Its posting died meanwhile: under review, so the return goes to staff too, not applied.
    await test.database.db
      .updateTable('payments')
      .set({ status: 'needsReview' })
      .where('id', '=', first.id)
      .execute();
    expect(await test.app.services.paymentReturns.runOnce()).toMatchObject({
      returned: 0,
      waiting: 0,
      unmatched: 2,
    });
    // Every run reads the files again: still one item each.
    await test.app.services.paymentReturns.runOnce();
    const listed = await items();
    expect(listed).toHaveLength(2);
    const underReview = listed.find((item) => item.summary.includes(first.reference_number));
    expect(underReview?.summary).toContain('which is under review: R03');
    expect(JSON.stringify(underReview?.details)).not.toContain(NO_ACCOUNT);
    expect((await paymentRow(inFlight.body.ReferenceNumber)).status).toBe('needsReview');
  });
  it('neither posts nor reverses a payment whose sent debit came back before it posted, and applies the return once it has posted', async () => {
    // Tuesday April 22nd, 10:00 in New York. The insufficient-funds account at another bank (the
    // one at Harbor's is blocked by the cancelled recurring payment above), typed for today.
    test.clock.set('2025-04-22T14:00:00.000Z');
    jordan.who = await signIn(test.app, { username: 'jordan.rivers' });
    const typed = {
      IsCard: false as const,
      AchInfo: {
        AccountType: 'Checking',
        RoutingNumber: LIGHTHOUSE_BANK,
        AccountNumber: INSUFFICIENT_FUNDS,
        OwnerName: 'Jordan Rivers',
      },
    };
    const paid = await submit(
      jordan,
      'immediateAch',
      paymentBody({ loan: HOME_EQUITY, method: typed, amount: 26, date: '2025-04-22' }),
      nextKey(),
    );
    expect(paid.body.Errors).toEqual([]);
    const payment = await paymentRow(paid.body.ReferenceNumber);
    // The day's file sends its debit, and the process dies before the posts of the file are
    // queued: sent, not posted.
    expect(
      await test.app.services.achProcessor.sealNextFile(institutionId, '2025-04-22'),
    ).toMatchObject({
      entries: 1,
    });
    const reversals = async () => {
      const { rows } = await sql<{ count: string }>`
        select count(*) as count from core_transactions
        where posting_key like ${`reversal:%${payment.id}%`}`.execute(test.database.db);
      return Number(rows[0]?.count);
    };
    const returnedMails = async () => {
      await test.app.services.outbox.runOnce();
      return (
        await test.app.services.mail.delivered({ institutionId, to: 'jordan.rivers@example.test' })
      ).filter(
        (mail) => mail.subject.includes('returned by your bank') && mail.body.includes('$26.00'),
      );
    };

    // Settles Wednesday the 23rd; back two banking days later, Friday the 25th, before it posted.
    test.clock.set('2025-04-25T15:00:00.000Z');
    expect(await test.app.services.paymentReturns.runOnce()).toMatchObject({
      returned: 0,
      waiting: 1,
      failed: 0,
    });
    // The return neither posted it nor reversed a posting that is not there.
    expect((await paymentRow(paid.body.ReferenceNumber)).status).toBe('settling');
    expect(await coreLines(test.database.db, payment.id)).toBe(0);
    expect(await reversals()).toBe(0);
    expect(await returnedMails()).toEqual([]);
    // Asked again, it still waits.
    expect(await test.app.services.paymentReturns.runOnce()).toMatchObject({ waiting: 1 });

    // The sealing job's next run finds the sent debit and queues its post (with the others this
    // file's tests left unposted): it posts, as of its date.
    const caughtUp = await test.app.services.paymentPosting.sealDueAchFiles();
    expect(caughtUp.queued).toBeGreaterThanOrEqual(1);
    await runPostJobs(test.app);
    expect((await paymentRow(paid.body.ReferenceNumber)).status).toBe('posted');
    const { rows: credited } = await sql<{ date: string | Date }>`
      select date from core_transactions
      where posting_key = ${`payment:${payment.id}`}`.execute(test.database.db);
    expect(credited.map((line) => new Date(line.date).toISOString().slice(0, 10))).toEqual([
      '2025-04-22',
    ]);
    // Then the return is applied, once: reversed, Returned, one e-mail.
    expect(await test.app.services.paymentReturns.runOnce()).toMatchObject({
      waiting: 0,
      failed: 0,
    });
    await test.app.services.paymentReturns.runOnce();
    expect((await paymentRow(paid.body.ReferenceNumber)).status).toBe('returned');
    expect(await coreLines(test.database.db, payment.id)).toBe(1);
    expect(await reversals()).toBe(1);
    expect(await returnedMails()).toHaveLength(1);
    const events = await test.database.db
      .selectFrom('payment_events')
      .select('status')
      .where('payment_id', '=', payment.id)
      .orderBy('at')
      .orderBy('id')
      .execute();
    expect(events.map((event) => event.status)).toEqual(['settling', 'posted', 'returned']);
  });
  it("corrects a bank account saved with a payment made today, only the payer's, and the next debit goes to the corrected account", async () => {
    // Monday April 28th, 10:00 in New York. The reviewer's flow: the line of credit paid now
    // from a bank account typed on the form with Save Payment Profile ticked (at Lighthouse: the
    // test account at Harbor was saved and corrected above).
    test.clock.set('2025-04-28T14:00:00.000Z');
    jordan.who = await signIn(test.app, { username: 'jordan.rivers' });
    const pat: Caller = { app: test.app, who: await signIn(test.app, { username: 'pat.lee' }) };
    const typed = (routingNumber: string, save: boolean) => ({
      IsCard: false as const,
      AchInfo: {
        AccountType: 'Checking',
        RoutingNumber: routingNumber,
        AccountNumber: CHANGED_ACCOUNT,
        OwnerName: 'Jordan Rivers',
      },
      ...(save ? { SavePaymentMethod: true } : {}),
    });
    /** Jordan's saved bank accounts as GetPaymentMethods lists them (the last four digits). */
    const savedAccounts = async () =>
      PaymentMethodsResponse.parse(
        (
          await call(jordan, 'POST', '/api/PaymentMethod/GetPaymentMethods', {
            AccountNumber: LINE_OF_CREDIT,
          })
        ).json(),
      ).PaymentMethods.flatMap((method) => (method.IsCard ? [] : [method]));
    // Another borrower keeps the same account number at the same bank: not theirs to correct.
    const patsAdded = await call(pat, 'POST', '/api/PaymentMethod/AddAchPaymentMethod', {
      AccountType: 'Checking',
      RoutingNumber: LIGHTHOUSE_BANK,
      AccountNumber: CHANGED_ACCOUNT,
      OwnerName: 'Pat Lee',
    });
    expect(patsAdded.json()).toMatchObject({ HasNoErrors: true });

    const paid = await submit(
      jordan,
      'immediateAch',
      paymentBody({
        loan: LINE_OF_CREDIT,
        method: typed(LIGHTHOUSE_BANK, true),
        amount: 25,
        date: '2025-04-28',
      }),
      nextKey(),
    );
    expect(paid.body.Errors).toEqual([]);
    // Saved with it: 'Checking Account ending with 7771'.
    const saved = (await savedAccounts()).find(
      (method) => method.AchInfo.AccountNumber === CHANGED_ACCOUNT.slice(-4),
    );
    expect(saved).toBeDefined();
    // The same account number typed once at Harbor, not saved: no saved account of Jordan's is
    // that one (the Harbor account saved above is 7788 now), so its notice has nothing to correct.
    const once = await submit(
      jordan,
      'immediateAch',
      paymentBody({
        loan: HOME_EQUITY,
        method: typed('011099990', false),
        amount: 27,
        date: '2025-04-28',
      }),
      nextKey(),
    );
    expect(once.body.Errors).toEqual([]);
    await sealAndPost(test.app, institutionId, '2025-04-28');
    const payment = await paymentRow(paid.body.ReferenceNumber);
    const single = await paymentRow(once.body.ReferenceNumber);
    expect(payment.status).toBe('posted');
    expect(single.status).toBe('posted');
    expect(single.payment_method_id).toBeNull();
    const harborBefore = await test.database.db
      .selectFrom('payment_methods')
      .select(['id', 'account_number_sealed'])
      .where('user_id', '=', payment.user_id)
      .where('routing_number', '=', '011099990')
      .where('last_four', '=', CORRECTED_ACCOUNT.slice(-4))
      .execute();

    // Settles Tuesday the 29th; the notifications come two banking days later, Thursday May 1st.
    test.clock.set('2025-05-01T15:00:00.000Z');
    expect(await test.app.services.paymentReturns.runOnce()).toMatchObject({
      corrected: 1,
      failed: 0,
    });
    jordan.who = await signIn(test.app, { username: 'jordan.rivers' });
    // The same saved account now reads 'ending with 7788'.
    const corrected = (await savedAccounts()).find(
      (method) => method.AchInfo.ProfileId === saved?.AchInfo.ProfileId,
    );
    expect(corrected?.AchInfo.AccountNumber).toBe(CORRECTED_ACCOUNT.slice(-4));
    // The payment keeps the account saved with it.
    const method = await test.database.db
      .selectFrom('payment_methods')
      .select(['id', 'user_id', 'account_number_sealed'])
      .where('id', '=', (await paymentRow(paid.body.ReferenceNumber)).payment_method_id ?? 0)
      .executeTakeFirstOrThrow();
    expect(method.user_id).toBe(payment.user_id);
    expect(TEST_DATA_PROTECTOR.decrypt(method.account_number_sealed ?? '')).toBe(CORRECTED_ACCOUNT);
    // Pat's account is Pat's: unchanged.
    const patsAccount = await test.database.db
      .selectFrom('payment_methods')
      .innerJoin('users', 'users.id', 'payment_methods.user_id')
      .select(['payment_methods.last_four', 'payment_methods.account_number_sealed'])
      .where('users.username', '=', 'pat.lee')
      .where('users.institution_id', '=', institutionId)
      .where('payment_methods.routing_number', '=', LIGHTHOUSE_BANK)
      .executeTakeFirstOrThrow();
    expect(patsAccount.last_four).toBe(CHANGED_ACCOUNT.slice(-4));
    expect(TEST_DATA_PROTECTOR.decrypt(patsAccount.account_number_sealed ?? '')).toBe(
      CHANGED_ACCOUNT,
    );
    // Both notices are done with, once: the single-use one corrected nothing, and is not tried
    // again on every run.
    const applied = await test.database.db
      .selectFrom('ach_change_notices_applied')
      .select('trace_number')
      .where('institution_id', '=', institutionId)
      .where('trace_number', 'in', [payment.ach_trace_number ?? '', single.ach_trace_number ?? ''])
      .execute();
    expect(applied.map((row) => row.trace_number).sort()).toEqual(
      [payment.ach_trace_number, single.ach_trace_number].sort(),
    );
    expect(
      await test.database.db
        .selectFrom('payment_methods')
        .select(['id', 'account_number_sealed'])
        .where('user_id', '=', payment.user_id)
        .where('routing_number', '=', '011099990')
        .where('last_four', '=', CORRECTED_ACCOUNT.slice(-4))
        .execute(),
    ).toEqual(harborBefore);
    test.clock.set('2025-05-01T15:15:00.000Z');
    expect(await test.app.services.paymentReturns.runOnce()).toMatchObject({
      corrected: 0,
      failed: 0,
    });

    // The next debit from the saved account goes to the corrected account number.
    if (!corrected) throw new Error('no saved account');
    const next = await submit(
      jordan,
      'immediateAch',
      paymentBody({ loan: LINE_OF_CREDIT, method: corrected, amount: 25, date: '2025-05-01' }),
      nextKey(),
    );
    expect(next.body.Errors).toEqual([]);
    const nextPayment = await paymentRow(next.body.ReferenceNumber);
    expect(TEST_DATA_PROTECTOR.decrypt(nextPayment.account_number_sealed ?? '')).toBe(
      CORRECTED_ACCOUNT,
    );
    const debit = await test.database.db
      .selectFrom('ach_debits')
      .select(['routing_number', 'account_number_sealed'])
      .where('idempotency_key', '=', nextPayment.id)
      .executeTakeFirstOrThrow();
    expect(debit.routing_number).toBe(LIGHTHOUSE_BANK);
    expect(TEST_DATA_PROTECTOR.decrypt(debit.account_number_sealed)).toBe(CORRECTED_ACCOUNT);
  });
});
