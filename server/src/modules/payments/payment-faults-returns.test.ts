import { PaymentRequest, type SavedPaymentMethod } from '@portal/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type PortalApp } from '../../app';
import type { CoreTables } from '../../core/builtin/core.schema';
import { failEveryNthRow } from '../../testing/database-faults';
import { testDatabases } from '../../testing/databases';
import { TEST_DATA_PROTECTOR } from '../../testing/keys';
import { addAccount, paymentBody, TODAY } from '../../testing/payment-test-kit';
import { publishSettingsChange } from '../../testing/settings';
import { signIn, startTestApp, type TestApp } from '../../testing/test-app';
import { createAchDraftAuthorizations } from '../ach-drafts/ach-drafts.service';
import { openMailBody } from '../mail/mail.service';
import { createPaymentMethodsService } from '../payment-methods/payment-methods.service';
import type { PaymentCaller } from './payment-context';
import { paymentIdOf } from './payment-handles';
import type { ReturnsRunReport } from './payment-returns';
import { createPaymentsService, type PaymentsService } from './payments.service';

/*
 * Fault tests of ACH returns and reversals (issue 24: "nothing posts twice, the fault-injection
 * suite extended to returns and reversals"; payment-faults.ts is the same for submissions and
 * postings). Many pay-now ACH payments across the demo borrowers' loans, all from the built-in
 * processor's insufficient-funds test account, are posted and their day's file sealed; two
 * banking days after it settles the bank sends every one back (R01), and the returns are applied
 * under these faults:
 * - the process killed right after the core reversed a payment, before the portal marked it
 *   returned (core.reversePayment reverses, then throws; the next run must find the reversal, not
 *   make another);
 * - killed right after the mark: the mark, the payment's timeline row and the borrower's e-mail
 *   are one statement (payments.repository markPaymentReturned), so there is no step between
 *   marking and e-mail to kill; the kill comes after that statement, before the outbox is
 *   nudged (mail.deliverSoon throws): the e-mail must still go, once;
 * - a database error mid-transaction: triggers fail some of the updates that mark a payment
 *   returned and some of the inserts that queue the borrower's notice (either rolls back the
 *   one statement of mark, timeline row and notice: a notice queued apart after the mark would
 *   be lost, one queued before it sent twice), and some of the core's reversal lines (the
 *   core's reversal transaction rolls back: the days it closed, the replayed lines, the fee);
 * - two app instances on the same database (as two servers) running the returns at once;
 * - repeated runs: the processor answers the same return files again on every run;
 * - a return that arrives while its payment's posting is still in flight (the core was down when
 *   the payment was made): it waits, and is applied once the posting job has posted it.
 * The day's file is sealed before the posting job runs and again after it, so the setup holds
 * whether a bank-account payment posts in its request or only once its debit is filed.
 * Then the proof: every payment is returned exactly once (one 'returned' timeline row, posted
 * once: one 'posted' row, one core payment line, one debit), the core has exactly one reversal
 * line and one returned-payment fee per payment, each loan's principal is back where it was
 * before the payments (less any other payment posted meanwhile: the demo's own), each borrower
 * with an address got one returned-payment e-mail per payment and the one without none, nothing
 * went to staff, and the day's reconciliation balances, the returns agreeing in the portal, the
 * ACH processor and the core. The suite was seen to fail with each guard broken in turn: the
 * mark's status guard, the notice in the mark's statement, the core's once-only reversal (a key
 * per attempt), the wait for a posting in flight, a reversal whose replay kept the payment.
 */

/** The built-in processor's test bank that returns every debit R01 (insufficient funds). */
const INSUFFICIENT_FUNDS = '000222222227';
/** Friday TODAY's file settles Monday the 17th; the returns come two banking days later. */
const RETURN_DAY = '2025-03-19';
const RETURNS_AT = `${RETURN_DAY}T15:00:00.000Z`;
const FEE_CENTS = 500;
/** Payments per database (about 20 s of the test on either, on the 2-core machine). */
const PAYMENTS = 200;
/** Every nth payment is made while the core is down: its posting waits past the return's day. */
const LATE_EVERY = 25;
/**
 * The demo borrowers at Harbor who go straight to the dashboard (sky.bennett has no e-mail
 * address). A borrower or loan that takes no pay-now bank payment (casey.morgan's, a loan not
 * payable online) is left out by the setup.
 */
