import { sql } from 'kysely';
import {
  AccountListResponse,
  addDays,
  formatUsd,
  maskAccountNumber,
  type SavedPaymentMethod,
} from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { testDatabases } from '../../testing/databases';
import { publishSettingsChange } from '../../testing/settings';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { TEST_DATA_PROTECTOR } from '../../testing/keys';
import { paymentIdOf } from './payment-handles';
import {
  addAccount,
  addCard,
  AUTO_LOAN,
  call,
  type Caller,
  charges,
  coreLines,
  DECLINED_VISA,
  debits,
  HOME_EQUITY,
  paymentBody,
  paymentInfo,
  runPostJobs,
  submit,
  VISA_DEBIT,
} from '../../testing/payment-test-kit';
import { businessDayOnOrAfter, businessDayOnOrBefore, nextNominalDate } from './recurring-schedule';

const NOT_FOUND = { HasNoErrors: false, Errors: [{ ErrorMessage: 'NotFound' }] };

describe('recurring dates', () => {
  it('steps each calendar schedule from its first date and moves closed days forward', () => {
    expect(nextNominalDate('Weekly', '2025-03-18', '2025-03-18')).toBe('2025-03-25');
    expect(nextNominalDate('BiWeekly', '2025-03-18', '2025-03-18')).toBe('2025-04-01');
    // The 30th pays on February's last day, and on the 30th again in March.
    expect(nextNominalDate('DayOfMonth', '2025-01-30', '2025-01-30')).toBe('2025-02-28');
    expect(nextNominalDate('DayOfMonth', '2025-01-30', '2025-02-28')).toBe('2025-03-30');
    // Twice a month: the 3rd and the 17th.
    expect(nextNominalDate('SemiMonthly', '2025-03-03', '2025-03-03')).toBe('2025-03-17');
    expect(nextNominalDate('SemiMonthly', '2025-03-03', '2025-03-17')).toBe('2025-04-03');
    expect(nextNominalDate('SemiMonthly', '2025-03-20', '2025-03-20')).toBe('2025-04-06');
    // Memorial Day 2025 (a Monday) pays on Tuesday; a Saturday on Monday; a listed holiday too.
    const closedWeekends = { nonPaymentDays: [], allowSaturday: false, allowSunday: false };
    expect(businessDayOnOrAfter('2025-05-26', closedWeekends)).toBe('2025-05-27');
    expect(businessDayOnOrAfter('2025-03-15', closedWeekends)).toBe('2025-03-17');
    expect(
      businessDayOnOrAfter('2025-03-17', { ...closedWeekends, nonPaymentDays: ['2025-03-17'] }),
    ).toBe('2025-03-18');
  });

  it('keeps a weekend date the Saturday and Sunday settings allow (review defect 12)', () => {
    const calendar = { nonPaymentDays: [], allowSaturday: true, allowSunday: false };
    // Saturday Mar 15th 2025 stays; Sunday the 16th moves to Monday the 17th.
    expect(businessDayOnOrAfter('2025-03-15', calendar)).toBe('2025-03-15');
    expect(businessDayOnOrAfter('2025-03-16', calendar)).toBe('2025-03-17');
    expect(businessDayOnOrBefore('2025-03-16', calendar)).toBe('2025-03-15');
    const sundays = { nonPaymentDays: [], allowSaturday: false, allowSunday: true };
    expect(businessDayOnOrAfter('2025-03-16', sundays)).toBe('2025-03-16');
    expect(businessDayOnOrBefore('2025-03-15', sundays)).toBe('2025-03-14');
    // A Federal Reserve holiday stays closed whatever the weekend settings say.
    expect(
      businessDayOnOrAfter('2025-05-26', { ...calendar, allowSaturday: true, allowSunday: true }),
    ).toBe('2025-05-27');
  });
});

