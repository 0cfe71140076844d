import { addDays, addMonths, formatUsDate } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CorePaymentPosting, CustomerRef, ServicingCore } from '../servicing-core';
import { testDatabases } from '../../testing/databases';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { createBuiltinCore } from './builtin-core';
import { applyPayment, nextDueDate } from './loan-engine';
import { closeLoanDay } from './servicing-day';
import type { CoreTables } from './core.schema';

/** jordan.rivers's auto loan at institution 1: two installments unpaid, late charges owed. */
const AUTO_LOAN = '001-100234-1';
/** jordan.rivers's line of credit, with a balance. */
const LINE_OF_CREDIT = '001-300120-7';
/** jordan.rivers's boat loan, paid off seven months before the seed day. */
const PAID_OFF_LOAN = '001-100101-4';
/** The test clock's day (the seed closed the day before it). */
const TODAY = '2025-03-14';

/**
 * The built-in core on the test app's database and clock, told each institution's time zone as
 * the app tells it (the institutions service), so it knows the institution's today.
 */
function zonedCore(test: TestApp): ServicingCore {
  return createBuiltinCore({
    db: test.database.db.withTables<CoreTables>(),
    clock: test.clock,
    branding: () => Promise.resolve({ institutionName: 'Test', primaryColor: '#123456' }),
    timeZone: async (institutionId) =>
      (await test.app.services.institutions.findById(institutionId))?.timeZone,
  });
}

/** Nothing before the first disbursement, plus every line of the history, is the principal. */
async function expectHistoryReconciles(
  core: ServicingCore,
  customer: CustomerRef,
  number: string,
  today: string,
) {
  const history = await core.history(customer, number, '2000-01-01');
  if (!Array.isArray(history)) throw new Error('no history');
  const information = await core.loanInformation(customer, number, today);
  let balance = 0;
  for (const line of [...history].reverse()) {
    if (line.description === 'Loan disbursement' || line.description === 'Advance') {
      balance += line.principalCents;
    } else if (line.description.startsWith('Pay')) balance -= line.principalCents;
    expect(line.principalBalanceCents).toBe(balance);
  }
  expect(balance).toBe(information?.principalCents);
}

function payment(overrides: Partial<CorePaymentPosting>): CorePaymentPosting {
  return {
    postingKey: 'key',
    date: TODAY,
    amountCents: 10_000,
    additionalPrincipalCents: 0,
    method: 'ach',
    ...overrides,
  };
}

