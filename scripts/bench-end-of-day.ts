// The built-in core's end of day for 10,000 loans on PGlite (files in a temporary folder, as
// production keeps them): how long the worker takes to close one business day, then the next.
// A benchmark, not a test: the target (end of day for 10,000 loans ≤ 60 s on PGlite) is
// reported, not asserted. Prints one JSON line last (scripts/bench.mjs reads it).
//
//   npx tsx scripts/bench-end-of-day.ts
//
// Set-up (not measured): one institution (America/New_York) created as the admin API creates
// it, 2,500 customers written as the demo seed writes them, and 4 loans each opened through the
// demo seed's own `openDemoAccount`, so each loan's past is run day by day through the core's
// rules (`closeLoanDay`). To keep the set-up short the loans were opened 1 to 3 months before the
// measured day (not years), their opening days spread over the month so that due dates,
// statement dates and late-fee dates fall on every day of the month. Borrowers mostly pay on
// time; some stopped paying (late fees follow), some paid ahead, a few paid off (closed loans are
// still visited by the end of day).
//
// Measured: the end-of-day worker's `runOnce` with the clock at 00:10 in New York, which closes
// the previous day through `core.endOfDay` (as the job queue calls it each night), for two
// consecutive days.
import { addDays, calendarDateIn, type CalendarDate } from '@portal/domain';
import { createSettingsAccessor, type InstitutionConfiguration } from '@portal/settings-schema';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBuiltinCore } from '../server/src/core/builtin/builtin-core';
import { openDemoAccount, type DemoLoanDefinition } from '../server/src/core/builtin/core-seed';
import type { LoanBehaviour } from '../server/src/core/builtin/demo-history';
import { createDatabase } from '../server/src/db/create-database';
import { migrateToLatest } from '../server/src/db/migrate';
import { demoAccountNumber } from '../server/src/demo/demo-accounts';
import { demoAddress } from '../server/src/demo/demo-users';
import { insertInstitution } from '../server/src/modules/institutions/institutions.repository';
import { createEndOfDayWorker } from '../server/src/modules/jobs/end-of-day';
import { createTestClock } from '../server/src/testing/clock';
import type { CoreTables } from '../server/src/core/builtin/core.schema';

const CUSTOMERS = 2_500;
const LOANS_PER_CUSTOMER = 4;
const LOANS = CUSTOMERS * LOANS_PER_CUSTOMER;
/** Customers (and their loans) written per transaction during the set-up. */
const CUSTOMERS_PER_TRANSACTION = 250;
const TIME_ZONE = 'America/New_York';
const BRANCH = '001';
/**
 * The set-up's "now": 10:00 in New York on the first measured day (the loans' history runs to the
 * day before). Statement dates are 15 days before due dates, so the 16th (due on the 31st) is a
 * thin statement day; the 17th and 18th are typical ones.
 */
const SEED_NOW = '2025-06-17T14:00:00.000Z';
const DAYS_MEASURED = 2;
/** Payments dated a closed day, credited as of it by a replay (issue 24). */
const BACKDATED_PAYMENTS = 100;

const elapsedMs = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e6;

/** A small deterministic generator: the same loans every run. */
let seed = 20_250_616;
function random(): number {
  seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
  return seed / 2 ** 32;
}
function pick<T>(values: readonly T[]): T {
  const value = values[Math.floor(random() * values.length)];
  if (value === undefined) throw new Error('pick from an empty list');
  return value;
}

const PRODUCTS = [
  { description: 'Auto Loan', min: 800_000, max: 4_500_000, terms: [48, 60, 72] },
  { description: 'Personal Loan', min: 300_000, max: 2_500_000, terms: [24, 36, 48] },
  { description: 'Home Improvement Loan', min: 1_000_000, max: 7_500_000, terms: [60, 84, 120] },
  { description: 'Recreational Vehicle Loan', min: 1_500_000, max: 6_000_000, terms: [84, 120] },
] as const;

function behaviour(): LoanBehaviour {
  const draw = random();
  if (draw < 0.7) return { kind: 'onTime' };
  if (draw < 0.88) return { kind: 'pastDue', missed: draw < 0.82 ? 1 : 2 };
  if (draw < 0.95) {
    return {
      kind: 'paidAhead',
      installments: 1 + Math.floor(random() * 2),
      daysAgo: 5 + Math.floor(random() * 15),
    };
  }
  return { kind: 'paidOff', daysAgo: 3 + Math.floor(random() * 20) };
}

