import { PAYMENT_TIMELINE_PATH, PaymentTimelineResponse } from '@portal/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CoreUnavailableError } from '../../core/servicing-core';
import { testDatabases } from '../../testing/databases';
import {
  addAccount,
  call,
  type Caller,
  coreLines,
  debits,
  HOME_EQUITY,
  paymentBody,
  paymentInfo,
  runPostJobs,
  submit,
} from '../../testing/payment-test-kit';
import { publishSettingsChange } from '../../testing/settings';
import { signedInStaff } from '../../testing/staff';
import { PORTAL_WRITE_HEADERS, signIn, startTestApp, type TestApp } from '../../testing/test-app';
import { automaticFilingOf, dayFileDue } from './ach-file-sealing';
import { PAYMENT_POST_QUEUE, postJobKey } from './payment-posting';

/*
 * Issue 24: a bank-account payment posts only once its debit is sent (in a sealed ACH file),
 * credited as of its payment date; the day's file is made at the institution's ACH cut-off
 * (17:00 in New York at Harbor), what comes after it the next morning, and staff's Make file
 * seals what is pending at once. Waiting for the file never spends the posting job's retries.
 */

const ZONE = 'America/New_York';
const CUTOFF = 17 * 60;

describe('the day an ACH file is due', () => {
  const day = (files: Date[] = [], pending = 1) => ({
    date: '2025-03-14',
    pending: { entries: pending, totalDebitCents: pending * 100 },
    files: files.map((sealedAt, index) => ({
      fileIdModifier: 'AB'[index] ?? 'Z',
      entries: 1,
      totalDebitCents: 100,
      sealedAt,
    })),
  });
  // Friday 2025-03-14 in New York (EDT: UTC-4).
  const at = (time: string) => new Date(`2025-03-14T${time}-04:00`);

  it('makes no file of today before its cut-off, and one from the cut-off on', () => {
    expect(dayFileDue(day(), at('16:59:59'), ZONE, CUTOFF)).toBe(false);
    expect(dayFileDue(day(), at('17:00:00'), ZONE, CUTOFF)).toBe(true);
    expect(dayFileDue(day(), at('23:59:00'), ZONE, CUTOFF)).toBe(true);
    // A file staff made in the morning is not the cut-off's.
    expect(dayFileDue(day([at('09:00:00')]), at('17:01:00'), ZONE, CUTOFF)).toBe(true);
  });

  it('leaves what comes after the cut-off file for the next morning, and files nothing empty', () => {
    expect(dayFileDue(day([at('17:00:30')]), at('18:00:00'), ZONE, CUTOFF)).toBe(false);
    expect(dayFileDue(day([at('17:00:30')]), at('23:59:59'), ZONE, CUTOFF)).toBe(false);
    expect(
      dayFileDue(day([at('17:00:30')]), new Date('2025-03-15T00:00:00-04:00'), ZONE, CUTOFF),
    ).toBe(true);
    expect(dayFileDue(day([], 0), at('18:00:00'), ZONE, CUTOFF)).toBe(false);
  });

  it('makes the file of an earlier day at any hour, and none of a day not begun', () => {
    const monday = new Date('2025-03-17T08:00:00-04:00');
    expect(dayFileDue(day(), monday, ZONE, CUTOFF)).toBe(true);
    expect(dayFileDue(day(), new Date('2025-03-13T18:00:00-04:00'), ZONE, CUTOFF)).toBe(false);
  });

  it('says when the waiting debits are filed, as the job files them (the ACH files page)', () => {
    const filing = (files: Date[], now: Date, pending = 1) =>
      automaticFilingOf(day(files, pending), now, ZONE, CUTOFF);
    expect(filing([], at('16:59:59'))).toBe('atCutoff');
    expect(filing([at('09:00:00')], at('12:00:00'))).toBe('atCutoff');
    expect(filing([], at('17:00:00'))).toBe('soon');
    expect(filing([at('17:00:30')], at('18:00:00'))).toBe('nextMorning');
    expect(filing([at('17:00:30')], new Date('2025-03-15T00:00:00-04:00'))).toBe('soon');
    expect(filing([], new Date('2025-03-13T18:00:00-04:00'))).toBe('atCutoff');
    expect(filing([], at('18:00:00'), 0)).toBeUndefined();
  });
});

