import {
  AdminError,
  AuditListResponse,
  PaymentTimelineResponse,
  type SavedPaymentMethod,
  StaffPaymentDetail,
  StaffPaymentSearchResponse,
  WorkItemDetail,
  WorkItemListResponse,
} from '@portal/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/databases';
import { TEST_DATA_PROTECTOR } from '../../testing/keys';
import {
  addCard,
  call,
  type Caller,
  charges,
  coreLines,
  HOME_EQUITY,
  paymentBody,
  paymentInfo,
  submit,
  VISA,
} from '../../testing/payment-test-kit';
import { publishSettingsChange } from '../../testing/settings';
import { signedInStaff } from '../../testing/staff';
import {
  PORTAL_WRITE_HEADERS,
  signIn,
  startTestApp,
  type SignedIn,
  type TestApp,
} from '../../testing/test-app';
import { paymentIdOf } from './payment-handles';
import { PAYMENT_POST_QUEUE } from './payment-posting';
import { CoreUnavailableError } from '../../core/servicing-core';

/*
 * A payment whose posting job dies (issue 24 item 3): past its retries it is put before staff
 * ('needsReview', a work item), the borrower is told, its timeline says so, and nothing queues
 * it again, however long after. Then the staff's search of the payments and a borrower's view of
 * a payment's timeline, each only for whom it is.
 */

const PAY_DATE = '2025-03-19';

