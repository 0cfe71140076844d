import { PaymentRequest, type SavedPaymentMethod } from '@portal/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type PortalApp } from '../app';
import { failEveryNthRow } from './database-faults';
import { testDatabases } from './databases';
import { TEST_DATA_PROTECTOR } from './keys';
import { publishSettingsChange } from './settings';
import { signIn, startTestApp, type SignedIn, type TestApp } from './test-app';
import type { PaymentCaller } from '../modules/payments/payment-context';
import { paymentIdOf } from '../modules/payments/payment-handles';
import { openMailBody } from '../modules/mail/mail.service';
import { findPaymentWithRecipient } from '../modules/payments/payments.repository';
import { createPaymentMethodsService } from '../modules/payment-methods/payment-methods.service';
import { createAchDraftAuthorizations } from '../modules/ach-drafts/ach-drafts.service';
import { createPaymentsService, type PaymentsService } from '../modules/payments/payments.service';
import {
  addAccount,
  addCard,
  type Caller,
  DECLINED_VISA,
  HOME_EQUITY,
  paymentBody,
  submit,
} from './payment-test-kit';
import { allowManyCardAttempts } from './card-testing';

/*
 * Fault tests: many submissions and postings with injected faults, then the proof that every
 * accepted payment posted exactly once (one core history line per posting key, one card charge
 * or bank debit per payment) and that nothing was lost (every accepted key has a posted or failed
 * payment). The faults:
 * - the answer lost after the commit: every submission is sent again under its key;
 * - the process killed between the core's posting and our record: postPayment posts, then
 *   throws; the retry (or the posting job's next attempt) must find the posting, not make one;
 * - killed between the charge and the core: charge succeeds, then throws;
 * - a database error mid-transaction: a trigger fails some of the updates that mark a payment
 *   posted (a sequence counts them: it does not roll back), so the transaction rolls back;
 * - the same job claimed by two workers: a second app (its own job queue) on the same database
 *   takes over jobs whose lease lapsed while the first worker was still settling one;
 * - a bank-account payment posts only once its debit is sent (payment-settlement.ts): none posts
 *   before the day's ACH file, which both instances' sealing jobs make at once after the
 *   cut-off, one of them killed right after its seal, before it queued the posts; what came
 *   after the file waits for the next morning's.
 * Most payments go through the service (fast); a representative part through HTTP.
 */

/**
 * Payments per scenario. Each immediate key is submitted at least twice (the lost answer) and
 * posted once; each scheduled key submitted once and posted once; each HTTP key five times at once;
 * with the retries of the crashes, about 10,000 submissions and postings in all (the report line
 * prints the exact counts).
 */
const IMMEDIATE = 1_650;
const SCHEDULED = 2_250;
const HTTP_PART = 100;
/**
 * The full 10,000 run on PGlite, the default database; PostgreSQL, when the suite has one, runs
 * the same scenarios, faults and second worker (there two server instances really share a
 * database over the network) with a quarter of the payments, to keep `npm test` within its time
 * budget. Measured on the 2-core machine, a submission or posting took about 8 to 14 ms on
 * PGlite and 16 to 20 ms on PostgreSQL, so the full run on PGlite costs a minute less than the
 * other way round. Without PostgreSQL the full run is PGlite's alone.
 */
function scaled(count: number, database: string): number {
  const scale = database === 'postgres' ? 1 / 4 : 1;
  return Math.ceil(count * scale);
}

interface Faults {
  afterPost: (paymentId: string) => boolean;
  afterCharge: (paymentId: string) => boolean;
  afterDebit: (paymentId: string) => boolean;
  onCharge?: (paymentId: string) => Promise<void>;
}

class InjectedCrash extends Error {}

/** Crashes injected so far (in requests and in posting jobs alike). */
let injectedCrashes = 0;
function crash(message: string): never {
  injectedCrashes += 1;
  throw new InjectedCrash(message);
}

/** Every nth call (by a stable hash of the id), the first time only. */
function everyNth(n: number) {
  const fired = new Set<string>();
  return (id: string) => {
    if (fired.has(id)) return false;
    let hash = 0;
    for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
    if (hash % n !== 0) return false;
    fired.add(id);
    return true;
  };
}

