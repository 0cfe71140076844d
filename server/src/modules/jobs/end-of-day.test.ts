import {
  AccountDataResponse,
  AccountListResponse,
  AccountHistoryResponse,
  PayoffQuoteResponse,
} from '@portal/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testDatabases } from '../../testing/databases';
import { TEST_DATA_PROTECTOR } from '../../testing/keys';
import { publishSettingsChange } from '../../testing/settings';
import { signIn, startTestApp, type TestApp } from '../../testing/test-app';
import type { CoreTables } from '../../core/builtin/core.schema';
import { wireOf } from '../../testing/wire';
import { createTestClock, type TestClock } from '../../testing/clock';
import { createBuiltinCore } from '../../core/builtin/builtin-core';
import type { CoreDays } from '../../core/core-days';

const AUTO_LOAN = '001-100234-1';
/** The boat loan, paid off seven months before the seed day. */
const PAID_OFF_LOAN = '001-100101-4';

describe.each(testDatabases('both'))('the core end of day on $name', (testDatabase) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp(testDatabase);
  });
  afterAll(async () => {
    await test?.close();
  });

  async function transactions(): Promise<number> {
    const { rows } = await sql<{
      count: string;
    }>`select count(*) as count from core_transactions`.execute(test.database.db);
    return Number(rows[0]?.count);
  }
  async function payoffToday(cookie: string, date: string) {
    const response = await test.app.inject({
      method: 'GET',
      url: `/api/PaymentInformation/GetPayOffQuote?AccountNumber=${AUTO_LOAN}&PayOffDate=${date}`,
      headers: { cookie },
    });
    return wireOf(PayoffQuoteResponse, response.json()).PayOffQuoteAmount;
  }

  it('closes the seed day without changing what the generated history says', async () => {
    const { cookie } = await signIn(test.app, { username: 'jordan.rivers' });
    const before = { count: await transactions(), payoff: await payoffToday(cookie, '2025-03-14') };
    const reports = await test.app.services.endOfDay.runOnce();
    // Three institutions; 11:00 in New York closes March 13 (00:05 has passed).
    expect(reports.map((report) => report.date)).toEqual([
      '2025-03-13',
      '2025-03-13',
      '2025-03-13',
    ]);
    expect(await transactions()).toBe(before.count);
    expect(await payoffToday(cookie, '2025-03-14')).toBe(before.payoff);
    // A second run of the same day does nothing at all.
    expect(await test.app.services.endOfDay.runOnce()).toEqual([]);
  });

  it('catches up the days since, charging late fees and writing statements once, whoever runs it', async () => {
    const { cookie } = await signIn(test.app, { username: 'jordan.rivers' });
    const payoffBefore = await payoffToday(cookie, '2025-04-23');
    const versions = async () =>
      Object.fromEntries(
        (
          await test.database.db
            .withTables<CoreTables>()
            .selectFrom('core_loans')
            .innerJoin('core_accounts', 'core_accounts.id', 'core_loans.account_id')
            .select(['core_accounts.number', 'core_loans.version'])
            .where('core_accounts.number', 'in', [AUTO_LOAN, PAID_OFF_LOAN])
            .where('core_accounts.institution_id', '=', 1)
            .execute()
        ).map((row) => [row.number, row.version]),
      );
    const versionsBefore = await versions();
    // $100,000 paid into the savings account on March 31st: by the daily balance method it earns
    // one day's interest in March, not the month's (the month-end balance did).
    const core = test.database.db.withTables<CoreTables>();
    const savingsRow = await core
      .selectFrom('core_accounts')
      .select(['id', 'balance_cents', 'rate'])
      .where('number', '=', '001-500322-3')
      .where('institution_id', '=', 1)
      .executeTakeFirstOrThrow();
    const depositCents = 10_000_000;
    await core
      .insertInto('core_transactions')
      .values({
        account_id: savingsRow.id,
        date: '2025-03-31',
        time: '12:00:00',
        kind: 'deposit',
        description: 'Wire transfer',
        principal_cents: depositCents,
        interest_cents: 0,
        other_cents: 0,
        total_cents: depositCents,
        principal_balance_cents: savingsRow.balance_cents + depositCents,
      })
      .execute();
    await core
      .updateTable('core_accounts')
      .set({
        balance_cents: savingsRow.balance_cents + depositCents,
        available_balance_cents: savingsRow.balance_cents + depositCents,
      })
      .where('id', '=', savingsRow.id)
      .execute();
    test.clock.advance(40 * 86_400_000);
    // Two instances on one database run the same end of day at once.
    const second = await buildApp({
      db: test.database.db,
      clock: test.clock,
      dataProtector: TEST_DATA_PROTECTOR,
    });
    try {
      const [first, other] = await Promise.all([
        test.app.services.endOfDay.runOnce(),
        second.services.endOfDay.runOnce(),
      ]);
      expect(first.length + other.length).toBeGreaterThanOrEqual(3 * 40);
    } finally {
      await second.close();
    }
    const signedIn = await signIn(test.app, { username: 'jordan.rivers' });
    const data = wireOf(
      AccountDataResponse,
      (
        await test.app.inject({
          method: 'GET',
          url: `/api/AccountData?accountNumber=${AUTO_LOAN}`,
          headers: { cookie: signedIn.cookie },
        })
      ).json(),
    );
    const history = wireOf(
      AccountHistoryResponse,
      (
        await test.app.inject({
          method: 'GET',
          url: `/api/AccountHistory?accountNumber=${AUTO_LOAN}&days=40`,
          headers: { cookie: signedIn.cookie },
        })
      ).json(),
    ).List;
    // The April installment passed unpaid: its late charge, once, after the grace days.
    const lateFees = history.filter(
      (line) => line.TransactionDescription === 'Late charge assessed',
    );
    expect(lateFees).toHaveLength(1);
    expect(data.Information.LateChargesDue).toBeGreaterThanOrEqual(70);
    // One statement a month, with its interest line.
    const interest = history.filter((line) => line.TransactionDescription === 'Interest accrued');
    expect(interest).toHaveLength(1);
    expect(data.EStatements.some((statement) => statement.Date.startsWith('2025-04'))).toBe(true);
    // Interest accrued nightly is the interest the quote had predicted, the late fee included (a
    // quote for a later day closes the days before it, late fees and all).
    const payoffAfter = await payoffToday(signedIn.cookie, '2025-04-23');
    expect(payoffAfter).toBeCloseTo(payoffBefore, 2);

    // The savings account's March interest, posted once on the month's last day.
    const savings = wireOf(
      AccountHistoryResponse,
      (
        await test.app.inject({
          method: 'GET',
          url: '/api/AccountHistory?accountNumber=001-500322-3&days=40',
          headers: { cookie: signedIn.cookie },
        })
      ).json(),
    ).List;
    const march = savings.filter(
      (line) =>
        line.TransactionDescription === 'Interest paid' &&
        line.TransactionDate.startsWith('2025-03-31'),
    );
    expect(march).toHaveLength(1);
    expect(march[0]?.InterestAmount).toBeGreaterThan(0);
    // The month-end balance's month of interest, deposit included, is what the old method paid;
    // the deposit's day is far below it (the other days' balances move with the demo's own
    // deposits and spending, so the bound leaves them room).
    const dayOnDeposit = (depositCents * savingsRow.rate) / (10_000 * 365);
    const monthEndMethod =
      ((savingsRow.balance_cents + depositCents) * savingsRow.rate * 31) / (10_000 * 365);
    const marchCents = Math.round((march[0]?.InterestAmount ?? 0) * 100);
    expect(marchCents).toBeLessThan(monthEndMethod - 25 * dayOnDeposit);
    expect(marchCents).toBeGreaterThan(dayOnDeposit);
    // Interest shows in its own column only: the parts add up to the total.
    expect(march[0]?.PrincipalAmount).toBe(0);
    expect(march[0]?.TotalPaymentAmount).toBe(march[0]?.InterestAmount);
    const list = wireOf(
      AccountListResponse,
      (
        await test.app.inject({
          method: 'GET',
          url: '/api/accountList',
          headers: { cookie: signedIn.cookie },
        })
      ).json(),
    ).Accounts;
    const balance = list.find((account) => account.Number === '001-500322-3')?.Balance;
    expect(balance).toBe(march[0]?.RunningPrincipalBalance);
    // And its March statement, written that night, adds up to the balance after that line.
    const marchStatement = await test.database.db
      .withTables<CoreTables>()
      .selectFrom('core_statements')
      .innerJoin('core_accounts', 'core_accounts.id', 'core_statements.account_id')
      .select(['core_statements.period_start', 'core_statements.snapshot'])
      .where('core_accounts.number', '=', '001-500322-3')
      .where('core_accounts.institution_id', '=', 1)
      .where('core_statements.date', '=', '2025-03-31')
      .executeTakeFirstOrThrow();
    const snapshot = marchStatement.snapshot;
    expect(marchStatement.period_start).toBe('2025-03-01');
    expect(snapshot.interestCents).toBe(Math.round((march[0]?.InterestAmount ?? 0) * 100));
    expect(
      snapshot.openingBalanceCents +
        snapshot.paymentsCents +
        snapshot.interestCents -
        snapshot.feesCents -
        (snapshot.withdrawalsCents ?? Number.NaN),
    ).toBe(snapshot.closingBalanceCents);
    expect(snapshot.closingBalanceCents).toBe(
      Math.round((march[0]?.RunningPrincipalBalance ?? 0) * 100),
    );
    // The February statement (the demo history's) closed where March opens.
    const february = await test.database.db
      .withTables<CoreTables>()
      .selectFrom('core_statements')
      .innerJoin('core_accounts', 'core_accounts.id', 'core_statements.account_id')
      .select('core_statements.snapshot')
      .where('core_accounts.number', '=', '001-500322-3')
      .where('core_accounts.institution_id', '=', 1)
      .where('core_statements.date', '=', '2025-02-28')
      .executeTakeFirstOrThrow();
    expect(snapshot.openingBalanceCents).toBe(february.snapshot.closingBalanceCents);

    // The statement the night wrote opens at the principal after the last line before its period.
    const db = test.database.db;
    const account = await db
      .withTables<CoreTables>()
      .selectFrom('core_accounts')
      .select('id')
      .where('number', '=', AUTO_LOAN)
      .where('institution_id', '=', 1)
      .executeTakeFirstOrThrow();
    const april = await db
      .withTables<CoreTables>()
      .selectFrom('core_statements')
      .select(['period_start', 'snapshot'])
      .where('account_id', '=', account.id)
      .where('date', '>=', '2025-04-01')
      .where('date', '<=', '2025-04-30')
      .executeTakeFirstOrThrow();
    const lastBefore = await db
      .withTables<CoreTables>()
      .selectFrom('core_transactions')
      .select('principal_balance_cents')
      .where('account_id', '=', account.id)
      .where('date', '<', april.period_start)
      .orderBy('date', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(april.snapshot.openingBalanceCents).toBe(lastBefore.principal_balance_cents);
    expect(april.snapshot.openingBalanceCents).toBeGreaterThan(0);

    // A loan paid off long ago is left as it was: nothing to write, night after night.
    const versionsAfter = await versions();
    expect(versionsAfter[PAID_OFF_LOAN]).toBe(versionsBefore[PAID_OFF_LOAN]);
    expect(versionsAfter[AUTO_LOAN]).toBeGreaterThan(versionsBefore[AUTO_LOAN] ?? 0);

    const count = await transactions();
    expect(await test.app.services.endOfDay.runOnce()).toEqual([]);
    expect(await transactions()).toBe(count);
  });

  it("closes a loan's day once even when its next day was closed first (instances interleaved)", async () => {
    // Its own app and database: the catch-up above has moved this one on.
    const own = await startTestApp(testDatabase);
    try {
      const db = own.database.db;
      const loan = await db
        .withTables<CoreTables>()
        .selectFrom('core_accounts')
        .innerJoin('core_loans', 'core_loans.account_id', 'core_accounts.id')
        .select(['core_accounts.id', 'core_loans.state'])
        .where('core_accounts.number', '=', AUTO_LOAN)
        .where('core_accounts.institution_id', '=', 1)
        .executeTakeFirstOrThrow();
      const lastStatement = await db
        .withTables<CoreTables>()
        .selectFrom('core_statements')
        .select('date')
        .where('account_id', '=', loan.id)
        .orderBy('date', 'desc')
        .executeTakeFirstOrThrow();
      // The loan's next statement day, and the day after it.
      const [year, month, day] = lastStatement.date.split('-').map(Number);
      const statementDay = new Date(Date.UTC(year ?? 0, month ?? 0, day ?? 0))
        .toISOString()
        .slice(0, 10);
      const dayAfter = new Date(Date.UTC(year ?? 0, month ?? 0, (day ?? 0) + 1))
        .toISOString()
        .slice(0, 10);
      const linesOn = async (date: string) =>
        db
          .withTables<CoreTables>()
          .selectFrom('core_transactions')
          .select(['kind', 'interest_cents'])
          .where('account_id', '=', loan.id)
          .where('date', '=', date)
          .execute();
      // One instance reached the day after first; the other closes the statement day late.
      await own.app.services.coreDays.endOfDay(1, dayAfter);
      const before = await linesOn(statementDay);
      await own.app.services.coreDays.endOfDay(1, statementDay);
      expect(await linesOn(statementDay)).toEqual(before);
    } finally {
      await own.close();
    }
  });

  it('answers the loan calls with NightError while the nightly window is open', async () => {
    const { cookie } = await signIn(test.app, { username: 'jordan.rivers' });
    // The clock is at 11:00 in New York: a window from 10:55 for 15 minutes is open.
    const restore = await publishSettingsChange(test.app, 'localhost', {
      shared: {
        maintenanceOptions: {
          nightlyMaintenanceStartTime: '10:55',
          nightlyMaintenanceMinutes: '15',
        },
      },
    });
    try {
      const load = () =>
        test.app.inject({
          method: 'GET',
          url: `/api/AccountData?accountNumber=${AUTO_LOAN}`,
          headers: { cookie },
        });
      const during = await load();
      expect(during.statusCode).toBe(503);
      expect(during.json()).toEqual({
        HasNoErrors: false,
        Errors: [{ ErrorMessage: 'NightError' }],
      });
      const quote = await test.app.inject({
        method: 'GET',
        url: `/api/PaymentInformation/GetPayOffQuote?AccountNumber=${AUTO_LOAN}&PayOffDate=2025-04-23`,
        headers: { cookie },
      });
      expect(quote.statusCode).toBe(503);
      test.clock.advance(11 * 60_000);
      expect((await load()).statusCode).toBe(200);
    } finally {
      await restore();
    }
  });
});