describe.each(testDatabases('both'))(
  'posting payments to the built-in core on $name',
  (testDatabase) => {
    let test: TestApp;
    let core: ServicingCore;
    let jordan: CustomerRef;
    /** jordan.rivers's home equity loan, paid on time. */
    let HOME_EQUITY: string;

    beforeAll(async () => {
      test = await startTestApp(testDatabase);
      core = zonedCore(test);
      const row = await test.database.db
        .withTables<CoreTables>()
        .selectFrom('core_accounts')
        .select(['customer_id'])
        .where('institution_id', '=', 1)
        .where('number', '=', AUTO_LOAN)
        .executeTakeFirstOrThrow();
      jordan = { institutionId: 1, customerId: row.customer_id };
      HOME_EQUITY = (
        await test.database.db
          .withTables<CoreTables>()
          .selectFrom('core_accounts')
          .select(['number'])
          .where('institution_id', '=', 1)
          .where('number', 'like', '001-100235-%')
          .executeTakeFirstOrThrow()
      ).number;
    });
    afterAll(async () => {
      await test?.close();
    });

    async function linesUnder(number: string, postingKey: string): Promise<number> {
      const rows = await test.database.db
        .withTables<CoreTables>()
        .selectFrom('core_transactions')
        .innerJoin('core_accounts', 'core_accounts.id', 'core_transactions.account_id')
        .select('core_transactions.id')
        .where('core_accounts.institution_id', '=', 1)
        .where('core_accounts.number', '=', number)
        .where('core_transactions.posting_key', '=', `payment:${postingKey}`)
        .execute();
      return rows.length;
    }

    /** Opening (nothing before the disbursement) plus every transaction equals the balance. */
    async function expectReconciles(number: string) {
      const history = await core.history(jordan, number, '2000-01-01');
      if (!Array.isArray(history)) throw new Error('no history');
      const information = await core.loanInformation(jordan, number, TODAY);
      let balance = 0;
      for (const line of history) {
        if (line.description === 'Loan disbursement') balance += line.principalCents;
        else if (line.description.startsWith('Pay')) balance -= line.principalCents;
      }
      expect(balance).toBe(information?.principalCents);
    }

    it('pays the installments due first, late charges only out of what is beyond them', async () => {
      const before = await core.loanInformation(jordan, AUTO_LOAN, TODAY);
      const quoteBefore = await core.payoffQuote(jordan, AUTO_LOAN, TODAY);
      if (!before || !quoteBefore) throw new Error('no loan');
      expect(before.lateChargesDueCents).toBeGreaterThan(0);
      const dueBefore = before.nextDueDate ?? '';
      expect(dueBefore < TODAY).toBe(true);
      // One installment when more are due: all of it goes to the installments, none to the charges
      // (16 CFR 444.4), and it moves the due date one period.
      const result = await core.postPayment(
        jordan,
        AUTO_LOAN,
        payment({
          postingKey: 'installment',
          amountCents: before.installmentCents,
          method: 'card',
        }),
      );
      expect(result).toMatchObject({
        status: 'posted',
        feesCents: 0,
        interestCents: quoteBefore.interestCents,
        principalCents: before.installmentCents - quoteBefore.interestCents,
        nextDueDate: addMonths(dueBefore, 1),
      });
      const after = await core.loanInformation(jordan, AUTO_LOAN, TODAY);
      expect(after?.lateChargesDueCents).toBe(before.lateChargesDueCents);
      await expectReconciles(AUTO_LOAN);
    });

    it('pays what is due: the installments, then the late charges, and moves the due date', async () => {
      const before = await core.loanInformation(jordan, AUTO_LOAN, TODAY);
      const quoteBefore = await core.payoffQuote(jordan, AUTO_LOAN, TODAY);
      if (!before || !quoteBefore) throw new Error('no loan');
      // Still behind after the installment above, the late charges still owed.
      expect(before.lateChargesDueCents).toBeGreaterThan(0);
      const dueBefore = before.nextDueDate ?? '';
      expect(dueBefore < TODAY).toBe(true);
      // The installments due and the late charges: exactly what the loan page shows as due.
      const amountCents = before.totalAmountDueCents;
      const installments = (amountCents - before.totalFeesCents) / before.installmentCents;
      expect(Number.isInteger(installments) && installments >= 1).toBe(true);
      const result = await core.postPayment(
        jordan,
        AUTO_LOAN,
        payment({ postingKey: 'first', amountCents, method: 'card' }),
      );
      expect(result).toMatchObject({
        status: 'posted',
        date: TODAY,
        amountCents,
        feesCents: before.totalFeesCents,
        interestCents: quoteBefore.interestCents,
        principalCents: amountCents - before.totalFeesCents - quoteBefore.interestCents,
        newBalanceCents:
          before.principalCents - (amountCents - before.totalFeesCents - quoteBefore.interestCents),
        nextDueDate: addMonths(dueBefore, installments),
      });
      if (result.status !== 'posted') throw new Error(result.status);

      const after = await core.loanInformation(jordan, AUTO_LOAN, TODAY);
      expect(after?.nextDueDate).toBe(addMonths(dueBefore, installments));
      expect(after?.lateChargesDueCents).toBe(0);
      expect(after?.lastPaymentDate).toBe(TODAY);
      expect(after?.lastPaymentCents).toBe(amountCents);
      const quoteAfter = await core.payoffQuote(jordan, AUTO_LOAN, TODAY);
      expect(quoteAfter?.totalCents).toBe(quoteBefore.totalCents - amountCents);
      expect(quoteAfter?.interestCents).toBe(0);

      const history = await core.history(jordan, AUTO_LOAN, TODAY);
      if (!Array.isArray(history)) throw new Error('no history');
      expect(history.find((line) => line.id === result.reference)).toMatchObject({
        date: TODAY,
        description: 'Payment received (card)',
        principalCents: result.principalCents,
        interestCents: result.interestCents,
        otherCents: result.feesCents,
        totalCents: amountCents,
        principalBalanceCents: result.newBalanceCents,
      });
      await expectReconciles(AUTO_LOAN);
    });

    it('answers a repeated posting key with the first figures and changes nothing', async () => {
      const first = await core.postPayment(jordan, AUTO_LOAN, payment({ postingKey: 'twice' }));
      const quote = await core.payoffQuote(jordan, AUTO_LOAN, TODAY);
      // Even when the repeat says something else: the key is the occurrence.
      const second = await core.postPayment(
        jordan,
        AUTO_LOAN,
        payment({ postingKey: 'twice', amountCents: 99_999 }),
      );
      expect(first.status).toBe('posted');
      expect(second).toEqual({ ...first, status: 'alreadyPosted' });
      expect(await linesUnder(AUTO_LOAN, 'twice')).toBe(1);
      expect(await core.payoffQuote(jordan, AUTO_LOAN, TODAY)).toEqual(quote);
    });

    it('posts one line for ten concurrent posts of one key', async () => {
      const quote = await core.payoffQuote(jordan, AUTO_LOAN, TODAY);
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          core.postPayment(jordan, AUTO_LOAN, payment({ postingKey: 'concurrent' })),
        ),
      );
      expect(results.filter((result) => result.status === 'posted')).toHaveLength(1);
      expect(results.filter((result) => result.status === 'alreadyPosted')).toHaveLength(9);
      const posted = results.find((result) => result.status === 'posted');
      for (const result of results) expect({ ...result, status: 'posted' }).toEqual(posted);
      expect(await linesUnder(AUTO_LOAN, 'concurrent')).toBe(1);
      expect((await core.payoffQuote(jordan, AUTO_LOAN, TODAY))?.totalCents).toBe(
        (quote?.totalCents ?? 0) - 10_000,
      );
    });

    it('posts each of ten concurrent payments of one loan on the state the one before it left', async () => {
      const quote = await core.payoffQuote(jordan, AUTO_LOAN, TODAY);
      // All ten read the loan before any writes: one writes under the version read, the others
      // find it moved and post again under the loan's lock.
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          core.postPayment(jordan, AUTO_LOAN, payment({ postingKey: `together-${index}` })),
        ),
      );
      expect(results.map((result) => result.status)).toEqual(Array(10).fill('posted'));
      for (let index = 0; index < 10; index += 1) {
        expect(await linesUnder(AUTO_LOAN, `together-${index}`)).toBe(1);
      }
      expect((await core.payoffQuote(jordan, AUTO_LOAN, TODAY))?.totalCents).toBe(
        (quote?.totalCents ?? 0) - 10 * 10_000,
      );
      await expectReconciles(AUTO_LOAN);
    });

    it('posts two lines for two keys', async () => {
      const one = await core.postPayment(jordan, AUTO_LOAN, payment({ postingKey: 'one' }));
      const two = await core.postPayment(jordan, AUTO_LOAN, payment({ postingKey: 'two' }));
      expect([one.status, two.status]).toEqual(['posted', 'posted']);
      expect(await linesUnder(AUTO_LOAN, 'one')).toBe(1);
      expect(await linesUnder(AUTO_LOAN, 'two')).toBe(1);
      if (one.status !== 'posted' || two.status !== 'posted') throw new Error('not posted');
      expect(two.newBalanceCents).toBe(one.newBalanceCents - 10_000);
    });

    it('puts additional principal on principal only', async () => {
      const before = await core.loanInformation(jordan, AUTO_LOAN, TODAY);
      const result = await core.postPayment(
        jordan,
        AUTO_LOAN,
        payment({ postingKey: 'extra', amountCents: 50_000, additionalPrincipalCents: 50_000 }),
      );
      expect(result).toMatchObject({
        status: 'posted',
        principalCents: 50_000,
        interestCents: 0,
        feesCents: 0,
        newBalanceCents: (before?.principalCents ?? 0) - 50_000,
        // It does not count toward installments.
        nextDueDate: before?.nextDueDate,
      });
      const after = await core.loanInformation(jordan, AUTO_LOAN, TODAY);
      expect(after?.totalAmountDueCents).toBe(before?.totalAmountDueCents);

      // Where interest is owed, additional principal needs the rest of the payment to cover it.
      const quote = await core.payoffQuote(jordan, HOME_EQUITY, TODAY);
      expect(quote?.interestCents).toBeGreaterThan(0);
      const interest = quote?.interestCents ?? 0;
      expect(
        await core.postPayment(
          jordan,
          HOME_EQUITY,
          payment({ postingKey: 'short', amountCents: 10_000, additionalPrincipalCents: 10_000 }),
        ),
      ).toEqual({ status: 'refused', reason: 'additionalPrincipalBeforeInterest' });
      expect(
        await core.postPayment(
          jordan,
          HOME_EQUITY,
          payment({
            postingKey: 'covered',
            amountCents: interest + 10_000,
            additionalPrincipalCents: 10_000,
          }),
        ),
      ).toMatchObject({ status: 'posted', interestCents: interest, principalCents: 10_000 });
      await expectReconciles(HOME_EQUITY);
    });

    it("credits an earlier date as of that date and refuses a day after the institution's today", async () => {
      // Before every payment above: they are applied again after it, and the history still adds up.
      const early = await core.postPayment(
        jordan,
        AUTO_LOAN,
        payment({ postingKey: 'early', date: '2025-03-01' }),
      );
      expect(early).toMatchObject({ status: 'posted', date: '2025-03-01' });
      const history = await core.history(jordan, AUTO_LOAN, '2025-03-01');
      if (!Array.isArray(history) || early.status !== 'posted') throw new Error('not posted');
      expect(history.find((line) => line.id === early.reference)?.date).toBe('2025-03-01');
      await expectReconciles(AUTO_LOAN);
      await expectHistoryReconciles(core, jordan, AUTO_LOAN, TODAY);
      expect(
        await core.postPayment(
          jordan,
          AUTO_LOAN,
          payment({ postingKey: 'late', date: '2025-03-15' }),
        ),
      ).toEqual({ status: 'refused', reason: 'dayNotClosed' });
      expect(await linesUnder(AUTO_LOAN, 'late')).toBe(0);
    });

    it("refuses what it cannot post and does not find another customer's account", async () => {
      const other = await test.database.db
        .withTables<CoreTables>()
        .selectFrom('core_accounts')
        .select(['number'])
        .where('institution_id', '=', 1)
        .where('customer_id', '!=', jordan.customerId)
        .where('type', '=', 0)
        .executeTakeFirstOrThrow();
      expect(await core.postPayment(jordan, other.number, payment({}))).toEqual({
        status: 'notFound',
      });
      expect(await core.postPayment(jordan, '001-999999-9', payment({}))).toEqual({
        status: 'notFound',
      });
      expect(
        await core.postPayment({ ...jordan, institutionId: 2 }, AUTO_LOAN, payment({})),
      ).toEqual({ status: 'notFound' });
      const deposit = await test.database.db
        .withTables<CoreTables>()
        .selectFrom('core_accounts')
        .select(['number'])
        .where('institution_id', '=', 1)
        .where('customer_id', '=', jordan.customerId)
        .where('type', '=', 1)
        .executeTakeFirstOrThrow();
      expect(await core.postPayment(jordan, deposit.number, payment({}))).toEqual({
        status: 'refused',
        reason: 'notALoan',
      });
      expect(await core.postPayment(jordan, PAID_OFF_LOAN, payment({}))).toEqual({
        status: 'refused',
        reason: 'paidOff',
      });
      for (const wrong of [
        { amountCents: 0 },
        { amountCents: -5 },
        { amountCents: 10.5 },
        { additionalPrincipalCents: 20_000 },
      ]) {
        expect(
          await core.postPayment(jordan, AUTO_LOAN, payment({ ...wrong, postingKey: 'x' })),
        ).toEqual({ status: 'refused', reason: 'invalidAmount' });
      }
      const quote = await core.payoffQuote(jordan, AUTO_LOAN, TODAY);
      expect(
        await core.postPayment(
          jordan,
          AUTO_LOAN,
          payment({ postingKey: 'too much', amountCents: (quote?.totalCents ?? 0) + 1 }),
        ),
      ).toEqual({ status: 'refused', reason: 'exceedsPayoff' });
      expect(await linesUnder(AUTO_LOAN, 'x')).toBe(0);
    });

    it('pays off the loan, refuses a later payment and still reconciles', async () => {
      const quote = await core.payoffQuote(jordan, AUTO_LOAN, TODAY);
      const payoff = await core.postPayment(
        jordan,
        AUTO_LOAN,
        payment({ postingKey: 'payoff', amountCents: quote?.totalCents ?? 0 }),
      );
      expect(payoff).toMatchObject({ status: 'posted', newBalanceCents: 0, nextDueDate: null });
      // The payoff's repeat is still answered with its figures.
      expect(
        await core.postPayment(
          jordan,
          AUTO_LOAN,
          payment({ postingKey: 'payoff', amountCents: quote?.totalCents ?? 0 }),
        ),
      ).toEqual({ ...payoff, status: 'alreadyPosted' });
      expect(await core.postPayment(jordan, AUTO_LOAN, payment({ postingKey: 'after' }))).toEqual({
        status: 'refused',
        reason: 'paidOff',
      });
      await expectReconciles(AUTO_LOAN);
      // The end of day after the payments changes none of it.
      test.clock.advance(86_400_000);
      await test.app.services.endOfDay.runOnce();
      await expectReconciles(AUTO_LOAN);
      expect((await core.payoffQuote(jordan, AUTO_LOAN, '2025-03-15'))?.totalCents).toBe(0);
    });
  },
);

