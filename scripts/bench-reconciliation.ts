// Reconciling a day of 10,000 payments on PGlite (files in a temporary folder, as production keeps
// them): how long the daily reconciliation takes to match the portal's payments with the built-in
// core's postings, card charges and ACH debits. A benchmark, not a test: the target (a day of
// 10,000 payments reconciled in ≤ 30 s on PGlite, issue 24) is reported, not asserted. Prints one
// JSON line last (scripts/bench.mjs reads it).
//
//   npx tsx scripts/bench-reconciliation.ts        (BENCH_RECONCILIATION_PAYMENTS, default 10000)
//
// Set-up (not measured): the demo seed (Harbor, America/New_York), then, written directly into
// each system's tables as the payment settlement leaves them: 10,000 posted payments dated today
// (half by card, half by bank account, $20 to $60, some with a fee), each with its approved card
// charge or its ACH debit, and its payment line in the built-in core under `payment:<id>` (on the
// demo loans: the reconciliation reads the lines, it does not replay them). Plus 10,000 payments
// of the day before and after, each with its own items, so the run's reads see other days too.
//
// Measured: `reconcile(harbor, today)` of the reconciliation service on the app's own card and ACH
// processors and the built-in core's postings: its reads of the three days from each system, the
// matching and the run's write. Run twice (the second replaces the first, as a staff re-run does);
// both figures are reported.
import { addDays, calendarDateIn } from '@portal/domain';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/src/app';
import type { CoreTables } from '../server/src/core/builtin/core.schema';
import { createPgliteDatabase } from '../server/src/db/create-database';
import { migrateToLatest } from '../server/src/db/migrate';
import { seedDemoData } from '../server/src/demo/seed-demo-data';
import { createDataProtector } from '../server/src/lib/data-protection';
import { createReconciliationService } from '../server/src/modules/reconciliation/reconciliation.service';
import { createTestClock } from '../server/src/testing/clock';

const PAYMENTS = Number(process.env.BENCH_RECONCILIATION_PAYMENTS ?? 10_000);
const ROWS_PER_INSERT = 500;
/** A Wednesday, 23:30 in New York: the day is over (its end of day comes at night). */
const NOW = '2025-06-19T03:30:00.000Z';
const ROUTING_NUMBER = '011099990';

const elapsedMs = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e6;

let seed = 20_261_130;
function random(): number {
  seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
  return seed / 2 ** 32;
}

/** Letters only, as the built-in processor's charge ids are. */
function letters(index: number): string {
  let text = '';
  let rest = index;
  for (let place = 0; place < 8; place += 1) {
    text += String.fromCharCode(97 + (rest % 26));
    rest = Math.floor(rest / 26);
  }
  return text;
}