describe.each(testDatabases('both'))('a payment whose posting job dies, on $name', (database) => {
  let test: TestApp;
  let jordan: Caller;
  let pat: Caller;
  let institutionId: number;
  let userId: string;
  let card: SavedPaymentMethod;
  /** The payment whose posting dies, its confirmation number and Jordan's handle of it. */
  let paymentId: string;
  let reference: string;
  let handle: string;
  const cookie: Record<string, string> = {};
  /** The processor is unreachable for these payments (its charges throw before answering). */
  const unreachable = new Set<string>();

  const staffGet = (who: string | null, url: string) =>
    test.app.inject({ method: 'GET', url, headers: who ? { cookie: cookie[who] } : {} });
  const search = async (who: string, query: Record<string, string>, slug = 'harbor') =>
    staffGet(
      who,
      `/admin-api/institutions/${slug}/payments?${new URLSearchParams(query).toString()}`,
    );
  const foundIds = async (query: Record<string, string>) => {
    const answer = await search('viewer', query);
    expect(answer.statusCode, JSON.stringify(query)).toBe(200);
    return StaffPaymentSearchResponse.parse(answer.json()).payments.map((payment) => payment.id);
  };
  const errorOf = (response: LightMyRequestResponse) => AdminError.parse(response.json()).error;
  /** Signs Harbor's viewer and Summit's publisher in anew (the tests move the clock by days). */
  let signIns = 0;
  async function staffSignIn() {
    signIns += 1;
    cookie.viewer = await signedInStaff(test, {
      email: `viewer${signIns}@payments.test`,
      host: 'localhost',
      role: 'viewer',
    });
    cookie.summit = await signedInStaff(test, {
      email: `publisher${signIns}@summit-payments.test`,
      host: 'summit.localhost',
      role: 'publisher',
    });
    cookie.editor = await signedInStaff(test, {
      email: `editor${signIns}@payments.test`,
      host: 'localhost',
      role: 'editor',
    });
  }
  const postAgain = (who: string, slug = 'harbor') =>
    test.app.inject({
      method: 'POST',
      url: `/admin-api/institutions/${slug}/payments/${paymentId}/post-again`,
      headers: { ...PORTAL_WRITE_HEADERS, cookie: cookie[who] },
    });
  const timelineOf = (caller: Caller, encrypted: string) =>
    call(
      caller,
      'GET',
      `/api/PaymentScheduled/Timeline?${new URLSearchParams({
        EncryptedString: encrypted,
        LoanAccountNumber: HOME_EQUITY,
      }).toString()}`,
    );
  const postJob = () =>
    test.database.db
      .selectFrom('jobs')
      .select(['id', 'state', 'attempts', 'max_attempts'])
      .where('queue', '=', PAYMENT_POST_QUEUE)
      .where('key', '=', `payment-post:${paymentId}`)
      .executeTakeFirst();
  const paymentRow = () =>
    test.database.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', paymentId)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    test = await startTestApp(database);
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
    await publishSettingsChange(test.app, 'localhost', {
      shared: {
        paymentSchedulingOptions: {
          blockSchedulingWhenPastDueOption: 'false',
          allowSchedulingWhenDelinquentOption: 'true',
        },
      },
    });
    // The card processor is an outside system: one that cannot be reached for a payment.
    const { cardProcessor } = test.app.services;
    const charge = cardProcessor.charge.bind(cardProcessor);
    cardProcessor.charge = async (request) => {
      if (unreachable.has(request.idempotencyKey)) {
        throw new Error('card processor unreachable (connect ETIMEDOUT)');
      }
      return charge(request);
    };
    card = await addCard(jordan, HOME_EQUITY, VISA);
    const key = 'needs-review-000001';
    const answered = await submit(
      jordan,
      'scheduledCard',
      paymentBody({ loan: HOME_EQUITY, method: card, date: PAY_DATE, amount: 64 }),
      key,
    );
    expect(answered.body.Errors).toEqual([]);
    reference = answered.body.ReferenceNumber;
    paymentId = paymentIdOf(TEST_DATA_PROTECTOR, { institutionId, userId, key });
    unreachable.add(paymentId);
  }, 120_000);

  afterAll(async () => {
    await test?.close();
  });

  it('puts a payment whose posting job dies past its retries in needsReview, alerts staff and the borrower, and never queues it again', async () => {
    // Its date: the posting job is queued and its first attempt fails.
    test.clock.set(`${PAY_DATE}T14:00:00.000Z`);
    await test.app.services.endOfDay.runOnce();
    await test.app.services.paymentPosting.runOnce();
    const first = await postJob();
    expect(first).toMatchObject({ state: 'queued', attempts: 1 });
    const maxAttempts = first?.max_attempts ?? 0;
    expect(maxAttempts).toBeGreaterThan(10);
    // Every retry fails too (an hour apart covers the longest backoff), until it is dead.
    for (let attempt = 2; attempt <= maxAttempts; attempt += 1) {
      test.clock.advance(3_600_000);
      await test.app.services.jobs.runOnce(PAYMENT_POST_QUEUE);
    }
    expect(await postJob()).toMatchObject({ state: 'dead', attempts: maxAttempts });

    const row = await paymentRow();
    expect(row.status).toBe('needsReview');
    const events = await test.database.db
      .selectFrom('payment_events')
      .select(['status', 'detail', 'at'])
      .where('payment_id', '=', paymentId)
      .orderBy('at')
      .orderBy('id')
      .execute();
    expect(events.map((event) => event.status)).toEqual(['scheduled', 'settling', 'needsReview']);
    expect(events[2]?.detail).toContain('card processor unreachable');

    // Staff: a 'paymentReview' item of the work queue naming the payment, no card number.
    await staffSignIn();
    const list = WorkItemListResponse.parse(
      (
        await staffGet('viewer', '/admin-api/institutions/harbor/work-items?kind=paymentReview')
      ).json(),
    );
    expect(list.items).toHaveLength(1);
    const [item] = list.items;
    expect(item).toMatchObject({
      kind: 'paymentReview',
      status: 'new',
      senderName: 'Jordan Rivers',
    });
    expect(item?.summary).toContain(reference);
    const detail = WorkItemDetail.parse(
      (await staffGet('viewer', `/admin-api/institutions/harbor/work-items/${item?.id}`)).json(),
    );
    expect(detail.reference).toBe(paymentId);
    expect(detail.details).toMatchObject({
      confirmationNumber: reference,
      loan: '****2352',
      method: 'Visa ending in 4242',
      status: 'Needs review',
      attempts: maxAttempts,
    });
    expect(JSON.stringify(detail)).not.toContain(VISA);
    expect(JSON.stringify(detail)).not.toContain(HOME_EQUITY);

    // The borrower: one notice, in the payment e-mails' words.
    await test.app.services.outbox.runOnce();
    const notices = (
      await test.app.services.mail.delivered({ institutionId, to: 'jordan.rivers@example.test' })
    ).filter((mail) => mail.subject === 'Harbor Community Bank: we are reviewing your payment');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.body).toContain(
      'The payment on March 19, 2025 for loan ****2352 of $64.00 has not been completed yet',
    );
    expect(notices[0]?.body).toContain(`Confirmation number: ${reference}`);
    expect(notices[0]?.body).toContain('Visa ending in 4242');
    expect(notices[0]?.body).not.toContain(VISA);

    // A month on, the processor answers again and housekeeping has deleted the dead job: no run
    // queues the payment again, nothing is charged or posted, and it stays before staff.
    unreachable.delete(paymentId);
    test.clock.advance(31 * 24 * 3_600_000);
    await test.app.services.housekeeping.runOnce();
    expect(await postJob()).toBeUndefined();
    await test.app.services.endOfDay.runOnce();
    await test.app.services.paymentPosting.runOnce();
    expect(await postJob()).toBeUndefined();
    expect((await paymentRow()).status).toBe('needsReview');
    expect(await charges(test.database.db, paymentId)).toBe(0);
    expect(await coreLines(test.database.db, paymentId)).toBe(0);
    // A post of it asked for by hand changes nothing either.
    await test.app.services.paymentPosting.settlePayment(paymentId);
    expect((await paymentRow()).status).toBe('needsReview');
    expect(await charges(test.database.db, paymentId)).toBe(0);
    const notes = await test.database.db
      .selectFrom('work_items')
      .select('id')
      .where('kind', '=', 'paymentReview')
      .execute();
    expect(notes).toHaveLength(1);
  }, 120_000);

  it("shows the borrower the payment's state and dates, as not cancellable, and no one else", async () => {
    jordan.who = await signIn(test.app, { username: 'jordan.rivers' });
    pat.who = await signIn(test.app, { username: 'pat.lee' });
    const info = await paymentInfo(jordan, HOME_EQUITY);
    const listed = info.body.ScheduledPayments?.find((payment) =>
      payment.PaymentDate.startsWith(PAY_DATE),
    );
    expect(listed).toMatchObject({ HasBeenPosted: true, CanDelete: false, Status: 'needsReview' });
    handle = listed?.EncryptedString ?? '';

    const answer = await timelineOf(jordan, handle);
    expect(answer.statusCode).toBe(200);
    const timeline = PaymentTimelineResponse.parse(answer.json());
    expect(timeline).toMatchObject({
      HasNoErrors: true,
      Status: 'needsReview',
      PaymentDate: PAY_DATE,
    });
    expect(timeline.Events.map((event) => event.Status)).toEqual([
      'scheduled',
      'settling',
      'needsReview',
    ]);
    // The staff's details (the job's error) are not the borrower's.
    expect(answer.body).not.toContain('unreachable');

    // Another borrower with Jordan's handle, or a forged one: no such payment.
    expect((await timelineOf(pat, handle)).statusCode).toBe(404);
    expect(
      (
        await timelineOf(
          jordan,
          handle.replace(/.$/, (last) => (last === '0' ? '1' : '0')),
        )
      ).statusCode,
    ).toBe(404);
    // Jordan's handle with a loan it is not of: no such payment either.
    const elsewhere = await call(
      jordan,
      'GET',
      `/api/PaymentScheduled/Timeline?${new URLSearchParams({ EncryptedString: handle, LoanAccountNumber: '001-100234-1' }).toString()}`,
    );
    expect(elsewhere.statusCode).toBe(404);
  });

  it("finds the institution's payments by each criterion for its staff, opens one with its timeline and audits it", async () => {
    await staffSignIn();
    expect(await foundIds({ borrower: 'jordan.riv' })).toContain(paymentId);
    expect(await foundIds({ borrower: 'RIVERS' })).toContain(paymentId);
    expect(await foundIds({ borrower: 'Jordan Rivers' })).toContain(paymentId);
    expect(await foundIds({ borrower: 'pat.lee' })).not.toContain(paymentId);
    expect(await foundIds({ borrower: '%' })).not.toContain(paymentId);
    expect(await foundIds({ loanNumber: HOME_EQUITY })).toContain(paymentId);
    expect(await foundIds({ loanNumber: '001-100234-1' })).not.toContain(paymentId);
    // As the list masks it (its last four digits), and without its dashes.
    expect(await foundIds({ loanNumber: '2352' })).toContain(paymentId);
    expect(await foundIds({ loanNumber: '0011002352' })).toContain(paymentId);
    expect(await foundIds({ loanNumber: '2341' })).not.toContain(paymentId);
    expect(await foundIds({ loanNumber: '235' })).not.toContain(paymentId);
    expect(await foundIds({ reference: reference.toLowerCase() })).toEqual([paymentId]);
    expect(await foundIds({ from: PAY_DATE, to: PAY_DATE })).toContain(paymentId);
    expect(await foundIds({ from: '2025-03-20' })).not.toContain(paymentId);
    expect(await foundIds({ to: '2025-03-18' })).not.toContain(paymentId);
    expect(await foundIds({ status: 'needsReview' })).toEqual([paymentId]);
    expect(await foundIds({ borrower: 'jordan', reference, status: 'posted' })).toEqual([]);

    const found = StaffPaymentSearchResponse.parse((await search('viewer', { reference })).json());
    expect(found.payments[0]).toMatchObject({
      reference,
      kind: 'scheduled',
      status: 'needsReview',
      borrowerName: 'Jordan Rivers',
      logonName: 'jordan.rivers',
      loanNumber: '****2352',
      payDate: PAY_DATE,
      method: { isCard: true, cardType: 'visa', lastFour: '4242' },
    });
    const opened = await staffGet('viewer', `/admin-api/institutions/harbor/payments/${paymentId}`);
    expect(opened.statusCode).toBe(200);
    const detail = StaffPaymentDetail.parse(opened.json());
    expect(detail.loanNumber).toBe(HOME_EQUITY);
    expect(detail.amountCents).toBe(6400);
    expect(detail.events.map((event) => event.status)).toEqual([
      'scheduled',
      'settling',
      'needsReview',
    ]);
    expect(opened.body).not.toContain(VISA);
    const audit = AuditListResponse.parse(
      (await staffGet('viewer', '/admin-api/institutions/harbor/audit')).json(),
    ).entries.filter((entry) => entry.action === 'payment.open');
    expect(audit.map((entry) => entry.staff)).toEqual([`viewer${signIns}@payments.test`]);
    expect(audit[0]?.comment).toContain(reference);
  });

  it("answers 404 to another institution's staff and 401 to nobody signed in", async () => {
    const elsewhere = await search('summit', { reference });
    expect(elsewhere.statusCode).toBe(404);
    expect(errorOf(elsewhere).code).toBe('NotFound');
    const opened = await staffGet('summit', `/admin-api/institutions/harbor/payments/${paymentId}`);
    expect(opened.statusCode).toBe(404);
    // Through their own institution, Harbor's payment does not exist either.
    const ownSlug = await staffGet(
      'summit',
      `/admin-api/institutions/summit/payments/${paymentId}`,
    );
    expect(ownSlug.statusCode).toBe(404);
    expect(
      StaffPaymentSearchResponse.parse((await search('summit', { reference }, 'summit')).json())
        .payments,
    ).toEqual([]);
    expect((await staffGet(null, '/admin-api/institutions/harbor/payments')).statusCode).toBe(401);
  });

  it('posts a payment under review again when an editor asks: once, with its timeline and audit, and only then', async () => {
    await staffSignIn();
    // A viewer may not; another institution's staff do not see it.
    const byViewer = await postAgain('viewer');
    expect(byViewer.statusCode).toBe(403);
    expect((await postAgain('summit')).statusCode).toBe(404);
    expect((await postAgain('summit', 'summit')).statusCode).toBe(404);
    expect((await paymentRow()).status).toBe('needsReview');

    // The processor answers again (the first test): the editor asks, the payment is processing
    // and its job (deleted by housekeeping) is queued anew.
    const asked = await postAgain('editor');
    expect(asked.statusCode).toBe(200);
    const detail = StaffPaymentDetail.parse(asked.json());
    expect(detail.status).toBe('settling');
    expect(detail.events.map((event) => event.status)).toEqual([
      'scheduled',
      'settling',
      'needsReview',
      'settling',
    ]);
    expect(detail.events[3]?.detail).toBe(`Posting asked for again by editor${signIns}.`);
    expect(await postJob()).toMatchObject({ state: 'queued', attempts: 0 });
    // Asked twice (a double click, a second editor): refused, nothing queued twice.
    const again = await postAgain('editor');
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('Conflict');

    await test.app.services.jobs.runOnce(PAYMENT_POST_QUEUE);
    expect((await paymentRow()).status).toBe('posted');
    expect(await charges(test.database.db, paymentId)).toBe(1);
    expect(await coreLines(test.database.db, paymentId)).toBe(1);
    // Another run, or the next day's, posts nothing more.
    await test.app.services.jobs.runOnce(PAYMENT_POST_QUEUE);
    await test.app.services.paymentPosting.runOnce();
    expect(await charges(test.database.db, paymentId)).toBe(1);
    expect(await coreLines(test.database.db, paymentId)).toBe(1);

    const audit = AuditListResponse.parse(
      (await staffGet('editor', '/admin-api/institutions/harbor/audit')).json(),
    ).entries.filter((entry) => entry.action === 'payment.postAgain');
    expect(audit.map((entry) => entry.staff)).toEqual([`editor${signIns}@payments.test`]);
    expect(audit[0]?.comment).toContain(reference);
  }, 120_000);

  it('revives a dead posting job of the same key instead of leaving the post undone', async () => {
    // The job queue's side of posting again: a dead job of the key starts over; a done one stays.
    const { jobs } = test.app.services;
    const key = 'revive-test';
    await jobs.enqueue('test.revive', { n: 1 }, { key });
    await test.database.db
      .updateTable('jobs')
      .set({ state: 'dead', attempts: 5, last_error: 'gave up' })
      .where('queue', '=', 'test.revive')
      .execute();
    expect(await jobs.enqueue('test.revive', { n: 2 }, { key })).toBe(false);
    expect(await jobs.enqueue('test.revive', { n: 2 }, { key, reviveDead: true })).toBe(true);
    const revived = await test.database.db
      .selectFrom('jobs')
      .select(['state', 'attempts', 'last_error', 'payload'])
      .where('queue', '=', 'test.revive')
      .executeTakeFirstOrThrow();
    expect(revived).toMatchObject({ state: 'queued', attempts: 0, last_error: '' });
    await test.database.db
      .updateTable('jobs')
      .set({ state: 'done' })
      .where('queue', '=', 'test.revive')
      .execute();
    expect(await jobs.enqueue('test.revive', { n: 3 }, { key, reviveDead: true })).toBe(false);
  });

  it('posts once a payment whose card was charged before the core stayed unreachable past its retries', async () => {
    // Money moved before the job died: the card is charged, then the core cannot be reached.
    const { core } = test.app.services;
    const post = core.postPayment.bind(core);
    const coreDown = new Set<string>();
    core.postPayment = async (customer, number, payment) => {
      if (coreDown.has(payment.postingKey)) {
        throw new CoreUnavailableError('core unreachable (connect ECONNREFUSED)');
      }
      return post(customer, number, payment);
    };
    try {
      test.clock.set('2025-06-02T14:00:00.000Z');
      jordan.who = await signIn(test.app, { username: 'jordan.rivers' });
      const key = 'needs-review-charged-1';
      const answered = await submit(
        jordan,
        'scheduledCard',
        paymentBody({ loan: HOME_EQUITY, method: card, date: '2025-06-03', amount: 52 }),
        key,
      );
      expect(answered.body.Errors).toEqual([]);
      const id = paymentIdOf(TEST_DATA_PROTECTOR, { institutionId, userId, key });
      coreDown.add(id);
      const job = () =>
        test.database.db
          .selectFrom('jobs')
          .select(['state', 'attempts', 'max_attempts'])
          .where('queue', '=', PAYMENT_POST_QUEUE)
          .where('key', '=', `payment-post:${id}`)
          .executeTakeFirstOrThrow();
      const status = async () =>
        (
          await test.database.db
            .selectFrom('payments')
            .select('status')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).status;

      test.clock.set('2025-06-03T14:00:00.000Z');
      await test.app.services.endOfDay.runOnce();
      await test.app.services.paymentPosting.runOnce();
      const { max_attempts: maxAttempts } = await job();
      for (let attempt = 2; attempt <= maxAttempts; attempt += 1) {
        test.clock.advance(3_600_000);
        await test.app.services.jobs.runOnce(PAYMENT_POST_QUEUE);
      }
      expect(await job()).toMatchObject({ state: 'dead' });
      expect(await status()).toBe('needsReview');
      expect(await charges(test.database.db, id)).toBe(1);
      expect(await coreLines(test.database.db, id)).toBe(0);

      // The card was charged: closing it as not paid is refused, and nothing changes.
      await staffSignIn();
      const closing = await test.app.inject({
        method: 'POST',
        url: `/admin-api/institutions/harbor/payments/${id}/close-unpaid`,
        headers: { ...PORTAL_WRITE_HEADERS, cookie: cookie.editor },
        payload: { note: 'The core was down' },
      });
      expect(closing.statusCode).toBe(409);
      expect(AdminError.parse(closing.json()).error.message).toBe(
        'The card processor approved a charge of this payment and has not refunded it: the money arrived. Post it again, or refund the card with the processor. Nothing was changed.',
      );
      expect(await status()).toBe('needsReview');

      // The core is back; an editor posts it again: the charge is not made again, it posts once.
      coreDown.delete(id);
      const asked = await test.app.inject({
        method: 'POST',
        url: `/admin-api/institutions/harbor/payments/${id}/post-again`,
        headers: { ...PORTAL_WRITE_HEADERS, cookie: cookie.editor },
      });
      expect(asked.statusCode).toBe(200);
      await test.app.services.jobs.runOnce(PAYMENT_POST_QUEUE);
      await test.app.services.jobs.runOnce(PAYMENT_POST_QUEUE);
      expect(await status()).toBe('posted');
      expect(await charges(test.database.db, id)).toBe(1);
      expect(await coreLines(test.database.db, id)).toBe(1);
    } finally {
      core.postPayment = post;
    }
  }, 120_000);
});