describe.each(testDatabases('both'))(
  'posting a payment before the end of day closed the day before, on $name',
  (testDatabase) => {
    let test: TestApp;
    let core: ServicingCore;
    let jordan: CustomerRef;
    let homeEquity: string;

    beforeAll(async () => {
      test = await startTestApp(testDatabase);
      core = zonedCore(test);
      const row = await test.database.db
        .withTables<CoreTables>()
        .selectFrom('core_accounts')
        .select(['customer_id'])
        .where('institution_id', '=', 1)
        .where('number', '=', AUTO_LOAN)
        .executeTakeFirstOrThrow();
      jordan = { institutionId: 1, customerId: row.customer_id };
      homeEquity = (
        await test.database.db
          .withTables<CoreTables>()
          .selectFrom('core_accounts')
          .select(['number'])
          .where('institution_id', '=', 1)
          .where('number', 'like', '001-100235-%')
          .executeTakeFirstOrThrow()
      ).number;
    });
    afterAll(async () => {
      await test?.close();
    });

    /** The loan's row in the core (terms, state, version) and its number of history lines. */
    async function loanRow(number: string) {
      const loan = await test.database.db
        .withTables<CoreTables>()
        .selectFrom('core_loans')
        .innerJoin('core_accounts', 'core_accounts.id', 'core_loans.account_id')
        .select(['core_loans.terms', 'core_loans.state', 'core_loans.version', 'core_accounts.id'])
        .where('core_accounts.institution_id', '=', 1)
        .where('core_accounts.number', '=', number)
        .executeTakeFirstOrThrow();
      const lines = await test.database.db
        .withTables<CoreTables>()
        .selectFrom('core_transactions')
        .select(['id', 'date', 'kind', 'total_cents'])
        .where('account_id', '=', loan.id)
        .orderBy('id')
        .execute();
      return { ...loan, lines };
    }

    /** What the end of day's closing of `days` then the payment make of the loan (the engine). */
    function expected(
      loan: Awaited<ReturnType<typeof loanRow>>,
      days: string[],
      posting: CorePaymentPosting,
    ) {
      let state = loan.state;
      for (const day of days) state = closeLoanDay(loan.terms, state, day).state;
      return applyPayment(loan.terms, state, {
        date: posting.date,
        amountCents: posting.amountCents,
        additionalPrincipalCents: posting.additionalPrincipalCents,
      });
    }

    it('closes the open day itself, posts with its interest, and the end of day adds nothing', async () => {
      // 01:30 in New York on the 15th: the 14th ended, its end of day has not run.
      test.clock.set('2025-03-15T05:30:00Z');
      const before = await loanRow(homeEquity);
      expect(before.state.accruedTo).toBe(TODAY);
      const posting = payment({
        postingKey: 'after-midnight',
        date: '2025-03-15',
        amountCents: before.terms.installmentCents,
      });
      const engine = expected(before, [TODAY], posting);
      const [line] = engine.transactions;
      const quote = await core.payoffQuote(jordan, homeEquity, '2025-03-15');
      const result = await core.postPayment(jordan, homeEquity, posting);
      expect(result).toMatchObject({
        status: 'posted',
        date: '2025-03-15',
        amountCents: posting.amountCents,
        interestCents: line?.interestCents,
        principalCents: line?.principalCents,
        newBalanceCents: engine.state.principalCents,
        nextDueDate: engine.state.paidOffDate === null ? expect.any(String) : null,
      });
      // The interest of every day before the payment's date, the 14th included.
      expect(line?.interestCents).toBe(quote?.interestCents);
      expect(line?.interestCents).toBeGreaterThan(0);
      const after = await loanRow(homeEquity);
      expect(after.state).toEqual(engine.state);
      expect(after.state.accruedTo).toBe('2025-03-15');

      // The night's end of day for the 14th finds this loan closed and leaves it as it is.
      await test.app.services.endOfDay.runOnce();
      expect(await test.app.services.coreDays.lastClosedDay(1)).toBe(TODAY);
      const afterEndOfDay = await loanRow(homeEquity);
      expect(afterEndOfDay.state).toEqual(after.state);
      expect(afterEndOfDay.version).toBe(after.version);
      expect(afterEndOfDay.lines).toEqual(after.lines);

      // The next day accrues on the lower principal, once.
      test.clock.set('2025-03-16T05:30:00Z');
      const quoteBefore = await core.payoffQuote(jordan, homeEquity, '2025-03-16');
      await test.app.services.endOfDay.runOnce();
      expect(await core.payoffQuote(jordan, homeEquity, '2025-03-16')).toEqual(quoteBefore);
      const nextDay = await loanRow(homeEquity);
      expect(nextDay.state).toEqual(closeLoanDay(after.terms, after.state, '2025-03-15').state);
      await expectHistoryReconciles(core, jordan, homeEquity, '2025-03-16');
    });

    it('closes several open days, and a refused payment leaves them open', async () => {
      // The 16th and 17th end without an end of day (an outage); 01:30 on the 18th.
      test.clock.set('2025-03-18T05:30:00Z');
      const before = await loanRow(LINE_OF_CREDIT);
      expect(before.state.accruedTo).toBe('2025-03-16');
      const quote = await core.payoffQuote(jordan, LINE_OF_CREDIT, '2025-03-18');
      const tooMuch = payment({
        postingKey: 'too-much',
        date: '2025-03-18',
        amountCents: (quote?.totalCents ?? 0) + 1,
      });
      expect(await core.postPayment(jordan, LINE_OF_CREDIT, tooMuch)).toEqual({
        status: 'refused',
        reason: 'exceedsPayoff',
      });
      const untouched = await loanRow(LINE_OF_CREDIT);
      expect(untouched.state).toEqual(before.state);
      expect(untouched.version).toBe(before.version);
      expect(untouched.lines).toEqual(before.lines);

      const posting = payment({ postingKey: 'outage', date: '2025-03-18', amountCents: 7_500 });
      const engine = expected(before, ['2025-03-16', '2025-03-17'], posting);
      const result = await core.postPayment(jordan, LINE_OF_CREDIT, posting);
      expect(result).toMatchObject({
        status: 'posted',
        date: '2025-03-18',
        interestCents: engine.transactions[0]?.interestCents,
        newBalanceCents: engine.state.principalCents,
      });
      const after = await loanRow(LINE_OF_CREDIT);
      expect(after.state).toEqual(engine.state);
      // The end of day catches up the 16th and 17th for the other loans, not this one.
      const homeEquityBefore = await core.payoffQuote(jordan, homeEquity, '2025-03-18');
      await test.app.services.endOfDay.runOnce();
      expect(await test.app.services.coreDays.lastClosedDay(1)).toBe('2025-03-17');
      expect((await loanRow(LINE_OF_CREDIT)).lines).toEqual(after.lines);
      expect((await loanRow(LINE_OF_CREDIT)).state).toEqual(after.state);
      expect((await loanRow(homeEquity)).state.accruedTo).toBe('2025-03-18');
      expect(await core.payoffQuote(jordan, homeEquity, '2025-03-18')).toEqual(homeEquityBefore);
      await expectHistoryReconciles(core, jordan, LINE_OF_CREDIT, '2025-03-18');
    });

    it("refuses a date after the institution's today, and without its time zone a date after the latest one on Earth", async () => {
      // 20:00 in New York on the 18th is already the 19th in UTC and in Kiribati.
      test.clock.set('2025-03-19T00:00:00Z');
      const before = await loanRow(homeEquity);
      expect(
        await core.postPayment(
          jordan,
          homeEquity,
          payment({ postingKey: 'tomorrow', date: '2025-03-19' }),
        ),
      ).toEqual({ status: 'refused', reason: 'dayNotClosed' });
      const unzoned = createBuiltinCore({
        db: test.database.db.withTables<CoreTables>(),
        clock: test.clock,
        branding: () => Promise.resolve({ institutionName: 'Test', primaryColor: '#123456' }),
      });
      expect(
        await unzoned.postPayment(
          jordan,
          homeEquity,
          payment({ postingKey: 'day-after', date: '2025-03-20' }),
        ),
      ).toEqual({ status: 'refused', reason: 'dayNotClosed' });
      const after = await loanRow(homeEquity);
      expect(after.state).toEqual(before.state);
      expect(after.lines).toEqual(before.lines);
      // Today is taken, as the open day.
      expect(
        await core.postPayment(
          jordan,
          homeEquity,
          payment({ postingKey: 'today', date: '2025-03-18' }),
        ),
      ).toMatchObject({ status: 'posted', date: '2025-03-18' });
    });
  },
);

