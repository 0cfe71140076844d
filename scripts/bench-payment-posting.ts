// Posting 10,000 due payments on PGlite (files in a temporary folder, as production keeps them):
// how long the payment posting worker takes to settle a day's scheduled payments. A benchmark,
// not a test: the target (10,000 due payments posted ≤ 60 s on PGlite, issue 10) is reported,
// not asserted. Prints one JSON line last (scripts/bench.mjs reads it).
//
//   npx tsx scripts/bench-payment-posting.ts        (BENCH_POSTING_PAYMENTS, default 10000)
//
// Set-up (not measured): the demo seed (Harbor, America/New_York), then at Harbor 2,500 bench
// customers, each with an online user, a saved card (the built-in processor's token of the public
// test card 4242 4242 4242 4242) and a bank account (Harbor's demo routing number, the account
// number sealed as the payment methods module seals it), and 2 loans each opened through the demo
// seed's own `openDemoAccount` (1 to 3 months of history, so their due dates fall on every day of
// the month). Then 10,000 scheduled payments dated today, 2 a loan, half by card and half by
// bank account, written as an accepted scheduled submission writes them (status 'scheduled',
// the method's snapshot, the id and reference number made the same way). Amounts are $20 to
// $60, well inside every loan's payoff, with no additional principal, so the core accepts all.
//
// Measured: `services.paymentPosting.runOnce()` of the app built on that database (the server's
// own code: the job queue, the built-in card and ACH processors, the built-in core, the receipt
// in the outbox) with the clock at 10:00 in New York, run after run until every payment is posted:
// each run queues one post job per due payment (at most 5,000 an institution, as every minute's
// due job does), then runs the post queue until it is empty.
import { calendarDateIn } from '@portal/domain';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/src/app';
import { openDemoAccount, type DemoLoanDefinition } from '../server/src/core/builtin/core-seed';
import { createPgliteDatabase } from '../server/src/db/create-database';
import { migrateToLatest } from '../server/src/db/migrate';
import { demoAccountNumber } from '../server/src/demo/demo-accounts';
import { demoAddress } from '../server/src/demo/demo-users';
import { seedDemoData } from '../server/src/demo/seed-demo-data';
import { createDataProtector } from '../server/src/lib/data-protection';
import { referenceNumberOf } from '../server/src/modules/payments/payment-handles';
import type { NewPaymentRow } from '../server/src/modules/payments/payments.repository';
import { createTestClock } from '../server/src/testing/clock';
import type { CoreTables } from '../server/src/core/builtin/core.schema';

const PAYMENTS = Number(process.env.BENCH_POSTING_PAYMENTS ?? 10_000);
const PAYMENTS_PER_LOAN = 2;
const LOANS_PER_CUSTOMER = 2;
const CUSTOMERS = Math.ceil(PAYMENTS / PAYMENTS_PER_LOAN / LOANS_PER_CUSTOMER);
const CUSTOMERS_PER_TRANSACTION = 250;
const PAYMENTS_PER_INSERT = 500;
/** Harbor's branch (its demo account numbers start with 001-). */
const BRANCH = '001';
/** A Tuesday, 10:00 in New York: a business day, outside the nightly window. */
const NOW = '2025-06-17T14:00:00.000Z';
const TEST_CARD = '4242424242424242';
/** Harbor Community Bank's demo routing number (the bundled routing directory has it). */
const ROUTING_NUMBER = '011099990';

const elapsedMs = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e6;

let seed = 20_261_126;
function random(): number {
  seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
  return seed / 2 ** 32;
}