describe.each(testDatabases('both'))(
  'posting scheduled and recurring payments on $name',
  (testDatabase) => {
    let test: TestApp;
    let jordan: Caller;
    let pat: Caller;
    let institutionId: number;
    let userId: string;
    let card: SavedPaymentMethod;
    let account: SavedPaymentMethod;
    let lineOfCredit: string;
    let keyCounter = 0;
    const nextKey = () => `posting-key-${String((keyCounter += 1)).padStart(6, '0')}`;

    beforeAll(async () => {
      test = await startTestApp(testDatabase);
      const sessions: SignedIn[] = await Promise.all([
        signIn(test.app, { username: 'jordan.rivers' }),
        signIn(test.app, { username: 'pat.lee' }),
      ]);
      jordan = { app: test.app, who: sessions[0] as SignedIn };
      pat = { app: test.app, who: sessions[1] as SignedIn };
      institutionId = (await test.app.services.institutions.resolveHost('localhost'))?.id ?? 0;
      userId = (
        await test.database.db
          .selectFrom('users')
          .select('id')
          .where('username', '=', 'jordan.rivers')
          .where('institution_id', '=', institutionId)
          .executeTakeFirstOrThrow()
      ).id;
      // These tests pay by bank account without the ACH draft agreement (payments.test.ts covers
      // it) and schedule for loans that fall behind as the months pass.
      await publishSettingsChange(test.app, 'localhost', {
        shared: {
          achPaymentOptions: { requireAchDraftAgreementOption: 'false' },
          paymentSchedulingOptions: { blockSchedulingWhenPastDueOption: 'false' },
        },
      });
      card = await addCard(jordan, HOME_EQUITY);
      account = await addAccount(jordan);
      const listed = await call(jordan, 'GET', '/api/accountList');
      lineOfCredit =
        AccountListResponse.parse(listed.json()).Accounts.find((item) => item.Type === 9)?.Number ??
        '';
    });
    afterAll(async () => {
      await test?.close();
    });

    const idOf = (key: string) => paymentIdOf(TEST_DATA_PROTECTOR, { institutionId, userId, key });
    /**
     * 10:00 in New York on a day (EDT from March 9th 2025). The ACH files of the days before are
     * made first (the sealing job, which made them at their cut-off), so a bank-account date
     * taken a day before posts now, as of its date.
     */
    async function dayAt(date: string) {
      test.clock.set(`${date}T14:00:00.000Z`);
      // Each instance's sessions outlive the days the test moves through only if renewed.
      jordan.who = await signIn(test.app, { username: 'jordan.rivers' });
      await test.app.services.endOfDay.runOnce();
      await test.app.services.paymentPosting.sealDueAchFiles();
      return test.app.services.paymentPosting.runOnce();
    }
    /** Jordan's payments of a kind (the demo seed has other borrowers' payments too). */
    async function rows(kind: string) {
      return test.database.db
        .selectFrom('payments')
        .selectAll()
        .where('kind', '=', kind)
        .where('user_id', '=', userId)
        .orderBy('pay_date')
        .execute();
    }

    it('posts a scheduled payment on its date, once, after which it cannot be deleted', async () => {
      const key = nextKey();
      const answered = await submit(
        jordan,
        'scheduledCard',
        paymentBody({ loan: HOME_EQUITY, method: card, date: '2025-03-17', amount: 60 }),
        key,
      );
      expect(answered.body.Errors).toEqual([]);
      // Not before its date.
      expect(await test.app.services.paymentPosting.runOnce()).toMatchObject({ settled: 0 });
      expect(await charges(test.database.db, idOf(key))).toBe(0);
      // Nothing posts inside the nightly window (the core's end of day runs in it).
      const night = await publishSettingsChange(test.app, 'localhost', {
        shared: {
          maintenanceOptions: {
            nightlyMaintenanceStartTime: '09:55',
            nightlyMaintenanceMinutes: '15',
          },
        },
      });
      expect(await dayAt('2025-03-17')).toMatchObject({ queued: 0, settled: 0 });
      await night();
      expect(await dayAt('2025-03-17')).toMatchObject({ queued: 1, settled: 1 });
      expect(await test.app.services.paymentPosting.runOnce()).toMatchObject({
        queued: 0,
        settled: 0,
      });
      const row = await test.database.db
        .selectFrom('payments')
        .selectAll()
        .where('id', '=', idOf(key))
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        status: 'posted',
        reference_number: answered.body.ReferenceNumber,
      });
      expect(await coreLines(test.database.db, idOf(key))).toBe(1);
      expect(await charges(test.database.db, idOf(key))).toBe(1);
      const info = await paymentInfo(jordan, HOME_EQUITY);
      if (!info.body.HasNoErrors) throw new Error('no info');
      const [listed] = info.body.ScheduledPayments;
      expect(listed).toMatchObject({ HasBeenPosted: true, CanDelete: false, Status: 'posted' });
      if (!listed) throw new Error('not listed');
      // Listed once: the recent payments leave out what the scheduled list shows.
      expect(info.body.RecentPayments ?? []).toEqual([]);
      const deleted = await call(jordan, 'POST', '/api/PaymentScheduled/DeleteCard', {
        Token: '',
        Payment: { EncryptedString: listed.EncryptedString, LoanAccountNumber: HOME_EQUITY },
      });
      expect(deleted.json()).toEqual({
        HasNoErrors: false,
        Errors: [{ ErrorMessage: 'HasBeenPosted' }],
        Token: '',
      });
    });

    it("posts a payment on its date without waiting for the core's end of day, credited that day", async () => {
      const key = nextKey();
      const answered = await submit(
        jordan,
        'scheduledCard',
        paymentBody({ loan: HOME_EQUITY, method: card, date: '2025-03-19', amount: 45 }),
        key,
      );
      expect(answered.body.Errors).toEqual([]);
      // Wednesday 10:00; the core's last end of day closed Monday the 17th (in the first test's
      // night window), so its open day is the 18th.
      test.clock.set('2025-03-19T14:00:00.000Z');
      onTestFinished(() => test.clock.set('2025-03-17T14:00:00.000Z'));
      jordan.who = await signIn(test.app, { username: 'jordan.rivers' });
      await test.app.services.paymentPosting.runOnce();
      const row = await test.database.db
        .selectFrom('payments')
        .select('status')
        .where('id', '=', idOf(key))
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('posted');
      const { rows: lines } = await sql<{ date: string | Date }>`
        select date from core_transactions
        where posting_key = ${`payment:${idOf(key)}`}`.execute(test.database.db);
      expect(lines.map((line) => new Date(line.date).toISOString().slice(0, 10))).toEqual([
        '2025-03-19',
      ]);
    });

    it('posts each date of a weekly payment once, a holiday on the next business day', async () => {
      const restore = await publishSettingsChange(test.app, 'localhost', {
        shared: { paymentSchedulingOptions: { holidayDates: '["2025-04-01"]' } },
      });
      try {
        const key = nextKey();
        const answered = await submit(
          jordan,
          'recurringAch',
          paymentBody({
            loan: HOME_EQUITY,
            method: account,
            date: '2025-03-18',
            amount: 100,
            recurring: { RecurringOption: 'Weekly', DaysBeforeDue: 0 },
          }),
          key,
        );
        expect(answered.body.Errors).toEqual([]);
        const info = await paymentInfo(jordan, HOME_EQUITY);
        expect(info.body).toMatchObject({
          RecurringPayment: {
            IsCard: false,
            Date: '2025-03-18',
            RecurringOption: 'Weekly',
            TotalAmount: 100,
            CanDelete: true,
          },
        });
        // A second recurring payment for the loan is refused.
        const again = await submit(
          jordan,
          'recurringCard',
          paymentBody({
            loan: HOME_EQUITY,
            method: card,
            date: '2025-03-19',
            amount: 100,
            recurring: { RecurringOption: 'Weekly', DaysBeforeDue: 0 },
          }),
          nextKey(),
        );
        expect(again.body.Errors[0]?.ErrorMessage).toBe('RecurringCardNotAllowed');
        for (let day = '2025-03-18'; day <= '2025-04-16'; day = addDays(day, 1)) {
          await dayAt(day);
          // A second run the same day makes nothing more.
          await test.app.services.paymentPosting.runOnce();
        }
        const dates = (await rows('recurring')).map((row) => [row.pay_date, row.status]);
        expect(dates).toEqual([
          ['2025-03-18', 'posted'],
          ['2025-03-25', 'posted'],
          ['2025-04-02', 'posted'],
          ['2025-04-08', 'posted'],
          ['2025-04-15', 'posted'],
        ]);
        for (const row of await rows('recurring')) {
          expect(await coreLines(test.database.db, row.id)).toBe(1);
          expect(await debits(test.database.db, row.id)).toBe(1);
          // Each is an entry of a recurring series in the NACHA file (payment type code R).
          const { rows: flags } = await sql<{ recurring: boolean }>`
            select recurring from ach_debits where idempotency_key = ${row.id}`.execute(
            test.database.db,
          );
          expect(flags).toEqual([{ recurring: true }]);
        }
        // The borrower sees each date among the loan's recent payments, newest first, Posted.
        const recent = (await paymentInfo(jordan, HOME_EQUITY)).body.RecentPayments ?? [];
        expect(
          recent
            .filter((payment) => payment.PaymentAmount === 100)
            .map((payment) => [payment.PaymentDate, payment.Status]),
        ).toEqual([
          ['2025-04-15', 'posted'],
          ['2025-04-08', 'posted'],
          ['2025-04-02', 'posted'],
          ['2025-03-25', 'posted'],
          ['2025-03-18', 'posted'],
        ]);
      } finally {
        await restore();
      }
    }, 120_000); // a month of end-of-day runs: its own time limit on a loaded machine

    it('blocks other payments while a date waits to post, and deletes the recurring payment', async () => {
      test.clock.set('2025-04-22T14:00:00.000Z');
      jordan.who = await signIn(test.app, { username: 'jordan.rivers' });
      await test.app.services.endOfDay.runOnce();
      // The date is made but not posted yet.
      await test.app.services.paymentPosting.queueDue();
      // The refusal still lists the recurring payment behind it (payment-info.ts).
      expect((await paymentInfo(jordan, HOME_EQUITY)).body).toMatchObject({
        HasNoErrors: false,
        Errors: [{ ErrorMessage: 'BlockedOnPendingRecurring' }],
        RecurringPayment: { RecurringOption: 'Weekly', CanDelete: true },
      });
      // A submit meets the same loan outcome (the portal's answer is never trusted).
      const meanwhile = await submit(
        jordan,
        'immediateCard',
        paymentBody({ loan: HOME_EQUITY, method: card, date: '2025-04-22', amount: 20 }),
        nextKey(),
      );
      expect(meanwhile.body.Errors[0]?.ErrorMessage).toBe('BlockedOnPendingRecurring');
      // Its debit is taken and waits for the day's ACH file: it has not posted, and still blocks.
      await test.app.services.paymentPosting.runOnce();
      expect((await paymentInfo(jordan, HOME_EQUITY)).body).toMatchObject({
        Errors: [{ ErrorMessage: 'BlockedOnPendingRecurring' }],
      });
      // The file is made at the cut-off (17:00 in New York): the date posts.
      test.clock.set('2025-04-22T21:05:00.000Z');
      jordan.who = await signIn(test.app, { username: 'jordan.rivers' });
      expect(await test.app.services.paymentPosting.sealDueAchFiles()).toMatchObject({
        files: 1,
        queued: 1,
      });
      await runPostJobs(test.app);
      const info = await paymentInfo(jordan, HOME_EQUITY);
      if (!info.body.HasNoErrors || !info.body.RecurringPayment) throw new Error('no recurring');
      const request = {
        Token: '',
        Payment: {
          EncryptedString: info.body.RecurringPayment.EncryptedData,
          LoanAccountNumber: HOME_EQUITY,
        },
      };
      pat.who = await signIn(test.app, { username: 'pat.lee' });
      const stranger = await call(pat, 'POST', '/api/PaymentRecurring/DeleteAch', request);
      expect(stranger.statusCode).toBe(404);
      expect(stranger.json()).toEqual(NOT_FOUND);
      const restore = await publishSettingsChange(test.app, 'localhost', {
        shared: { paymentOptions: { allowDeleteRecurringPaymentOption: 'false' } },
      });
      const blocked = await call(jordan, 'POST', '/api/PaymentRecurring/DeleteAch', request);
      await restore();
      expect(blocked.json()).toMatchObject({
        Errors: [{ ErrorMessage: 'DeleteRecurringAchNotAllowed' }],
      });
      const deleted = await call(jordan, 'POST', '/api/PaymentRecurring/DeleteAch', request);
      expect(deleted.json()).toEqual({ HasNoErrors: true, Errors: [], Token: '' });
      const before = (await rows('recurring')).length;
      await dayAt('2025-04-29');
      expect((await rows('recurring')).length).toBe(before);
      expect((await paymentInfo(jordan, HOME_EQUITY)).body).toMatchObject({
        RecurringPayment: null,
      });
    });

    it('cancels the payments set up with a saved method when the method is deleted', async () => {
      const other = await addAccount(jordan, '5550009876');
      const key = nextKey();
      // The loan has fallen behind since its recurring payment was deleted.
      const restore = await publishSettingsChange(test.app, 'localhost', {
        shared: { paymentSchedulingOptions: { allowSchedulingWhenDelinquentOption: 'true' } },
      });
      const answered = await submit(
        jordan,
        'scheduledAch',
        paymentBody({ loan: HOME_EQUITY, method: other, date: '2025-05-06', amount: 70 }),
        key,
      );
      await restore();
      expect(answered.body.Errors).toEqual([]);
      if (other.IsCard) throw new Error('not an account');
      const deleted = await call(
        jordan,
        'POST',
        '/api/PaymentMethod/DeleteAchPayment',
        other.AchInfo,
      );
      expect(deleted.json()).toEqual({ HasNoErrors: true, Errors: [] });
      const row = await test.database.db
        .selectFrom('payments')
        .select('status')
        .where('id', '=', idOf(key))
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('cancelled');
      expect((await paymentInfo(jordan, HOME_EQUITY)).body).toMatchObject({
        ScheduledPayments: [],
      });
    });

    it("pays a line of credit's total due on its due date, by card up to the card maximum, once per due date", async () => {
      expect(lineOfCredit).not.toBe('');
      const info = await paymentInfo(jordan, lineOfCredit);
      if (!info.body.HasNoErrors) throw new Error(`no info: ${JSON.stringify(info.body)}`);
      const dueDate = info.body.DueDate;
      // The line is behind by now: its total due is what each date pays.
      expect(info.body.Delinquent).toBe(true);
      const restore = await publishSettingsChange(test.app, 'localhost', {
        shared: { paymentSchedulingOptions: { allowSchedulingWhenDelinquentOption: 'true' } },
      });
      try {
        const debit = await addCard(jordan, lineOfCredit, VISA_DEBIT);
        const body = paymentBody({
          loan: lineOfCredit,
          method: debit,
          date: '2025-04-29',
          amount: 0,
          recurring: { RecurringOption: 'DaysBeforeDue', DaysBeforeDue: 0 },
        });
        // A card maximum below the total due: a card cannot pay it (section 5's card maximum).
        const totalDueCents = Math.round(info.body.TotalAmountDue * 100);
        const cardMaximum = (cents: number) =>
          publishSettingsChange(test.app, 'localhost', {
            shared: {
              paymentAmountOptions: { maximumCardPaymentAmount: (cents / 100).toFixed(2) },
            },
          });
        const restoreMaximum = await cardMaximum(totalDueCents - 1);
        const refused = await submit(jordan, 'recurringCard', body, nextKey());
        expect(refused.body.Errors).toEqual([{ ErrorMessage: 'PaymentAmountMaximum' }]);
        await restoreMaximum();
        const key = nextKey();
        const answered = await submit(jordan, 'recurringCard', body, key);
        expect(answered.body.Errors).toEqual([]);
        // The maximum lowered after the submit: each date's charge is held to it.
        onTestFinished(await cardMaximum(totalDueCents - 100));
        const recurring = await test.database.db
          .selectFrom('recurring_payments')
          .selectAll()
          .where('id', '=', idOf(key))
          .executeTakeFirstOrThrow();
        // Its due date has passed: the schedule starts tomorrow.
        expect(recurring).toMatchObject({
          pays_total_due: true,
          recurring_option: 'DaysBeforeDue',
          next_date: '2025-04-30',
        });
        for (let day = '2025-04-30'; day <= '2025-05-03'; day = addDays(day, 1)) {
          await dayAt(day);
          await test.app.services.paymentPosting.runOnce();
        }
        const made = (await rows('recurring')).filter((row) => row.loan_number === lineOfCredit);
        expect(made[0]).toMatchObject({
          pay_date: '2025-04-30',
          amount_cents: totalDueCents - 100,
          status: 'posted',
        });
        for (const row of made) {
          expect(await coreLines(test.database.db, row.id)).toBe(1);
          expect(await charges(test.database.db, row.id)).toBe(1);
        }
        // Paid (up to the card maximum), the line's due date moved on: nothing more was drawn
        // for the one that passed.
        const after = await paymentInfo(jordan, lineOfCredit);
        if (!after.body.HasNoErrors) throw new Error('no info');
        expect(after.body.DueDate > dueDate).toBe(true);
        expect(made).toHaveLength(1);
      } finally {
        await restore();
      }
    });

    it('finishes, once, a settlement that died after the charge, and refuses to cancel it meanwhile', async () => {
      // The loan is behind by May: scheduling is allowed for it here.
      const restore = await publishSettingsChange(test.app, 'localhost', {
        shared: { paymentSchedulingOptions: { allowSchedulingWhenDelinquentOption: 'true' } },
      });
      onTestFinished(restore);
      const key = nextKey();
      const answered = await submit(
        jordan,
        'scheduledCard',
        paymentBody({ loan: HOME_EQUITY, method: card, date: '2025-05-07', amount: 55 }),
        key,
      );
      expect(answered.body.Errors).toEqual([]);
      const id = idOf(key);
      // A posting run began it (the row leaves 'scheduled' before money moves) and charged the
      // card, then its process died before the core posting.
      await test.database.db
        .updateTable('payments')
        .set({ status: 'settling' })
        .where('id', '=', id)
        .execute();
      const row = await test.database.db
        .selectFrom('payments')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const charged = await test.app.services.cardProcessor.charge({
        institutionId,
        token: row.processor_token ?? '',
        amountCents: row.amount_cents + row.first_party_fee_cents + row.third_party_fee_cents,
        idempotencyKey: id,
      });
      expect(charged.status).toBe('approved');

      // The card was charged: the borrower sees it as posted and can no longer cancel it.
      const info = await paymentInfo(jordan, HOME_EQUITY);
      if (!info.body.HasNoErrors) throw new Error('no info');
      const [listed] = info.body.ScheduledPayments;
      expect(info.body.ScheduledPayments).toHaveLength(1);
      expect(listed).toMatchObject({ HasBeenPosted: true, CanDelete: false, Status: 'settling' });
      const deleted = await call(jordan, 'POST', '/api/PaymentScheduled/DeleteCard', {
        Token: '',
        Payment: { EncryptedString: listed?.EncryptedString ?? '', LoanAccountNumber: HOME_EQUITY },
      });
      expect(deleted.json()).toMatchObject({ Errors: [{ ErrorMessage: 'HasBeenPosted' }] });

      // On its date the posting job finishes it: one charge, one core line.
      await dayAt('2025-05-07');
      const after = await test.database.db
        .selectFrom('payments')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(after.status).toBe('posted');
      expect(await charges(test.database.db, id)).toBe(1);
      expect(await coreLines(test.database.db, id)).toBe(1);
    });

    it('e-mails one notice when a scheduled payment or a recurring date is declined, however often the job runs', async () => {
      const restore = await publishSettingsChange(test.app, 'localhost', {
        shared: { paymentSchedulingOptions: { allowSchedulingWhenDelinquentOption: 'true' } },
      });
      onTestFinished(restore);
      // Tokenizes, then every charge is declined.
      const declining = await addCard(jordan, HOME_EQUITY, DECLINED_VISA);
      const key = nextKey();
      const answered = await submit(
        jordan,
        'scheduledCard',
        paymentBody({ loan: HOME_EQUITY, method: declining, date: '2025-05-13', amount: 42 }),
        key,
      );
      expect(answered.body.Errors).toEqual([]);
      const id = idOf(key);
      const subject = 'Harbor Community Bank: your payment could not be made';
      const notices = async () => {
        await test.app.services.outbox.runOnce();
        const delivered = await test.app.services.mail.delivered({
          institutionId,
          to: 'jordan.rivers@example.test',
        });
        return delivered.filter((mail) => mail.subject === subject);
      };
      expect(await notices()).toEqual([]);

      // Two runs at once (a retry racing a slow first run): one marks it failed, one notice.
      test.clock.set('2025-05-13T14:00:00.000Z');
      const posting = test.app.services.paymentPosting;
      await Promise.all([posting.settlePayment(id), posting.settlePayment(id)]);
      await dayAt('2025-05-13');
      expect(
        await test.database.db
          .selectFrom('payments')
          .select(['status', 'failure'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow(),
      ).toEqual({ status: 'failed', failure: 'Declined' });
      // The job again, and a retry of the post itself: no second notice.
      await test.app.services.paymentPosting.runOnce();
      expect(await test.app.services.paymentPosting.settlePayment(id)).toMatchObject({
        status: 'failed',
        error: 'Declined',
      });
      await dayAt('2025-05-13');
      const sent = await notices();
      expect(sent).toHaveLength(1);
      const [notice] = sent;
      const row = await test.database.db
        .selectFrom('payments')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const total = row.amount_cents + row.first_party_fee_cents + row.third_party_fee_cents;
      expect(notice?.body).toContain(
        `The payment on May 13, 2025 for loan ****2352 of ${formatUsd(total)} could not be made.`,
      );
      expect(notice?.body).toContain('Reason: Your card was declined.');
      expect(notice?.body).toContain('Visa ending in 0002');
      expect(notice?.body).not.toContain(HOME_EQUITY);
      expect(notice?.body).not.toContain(DECLINED_VISA);

      // A recurring date declined the same way: one notice for that date too.
      const recurring = await submit(
        jordan,
        'recurringCard',
        paymentBody({
          loan: HOME_EQUITY,
          method: declining,
          date: '2025-05-14',
          amount: 31,
          recurring: { RecurringOption: 'Weekly', DaysBeforeDue: 0 },
        }),
        nextKey(),
      );
      expect(recurring.body.Errors).toEqual([]);
      await dayAt('2025-05-14');
      await test.app.services.paymentPosting.runOnce();
      await dayAt('2025-05-14');
      const [date] = (await rows('recurring')).filter((item) => item.pay_date === '2025-05-14');
      expect(date).toMatchObject({ status: 'failed', failure: 'Declined' });
      const forDate = (await notices()).filter((mail) =>
        mail.body.startsWith('The payment on May 14, 2025 for loan ****2352'),
      );
      expect(forDate).toHaveLength(1);
      expect(await notices()).toHaveLength(2);
    });

    // Last: it spoils the auto loan's stored history.
    it('puts a payment the core credited after its date before staff, once', async () => {
      test.clock.set('2025-05-20T14:00:00.000Z');
      jordan.who = await signIn(test.app, { username: 'jordan.rivers' });
      const restore = await publishSettingsChange(test.app, 'localhost', {
        shared: {
          paymentSchedulingOptions: {
            blockSchedulingWhenPastDueOption: 'false',
            allowSchedulingWhenDelinquentOption: 'true',
          },
        },
      });
      onTestFinished(restore);
      const answered = await submit(
        jordan,
        'scheduledCard',
        paymentBody({ loan: AUTO_LOAN, method: card, date: '2025-05-21', amount: 33 }),
        nextKey(),
      );
      expect(answered.body.Errors).toEqual([]);
      // Its day passes without a posting run; the core's end of day closes the days meanwhile,
      // and a line of the loan's history no longer gives back its state (written before the
      // core kept its inputs): the core cannot replay the loan from the payment's date.
      test.clock.set('2025-05-23T14:00:00.000Z');
      jordan.who = await signIn(test.app, { username: 'jordan.rivers' });
      await test.app.services.endOfDay.runOnce();
      await sql`
        update core_transactions set total_cents = total_cents + 1
        where id = (
          select t.id from core_transactions t join core_accounts a on a.id = t.account_id
          where a.number = ${AUTO_LOAN} and t.kind = 'payment' order by t.date, t.id limit 1)`.execute(
        test.database.db,
      );
      await test.app.services.paymentPosting.runOnce();
      await test.app.services.paymentPosting.runOnce();
      const row = await test.database.db
        .selectFrom('payments')
        .select(['id', 'status'])
        .where('reference_number', '=', answered.body.ReferenceNumber)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('posted');
      const { rows: credited } = await sql<{ date: string | Date }>`
        select date from core_transactions where posting_key = ${`payment:${row.id}`}`.execute(
        test.database.db,
      );
      const creditedOn = new Date(credited[0]?.date ?? '').toISOString().slice(0, 10);
      expect(creditedOn > '2025-05-21').toBe(true);
      const items = (
        await test.app.services.workQueue.list({ institutionId, kind: 'paymentReview' })
      ).filter((item) => item.summary.includes(answered.body.ReferenceNumber));
      expect(items.map((item) => item.summary)).toEqual([
        `Payment ${answered.body.ReferenceNumber}: $33.00 for loan ${maskAccountNumber(AUTO_LOAN)}, dated 05/21/2025, was credited as of ${creditedOn.slice(5, 7)}/${creditedOn.slice(8, 10)}/2025`,
      ]);
    });
  },
);
