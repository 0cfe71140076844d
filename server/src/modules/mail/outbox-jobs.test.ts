import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/databases';
import {
  addCard,
  type Caller,
  HOME_EQUITY,
  paymentBody,
  submit,
} from '../../testing/payment-test-kit';
import { signIn, startTestApp, type TestApp } from '../../testing/test-app';
import { markPaymentFailed } from '../payments/payments.repository';
import { MAIL_DELIVERY_QUEUE } from './mail.service';

/**
 * Every writer of the e-mail outbox writes the message's delivery job with it: the mail service,
 * and the statement that changes a payment and queues its e-mail (payments.repository). A message
 * exists exactly when its job does, and the job delivers it.
 */
describe.each(testDatabases())('the outbox and its delivery jobs on $name', (testDatabase) => {
  let test: TestApp;
  let jordan: Caller;
  let card: Awaited<ReturnType<typeof addCard>>;
  const db = () => test.database.db;

  beforeAll(async () => {
    test = await startTestApp(testDatabase);
    jordan = { app: test.app, who: await signIn(test.app, { username: 'jordan.rivers' }) };
    card = await addCard(jordan, HOME_EQUITY);
  });
  afterAll(async () => {
    await test?.close();
  });

  /** Messages without their job, and delivery jobs without their message. */
  async function unpaired() {
    const { rows } = await sql<{ messages: number; jobs: number }>`
      select
        (select count(*)::int from outbox_messages message where not exists (
          select 1 from jobs where queue = ${MAIL_DELIVERY_QUEUE}
            and key = 'mail:' || message.id
            and payload = jsonb_build_object('messageId', message.id))) as messages,
        (select count(*)::int from jobs where queue = ${MAIL_DELIVERY_QUEUE}
          and not exists (select 1 from outbox_messages message
            where jobs.key = 'mail:' || message.id)) as jobs`.execute(db());
    return rows[0];
  }
  const messageCount = async () =>
    (await db().selectFrom('outbox_messages').select('id').execute()).length;
  const jobCount = async () =>
    (await db().selectFrom('jobs').select('id').where('queue', '=', MAIL_DELIVERY_QUEUE).execute())
      .length;

  it("queues a payment's receipt with its delivery job in the statement that marks it posted, and the job delivers it", async () => {
    const before = await messageCount();
    const paid = await submit(
      jordan,
      'immediateCard',
      paymentBody({ loan: HOME_EQUITY, method: card, amount: 25 }),
      'outbox-jobs-receipt-1',
    );
    expect(paid.body.HasNoErrors).toBe(true);
    const receipt = await db()
      .selectFrom('outbox_messages')
      .select(['id', 'status'])
      .where('subject', 'like', 'Payment received%')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(await messageCount()).toBeGreaterThan(before);
    expect(await unpaired()).toEqual({ messages: 0, jobs: 0 });
    const job = () =>
      db()
        .selectFrom('jobs')
        .select(['state', 'attempts'])
        .where('queue', '=', MAIL_DELIVERY_QUEUE)
        .where('key', '=', `mail:${receipt.id}`)
        .executeTakeFirstOrThrow();
    expect(await job()).toEqual({ state: 'queued', attempts: 0 });

    await test.app.services.outbox.runOnce();
    expect(await job()).toEqual({ state: 'done', attempts: 1 });
    const sent = await db()
      .selectFrom('outbox_messages')
      .select('status')
      .where('id', '=', receipt.id)
      .executeTakeFirstOrThrow();
    expect(sent.status).toBe('sent');
  });

  it("writes neither a payment's e-mail nor its job when the change rolls back or was made already", async () => {
    const scheduled = await submit(
      jordan,
      'scheduledCard',
      paymentBody({ loan: HOME_EQUITY, method: card, date: '2025-03-19', amount: 30 }),
      'outbox-jobs-scheduled-1',
    );
    expect(scheduled.body.Errors).toEqual([]);
    const payment = await db()
      .selectFrom('payments')
      .select(['id', 'institution_id'])
      .where('reference_number', '=', scheduled.body.ReferenceNumber)
      .executeTakeFirstOrThrow();
    const notice = () =>
      test.app.services.mail.prepare({
        institutionId: payment.institution_id,
        to: 'jordan.rivers@example.test',
        subject: 'Payment not made',
        body: 'Your payment could not be made.',
      });
    const fail = (executor = db()) =>
      markPaymentFailed(
        executor,
        payment.id,
        { failure: 'declined', at: test.clock.now() },
        notice(),
      );
    const counts = async () => ({ messages: await messageCount(), jobs: await jobCount() });
    const before = await counts();

    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          expect(await fail(trx)).toBe(true);
          throw new Error('the change failed');
        }),
    ).rejects.toThrow('the change failed');
    expect(await counts()).toEqual(before);

    expect(await fail()).toBe(true);
    expect(await counts()).toEqual({ messages: before.messages + 1, jobs: before.jobs + 1 });
    // Marked already: the second run queues nothing.
    expect(await fail()).toBe(false);
    expect(await counts()).toEqual({ messages: before.messages + 1, jobs: before.jobs + 1 });
    expect(await unpaired()).toEqual({ messages: 0, jobs: 0 });
  });
});