async function inChunks<T>(rows: T[], write: (chunk: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await write(rows.slice(start, start + ROWS_PER_INSERT));
  }
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-reconciliation-'));
  const database = await createPgliteDatabase({ dataDir });
  const { db } = database;
  const clock = createTestClock(NOW);
  const dataProtector = createDataProtector(randomBytes(32));
  try {
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

    const user = await db
      .selectFrom('users')
      .select(['id', 'customer_id'])
      .where('institution_id', '=', institutionId)
      .where('username', '=', 'jordan.rivers')
      .executeTakeFirstOrThrow();
    const core = db.withTables<CoreTables>();
    const accounts = await core
      .selectFrom('core_accounts')
      .select(['id', 'number'])
      .where('institution_id', '=', institutionId)
      .where('type', '=', 0)
      .execute();
    if (accounts.length === 0) throw new Error('no demo loans');
    const tokenized = await services.cardProcessor.tokenize({
      institutionId,
      card: {
        number: '4242424242424242',
        expiration: '12/29',
        securityCode: '739',
        holderFirstName: 'Bench',
        holderLastName: 'Borrower',
        zipCode: '04101',
      },
    });
    if (tokenized.status !== 'approved') throw new Error('the test card did not tokenize');

    const sealedAccount = dataProtector.encrypt('90817263544');
    const sealedOwner = dataProtector.encrypt('Bench Borrower');
    const setupStarted = process.hrtime.bigint();
    let index = 0;
    const days = [addDays(today, -1), today, addDays(today, 1)];
    for (const day of days) {
      const payments = [];
      const charges = [];
      const debits = [];
      const lines = [];
      // The day's instant: noon in New York, in every system's own terms.
      const at = new Date(`${day}T16:00:00.000Z`);
      for (let count = 0; count < PAYMENTS; count += 1, index += 1) {
        const id = randomUUID();
        const account = accounts[index % accounts.length] ?? accounts[0];
        if (!account) throw new Error('no account');
        const amountCents = 2_000 + Math.floor(random() * 4_000);
        const feeCents = index % 10 === 0 ? 250 : 0;
        const isCard = index % 2 === 0;
        payments.push({
          id,
          institution_id: institutionId,
          user_id: user.id,
          customer_id: user.customer_id,
          loan_number: account.number,
          reference_number: `B${String(index).padStart(9, '0')}`,
          kind: 'immediate',
          pay_date: day,
          amount_cents: amountCents,
          first_party_fee_cents: feeCents,
          status: 'posted',
          core_reference: null,
          created_at: at,
          posted_at: at,
          is_card: isCard,
          last_four: isCard ? '4242' : '3544',
          payment_method_id: null,
          card_type: isCard ? 'visa' : null,
          debit_credit_type: isCard ? 'CreditCard' : null,
          processor_token: isCard ? tokenized.token : null,
          ach_account_type: isCard ? null : 'Checking',
          routing_number: isCard ? null : ROUTING_NUMBER,
          account_number_sealed: isCard ? null : sealedAccount,
          owner_name_sealed: isCard ? null : sealedOwner,
          recurring_payment_id: null,
          failure: null,
          cancelled_at: null,
        });
        if (isCard) {
          charges.push({
            charge_id: `ch_bench${letters(index)}`,
            institution_id: institutionId,
            idempotency_key: id,
            token: tokenized.token,
            amount_cents: amountCents + feeCents,
            status: 'approved',
            error_key: null,
            created_at: at,
            refunded_at: null,
          });
        } else {
          const sequence: number = debits.length + 1;
          debits.push({
            institution_id: institutionId,
            idempotency_key: id,
            request_digest: 'bench',
            processing_date: day,
            trace_sequence: sequence,
            trace_number: `08109999${String(sequence).padStart(7, '0')}`,
            requested_effective_date: day,
            routing_number: ROUTING_NUMBER,
            account_type: 'Checking',
            account_number_sealed: sealedAccount,
            owner_name_sealed: sealedOwner,
            loan_number: account.number,
            amount_cents: amountCents + feeCents,
            created_at: at,
          });
        }
        lines.push({
          account_id: account.id,
          date: day,
          kind: 'payment' as const,
          description: 'Payment (bench)',
          principal_cents: amountCents,
          interest_cents: 0,
          other_cents: 0,
          total_cents: amountCents,
          principal_balance_cents: 0,
          posting_key: `payment:${id}`,
        });
      }
      await inChunks(payments, (chunk) => db.insertInto('payments').values(chunk).execute());
      await inChunks(charges, (chunk) =>
        db.insertInto('card_processor_charges').values(chunk).execute(),
      );
      await inChunks(debits, (chunk) => db.insertInto('ach_debits').values(chunk).execute());
      await inChunks(lines, (chunk) =>
        core.insertInto('core_transactions').values(chunk).execute(),
      );
    }
    await database.client.exec('analyze');
    const setupMs = elapsedMs(setupStarted);

    const reconciliation = createReconciliationService({
      db,
      clock,
      cardProcessor: services.cardProcessor,
      achProcessor: services.achProcessor,
      core: services.core,
      timeZone: async () => timeZone,
      lastClosedDay: (id) => services.coreDays.lastClosedDay(id),
      admin: services.admin,
      auditLog: services.auditLog,
      jobs: () => services.jobs,
    });
    const firstStarted = process.hrtime.bigint();
    const first = await reconciliation.reconcile(institutionId, today, 'daily');
    const firstMs = elapsedMs(firstStarted);
    const secondStarted = process.hrtime.bigint();
    const second = await reconciliation.reconcile(institutionId, today, 'staff');
    const secondMs = elapsedMs(secondStarted);
    console.log(
      `Reconciliation of ${today}: ${(firstMs / 1000).toFixed(2)} s, again ${(secondMs / 1000).toFixed(2)} s; ` +
        `totals ${JSON.stringify(first.totals)}; mismatches ${first.mismatchCount} (set-up ${(setupMs / 1000).toFixed(1)} s)`,
    );
    console.log(
      JSON.stringify({
        payments: PAYMENTS,
        date: today,
        firstMs: Math.round(firstMs),
        secondMs: Math.round(secondMs),
        mismatches: first.mismatchCount,
        secondMismatches: second.mismatchCount,
        totals: first.totals,
      }),
    );
    await app.close();
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