/** The built-in core standing in for a bank core's reads and postings. */
function bankCore(db: TestApp['database']['db'], clock: TestClock) {
  return createBuiltinCore({
    db: db.withTables<CoreTables>(),
    clock,
    branding: () => Promise.resolve({ institutionName: 'Test', primaryColor: '#123456' }),
    timeZone: async () => 'America/New_York',
  });
}

describe.each(testDatabases())(
  "a bank's core that closes its own days, on $name",
  (testDatabase) => {
    it('is closed by the core itself: the worker runs nothing and follows each day the core closed', async () => {
      // The adapter of a bank's core (core-days.ts): its business date moves in its own batch,
      // its end of day runs nothing. The built-in core stands in for the bank's reads.
      let businessDate: string | undefined = '2025-03-12';
      const asked: string[] = [];
      const bankDays: CoreDays = {
        async endOfDay(_institutionId, date) {
          asked.push(date);
          return { date, loans: 0, interestCents: 0, lateFees: 0, statements: 0 };
        },
        async lastClosedDay() {
          return businessDate;
        },
      };
      const database = await testDatabase.openSeeded();
      const clock = createTestClock();
      const app = await buildApp({
        db: database.db,
        clock,
        dataProtector: TEST_DATA_PROTECTOR,
        core: bankCore(database.db, clock),
        coreDays: bankDays,
      });
      try {
        const queued = async () =>
          (
            await database.db
              .selectFrom('jobs')
              .select('key')
              .where('queue', '=', 'notifications.day')
              .orderBy('key')
              .execute()
          ).map((job) => job.key);
        await app.services.endOfDay.runOnce();
        // The day due (March 13, 11:00 in New York) is handed to the adapter; the alerts' day
        // pass follows the day the core says it closed.
        expect(asked).toContain('2025-03-13');
        expect(await queued()).toContain('1|2025-03-13');
        businessDate = '2025-03-13';
        await app.services.endOfDay.runOnce();
        expect(await queued()).toContain('1|2025-03-14');
      } finally {
        await app.close();
        await database.close();
      }
    });

    it('is refused without its days: a bank core cannot be plugged in alone', async () => {
      const database = await testDatabase.openSeeded();
      const clock = createTestClock();
      try {
        await expect(
          buildApp({
            db: database.db,
            clock,
            dataProtector: TEST_DATA_PROTECTOR,
            core: bankCore(database.db, clock),
          }),
        ).rejects.toThrow(/needs its days/);
      } finally {
        await database.close();
      }
    });
  },
);