const BORROWERS = [
  'jordan.rivers',
  'sky.bennett',
  'devon.hayes',
  'robin.hale',
  'taylor.reed',
  'casey.morgan',
];

class InjectedCrash extends Error {}

/** Every nth id (by a stable hash), the first time only. */
function everyNth(n: number) {
  const fired = new Set<string>();
  return (id: string) => {
    if (fired.has(id)) return false;
    let hash = 7;
    for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
    if (hash % n !== 0) return false;
    fired.add(id);
    return true;
  };
}

interface Loan {
  number: string;
  caller: PaymentCaller;
  username: string;
  method: SavedPaymentMethod;
  email: string;
  principalBefore: number;
  /** The institution's first-party fee of a pay-now bank payment on this loan (e-check fee). */
  feeCents: number;
  payments: number;
}

interface Payment {
  id: string;
  loan: Loan;
  cents: number;
  late: boolean;
}

describe.each(testDatabases('both'))(
  'ACH returns and reversals under faults on $name',
  (testDatabase) => {
    let test: TestApp;
    let second: PortalApp;
    let institutionId: number;
    const loans: Loan[] = [];
    const payments: Payment[] = [];
    /** Payments whose posting the core refuses for now (it is down). */
    const coreDown = new Set<string>();
    const crashes = { afterReversal: 0, afterMark: 0 };
    /** The core's last history line before the test's payments. */
    let linesBefore = 0;
    let nudgeFaults = false;
    let nudges = 0;

    function serviceOf(app: PortalApp): PaymentsService {
      const { services } = app;
      const db = test.database.db;
      const settings = (id: number) => services.institutions.settings(id);
      return createPaymentsService({
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
    }

    /** The faults, in each instance's own core and mail service (shared predicates: once per id). */
    const reversalCrash = everyNth(4);
    function injectFaults(app: PortalApp): void {
      const { core, mail } = app.services;
      const post = core.postPayment.bind(core);
      core.postPayment = async (customer, number, payment) => {
        if (coreDown.has(payment.postingKey)) {
          throw new InjectedCrash('core unreachable (connect ETIMEDOUT)');
        }
        return post(customer, number, payment);
      };
      const reverse = core.reversePayment.bind(core);
      core.reversePayment = async (customer, number, reversal) => {
        const result = await reverse(customer, number, reversal);
        if (reversalCrash(reversal.postingKey)) {
          crashes.afterReversal += 1;
          throw new InjectedCrash('killed after the reversal');
        }
        return result;
      };
      const deliverSoon = mail.deliverSoon.bind(mail);
      mail.deliverSoon = () => {
        if (nudgeFaults && (nudges += 1) % 5 === 0) {
          crashes.afterMark += 1;
          throw new InjectedCrash('killed after the mark');
        }
        deliverSoon();
      };
    }

    beforeAll(async () => {
      test = await startTestApp(testDatabase);
      const db = test.database.db;
      second = await buildApp({ db, clock: test.clock, dataProtector: TEST_DATA_PROTECTOR });
      institutionId = (await test.app.services.institutions.resolveHost('localhost'))?.id ?? 0;
      await publishSettingsChange(test.app, 'localhost', {
        shared: {
          achPaymentOptions: {
            requireAchDraftAgreementOption: 'false',
            returnedPaymentFeeCents: String(FEE_CENTS),
          },
        },
      });
      const core = test.app.services.core;
      for (const username of BORROWERS) {
        const user = await db
          .selectFrom('users')
          .innerJoin('customers', 'customers.id', 'users.customer_id')
          .select(['users.id', 'users.customer_id', 'customers.company_number', 'customers.email'])
          .where('users.username', '=', username)
          .where('users.institution_id', '=', institutionId)
          .executeTakeFirstOrThrow();
        const caller: PaymentCaller = {
          institutionId,
          timeZone: 'America/New_York',
          userId: user.id,
          customerId: user.customer_id,
          companyNumber: user.company_number,
        };
        // A borrower none of whose loans takes bank-account payments saves no account: skipped.
        const method = await addAccount(
          { app: test.app, who: await signIn(test.app, { username }) },
          INSUFFICIENT_FUNDS,
        ).catch((error: unknown) => {
          if (String(error).includes('AchNotAllowed')) return undefined;
          throw error;
        });
        if (!method) continue;
        // The borrower's open loans that take bank-account payments online.
        const accounts = await db
          .withTables<CoreTables>()
          .selectFrom('core_accounts')
          .select('number')
          .where('institution_id', '=', institutionId)
          .where('customer_id', '=', user.customer_id)
          .where('type', '=', 0)
          .where('allow_ach', '=', true)
          .where('hidden_from_web', '=', false)
          .where('comment', 'not like', '%CLOSED%')
          .where('host_hold', 'is', null)
          .orderBy('number')
          .execute();
        for (const { number } of accounts) {
          const information = await core.loanInformation(caller, number, TODAY);
          if (!information || information.principalCents <= 0) continue;
          loans.push({
            number,
            caller,
            username,
            method,
            email: user.email,
            principalBefore: information.principalCents,
            feeCents: (await core.paymentTerms(caller, number, TODAY))?.fees.eCheckCents ?? 0,
            payments: 0,
          });
        }
      }
      linesBefore = Number(
        (
          await db
            .withTables<CoreTables>()
            .selectFrom('core_transactions')
            .select((eb) => eb.fn.max('id').as('last'))
            .executeTakeFirst()
        )?.last ?? 0,
      );
      // The faults, in both instances; the database errors by triggers (a sequence counts the
      // calls: it does not roll back with the failed statement).
      injectFaults(test.app);
      injectFaults(second);
      await failEveryNthRow(db, {
        name: 'return_mark_fault',
        every: 7,
        on: 'update',
        table: 'payments',
        when: "new.status = 'returned'",
        message: 'injected database fault (marking returned)',
      });
      await failEveryNthRow(db, {
        name: 'reversal_fault',
        every: 9,
        on: 'insert',
        table: 'core_transactions',
        when: "new.posting_key like 'reversal:%'",
        message: 'injected database fault (reversal line)',
      });
      // The borrower's notice of a return: its insert fails now and then. It is queued in the
      // statement that marks the payment (the mark fails with it); a notice queued apart, after
      // the mark, would be lost.
      await failEveryNthRow(db, {
        name: 'return_mail_fault',
        every: 6,
        on: 'insert',
        table: 'outbox_messages',
        when: "new.subject like '%returned by your bank%'",
        message: 'injected database fault (queueing the notice)',
      });
    }, 180_000);
    afterAll(async () => {
      await second?.close();
      await test?.close();
    });

    it('returns every payment exactly once through crashes, database errors, two instances and repeated runs', async () => {
      const db = test.database.db;
      expect(loans.length).toBeGreaterThanOrEqual(5);
      const services = [serviceOf(test.app), serviceOf(second)];

      // The payments, spread over the loans (and the two instances); a loan that refuses a pay-now
      // bank payment today leaves the rotation.
      const refused = new Set<Loan>();
      for (let index = 0; payments.length < PAYMENTS; index += 1) {
        const open = loans.filter((loan) => !refused.has(loan));
        if (open.length === 0) throw new Error('every loan refused');
        const loan = open[index % open.length] as Loan;
        const key = `return-fault-${String(index).padStart(5, '0')}`;
        const id = paymentIdOf(TEST_DATA_PROTECTOR, { ...loan.caller, key });
        const cents = 100 + (index % 9) * 100 + (index % 4) * 25;
        const late = index % LATE_EVERY === LATE_EVERY - 1;
        if (late) coreDown.add(id);
        const body = paymentBody({
          loan: loan.number,
          method: loan.method,
          amount: cents / 100,
          firstPartyFee: loan.feeCents / 100,
        });
        const request = {
          route: 'immediate',
          paymentType: 'ACH',
          body: PaymentRequest.parse(body),
        } as const;
        try {
          const answer = await (services[index % 2] as PaymentsService).submit(
            loan.caller,
            request,
            key,
          );
          if (!answer.body.HasNoErrors) {
            // Refused as a whole (the loan is not payable by bank account today): not one of ours.
            expect(late).toBe(false);
            refused.add(loan);
            continue;
          }
        } catch (error) {
          // The core was down: the request died after the debit; the posting job finishes it.
          if (!(error instanceof InjectedCrash) || !late) throw error;
        }
        loan.payments += 1;
        payments.push({ id, loan, cents, late });
      }
      const ids = payments.map((payment) => payment.id);
      const lateIds = payments.filter((payment) => payment.late).map((payment) => payment.id);
      const byId = new Map(payments.map((payment) => [payment.id, payment]));

      // The day's file goes to the bank (ACH payments may post only once their debit is filed)
      // and the posts of its payments are queued, as after staff's Make file; then the posting
      // job posts what is not posted yet, then any debit taken meanwhile goes in the day's next
      // file.
      const { achProcessor } = test.app.services;
      expect(await achProcessor.sealNextFile(institutionId, TODAY)).toBeDefined();
      await test.app.services.paymentPosting.queueSentPosts(institutionId);
      await postEverything();
      await achProcessor.sealNextFile(institutionId, TODAY);
      const statuses = async (which: string[]) =>
        (
          await db
            .selectFrom('payments')
            .select(['id', 'status'])
            .where('id', 'in', which)
            .execute()
        ).reduce(
          (counts, row) => counts.set(row.status, (counts.get(row.status) ?? 0) + 1),
          new Map<string, number>(),
        );
      expect(await statuses(ids)).toEqual(
        new Map([
          ['posted', ids.length - lateIds.length],
          ['settling', lateIds.length],
        ]),
      );
      const debits = await achProcessor.listDebits(institutionId, TODAY);
      const ourDebits = debits.filter((debit) => byId.has(debit.idempotencyKey));
      expect(ourDebits).toHaveLength(ids.length);
      expect(ourDebits.every((debit) => debit.filed)).toBe(true);

      // The bank's answers: every run on both instances at once, the first while some postings are
      // still in flight, the later ones after the core came back and the posting job posted them.
      test.clock.set(RETURNS_AT);
      nudgeFaults = true;
      const totals: ReturnsRunReport = {
        returns: 0,
        returned: 0,
        unmatched: 0,
        waiting: 0,
        refused: 0,
        failed: 0,
        notices: 0,
        corrected: 0,
      };
      const add = (report: ReturnsRunReport) => {
        for (const key of Object.keys(totals) as (keyof ReturnsRunReport)[]) {
          totals[key] += report[key];
        }
      };
      let rounds = 0;
      let quiet = 0;
      for (; rounds < 30 && quiet < 2; rounds += 1) {
        const reports = await Promise.all([
          test.app.services.paymentReturns.runOnce(),
          second.services.paymentReturns.runOnce(),
        ]);
        reports.forEach(add);
        if (rounds === 0) {
          // The payments still posting wait; every other return was tried (some failed).
          for (const report of reports) {
            expect(report.waiting).toBe(lateIds.length);
            expect(report.returns).toBeGreaterThanOrEqual(ids.length);
          }
          coreDown.clear();
          // Past the failed attempts' backoff: the posting job posts them, as of their date.
          test.clock.advance(3_600_000);
          nudgeFaults = false;
          await postEverything();
          nudgeFaults = true;
          expect(await statuses(lateIds)).toEqual(new Map([['posted', lateIds.length]]));
        }
        const done = reports.every(
          (report) => report.returned === 0 && report.failed === 0 && report.waiting === 0,
        );
        quiet = done ? quiet + 1 : 0;
      }
      nudgeFaults = false;
      expect(quiet).toBe(2);
      // Returned once each: the instances' reports together count each payment once.
      // (A run killed after the mark counts its entry failed: the mark stands.)
      expect(totals.returned + crashes.afterMark).toBe(ids.length);
      expect(totals.unmatched + totals.refused).toBe(0);
      expect(totals.failed).toBeGreaterThan(0);
      expect(crashes.afterReversal).toBeGreaterThan(0);
      expect(crashes.afterMark).toBeGreaterThan(0);

      await assertReturnedExactlyOnce(ids, byId, rounds, totals);
    }, 600_000);

    /** Runs the posting job on both instances until nothing of ours is left to post now. */
    async function postEverything() {
      for (let round = 0; round < 10; round += 1) {
        const [first, other] = await Promise.all([
          test.app.services.paymentPosting.runOnce(),
          second.services.paymentPosting.runOnce(),
        ]);
        if (first.settled + other.settled === 0) return;
      }
    }

    async function assertReturnedExactlyOnce(
      ids: string[],
      byId: Map<string, Payment>,
      rounds: number,
      totals: ReturnsRunReport,
    ) {
      const db = test.database.db;
      const rows = await db
        .selectFrom('payments')
        .select(['id', 'status', 'reference_number'])
        .where('id', 'in', ids)
        .execute();
      expect(rows).toHaveLength(ids.length);
      expect(rows.filter((row) => row.status !== 'returned')).toEqual([]);

      // The timeline: posted once, returned once.
      const events = await db
        .selectFrom('payment_events')
        .select(['payment_id', 'status'])
        .where('payment_id', 'in', ids)
        .where('status', 'in', ['posted', 'returned'])
        .execute();
      const eventsOf = new Map<string, string[]>();
      for (const event of events) {
        eventsOf.set(event.payment_id, [...(eventsOf.get(event.payment_id) ?? []), event.status]);
      }

      // The core: one payment line and one reversal line per payment; the ACH processor: one debit.
      const lines = await sql<{ key: string; count: string }>`
      select posting_key as key, count(*) as count from core_transactions
      where posting_key like 'payment:%' or posting_key like 'reversal:%'
      group by posting_key`.execute(db);
      const linesByKey = new Map(lines.rows.map((row) => [row.key, Number(row.count)]));
      const reversalsOf = (id: string) =>
        lines.rows
          .filter((row) => row.key.startsWith('reversal:') && row.key.includes(id))
          .reduce((sum, row) => sum + Number(row.count), 0);
      const debitRows = await sql<{ key: string; count: string }>`
      select idempotency_key as key, count(*) as count from ach_debits
      group by idempotency_key`.execute(db);
      const debitsByKey = new Map(debitRows.rows.map((row) => [row.key, Number(row.count)]));

      // The e-mails queued (all sent once the outbox ran), found by confirmation number.
      while ((await test.app.services.outbox.runOnce()) > 0) {
        // Until the outbox is empty.
      }
      const messages = (
        await db
          .selectFrom('outbox_messages')
          .select(['subject', 'body', 'status', 'to_address'])
          .where('institution_id', '=', institutionId)
          .execute()
      )
        .filter((message) => message.subject.includes('returned by your bank'))
        .map((message) => ({ ...message, body: openMailBody(TEST_DATA_PROTECTOR, message.body) }));
      let mails = 0;
      for (const row of rows) {
        const payment = byId.get(row.id) as Payment;
        const told = messages.filter((message) => message.body.includes(row.reference_number));
        mails += told.length;
        expect({
          id: row.id,
          timeline: (eventsOf.get(row.id) ?? []).sort(),
          paymentLines: linesByKey.get(`payment:${row.id}`) ?? 0,
          reversalLines: reversalsOf(row.id),
          debits: debitsByKey.get(row.id) ?? 0,
          mails: told.map((message) => [message.to_address, message.status]),
        }).toEqual({
          id: row.id,
          timeline: ['posted', 'returned'],
          paymentLines: 1,
          reversalLines: 1,
          debits: 1,
          mails: payment.loan.email ? [[payment.loan.email, 'sent']] : [],
        });
      }
      expect(mails).toBeGreaterThan(0);

      // Each loan: its principal back where it was before the payments, one fee per return.
      const fees = await sql<{ number: string; count: string }>`
      select a.number as number, count(*) as count from core_transactions t
      join core_accounts a on a.id = t.account_id
      where a.institution_id = ${institutionId} and t.description = 'Returned payment fee'
      group by a.number`.execute(db);
      const feesOf = new Map(fees.rows.map((row) => [row.number, Number(row.count)]));
      // Other payments posted meanwhile (the demo's own scheduled and recurring ones) stand.
      const others = await db
        .withTables<CoreTables>()
        .selectFrom('core_transactions')
        .innerJoin('core_accounts', 'core_accounts.id', 'core_transactions.account_id')
        .select(['core_accounts.number', 'core_transactions.posting_key', 'principal_cents'])
        .where('core_transactions.id', '>', linesBefore)
        .where('kind', '=', 'payment')
        .execute();
      const othersOf = (number: string) =>
        others
          .filter(
            (line) =>
              line.number === number && !byId.has((line.posting_key ?? '').replace('payment:', '')),
          )
          .reduce((sum, line) => sum + line.principal_cents, 0);
      const core = test.app.services.core;
      for (const loan of loans) {
        const information = await core.loanInformation(loan.caller, loan.number, RETURN_DAY);
        expect({
          loan: loan.number,
          principal: information?.principalCents,
          fees: feesOf.get(loan.number) ?? 0,
        }).toEqual({
          loan: loan.number,
          principal: loan.principalBefore - othersOf(loan.number),
          fees: loan.payments,
        });
      }

      // Nothing went to staff: every return matched its payment and the core took each back.
      const items = await test.app.services.workQueue.list({ institutionId, kind: 'achReturn' });
      expect(items).toEqual([]);

      // The day's reconciliation balances: no mismatch; the returns agree in all three systems.
      const run = await test.app.services.reconciliation.reconcile(institutionId, TODAY, 'staff');
      expect(run.mismatches).toEqual([]);
      // The bank took back the payments' totals; the core had credited the amounts (the
      // first-party fees are the institution's, not the loan's).
      const sum = (cents: (payment: Payment) => number) =>
        [...byId.values()].reduce((total, payment) => total + cents(payment), 0);
      const debited = { count: ids.length, cents: sum((p) => p.cents + p.loan.feeCents) };
      const credited = { count: ids.length, cents: sum((p) => p.cents) };
      expect(run.totals.returned).toEqual({ portal: debited, ach: debited, core: credited });

      // The statements the triggers failed (each nth call of a counter that never rolls back).
      const faultsOf = async (sequence: string, every: number) => {
        const { rows: counted } = await sql<{ value: string; called: boolean }>`
        select last_value as value, is_called as called from ${sql.raw(sequence)}`.execute(db);
        const row = counted[0];
        return row?.called ? Math.floor(Number(row.value) / every) : 0;
      };
      const markFaults = await faultsOf('return_mark_fault_counter', 7);
      const reversalFaults = await faultsOf('reversal_fault_counter', 9);
      const mailFaults = await faultsOf('return_mail_fault_counter', 6);
      expect(markFaults).toBeGreaterThan(0);
      expect(reversalFaults).toBeGreaterThan(0);
      expect(mailFaults).toBeGreaterThan(0);
      const paid = loans.filter((loan) => loan.payments > 0);
      console.info(
        `return faults on ${testDatabase.name}: ${ids.length} ACH payments on ${paid.length} loans ` +
          `of ${new Set(paid.map((loan) => loan.username)).size} borrowers returned R01 (` +
          `${[...byId.values()].filter((payment) => payment.late).length} posted only after ` +
          `their return came in); ${rounds} runs on 2 instances at once answered ` +
          `${totals.returns} returns: ${totals.returned} applied, ${totals.failed} failed and ` +
          `retried, ${totals.waiting} waited; injected ${crashes.afterReversal} crashes after the ` +
          `core's reversal, ${crashes.afterMark} after the mark, ${markFaults} database errors ` +
          `marking, ${mailFaults} queueing the notice and ${reversalFaults} in the core's ` +
          `reversal; every payment returned exactly once: 1 returned row, 1 core payment line, ` +
          `1 reversal line, 1 fee, 1 debit, and ${mails} notices sent, 1 to each address ` +
          `(${ids.length - mails} payments of a borrower without one: none); principal restored ` +
          `on every loan; nothing to staff; reconciliation: 0 mismatches`,
      );
    }
  },
);
