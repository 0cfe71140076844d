import type { SavedPaymentMethod } from '@portal/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/databases';
import {
  addAccount,
  addCard,
  AUTO_LOAN,
  type Caller,
  debits,
  HOME_EQUITY,
  paymentBody,
  submit,
} from '../../testing/payment-test-kit';
import { publishSettingsChange } from '../../testing/settings';
import { signIn, startTestApp, type TestApp } from '../../testing/test-app';
import { PAYMENT_POST_QUEUE, postJobKey } from './payment-posting';
import { listDuePaymentIds } from './payments.repository';

/*
 * The posting run lists the payments due, oldest first, under a limit of 5,000 per institution
 * and run. Bank payments whose debit was taken and waits for its ACH file (a weekend's, say) are
 * not its to settle: the sealing job posts them once their file is sealed. Listed, they came first
 * by date, filled the limit on every run, and payments due today were never queued.
 */

/** More waiting debits than a run lists (payment-posting.ts RUN_LIMIT). */
const WAITING = 5_001;
/** The ids of the waiting copies: payment ids as the processor's keys are (UUIDs). */
const WAITING_ID_PREFIX = '00000000-0000-4000-8000-';

describe.each(testDatabases('both'))(
  'payments due while bank debits wait for their file, on $name',
  (database) => {
    let test: TestApp;
    let jordan: Caller;
    let institutionId: number;
    let account: SavedPaymentMethod;
    let keys = 0;
    const nextKey = () => `due-listing-${(keys += 1)}`;

    beforeAll(async () => {
      test = await startTestApp(database);
      jordan = { app: test.app, who: await signIn(test.app, { username: 'jordan.rivers' }) };
      institutionId = (await test.app.services.institutions.resolveHost('localhost'))?.id ?? 0;
      await publishSettingsChange(test.app, 'localhost', {
        shared: {
          achPaymentOptions: { requireAchDraftAgreementOption: 'false' },
          paymentSchedulingOptions: {
            blockSchedulingWhenPastDueOption: 'false',
            allowSchedulingWhenDelinquentOption: 'true',
          },
        },
      });
    }, 120_000);
    afterAll(async () => {
      await test?.close();
    });

    const paymentOf = (reference: string) =>
      test.database.db
        .selectFrom('payments')
        .selectAll()
        .where('reference_number', '=', reference)
        .executeTakeFirstOrThrow();

    it('settles a scheduled payment due today while more debits than a run lists wait for their file', async () => {
      // Friday March 14th, 11:00 in New York: a bank payment made today (its debit taken, waiting
      // for the day's file), and a card payment scheduled for Monday.
      test.clock.set('2025-03-14T15:00:00.000Z');
      account = await addAccount(jordan);
      const paidNow = await submit(
        jordan,
        'immediateAch',
        paymentBody({ loan: HOME_EQUITY, method: account, amount: 25 }),
        nextKey(),
      );
      expect(paidNow.body.Errors).toEqual([]);
      const template = await paymentOf(paidNow.body.ReferenceNumber);
      expect(template).toMatchObject({ status: 'settling' });
      expect(template.ach_trace_number).not.toBeNull();
      const card = await addCard(jordan, AUTO_LOAN);
      const scheduled = await submit(
        jordan,
        'scheduledCard',
        paymentBody({ loan: AUTO_LOAN, method: card, amount: 30, date: '2025-03-17' }),
        nextKey(),
      );
      expect(scheduled.body.Errors).toEqual([]);

      // Friday's file is held over the weekend with thousands of such debits in it (copies of the
      // one above, each with the posting job of its date that ended waiting, as every one has).
      await sql`
        insert into payments
        select (jsonb_populate_record(null::payments, to_jsonb(p) || jsonb_build_object(
          'id', ${WAITING_ID_PREFIX} || lpad(n::text, 12, '0'),
          'reference_number', 'W' || lpad(n::text, 11, '0')))).*
        from payments p cross join generate_series(1, ${WAITING}) as n
        where p.id = ${template.id}`.execute(test.database.db);
      await sql`
        insert into jobs (queue, key, payload, state, run_at, attempts, max_attempts, created_at, finished_at)
        select ${PAYMENT_POST_QUEUE}, 'payment-post:' || id, jsonb_build_object('paymentId', id),
          'done', ${test.clock.now()}, 1, 56, ${test.clock.now()}, ${test.clock.now()}
        from payments where cast(id as text) like ${`${WAITING_ID_PREFIX}%`}`.execute(
        test.database.db,
      );

      // Monday 10:00: the posting run settles the payment due today.
      test.clock.set('2025-03-17T14:00:00.000Z');
      await test.app.services.endOfDay.runOnce();
      await test.app.services.paymentPosting.runOnce();
      expect(await paymentOf(scheduled.body.ReferenceNumber)).toMatchObject({ status: 'posted' });
      // The waiting debits were left to their file: no job of theirs ran again.
      const rerun = await test.database.db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('queue', '=', PAYMENT_POST_QUEUE)
        .where('key', 'like', `payment-post:${WAITING_ID_PREFIX}%`)
        .where('attempts', '>', 1)
        .executeTakeFirstOrThrow();
      expect(Number(rerun.count)).toBe(0);
      expect(await test.app.services.paymentPosting.runOnce()).toMatchObject({ queued: 0 });

      // The copies go (they would count as payments in flight on the loan for the next test).
      await sql`delete from jobs where key like ${`payment-post:${WAITING_ID_PREFIX}%`}`.execute(
        test.database.db,
      );
      await sql`delete from payment_events where cast(payment_id as text) like ${`${WAITING_ID_PREFIX}%`}`.execute(
        test.database.db,
      );
      await sql`delete from payments where cast(id as text) like ${`${WAITING_ID_PREFIX}%`}`.execute(
        test.database.db,
      );
    }, 120_000);

    it('still settles a bank payment whose settlement died before its debit was taken, and then leaves it to its file', async () => {
      // Tuesday March 18th: a bank payment scheduled for the 19th.
      test.clock.set('2025-03-18T14:00:00.000Z');
      jordan.who = await signIn(test.app, { username: 'jordan.rivers' });
      const scheduled = await submit(
        jordan,
        'scheduledAch',
        paymentBody({ loan: HOME_EQUITY, method: account, amount: 35, date: '2025-03-19' }),
        nextKey(),
      );
      expect(scheduled.body.Errors).toEqual([]);
      const payment = await paymentOf(scheduled.body.ReferenceNumber);

      // On its date a run began to settle it ('settling') and died before the processor answered:
      // no debit, no trace number, no job.
      test.clock.set('2025-03-19T14:00:00.000Z');
      await test.database.db
        .updateTable('payments')
        .set({ status: 'settling' })
        .where('id', '=', payment.id)
        .execute();
      expect(await listDuePaymentIds(test.database.db, institutionId, '2025-03-19', 10)).toContain(
        payment.id,
      );

      // The next run lists it (the debits waiting since Friday take no room) and takes its debit.
      await test.app.services.paymentPosting.runOnce();
      const taken = await paymentOf(scheduled.body.ReferenceNumber);
      expect(taken.status).toBe('settling');
      expect(taken.ach_trace_number).toMatch(/^\d{15}$/);
      expect(await debits(test.database.db, payment.id)).toBe(1);
      expect(
        await test.database.db
          .selectFrom('jobs')
          .select('state')
          .where('queue', '=', PAYMENT_POST_QUEUE)
          .where('key', '=', postJobKey(payment.id))
          .executeTakeFirst(),
      ).toEqual({ state: 'done' });
      // From then on its file's sealing posts it: the run lists it no more.
      expect(
        await listDuePaymentIds(test.database.db, institutionId, '2025-03-19', 10_000),
      ).not.toContain(payment.id);
    }, 120_000);
  },
);