/** Wraps the app's real core and processors: the fault fires after the real call did its work. */
function injectFaults(app: PortalApp, faults: Faults): void {
  const { core, cardProcessor, achProcessor } = app.services;
  const post = core.postPayment.bind(core);
  core.postPayment = async (customer, number, payment) => {
    const result = await post(customer, number, payment);
    if (faults.afterPost(payment.postingKey)) crash('killed after posting');
    return result;
  };
  const charge = cardProcessor.charge.bind(cardProcessor);
  cardProcessor.charge = async (request) => {
    const result = await charge(request);
    await faults.onCharge?.(request.idempotencyKey);
    if (faults.afterCharge(request.idempotencyKey)) crash('killed after charge');
    return result;
  };
  const debit = achProcessor.submitDebit.bind(achProcessor);
  achProcessor.submitDebit = async (request) => {
    const result = await debit(request);
    if (faults.afterDebit(request.idempotencyKey)) crash('killed after debit');
    return result;
  };
}

/**
 * The fault tests of one scenario on each test database. The two scenarios are two test files
 * (modules/payments/payment-faults-immediate and -scheduled) so that the suite's two workers run
 * them side by side.
 */
export function describePaymentFaults(scenario: 'immediate' | 'scheduled'): void {
  describe.each(testDatabases('both'))(
    `${scenario} payments under faults on $name`,
    (testDatabase) => {
      let test: TestApp;
      let second: PortalApp;
      let service: PaymentsService;
      let caller: PaymentCaller;
      let card: SavedPaymentMethod;
      let declining: SavedPaymentMethod;
      let account: SavedPaymentMethod;
      let jordan: Caller;
      const counts = { submissions: 0, retries: 0, takeovers: 0, posted: 0, declined: 0 };

      beforeAll(async () => {
        injectedCrashes = 0;
        test = await startTestApp(testDatabase);
        await allowManyCardAttempts(test.app);
        const db = test.database.db;
        // The second instance: its own services and job queue, the same database and clock.
        second = await buildApp({ db, clock: test.clock, dataProtector: TEST_DATA_PROTECTOR });
        const session: SignedIn = await signIn(test.app, { username: 'jordan.rivers' });
        jordan = { app: test.app, who: session };
        card = await addCard(jordan, HOME_EQUITY);
        declining = await addCard(jordan, HOME_EQUITY, DECLINED_VISA);
        account = await addAccount(jordan);
        const user = await db
          .selectFrom('users')
          .select(['id', 'customer_id', 'institution_id'])
          .where('username', '=', 'jordan.rivers')
          .orderBy('institution_id')
          .executeTakeFirstOrThrow();
        caller = {
          institutionId: user.institution_id,
          timeZone: 'America/New_York',
          userId: user.id,
          customerId: user.customer_id,
          companyNumber: 0,
        };
        const services = test.app.services;
        const settings = (id: number) => services.institutions.settings(id);
        service = createPaymentsService({
          db,
          clock: test.clock,
          core: services.core,
          dataProtector: services.dataProtector,
          settings,
          settlement: services.paymentPosting,
          achProcessor: services.achProcessor,
          routingDirectory: services.routingDirectory,
          methods: createPaymentMethodsService({
            db,
            clock: test.clock,
            core: services.core,
            settings,
            cardProcessor: services.cardProcessor,
            achProcessor: services.achProcessor,
            routingDirectory: services.routingDirectory,
            dataProtector: services.dataProtector,
          }),
          achDrafts: createAchDraftAuthorizations({ clock: test.clock, cdnRoots: [] }),
        });
        await publishSettingsChange(test.app, 'localhost', {
          shared: { paymentSchedulingOptions: { maxScheduledPaymentsAllowed: '100000' } },
        });
        // A database error mid-transaction: every 13th update marking a payment posted fails.
        await failEveryNthRow(db, {
          name: 'payment_fault',
          every: 13,
          on: 'update',
          table: 'payments',
          when: "new.status = 'posted'",
          message: 'injected database fault',
        });
        injectFaults(test.app, {
          afterPost: everyNth(5),
          afterCharge: everyNth(7),
          afterDebit: everyNth(11),
        });
      }, 120_000);
      afterAll(async () => {
        await second?.close();
        await test?.close();
      });

      const idOf = (key: string) => paymentIdOf(TEST_DATA_PROTECTOR, { ...caller, key });

      /** Submits until an answer comes back (a crash answers nothing: the caller retries). */
      async function submitUntilAnswered(
        key: string,
        body: ReturnType<typeof paymentBody>,
        route: 'immediate' | 'scheduled',
        type: 'ACH' | 'Card',
      ) {
        const request = { route, paymentType: type, body: PaymentRequest.parse(body) } as const;
        for (let attempt = 0; attempt < 10; attempt += 1) {
          try {
            counts.submissions += 1;
            return await service.submit(caller, request, key);
          } catch (error) {
            counts.retries += 1;
            if (
              !(error instanceof InjectedCrash) &&
              !String(error).includes('injected database fault')
            ) {
              throw error;
            }
          }
        }
        throw new Error(`key ${key} never answered`);
      }

      if (scenario === 'immediate') {
        it('settles every immediate payment exactly once through lost answers, crashes and database errors', async () => {
          const keys: string[] = [];
          for (let index = 0; index < scaled(IMMEDIATE, testDatabase.name); index += 1) {
            const key = `immediate-${String(index).padStart(6, '0')}`;
            keys.push(key);
            const method = index % 25 === 0 ? declining : index % 3 === 0 ? account : card;
            const body = paymentBody({ loan: HOME_EQUITY, method, amount: 1 + (index % 7) });
            const type = method.IsCard ? 'Card' : 'ACH';
            const first = await submitUntilAnswered(key, body, 'immediate', type);
            // The answer was lost after the commit: the same attempt comes again.
            const again = await submitUntilAnswered(key, body, 'immediate', type);
            expect(again).toEqual(first);
          }
          // A representative part over HTTP: five concurrent duplicates of each.
          for (let index = 0; index < scaled(HTTP_PART, testDatabase.name); index += 1) {
            // One session may make 300 calls a minute (securityPolicyOptions): the minute moves on.
            if (index % 40 === 39) test.clock.advance(61_000);
            const key = `http-${String(index).padStart(6, '0')}`;
            keys.push(key);
            const body = paymentBody({ loan: HOME_EQUITY, method: card, amount: 2 });
            const answers = await Promise.all(
              Array.from({ length: 5 }, () => submit(jordan, 'immediateCard', body, key)),
            );
            // A crashed request answers 500 (Generic); its retry finishes the same payment.
            let settled = answers.find((answer) => answer.status === 200);
            for (let retry = 0; !settled && retry < 5; retry += 1) {
              const answer = await submit(jordan, 'immediateCard', body, key);
              if (answer.status === 200) settled = answer;
            }
            expect(settled?.body.HasNoErrors).toBe(true);
            for (const answer of answers) {
              if (answer.status === 200) expect(answer).toEqual(settled);
              else expect(answer.body.Errors[0]?.ErrorMessage).toBe('Generic');
            }
          }
          // The bank-account payments were answered accepted and are processing: their posting
          // jobs (queued within a minute) find each debit waiting for the day's file.
          await postingRounds(keys, { rounds: 3 });
          const ach = await byBankAccount(keys);
          expect(ach.length).toBeGreaterThan(100);
          expect(ach.filter((payment) => payment.status !== 'settling')).toEqual([]);
          expect(await postedLines(ach.map((payment) => payment.id))).toBe(0);
          // Past the cut-off (17:00 in New York): both instances' sealing jobs at once; the one
          // that seals the day's file is killed right after its seal, before it queued the posts
          // of the file (the other finds nothing left to seal).
          test.clock.set('2025-03-14T21:05:00.000Z');
          let killed = 0;
          const restores = [test.app, second].map((instance) => {
            const { achProcessor, jobs } = instance.services;
            const seal = achProcessor.sealNextFile.bind(achProcessor);
            const enqueueMany = jobs.enqueueMany.bind(jobs);
            let sealed = false;
            achProcessor.sealNextFile = async (institutionId, date) => {
              const file = await seal(institutionId, date);
              if (file) sealed = true;
              return file;
            };
            jobs.enqueueMany = async (queue, queued, options) => {
              if (sealed && killed === 0 && queued.some((job) => job.key.endsWith(':sent'))) {
                killed += 1;
                crash('killed after sealing');
              }
              return enqueueMany(queue, queued, options);
            };
            return () => {
              achProcessor.sealNextFile = seal;
              jobs.enqueueMany = enqueueMany;
            };
          });
          try {
            const runs = await Promise.allSettled([
              test.app.services.paymentPosting.sealDueAchFiles(),
              second.services.paymentPosting.sealDueAchFiles(),
            ]);
            expect(killed).toBe(1);
            // One instance was killed, the other's run went through.
            const outcomes = runs.map((run) =>
              run.status === 'rejected' && run.reason instanceof InjectedCrash
                ? run.reason.message
                : run.status,
            );
            expect(outcomes.sort()).toEqual(['fulfilled', 'killed after sealing']);
            const days = await test.app.services.achProcessor.listDays(caller.institutionId);
            const day = days.find((each) => each.date === '2025-03-14');
            expect(day?.pending.entries).toBe(0);
            // One file of the day, whichever instance sealed it.
            expect(day?.files).toHaveLength(1);
            // Sent, not posted yet.
            expect(await postedLines(ach.map((payment) => payment.id))).toBe(0);
            await postingRounds(keys, { rounds: 20 });
          } finally {
            for (const restore of restores) restore();
          }
          await assertExactlyOnce(keys);
        }, 600_000);
      }

      if (scenario === 'scheduled') {
        it('posts every scheduled payment exactly once with crashes, database errors and two workers', async () => {
          const keys: string[] = [];
          for (let index = 0; index < scaled(SCHEDULED, testDatabase.name); index += 1) {
            const key = `scheduled-${String(index).padStart(6, '0')}`;
            keys.push(key);
            const method = index % 2 === 0 ? card : account;
            const answer = await submitUntilAnswered(
              key,
              paymentBody({ loan: HOME_EQUITY, method, amount: 1, date: '2025-03-17' }),
              'scheduled',
              method.IsCard ? 'Card' : 'ACH',
            );
            expect(answer.body.HasNoErrors).toBe(true);
          }
          test.clock.set('2025-03-17T14:00:00.000Z');
          await test.app.services.endOfDay.runOnce();
          // While the first worker settles some payments, its leases lapse and the second instance
          // takes the same jobs over.
          let takeovers = 0;
          injectFaults(test.app, {
            afterPost: () => false,
            afterCharge: () => false,
            afterDebit: () => false,
            onCharge: async (paymentId) => {
              if (takeovers >= 3 || paymentId === '') return;
              takeovers += 1;
              test.clock.advance(2 * 60_000);
              await second.services.paymentPosting.runOnce();
            },
          });
          // The morning's rounds: the cards post, the bank accounts' debits wait for the file.
          await postingRounds(keys, { rounds: 4 });
          const ach = await byBankAccount(keys);
          expect(ach.length).toBeGreaterThan(100);
          expect(ach.filter((payment) => payment.status === 'posted')).toEqual([]);
          expect(await postedLines(ach.map((payment) => payment.id))).toBe(0);
          // Past the cut-off (17:00 in New York) the day's file is made, and they post; a debit
          // taken after it (a retry after a crash) waits for the next morning's.
          test.clock.set('2025-03-17T21:05:00.000Z');
          await postingRounds(keys, { rounds: 6 });
          test.clock.set('2025-03-18T13:00:00.000Z');
          await postingRounds(keys, { rounds: 20 });
          counts.takeovers = takeovers;
          expect(takeovers).toBeGreaterThan(0);
          await assertExactlyOnce(keys);
        }, 600_000);
      }

      /**
       * Rounds of both instances' sealing and posting jobs at once, five minutes apart (failed
       * attempts are retried after their backoff), until nothing of `keys` waits and a round
       * settles nothing, or `rounds` have run.
       */
      async function postingRounds(keys: string[], { rounds }: { rounds: number }) {
        for (let round = 0; round < rounds; round += 1) {
          // A run that meets an injected fault fails its job (retried on the next period).
          await Promise.allSettled([
            test.app.services.paymentPosting.sealDueAchFiles(),
            second.services.paymentPosting.sealDueAchFiles(),
          ]);
          const [first, other] = await Promise.all([
            test.app.services.paymentPosting.runOnce(),
            second.services.paymentPosting.runOnce(),
          ]);
          const waiting = await test.database.db
            .selectFrom('payments')
            .select('id')
            // Waiting for its date, or settling (a run died after moving money: its job's retry
            // finishes it once the backoff has passed; or its debit waits for its file). This
            // test's own: the demo seed's scheduled payment is not due on this clock.
            .where('status', 'in', ['scheduled', 'settling'])
            .where('id', 'in', keys.map(idOf))
            .execute();
          if (waiting.length === 0 && first.settled + other.settled === 0) return;
          test.clock.advance(5 * 60_000);
        }
      }

      /** The bank-account payments of `keys`. */
      async function byBankAccount(keys: string[]) {
        return test.database.db
          .selectFrom('payments')
          .select(['id', 'status'])
          .where('id', 'in', keys.map(idOf))
          .where('is_card', '=', false)
          .execute();
      }

      /** The core's payment lines of these payments. */
      async function postedLines(ids: string[]): Promise<number> {
        if (ids.length === 0) return 0;
        const { rows } = await sql<{ count: string }>`
          select count(*) as count from core_transactions
          where posting_key in (${sql.join(ids.map((id) => `payment:${id}`))})`.execute(
          test.database.db,
        );
        return Number(rows[0]?.count ?? 0);
      }

      async function assertExactlyOnce(keys: string[]) {
        const db = test.database.db;
        const ids = keys.map(idOf);
        const payments = await db
          .selectFrom('payments')
          .select(['id', 'status', 'is_card'])
          .where('id', 'in', ids)
          .execute();
        // Nothing lost: every accepted key has its payment, posted or failed (a declined card).
        expect(payments).toHaveLength(ids.length);
        const byStatus = new Map<string, number>();
        for (const payment of payments) {
          byStatus.set(payment.status, (byStatus.get(payment.status) ?? 0) + 1);
        }
        expect(
          [...byStatus.keys()].filter((status) => status !== 'posted' && status !== 'failed'),
        ).toEqual([]);
        const lines = await sql<{ key: string; count: string }>`
      select posting_key as key, count(*) as count from core_transactions
      where posting_key like 'payment:%' group by posting_key`.execute(db);
        const linesByKey = new Map(lines.rows.map((row) => [row.key, Number(row.count)]));
        const chargeRows = await sql<{ key: string; count: string }>`
      select idempotency_key as key, count(*) as count from card_processor_charges
      group by idempotency_key`.execute(db);
        const chargesByKey = new Map(chargeRows.rows.map((row) => [row.key, Number(row.count)]));
        const debitRows = await sql<{ key: string; count: string }>`
      select idempotency_key as key, count(*) as count from ach_debits
      group by idempotency_key`.execute(db);
        const debitsByKey = new Map(debitRows.rows.map((row) => [row.key, Number(row.count)]));
        // The e-mails each payment queued (its receipt, or the notice of its failure), found by
        // its confirmation number in the body.
        const messages = (await db.selectFrom('outbox_messages').select(['body']).execute()).map(
          (message) => openMailBody(TEST_DATA_PROTECTOR, message.body),
        );
        const mailsOf = (reference: string) =>
          messages.filter((body) => body.includes(reference)).length;
        let posted = 0;
        let receipts = 0;
        for (const payment of payments) {
          const line = linesByKey.get(`payment:${payment.id}`) ?? 0;
          const money = (payment.is_card ? chargesByKey : debitsByKey).get(payment.id) ?? 0;
          const withRecipient = await findPaymentWithRecipient(db, payment.id);
          const reference = withRecipient?.reference_number ?? '';
          expect(reference).not.toBe('');
          const mails = mailsOf(reference);
          if (payment.status === 'posted') {
            posted += 1;
            receipts += mails;
            // Posted once, paid once, and its receipt queued once (none without an address).
            expect([payment.id, line, money, mails]).toEqual([
              payment.id,
              1,
              1,
              withRecipient?.recipient ? 1 : 0,
            ]);
          } else {
            // A declined card: charged at most once (the decline), never posted, no receipt (at
            // most the notice of its failure).
            expect([payment.id, line]).toEqual([payment.id, 0]);
            expect(money).toBeLessThanOrEqual(1);
            expect(mails).toBeLessThanOrEqual(1);
          }
        }
        // The borrowers have addresses: the receipts' check above was not vacuous.
        if (posted > 0) expect(receipts).toBeGreaterThan(0);
        counts.posted += posted;
        counts.declined += payments.length - posted;
        const faults = await sql<{ value: string }>`
      select last_value as value from payment_fault_counter`.execute(db);
        const databaseFaults = Math.floor(Number(faults.rows[0]?.value ?? 0) / 13);
        console.info(
          `payment faults on ${testDatabase.name} so far: ${counts.submissions} submissions and ` +
            `${counts.posted} postings (${counts.submissions + counts.posted} in all); ` +
            `${counts.declined} declined cards; injected ${injectedCrashes} crashes and ` +
            `${databaseFaults} database errors; ${counts.takeovers} job takeovers by a second worker; ` +
            `every posted payment has exactly 1 core line, 1 charge or debit and 1 receipt to its address; 0 lost`,
        );
      }
    },
  );
}