describe.each(testDatabases('both'))('ACH payments and their files on $name', (database) => {
  let test: TestApp;
  let jordan: Caller;
  let institutionId: number;
  let account: Awaited<ReturnType<typeof addAccount>>;
  let keys = 0;
  const nextKey = () => `ach-sending-${(keys += 1)}`;

  beforeAll(async () => {
    test = await startTestApp(database);
    jordan = { app: test.app, who: await signIn(test.app, { username: 'jordan.rivers' }) };
    institutionId = (await test.app.services.institutions.resolveHost('localhost'))?.id ?? 0;
    account = await addAccount(jordan);
  }, 120_000);
  afterAll(async () => {
    await test?.close();
  });

  /** 'YYYY-MM-DDTHH:MM' in New York (EDT from March 9th 2025). */
  async function clockAt(local: string) {
    test.clock.set(new Date(`${local}:00-04:00`));
    jordan.who = await signIn(test.app, { username: 'jordan.rivers' });
  }
  async function payNow(amount: number, date: string) {
    const paid = await submit(
      jordan,
      'immediateAch',
      paymentBody({ loan: HOME_EQUITY, method: account, amount, date }),
      nextKey(),
    );
    expect(paid.status).toBe(200);
    expect(paid.body.Errors).toEqual([]);
    return test.database.db
      .selectFrom('payments')
      .selectAll()
      .where('reference_number', '=', paid.body.ReferenceNumber)
      .executeTakeFirstOrThrow();
  }
  async function schedule(amount: number, date: string) {
    // The loan has fallen behind by then: scheduling is allowed anyway.
    const restore = await publishSettingsChange(test.app, 'localhost', {
      shared: {
        paymentSchedulingOptions: {
          blockSchedulingWhenPastDueOption: 'false',
          allowSchedulingWhenDelinquentOption: 'true',
        },
      },
    });
    const scheduled = await submit(
      jordan,
      'scheduledAch',
      paymentBody({ loan: HOME_EQUITY, method: account, amount, date }),
      nextKey(),
    ).finally(restore);
    expect(scheduled.body.Errors).toEqual([]);
    return test.database.db
      .selectFrom('payments')
      .selectAll()
      .where('reference_number', '=', scheduled.body.ReferenceNumber)
      .executeTakeFirstOrThrow();
  }
  const statusOf = async (id: string) =>
    (
      await test.database.db
        .selectFrom('payments')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;
  const postJob = (id: string, step: 'due' | 'sent' = 'due') =>
    test.database.db
      .selectFrom('jobs')
      .select(['state', 'attempts', 'run_at'])
      .where('queue', '=', PAYMENT_POST_QUEUE)
      .where('key', '=', postJobKey(id, step))
      .executeTakeFirst();
  /** The days the core credited the payment as of. */
  async function creditedOn(id: string): Promise<string[]> {
    const { rows } = await sql<{ date: string | Date }>`
      select date from core_transactions where posting_key = ${`payment:${id}`}`.execute(
      test.database.db,
    );
    return rows.map((row) => new Date(row.date).toISOString().slice(0, 10));
  }
  async function receiptsOf(reference: string) {
    await test.app.services.outbox.runOnce();
    return (
      await test.app.services.mail.delivered({ institutionId, to: 'jordan.rivers@example.test' })
    ).filter((mail) => `${mail.subject}\n${mail.body}`.includes(reference));
  }

  it('answers a payment made today accepted, keeps it Processing until the cut-off’s file sends its debit, then posts it once as of its date', async () => {
    await clockAt('2025-03-14T11:00');
    const payment = await payNow(40, '2025-03-14');
    // Accepted and being processed: the debit is taken, nothing is posted.
    expect(payment.status).toBe('settling');
    expect(payment.ach_trace_number).toMatch(/^\d{15}$/);
    expect(await debits(test.database.db, payment.id)).toBe(1);
    expect(await coreLines(test.database.db, payment.id)).toBe(0);
    // The borrower sees it Processing, among the loan's recent payments and in its details.
    const info = await paymentInfo(jordan, HOME_EQUITY);
    const listed = (info.body.RecentPayments ?? []).find(
      (recent) => recent.PaymentAmount === 40 && recent.PaymentDate === '2025-03-14',
    );
    expect(listed?.Status).toBe('settling');
    const details = await call(
      jordan,
      'GET',
      `${PAYMENT_TIMELINE_PATH}?${new URLSearchParams({
        EncryptedString: listed?.EncryptedString ?? '',
        LoanAccountNumber: HOME_EQUITY,
      }).toString()}`,
    );
    expect(PaymentTimelineResponse.parse(details.json()).Status).toBe('settling');

    // The posting run leaves it to the file: its debit is taken, so it queues no job for it (one
    // would only ask the processor again and end), and the payment is not posted.
    await test.app.services.paymentPosting.runOnce();
    expect(await postJob(payment.id)).toBeUndefined();
    expect(await statusOf(payment.id)).toBe('settling');
    expect(await coreLines(test.database.db, payment.id)).toBe(0);

    // A minute before the cut-off the sealing job makes no file.
    await clockAt('2025-03-14T16:59');
    expect(await test.app.services.paymentPosting.sealDueAchFiles()).toMatchObject({ files: 0 });
    await runPostJobs(test.app);
    expect(await statusOf(payment.id)).toBe('settling');

    // At the cut-off it makes the day's file and queues the post, due at once: it posts.
    await clockAt('2025-03-14T17:00');
    expect(await test.app.services.paymentPosting.sealDueAchFiles()).toMatchObject({
      files: 1,
      queued: 1,
    });
    expect(await postJob(payment.id, 'sent')).toMatchObject({ state: 'queued', attempts: 0 });
    expect((await postJob(payment.id, 'sent'))?.run_at.getTime()).toBeLessThanOrEqual(
      test.clock.now().getTime(),
    );
    await runPostJobs(test.app);
    expect(await statusOf(payment.id)).toBe('posted');
    expect(await creditedOn(payment.id)).toEqual(['2025-03-14']);
    expect(await debits(test.database.db, payment.id)).toBe(1);
    // Its receipt, once it posted.
    expect(await receiptsOf(payment.reference_number)).toHaveLength(1);

    // The next runs make nothing more.
    test.clock.advance(5 * 60_000);
    expect(await test.app.services.paymentPosting.sealDueAchFiles()).toMatchObject({
      files: 0,
      queued: 0,
    });
    await test.app.services.paymentPosting.runOnce();
    expect(await coreLines(test.database.db, payment.id)).toBe(1);
    expect(await receiptsOf(payment.reference_number)).toHaveLength(1);
  });

  it('leaves a debit taken after the day’s cut-off file for the next morning’s, then posts it as of its date', async () => {
    await clockAt('2025-03-14T17:30');
    const late = await payNow(41, '2025-03-14');
    await test.app.services.paymentPosting.runOnce();
    for (const time of ['2025-03-14T17:35', '2025-03-14T23:55']) {
      await clockAt(time);
      expect(await test.app.services.paymentPosting.sealDueAchFiles()).toMatchObject({
        files: 0,
      });
      await runPostJobs(test.app);
      expect(await statusOf(late.id)).toBe('settling');
    }
    // Saturday just after midnight: Friday's second file.
    await clockAt('2025-03-15T00:05');
    expect(await test.app.services.paymentPosting.sealDueAchFiles()).toMatchObject({
      files: 1,
      entries: 1,
      queued: 1,
    });
    await runPostJobs(test.app);
    expect(await statusOf(late.id)).toBe('posted');
    expect(await creditedOn(late.id)).toEqual(['2025-03-14']);
    const friday = (await test.app.services.achProcessor.listDays(institutionId)).find(
      (day) => day.date === '2025-03-14',
    );
    expect(friday?.files.map((file) => file.fileIdModifier)).toEqual(['A', 'B']);
  });

  it('keeps a payment Processing over a weekend its file waits, never under review, and posts it as of Friday once staff make the file', async () => {
    await clockAt('2025-03-21T11:00');
    const payment = await payNow(42, '2025-03-21');
    // The day's file is held over the weekend (a processor that sends on business days): the
    // posting jobs run every hour from Friday to Monday meanwhile.
    for (let hour = 0; hour < 72; hour += 1) {
      test.clock.advance(3_600_000);
      await test.app.services.paymentPosting.runOnce();
    }
    expect(await statusOf(payment.id)).toBe('settling');
    expect(await postJob(payment.id)).toBeUndefined();
    const dead = await test.database.db
      .selectFrom('jobs')
      .select('key')
      .where('queue', '=', PAYMENT_POST_QUEUE)
      .where('state', '=', 'dead')
      .execute();
    expect(dead).toEqual([]);
    expect(
      (await test.app.services.workQueue.list({ institutionId, kind: 'paymentReview' })).filter(
        (item) => item.summary.includes(payment.reference_number),
      ),
    ).toEqual([]);

    // Monday 11:00: a publisher makes Friday's file; the post is queued, due at once.
    await clockAt('2025-03-24T11:00');
    const publisher = await signedInStaff(test, {
      email: 'publisher@ach-sending.test',
      host: 'localhost',
      role: 'publisher',
    });
    const made = await test.app.inject({
      method: 'POST',
      url: '/admin-api/institutions/harbor/ach-files/2025-03-21',
      headers: { ...PORTAL_WRITE_HEADERS, cookie: publisher },
      payload: { entries: 1, totalDebitCents: 4_200 },
    });
    expect(made.statusCode).toBe(201);
    const queued = await postJob(payment.id, 'sent');
    expect(queued).toMatchObject({ state: 'queued', attempts: 0 });
    expect(queued?.run_at.getTime()).toBeLessThanOrEqual(test.clock.now().getTime());
    await runPostJobs(test.app);
    expect(await statusOf(payment.id)).toBe('posted');
    expect(await creditedOn(payment.id)).toEqual(['2025-03-21']);
    expect(await coreLines(test.database.db, payment.id)).toBe(1);
  }, 120_000);

  it('revives the post its sending queued when that one died and staff post it again', async () => {
    // A scheduled payment: the job of its date takes the debit and ends, waiting for the file.
    await clockAt('2025-03-25T11:00');
    const payment = await schedule(43, '2025-03-26');
    await clockAt('2025-03-26T11:00');
    await test.app.services.paymentPosting.runOnce();
    expect(await postJob(payment.id)).toMatchObject({ state: 'done', attempts: 1 });
    expect(await statusOf(payment.id)).toBe('settling');
    // The core cannot be reached for it once its debit is sent (an outside system).
    const { core } = test.app.services;
    const post = core.postPayment.bind(core);
    core.postPayment = async (customer, number, request) => {
      if (request.postingKey === payment.id) throw new CoreUnavailableError('core unreachable');
      return post(customer, number, request);
    };
    try {
      await clockAt('2025-03-26T17:05');
      await test.app.services.paymentPosting.sealDueAchFiles();
      await runPostJobs(test.app);
      for (
        let attempt = 0;
        attempt < 80 && (await postJob(payment.id, 'sent'))?.state !== 'dead';
        attempt += 1
      ) {
        test.clock.advance(3_600_000);
        await test.app.services.jobs.runOnce(PAYMENT_POST_QUEUE);
      }
      expect(await postJob(payment.id, 'sent')).toMatchObject({ state: 'dead' });
      expect(await statusOf(payment.id)).toBe('needsReview');
    } finally {
      core.postPayment = post;
    }
    const editor = await signedInStaff(test, {
      email: 'editor@ach-sending.test',
      host: 'localhost',
      role: 'editor',
    });
    const asked = await test.app.inject({
      method: 'POST',
      url: `/admin-api/institutions/harbor/payments/${payment.id}/post-again`,
      headers: { ...PORTAL_WRITE_HEADERS, cookie: editor },
    });
    expect(asked.statusCode).toBe(200);
    expect(await postJob(payment.id, 'sent')).toMatchObject({ state: 'queued', attempts: 0 });
    expect(await postJob(payment.id)).toMatchObject({ state: 'done' });
    await runPostJobs(test.app);
    expect(await statusOf(payment.id)).toBe('posted');
    expect(await creditedOn(payment.id)).toEqual(['2025-03-26']);
    expect(await debits(test.database.db, payment.id)).toBe(1);
  }, 120_000);

  it('posts a pay-now bank payment once when staff post it again after its sent post died', async () => {
    // Made today: no job of its date; the file's sending queues its post.
    await clockAt('2025-03-27T11:00');
    const payment = await payNow(46, '2025-03-27');
    expect(await statusOf(payment.id)).toBe('settling');
    expect(await postJob(payment.id)).toBeUndefined();
    const { core } = test.app.services;
    const post = core.postPayment.bind(core);
    core.postPayment = async (customer, number, request) => {
      if (request.postingKey === payment.id) throw new CoreUnavailableError('core unreachable');
      return post(customer, number, request);
    };
    try {
      await clockAt('2025-03-27T17:05');
      await test.app.services.paymentPosting.sealDueAchFiles();
      await runPostJobs(test.app);
      for (
        let attempt = 0;
        attempt < 80 && (await postJob(payment.id, 'sent'))?.state !== 'dead';
        attempt += 1
      ) {
        test.clock.advance(3_600_000);
        await test.app.services.jobs.runOnce(PAYMENT_POST_QUEUE);
      }
      expect(await postJob(payment.id, 'sent')).toMatchObject({ state: 'dead' });
      expect(await statusOf(payment.id)).toBe('needsReview');
    } finally {
      core.postPayment = post;
    }
    const editor = await signedInStaff(test, {
      email: 'editor2@ach-sending.test',
      host: 'localhost',
      role: 'editor',
    });
    const asked = await test.app.inject({
      method: 'POST',
      url: `/admin-api/institutions/harbor/payments/${payment.id}/post-again`,
      headers: { ...PORTAL_WRITE_HEADERS, cookie: editor },
    });
    expect(asked.statusCode).toBe(200);
    await runPostJobs(test.app);
    await test.app.services.jobs.runOnce(PAYMENT_POST_QUEUE);
    expect(await statusOf(payment.id)).toBe('posted');
    // Credited as of its date, once, from the one debit the file sent.
    expect(await creditedOn(payment.id)).toEqual(['2025-03-27']);
    expect(await coreLines(test.database.db, payment.id)).toBe(1);
    expect(await debits(test.database.db, payment.id)).toBe(1);
  }, 120_000);

  // Last: it pays the loan off.
  it('takes no debit for a scheduled payment when the loan was paid off before its date, and tells the borrower so', async () => {
    await clockAt('2025-03-27T11:00');
    const payment = await schedule(44, '2025-03-28');
    // Paid off at the core meanwhile, by a payment made elsewhere (the real built-in core).
    const { core } = test.app.services;
    const customer = { institutionId, customerId: payment.customer_id };
    const terms = await core.paymentTerms(customer, HOME_EQUITY, '2025-03-27');
    const payoff = await core.postPayment(customer, HOME_EQUITY, {
      postingKey: `elsewhere:${payment.id}`,
      date: '2025-03-27',
      amountCents: terms?.payoffTodayCents ?? 0,
      additionalPrincipalCents: 0,
      method: 'card',
    });
    expect(payoff.status).toBe('posted');

    await clockAt('2025-03-28T11:00');
    await test.app.services.paymentPosting.runOnce();
    await runPostJobs(test.app);
    // Refused before its debit: a debit cannot be recalled, and the core would refuse it.
    expect(await statusOf(payment.id)).toBe('failed');
    expect(await debits(test.database.db, payment.id)).toBe(0);
    expect(await coreLines(test.database.db, payment.id)).toBe(0);
    await test.app.services.outbox.runOnce();
    const notices = (
      await test.app.services.mail.delivered({ institutionId, to: 'jordan.rivers@example.test' })
    )
      .filter((mail) => mail.body.includes('March 28, 2025'))
      .map((mail) => mail.body);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('for loan ****2352 of $44.00 could not be made.');
    expect(notices[0]).toContain(
      'Reason: Your loan is paid off, or the payment is more than the amount left to pay.',
    );
    expect(notices[0]).not.toContain('was debited from your bank account');
    // Its details say why, in the e-mail's words.
    const info = await paymentInfo(jordan, HOME_EQUITY);
    const listed = [
      ...(info.body.RecentPayments ?? []),
      ...('ScheduledPayments' in info.body ? (info.body.ScheduledPayments ?? []) : []),
    ].find((each) => each.PaymentDate === '2025-03-28' && each.PaymentAmount === 44);
    const details = await call(
      jordan,
      'GET',
      `${PAYMENT_TIMELINE_PATH}?${new URLSearchParams({
        EncryptedString: listed?.EncryptedString ?? '',
        LoanAccountNumber: HOME_EQUITY,
      }).toString()}`,
    );
    expect(PaymentTimelineResponse.parse(details.json())).toMatchObject({
      Status: 'failed',
      ConfirmationNumber: payment.reference_number,
      ReturnReason: '',
      FailureReason: 'Your loan is paid off, or the payment is more than the amount left to pay.',
    });
  }, 120_000);
});