describe.each(testDatabases('both'))(
  'crediting a payment as of its date when it is posted later, on $name',
  (testDatabase) => {
    let test: TestApp;
    let core: ServicingCore;
    let jordan: CustomerRef;
    let homeEquity: string;

    beforeAll(async () => {
      test = await startTestApp(testDatabase);
      core = zonedCore(test);
      const row = await test.database.db
        .withTables<CoreTables>()
        .selectFrom('core_accounts')
        .select(['customer_id'])
        .where('institution_id', '=', 1)
        .where('number', '=', AUTO_LOAN)
        .executeTakeFirstOrThrow();
      jordan = { institutionId: 1, customerId: row.customer_id };
      homeEquity = (
        await test.database.db
          .withTables<CoreTables>()
          .selectFrom('core_accounts')
          .select(['number'])
          .where('institution_id', '=', 1)
          .where('number', 'like', '001-100235-%')
          .executeTakeFirstOrThrow()
      ).number;
    });
    afterAll(async () => {
      await test?.close();
    });

    async function loanRow(number: string) {
      const loan = await test.database.db
        .withTables<CoreTables>()
        .selectFrom('core_loans')
        .innerJoin('core_accounts', 'core_accounts.id', 'core_loans.account_id')
        .select(['core_loans.terms', 'core_loans.state', 'core_loans.version', 'core_accounts.id'])
        .where('core_accounts.institution_id', '=', 1)
        .where('core_accounts.number', '=', number)
        .executeTakeFirstOrThrow();
      const lines = await test.database.db
        .withTables<CoreTables>()
        .selectFrom('core_transactions')
        .selectAll()
        .where('account_id', '=', loan.id)
        .orderBy('id')
        .execute();
      return { ...loan, lines };
    }

    /** The end of day run at noon in New York, a few weeks at a time, until `day` is closed. */
    async function closeThrough(day: string) {
      for (;;) {
        const closed = (await test.app.services.coreDays.lastClosedDay(1)) ?? TODAY;
        if (closed >= day) return;
        const next = addDays(closed, 20) < day ? addDays(closed, 20) : day;
        test.clock.set(`${addDays(next, 1)}T17:00:00Z`);
        await test.app.services.endOfDay.runOnce();
      }
    }

    it('a future payoff quote includes a late fee due before it', async () => {
      const { terms, state } = await loanRow(homeEquity);
      const due = nextDueDate(terms, state);
      if (due === null) throw new Error('nothing due');
      expect(terms.lateFeeCents).toBeGreaterThan(0);
      // The fee is charged at the end of the first day after the grace days.
      const feeDay = addDays(due, terms.graceDays + 1);
      const onFeeDay = await core.payoffQuote(jordan, homeEquity, feeDay);
      const dayAfter = await core.payoffQuote(jordan, homeEquity, addDays(feeDay, 1));
      if (!onFeeDay || !dayAfter) throw new Error('no quote');
      expect(onFeeDay.lateChargesCents).toBe(state.lateChargesDueCents);
      expect(dayAfter.lateChargesCents).toBe(state.lateChargesDueCents + terms.lateFeeCents);
      expect(dayAfter.totalCents).toBe(
        onFeeDay.totalCents +
          terms.lateFeeCents +
          (dayAfter.interestCents - onFeeDay.interestCents),
      );
      // The per diem is whole cents, as accrual truncates.
      expect(Number.isInteger(dayAfter.perDiemCents)).toBe(true);
    });

    it('a payment dated yesterday and posted today is credited yesterday', async () => {
      const { terms, state } = await loanRow(homeEquity);
      const due = nextDueDate(terms, state);
      if (due === null) throw new Error('nothing due');
      // Yesterday was the last day of grace; the end of day closed it, not today.
      const yesterday = addDays(due, terms.graceDays);
      const today = addDays(yesterday, 1);
      await closeThrough(yesterday);
      const before = await loanRow(homeEquity);
      expect(before.state.accruedTo).toBe(today);
      const quoteToday = await core.payoffQuote(jordan, homeEquity, today);
      const information = await core.loanInformation(jordan, homeEquity, today);
      if (!quoteToday || !information) throw new Error('no loan');
      const result = await core.postPayment(
        jordan,
        homeEquity,
        payment({
          postingKey: 'yesterday',
          date: yesterday,
          amountCents: information.totalAmountDueCents,
        }),
      );
      expect(result).toMatchObject({ status: 'posted', date: yesterday });
      if (result.status !== 'posted') throw new Error(result.status);
      // The interest of the days before yesterday, not of yesterday: a day's interest less than
      // today's payoff shows (the per diem, or a cent more as the carried fractions fall).
      const notCharged = quoteToday.interestCents - result.interestCents;
      expect(notCharged).toBeGreaterThanOrEqual(quoteToday.perDiemCents);
      expect(notCharged).toBeLessThanOrEqual(quoteToday.perDiemCents + 1);
      expect(result.principalCents).toBe(information.totalAmountDueCents - result.interestCents);
      const history = await core.history(jordan, homeEquity, yesterday);
      if (!Array.isArray(history)) throw new Error('no history');
      expect(history.find((line) => line.id === result.reference)).toMatchObject({
        date: yesterday,
        description: 'Payment received (ACH)',
      });
      // Today's end of day: the installment was paid within its grace, so no late fee.
      await closeThrough(today);
      const after = await core.loanInformation(jordan, homeEquity, addDays(today, 1));
      expect(after?.lateChargesDueCents).toBe(state.lateChargesDueCents);
      const since = await core.history(jordan, homeEquity, yesterday);
      if (!Array.isArray(since)) throw new Error('no history');
      expect(since.filter((line) => line.description.startsWith('Late'))).toEqual([]);
      await expectHistoryReconciles(core, jordan, homeEquity, addDays(today, 1));
      // A repeat answers the first figures.
      expect(
        await core.postPayment(
          jordan,
          homeEquity,
          payment({ postingKey: 'yesterday', date: yesterday, amountCents: 1 }),
        ),
      ).toEqual({ ...result, status: 'alreadyPosted' });
    });

    it('reverses a late fee charged before the payment was posted, and applies the later payments again', async () => {
      const { terms, state } = await loanRow(homeEquity);
      const due = nextDueDate(terms, state);
      if (due === null) throw new Error('nothing due');
      const lastGraceDay = addDays(due, terms.graceDays);
      const feeDay = addDays(lastGraceDay, 1);
      const today = addDays(feeDay, 1);
      await closeThrough(feeDay);
      const charged = await core.loanInformation(jordan, homeEquity, today);
      expect(charged?.lateChargesDueCents).toBe(state.lateChargesDueCents + terms.lateFeeCents);
      // A payment of today, then the installment paid on the last day of grace, posted after it.
      const later = await core.postPayment(
        jordan,
        homeEquity,
        payment({ postingKey: 'later', date: today, amountCents: 5_000 }),
      );
      expect(later).toMatchObject({ status: 'posted', date: today });
      const credited = await core.postPayment(
        jordan,
        homeEquity,
        payment({
          postingKey: 'in-grace',
          date: lastGraceDay,
          amountCents: terms.installmentCents,
          method: 'card',
        }),
      );
      expect(credited).toMatchObject({ status: 'posted', date: lastGraceDay });
      if (credited.status !== 'posted' || later.status !== 'posted') throw new Error('not posted');

      const information = await core.loanInformation(jordan, homeEquity, today);
      expect(information?.lateChargesDueCents).toBe(state.lateChargesDueCents);
      expect(information?.nextDueDate).toBe(addMonths(due, 1));
      const history = await core.history(jordan, homeEquity, due);
      if (!Array.isArray(history)) throw new Error('no history');
      // The fee stays where it was charged, reversed today in words the borrower can read.
      expect(history.filter((line) => line.description.startsWith('Late'))).toEqual([
        expect.objectContaining({
          date: today,
          description: `Late fee reversed: payment credited as of ${formatUsDate(lastGraceDay)}`,
          otherCents: -terms.lateFeeCents,
          totalCents: -terms.lateFeeCents,
        }),
        expect.objectContaining({
          date: feeDay,
          description: 'Late charge assessed',
          otherCents: terms.lateFeeCents,
        }),
      ]);
      // Today's payment, applied after the installment: the interest was paid with it, so it
      // pays a day's interest at most, the rest principal; its line says so now.
      const laterLine = history.find((line) => line.id === later.reference);
      expect(laterLine).toMatchObject({ date: today, totalCents: 5_000, otherCents: 0 });
      expect(laterLine?.interestCents).toBeLessThan(later.interestCents);
      expect(
        await core.postPayment(
          jordan,
          homeEquity,
          payment({ postingKey: 'later', date: today, amountCents: 5_000 }),
        ),
      ).toMatchObject({
        status: 'alreadyPosted',
        interestCents: laterLine?.interestCents,
        principalCents: laterLine?.principalCents,
      });
      await expectHistoryReconciles(core, jordan, homeEquity, today);
      // The next end of day finds the loan as the replay left it: nothing more is charged.
      await closeThrough(today);
      expect(
        (await core.loanInformation(jordan, homeEquity, addDays(today, 1)))?.lateChargesDueCents,
      ).toBe(state.lateChargesDueCents);
      await expectHistoryReconciles(core, jordan, homeEquity, addDays(today, 1));
    });

    it('posts one line for concurrent posts of one backdated key, and refuses one the later payments leave too large', async () => {
      const open = (await loanRow(homeEquity)).state.accruedTo;
      const date = addDays(open, -3);
      const results = await Promise.all(
        Array.from({ length: 5 }, () =>
          core.postPayment(jordan, homeEquity, payment({ postingKey: 'backdated-5', date })),
        ),
      );
      expect(results.filter((result) => result.status === 'posted')).toHaveLength(1);
      expect(results.filter((result) => result.status === 'alreadyPosted')).toHaveLength(4);
      const posted = results.find((result) => result.status === 'posted');
      for (const result of results) expect({ ...result, status: 'posted' }).toEqual(posted);
      expect(posted).toMatchObject({ date });

      // Today's payoff, dated back: less interest was owed then, so it is more than the payoff.
      const before = await loanRow(homeEquity);
      const quote = await core.payoffQuote(jordan, homeEquity, open);
      expect(
        await core.postPayment(
          jordan,
          homeEquity,
          payment({ postingKey: 'too-much', date, amountCents: quote?.totalCents ?? 0 }),
        ),
      ).toEqual({ status: 'refused', reason: 'exceedsPayoff' });
      const after = await loanRow(homeEquity);
      expect(after.state).toEqual(before.state);
      expect(after.version).toBe(before.version);
      expect(after.lines).toEqual(before.lines);
      await expectHistoryReconciles(core, jordan, homeEquity, open);
    });

    it("posts as of the open day, as before, when the loan's stored history does not give back its state", async () => {
      // A line written before the core kept its inputs, changed since: the replay would not be
      // the loan's.
      const loan = await loanRow(AUTO_LOAN);
      const first = loan.lines.find((line) => line.kind === 'payment');
      if (!first) throw new Error('no payment');
      await test.database.db
        .withTables<CoreTables>()
        .updateTable('core_transactions')
        .set({ total_cents: first.total_cents + 1 })
        .where('id', '=', first.id)
        .execute();
      const open = loan.state.accruedTo;
      const result = await core.postPayment(
        jordan,
        AUTO_LOAN,
        payment({ postingKey: 'unreplayable', date: addDays(open, -5) }),
      );
      expect(result).toMatchObject({ status: 'posted', date: open });
      await expectHistoryReconciles(core, jordan, AUTO_LOAN, open);

      // Nor can it be taken back by a replay: refused, with nothing changed (staff reverse it).
      const before = await loanRow(AUTO_LOAN);
      expect(
        await core.reversePayment(jordan, AUTO_LOAN, {
          postingKey: 'unreplayable',
          reversalKey: 'unreplayable-return',
          returnedOn: open,
          reason: 'Payment returned: insufficient funds (R01)',
          feeCents: 2_500,
        }),
      ).toEqual({ status: 'refused', reason: 'cannotReverse' });
      const after = await loanRow(AUTO_LOAN);
      expect(after.state).toEqual(before.state);
      expect(after.version).toBe(before.version);
      expect(after.lines).toEqual(before.lines);
    });
  },
);
