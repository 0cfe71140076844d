import {
  AccountDataResponse,
  AccountDetailsResponse,
  PaymentInfoResponse,
  type SavedPaymentMethod,
} from '@portal/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type PortalApp } from '../../app';
import { testDatabases } from '../../testing/databases';
import { TEST_DATA_PROTECTOR } from '../../testing/keys';
import {
  addCard,
  AUTO_LOAN,
  type Caller,
  HOME_EQUITY,
  paymentBody,
  submit,
} from '../../testing/payment-test-kit';
import { signIn, startTestApp, type TestApp } from '../../testing/test-app';
import { wireOf } from '../../testing/wire';

/**
 * The built-in core keeps each account it has read, and what the engine derived from it, while
 * the stored versions (read on every call) say it is unchanged (builtin-core.ts). These tests
 * fail if a kept answer is served after a change: a payment or an end of day, made by this server
 * or by another instance on the same database, or a statement run on the database itself. Each
 * answer is compared with a server that has kept nothing.
 */
describe.each(testDatabases('both'))(
  'the loan page reads after a change on $name',
  (testDatabase) => {
    let test: TestApp;
    /** A second instance of the server on the same database, with its own memory. */
    let other: PortalApp;
    let jordan: Caller;
    let jordanThere: Caller;
    let card: SavedPaymentMethod;
    let keys = 0;

    beforeAll(async () => {
      test = await startTestApp(testDatabase);
      other = await buildApp({
        db: test.database.db,
        clock: test.clock,
        dataProtector: TEST_DATA_PROTECTOR,
      });
      jordan = { app: test.app, who: await signIn(test.app, { username: 'jordan.rivers' }) };
      // The session is in the database: the other instance takes it too.
      jordanThere = { app: other, who: jordan.who };
      card = await addCard(jordan, HOME_EQUITY);
    });
    afterAll(async () => {
      await other?.close();
      await test?.close();
    });

    /** A server that keeps nothing yet (built for one read, then closed). */
    async function freshRead(url: string): Promise<unknown> {
      const fresh = await buildApp({
        db: test.database.db,
        clock: test.clock,
        dataProtector: TEST_DATA_PROTECTOR,
      });
      try {
        return (await read({ app: fresh, who: jordan.who }, url)).json();
      } finally {
        await fresh.close();
      }
    }

    async function read(caller: Caller, url: string) {
      const response = await caller.app.inject({
        method: 'GET',
        url,
        headers: { cookie: caller.who.cookie },
      });
      expect(response.statusCode).toBe(200);
      return response;
    }

    const loanCalls = (loan: string) => ({
      details: `/api/AccountDetails?accountNumber=${loan}`,
      data: `/api/AccountData?accountNumber=${loan}`,
      paymentInfo: `/api/PaymentInformation/GetPaymentInfo?accountNumber=${loan}`,
    });

    async function loanPage(caller: Caller, loan: string) {
      const urls = loanCalls(loan);
      const details = wireOf(AccountDetailsResponse, (await read(caller, urls.details)).json())
        .Information.Information;
      if (!details) throw new Error(`No AccountDetails information for ${loan}`);
      return {
        details,
        data: wireOf(AccountDataResponse, (await read(caller, urls.data)).json()),
        paymentInfo: wireOf(PaymentInfoResponse, (await read(caller, urls.paymentInfo)).json()),
      };
    }

    /** The payment info of a loan that may be paid (a refusal fails the test). */
    function payable(info: PaymentInfoResponse) {
      if (!info.HasNoErrors) throw new Error(`Refused: ${JSON.stringify(info.Errors)}`);
      return info;
    }

    /** Every read of the loan page answers what a server that kept nothing answers. */
    async function expectAsFresh(caller: Caller, loan: string) {
      const urls = loanCalls(loan);
      for (const url of Object.values(urls)) {
        expect((await read(caller, url)).json(), url).toEqual(await freshRead(url));
      }
    }

    async function payNow(caller: Caller, amount: number) {
      keys += 1;
      const paid = await submit(
        caller,
        'immediateCard',
        paymentBody({ loan: HOME_EQUITY, method: card, amount }),
        `fresh-reads-${keys}`,
      );
      expect(paid.body.HasNoErrors, JSON.stringify(paid.body)).toBe(true);
    }

    it('shows a payment made on this server on the very next read of each call', async () => {
      const before = await loanPage(jordan, HOME_EQUITY);
      await payNow(jordan, 250);
      const after = await loanPage(jordan, HOME_EQUITY);

      expect(after.details.LastPaymentAmount).toBe(250);
      expect(after.details.PayoffAmount).toBeCloseTo(before.details.PayoffAmount - 250, 2);
      // The year's interest is summed over the history, which the payment's line joined.
      expect(after.details.CurrentYearToDateInterest).toBeGreaterThanOrEqual(
        before.details.CurrentYearToDateInterest,
      );
      expect(after.data.Information).toEqual(after.details);
      expect(payable(after.paymentInfo).PayOffAmount).toBeCloseTo(
        payable(before.paymentInfo).PayOffAmount - 250,
        2,
      );
      await expectAsFresh(jordan, HOME_EQUITY);
    });

    it('shows a payment made on another instance at once', async () => {
      const before = await loanPage(jordan, HOME_EQUITY);
      await loanPage(jordanThere, HOME_EQUITY);
      await payNow(jordanThere, 125);
      const after = await loanPage(jordan, HOME_EQUITY);

      expect(after.details.LastPaymentAmount).toBe(125);
      expect(after.details.PayoffAmount).toBeCloseTo(before.details.PayoffAmount - 125, 2);
      expect(payable(after.paymentInfo).PayOffAmount).toBeCloseTo(
        payable(before.paymentInfo).PayOffAmount - 125,
        2,
      );
      await expectAsFresh(jordan, HOME_EQUITY);
    });

    it('shows what an account change made by a statement on the database says at once', async () => {
      await loanPage(jordan, HOME_EQUITY);
      await sql`
      update core_accounts set address1 = '9 Fore Street', host_hold = 'Dispute'
      where number = ${HOME_EQUITY} and institution_id = 1`.execute(test.database.db);
      try {
        const after = await loanPage(jordan, HOME_EQUITY);
        expect(after.details.Address.Address1).toBe('9 Fore Street');
        expect(after.data.Hold).toBe('Dispute');
        await expectAsFresh(jordan, HOME_EQUITY);
      } finally {
        await sql`
        update core_accounts set address1 = '201 Commercial Street', host_hold = null
        where number = ${HOME_EQUITY} and institution_id = 1`.execute(test.database.db);
      }
      expect((await loanPage(jordan, HOME_EQUITY)).data.Hold).toBeNull();
    });

    it("shows a closed day added to the core's calendar in the payment info at once", async () => {
      const before = payable((await loanPage(jordan, HOME_EQUITY)).paymentInfo);
      // A Wednesday the Federal Reserve works.
      const closed = '2025-03-26';
      expect(before.NonPaymentDays).not.toContain(closed);
      await sql`
      insert into core_calendar_days (institution_id, date, kind)
      values (1, ${closed}, 'noPayment')`.execute(test.database.db);
      try {
        const after = payable((await loanPage(jordan, HOME_EQUITY)).paymentInfo);
        expect(after.NonPaymentDays).toContain(closed);
        await expectAsFresh(jordan, HOME_EQUITY);
      } finally {
        await sql`delete from core_calendar_days where institution_id = 1 and date = ${closed}`.execute(
          test.database.db,
        );
      }
      expect(
        payable((await loanPage(jordan, HOME_EQUITY)).paymentInfo).NonPaymentDays,
      ).not.toContain(closed);
    });

    it('shows the nights closed by another instance at once: interest, late charge, days past due', async () => {
      const before = (await loanPage(jordan, AUTO_LOAN)).details;
      await loanPage(jordanThere, AUTO_LOAN);
      test.clock.advance(40 * 86_400_000);
      // The sessions of 40 days ago have ended.
      jordan.who = await signIn(test.app, { username: 'jordan.rivers' });
      jordanThere.who = jordan.who;
      // This server's derived figures are for the old day; a kept row of the old state would
      // give the new day's figures without the nights' interest and late charge.
      expect((await other.services.endOfDay.runOnce()).length).toBeGreaterThan(0);
      const after = (await loanPage(jordan, AUTO_LOAN)).details;

      expect(after.LateChargesDue).toBeGreaterThanOrEqual(before.LateChargesDue + 35);
      expect(after.DaysPastDue).toBeGreaterThan(before.DaysPastDue);
      await expectAsFresh(jordan, AUTO_LOAN);
    });

    it('reads only the versions of an unchanged loan from the core on a second read', async () => {
      const statements: string[] = [];
      const url = loanCalls(HOME_EQUITY).details;
      await read(jordan, url);
      const unwatch = test.database.watchStatements?.((text) => statements.push(text));
      if (!unwatch) return; // PostgreSQL: no statement watch (the same code runs on both).
      try {
        await read(jordan, url);
      } finally {
        unwatch();
      }
      const core = statements.filter((text) => /\bcore_/.test(text));
      expect(core).toHaveLength(1);
      expect(core[0]).toMatch(/loan\.version as loan_version/);
    });
  },
);