function loanDefinition(index: number): DemoLoanDefinition {
  const principal = 1_000_000 + Math.round(random() * 30_000) * 100;
  return {
    kind: 'loan',
    // The bench's own account numbers (the demo seed's are below 999,999 in other ranges).
    account: String(600_000 + index),
    type: 0,
    description: 'Auto Loan',
    statementPreference: 'ElectronicOnly',
    principalCents: principal,
    rateHundredths: 399 + Math.floor(random() * 1_000),
    termPayments: 60,
    frequency: 'monthly',
    openedMonthsAgo: 1 + Math.floor(random() * 3),
    openedDayOffset: -Math.floor(random() * 28),
    graceDays: 10,
    lateFeeCents: 2_500,
    // Mostly current; some behind (a payment then pays the late charge and interest first).
    behaviour: random() < 0.85 ? { kind: 'onTime' } : { kind: 'pastDue', missed: 1 },
  };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-posting-'));
  const database = await createPgliteDatabase({ dataDir });
  const { db } = database;
  const clock = createTestClock(NOW);
  const dataProtector = createDataProtector(randomBytes(32));
  try {
    const setupStarted = process.hrtime.bigint();
    await migrateToLatest(db);
    await seedDemoData(db, { clock, dataProtector });
    const app = await buildApp({ db, clock, dataProtector, logger: false });
    await app.ready();
    const { services } = app;
    const harbor = await services.institutions.resolveHost('localhost');
    if (!harbor) throw new Error('no Harbor institution');
    const institutionId = harbor.id;
    const timeZone = (await services.institutions.findById(institutionId))?.timeZone;
    if (!timeZone) throw new Error('no Harbor time zone');
    const now = clock.now();
    const today = calendarDateIn(timeZone, now);

    interface BenchLoan {
      number: string;
      userId: string;
      customerId: string;
      cardToken: string;
      accountSealed: string;
      ownerSealed: string;
    }
    const loans: BenchLoan[] = [];
    for (let first = 0; first < CUSTOMERS; first += CUSTOMERS_PER_TRANSACTION) {
      const last = Math.min(CUSTOMERS, first + CUSTOMERS_PER_TRANSACTION);
      // The processor's tokens first (its own tables, its own transactions).
      const tokens: string[] = [];
      for (let customer = first; customer < last; customer += 1) {
        const tokenized = await services.cardProcessor.tokenize({
          institutionId,
          card: {
            number: TEST_CARD,
            expiration: '12/29',
            securityCode: '739',
            holderFirstName: 'Bench',
            holderLastName: 'Borrower',
            zipCode: '04101',
          },
        });
        if (tokenized.status !== 'approved') {
          throw new Error(`the test card did not tokenize: ${tokenized.error}`);
        }
        tokens.push(tokenized.token);
      }
      await db.transaction().execute(async (trx) => {
        for (let customer = first; customer < last; customer += 1) {
          const zip = String(4_101 + (customer % 7)).padStart(5, '0');
          const name = `Bench Borrower ${customer + 1}`;
          const { id: customerId } = await trx
            .insertInto('customers')
            .values({
              institution_id: institutionId,
              first_name: 'Bench',
              last_name: `Borrower ${customer + 1}`,
              personal_name: name,
              email: `bench.borrower${customer + 1}@example.test`,
              ssn_encrypted: null,
              ssn_blind_index: null,
              zip,
              servicing_branch: BRANCH,
              created_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const { id: userId } = await trx
            .insertInto('users')
            .values({
              institution_id: institutionId,
              customer_id: customerId,
              username: `bench.borrower${customer + 1}`,
              password_hash: null,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const accountNumber = String(70_000_000 + customer);
          for (let loan = 0; loan < LOANS_PER_CUSTOMER; loan += 1) {
            const definition = loanDefinition(customer * LOANS_PER_CUSTOMER + loan);
            const number = demoAccountNumber(BRANCH, definition.account);
            await openDemoAccount(
              trx.withTables<CoreTables>(),
              {
                institutionId,
                customerId,
                number,
                nameOnAccount: name,
                address: demoAddress(zip),
                today,
                now,
              },
              definition,
            );
            loans.push({
              number,
              userId,
              customerId,
              cardToken: tokens[customer - first] ?? '',
              accountSealed: dataProtector.encrypt(accountNumber),
              ownerSealed: dataProtector.encrypt(name),
            });
          }
        }
      });
    }
    const customersMs = elapsedMs(setupStarted);

    const rows: NewPaymentRow[] = [];
    for (let index = 0; index < PAYMENTS; index += 1) {
      const loan = loans[index % loans.length];
      if (!loan) throw new Error('no loan');
      const id = randomUUID();
      const isCard = index % 2 === 0;
      rows.push({
        id,
        institution_id: institutionId,
        user_id: loan.userId,
        customer_id: loan.customerId,
        loan_number: loan.number,
        reference_number: referenceNumberOf(dataProtector, id),
        kind: 'scheduled',
        recurring_payment_id: null,
        pay_date: today,
        amount_cents: 2_000 + Math.floor(random() * 4_000),
        additional_principal_cents: 0,
        first_party_fee_cents: 0,
        third_party_fee_cents: 0,
        payment_method_id: null,
        is_card: isCard,
        last_four: isCard ? TEST_CARD.slice(-4) : loan.number.replace(/\D/g, '').slice(-4),
        card_type: isCard ? 'visa' : null,
        debit_credit_type: isCard ? 'CreditCard' : null,
        processor_token: isCard ? loan.cardToken : null,
        ach_account_type: isCard ? null : 'Checking',
        routing_number: isCard ? null : ROUTING_NUMBER,
        account_number_sealed: isCard ? null : loan.accountSealed,
        owner_name_sealed: isCard ? null : loan.ownerSealed,
        status: 'scheduled',
        created_at: new Date(now.getTime() - 86_400_000 * 3),
      });
    }
    for (let first = 0; first < rows.length; first += PAYMENTS_PER_INSERT) {
      await db
        .insertInto('payments')
        .values(rows.slice(first, first + PAYMENTS_PER_INSERT))
        .execute();
    }
    const setupMs = elapsedMs(setupStarted);
    console.log(
      `Set-up: ${loans.length} loans of ${CUSTOMERS} customers in ${(customersMs / 1000).toFixed(1)} s, ` +
        `${rows.length} scheduled payments dated ${today} (total ${(setupMs / 1000).toFixed(1)} s)`,
    );

    // BENCH_POSTING_PROFILE=1: the database's time by statement (PGlite runs in this thread, so
    // the rest of the run is our code), to see where the time goes.
    const profile = new Map<string, { count: number; ms: number }>();
    const unwatch = process.env.BENCH_POSTING_PROFILE
      ? database.watchStatements?.((text, ms) => {
          const key = text.replace(/\s+/g, ' ').slice(0, 150);
          const entry = profile.get(key) ?? { count: 0, ms: 0 };
          entry.count += 1;
          entry.ms += ms;
          profile.set(key, entry);
        })
      : undefined;
    // BENCH_POSTING_CPU_PROFILE=<file>: a CPU profile of the run alone (Chrome DevTools reads it).
    const profilePath = process.env.BENCH_POSTING_CPU_PROFILE;
    const inspector = profilePath ? new Session() : undefined;
    const post = (method: string, params?: object) =>
      new Promise<unknown>((resolve, reject) =>
        inspector?.post(method, params, (error, result) =>
          error ? reject(error) : resolve(result),
        ),
      );
    if (inspector) {
      inspector.connect();
      await post('Profiler.enable');
      await post('Profiler.setSamplingInterval', { interval: 200 });
      await post('Profiler.start');
    }
    // A run queues at most 5,000 payments of an institution (payment-posting.ts RUN_LIMIT); the
    // due job runs every minute, so the next run takes the rest. Runs follow each other here.
    const started = process.hrtime.bigint();
    // The process's CPU time too: on a machine shared with other work the wall time waits for
    // the processor, the CPU time much less (PGlite runs in this thread).
    const cpuStarted = process.cpuUsage();
    const report = { runs: 0, queued: 0, settled: 0 };
    for (;;) {
      const run = await services.paymentPosting.runOnce();
      report.runs += 1;
      report.queued += run.queued;
      report.settled += run.settled;
      if (run.queued === 0 && run.settled === 0) break;
    }
    const postingMs = elapsedMs(started);
    const cpu = process.cpuUsage(cpuStarted);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    if (inspector && profilePath) {
      const { profile: cpuProfile } = (await post('Profiler.stop')) as { profile: unknown };
      writeFileSync(profilePath, JSON.stringify(cpuProfile));
      inspector.disconnect();
    }
    if (process.env.BENCH_POSTING_PROFILE) {
      unwatch?.();
      const sorted = [...profile.entries()].sort((a, b) => b[1].ms - a[1].ms);
      const statements = sorted.reduce((total, [, entry]) => total + entry.count, 0);
      const databaseMs = sorted.reduce((total, [, entry]) => total + entry.ms, 0);
      console.log(
        `Statements: ${statements} (${(statements / PAYMENTS).toFixed(1)} a payment), ` +
          `${(databaseMs / 1000).toFixed(2)} s in the database`,
      );
      for (const [text, entry] of sorted.slice(0, 40)) {
        console.log(
          `${entry.ms.toFixed(0).padStart(7)} ms ${String(entry.count).padStart(6)}x  ${text}`,
        );
      }
    }

    const counts = await db
      .selectFrom('payments')
      .select(['status', (eb) => eb.fn.countAll<string>().as('count')])
      .where('institution_id', '=', institutionId)
      .groupBy('status')
      .execute();
    const byStatus = Object.fromEntries(counts.map((row) => [row.status, Number(row.count)]));
    const coreLines = await db
      .withTables<CoreTables>()
      .selectFrom('core_transactions')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('posting_key', 'is not', null)
      .executeTakeFirstOrThrow();
    const receipts = await db
      .selectFrom('outbox_messages')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    const posted = byStatus.posted ?? 0;
    console.log(
      `Posting: ${(postingMs / 1000).toFixed(2)} s for ${PAYMENTS} payments ` +
        `(${(postingMs / PAYMENTS).toFixed(2)} ms a payment; CPU ${(cpuMs / 1000).toFixed(2)} s); ${report.runs} runs, queued ${report.queued}, settled ${report.settled}; ` +
        `statuses ${JSON.stringify(byStatus)}; core postings ${coreLines.count}; outbox ${receipts.count}`,
    );
    await app.close();
    console.log(
      JSON.stringify({
        payments: PAYMENTS,
        loans: loans.length,
        customers: CUSTOMERS,
        setupMs: Math.round(setupMs),
        postingMs: Math.round(postingMs),
        cpuMs: Math.round(cpuMs),
        msPerPayment: Number((postingMs / PAYMENTS).toFixed(2)),
        runs: report.runs,
        queued: report.queued,
        settled: report.settled,
        statuses: byStatus,
        corePostings: Number(coreLines.count),
        allPosted: posted === PAYMENTS,
      }),
    );
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