function loanDefinition(index: number): DemoLoanDefinition {
  const product = pick(PRODUCTS);
  const principal = product.min + Math.round((random() * (product.max - product.min)) / 100) * 100;
  return {
    kind: 'loan',
    account: String(100_000 + index),
    type: 0,
    description: product.description,
    statementPreference: random() < 0.8 ? 'ElectronicOnly' : 'PaperOnly',
    principalCents: principal,
    rateHundredths: 399 + Math.floor(random() * 1_500),
    termPayments: pick(product.terms),
    frequency: 'monthly',
    // 1 to 3 months back, the day spread over the month: due dates on every day of the month.
    openedMonthsAgo: 1 + Math.floor(random() * 3),
    openedDayOffset: -Math.floor(random() * 28),
    graceDays: pick([10, 10, 15]),
    lateFeeCents: pick([2_500, 3_500, 3_900]),
    behaviour: behaviour(),
  };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-eod-'));
  const database = await createDatabase({ dataDir });
  const { db } = database;
  try {
    const clock = createTestClock(SEED_NOW);
    const setupStarted = process.hrtime.bigint();
    await migrateToLatest(db);
    const document: InstitutionConfiguration = { shared: {}, english: {} };
    // A dedicated institution (not the demo seed's three, whose few demo loans would be counted too).
    const institutionId = await insertInstitution(db, {
      slug: 'bench',
      name: 'Bench Savings Bank',
      cdnFolder: 'bench',
      timeZone: TIME_ZONE,
      hosts: ['bench.localhost'],
      document,
      comment: 'End-of-day benchmark',
      createdBy: 'bench',
      at: clock.now(),
    });
    const now = clock.now();
    const today = calendarDateIn(TIME_ZONE, now);
    let opened = 0;
    for (let first = 0; first < CUSTOMERS; first += CUSTOMERS_PER_TRANSACTION) {
      await db.transaction().execute(async (trx) => {
        for (let customer = first; customer < first + CUSTOMERS_PER_TRANSACTION; customer += 1) {
          const zip = String(4_101 + (customer % 9)).padStart(5, '0');
          const name = `Borrower ${customer + 1}`;
          const { id: customerId } = await trx
            .insertInto('customers')
            .values({
              institution_id: institutionId,
              first_name: 'Borrower',
              last_name: String(customer + 1),
              personal_name: name,
              email: `borrower${customer + 1}@example.test`,
              ssn_encrypted: null,
              ssn_blind_index: null,
              zip,
              servicing_branch: BRANCH,
              created_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          for (let loan = 0; loan < LOANS_PER_CUSTOMER; loan += 1) {
            const definition = loanDefinition(customer * LOANS_PER_CUSTOMER + loan);
            await openDemoAccount(
              trx.withTables<CoreTables>(),
              {
                institutionId,
                customerId,
                number: demoAccountNumber(BRANCH, definition.account),
                nameOnAccount: name,
                address: demoAddress(zip),
                today,
                now,
              },
              definition,
            );
            opened += 1;
          }
        }
      });
    }
    const setupMs = elapsedMs(setupStarted);
    const historyLines = await db
      .withTables<CoreTables>()
      .selectFrom('core_transactions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const storedStatements = await db
      .withTables<CoreTables>()
      .selectFrom('core_statements')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    console.log(
      `Set-up: ${opened} loans of ${CUSTOMERS} customers opened in ${(setupMs / 1000).toFixed(1)} s ` +
        `(${historyLines.count} history lines, ${storedStatements.count} statements)`,
    );

    const core = createBuiltinCore({
      db: db.withTables<CoreTables>(),
      clock,
      branding: async () => ({ institutionName: 'Bench Savings Bank', primaryColor: '#1f4e79' }),
    });
    const settings = createSettingsAccessor({ shared: {}, english: {} });
    const worker = createEndOfDayWorker({
      db,
      clock,
      coreDays: core,
      settings: async () => settings,
    });

    const days: {
      date: CalendarDate;
      ms: number;
      loans: number;
      statements: number;
      lateFees: number;
      interestCents: number;
      interestRows: number;
      transactions: number;
    }[] = [];
    for (let run = 0; run < DAYS_MEASURED; run += 1) {
      // 00:10 in New York (EDT) the day after: the end of day of `today + run` is due.
      clock.set(`${addDays(today, run + 1)}T04:10:00.000Z`);
      const started = process.hrtime.bigint();
      const reports = await worker.runOnce();
      const ms = elapsedMs(started);
      const report = reports[0];
      if (reports.length !== 1 || !report) {
        throw new Error(`expected one day closed, got ${JSON.stringify(reports)}`);
      }
      // What the run posted that day, by kind (history ends the day before the first run).
      const posted = await db
        .withTables<CoreTables>()
        .selectFrom('core_transactions')
        .innerJoin('core_accounts', 'core_accounts.id', 'core_transactions.account_id')
        .select(['core_transactions.kind', (eb) => eb.fn.countAll<number>().as('count')])
        .where('core_accounts.institution_id', '=', institutionId)
        .where('core_transactions.date', '=', report.date)
        .groupBy('core_transactions.kind')
        .execute();
      const interestRows = posted.find((row) => row.kind === 'interest')?.count ?? 0;
      const transactions = posted.reduce((total, row) => total + Number(row.count), 0);
      days.push({
        date: report.date,
        ms,
        loans: report.loans,
        statements: report.statements,
        lateFees: report.lateFees,
        interestCents: report.interestCents,
        interestRows: Number(interestRows),
        transactions,
      });
      console.log(
        `End of day ${report.date}: ${(ms / 1000).toFixed(2)} s for ${report.loans} loans ` +
          `(${(ms / report.loans).toFixed(2)} ms a loan); ${report.statements} statements, ` +
          `${report.lateFees} late fees, ${interestRows} interest lines, ` +
          `${transactions} lines posted, interest accrued $${(report.interestCents / 100).toFixed(2)}`,
      );
    }

    // Issue 24: 100 payments dated the first measured day, posted after two more days closed,
    // are each credited as of their date by a replay of their loan; then the next night's end of
    // day. Reported against the nights above (target: within 2x a night's end of day).
    const candidates = await db
      .withTables<CoreTables>()
      .selectFrom('core_accounts')
      .select(['number', 'customer_id'])
      .where('institution_id', '=', institutionId)
      .where('type', '=', 0)
      .orderBy('id')
      .limit(400)
      .execute();
    const backdated = days[0]?.date ?? today;
    let replays = 0;
    const replayStarted = process.hrtime.bigint();
    for (const loan of candidates) {
      if (replays === BACKDATED_PAYMENTS) break;
      const posted = await core.postPayment(
        { institutionId, customerId: loan.customer_id },
        loan.number,
        {
          postingKey: `bench-backdated-${loan.number}`,
          date: backdated,
          amountCents: 5_000,
          additionalPrincipalCents: 0,
          method: 'ach',
        },
      );
      if (posted.status === 'posted') replays += 1;
    }
    const replayMs = elapsedMs(replayStarted);
    clock.set(`${addDays(today, DAYS_MEASURED + 1)}T04:10:00.000Z`);
    const nightStarted = process.hrtime.bigint();
    const afterReplays = await worker.runOnce();
    const nightMs = elapsedMs(nightStarted);
    console.log(
      `${replays} payments dated ${backdated} posted ${DAYS_MEASURED} days later (each a replay): ` +
        `${(replayMs / 1000).toFixed(2)} s; the next end of day ${afterReplays[0]?.date}: ` +
        `${(nightMs / 1000).toFixed(2)} s`,
    );

    // The end of day stores each statement's figures; its PDF is rendered when it is opened. How
    // long rendering the first day's statements would take, for comparison (not part of the run).
    const firstDay = days[0]?.date ?? today;
    const statements = await db
      .withTables<CoreTables>()
      .selectFrom('core_statements')
      .innerJoin('core_accounts', 'core_accounts.id', 'core_statements.account_id')
      .select(['core_statements.id', 'core_accounts.number', 'core_accounts.customer_id'])
      .where('core_accounts.institution_id', '=', institutionId)
      .where('core_statements.date', '=', firstDay)
      .execute();
    const pdfStarted = process.hrtime.bigint();
    let pdfBytes = 0;
    for (const statement of statements) {
      const pdf = await core.statementDocument(
        { institutionId, customerId: statement.customer_id },
        statement.number,
        String(statement.id),
      );
      if (!pdf) throw new Error(`statement ${statement.id} did not render`);
      pdfBytes += pdf.byteLength;
    }
    const statementPdfMs = elapsedMs(pdfStarted);
    console.log(
      `Rendering the ${statements.length} statements of ${firstDay} as PDF (on demand, not in the run): ` +
        `${(statementPdfMs / 1000).toFixed(2)} s, ${(pdfBytes / Math.max(1, statements.length) / 1024).toFixed(1)} KB each`,
    );

    console.log(
      JSON.stringify({
        loans: LOANS,
        customers: CUSTOMERS,
        setupMs: Math.round(setupMs),
        days: days.map((day) => day.date),
        endOfDayMs: days.map((day) => Math.round(day.ms)),
        loansProcessed: days.map((day) => day.loans),
        statements: days.map((day) => day.statements),
        lateFees: days.map((day) => day.lateFees),
        interestRows: days.map((day) => day.interestRows),
        linesPosted: days.map((day) => day.transactions),
        interestCents: days.map((day) => day.interestCents),
        statementPdfs: statements.length,
        statementPdfMs: Math.round(statementPdfMs),
        backdatedPayments: replays,
        replayMs: Math.round(replayMs),
        endOfDayAfterReplaysMs: Math.round(nightMs),
      }),
    );
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
