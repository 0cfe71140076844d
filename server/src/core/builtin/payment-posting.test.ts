import { addMonths } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CorePaymentPosting, CustomerRef, ServicingCore } from '../servicing-core';
import { testDatabases } from '../../testing/databases';
import { startTestApp, type TestApp } from '../../testing/test-app';

/** jordan.rivers's auto loan at institution 1: two installments unpaid, late charges owed. */
const AUTO_LOAN = '001-100234-1';
/** jordan.rivers's boat loan, paid off seven months before the seed day. */
const PAID_OFF_LOAN = '001-100101-4';
/** The test clock's day (the seed closed the day before it). */
const TODAY = '2025-03-14';

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

describe.each(testDatabases())('posting payments to the built-in core on $name', (testDatabase) => {
  let test: TestApp;
  let core: ServicingCore;
  let jordan: CustomerRef;
  /** jordan.rivers's home equity loan, paid on time. */
  let HOME_EQUITY: string;

  beforeAll(async () => {
    test = await startTestApp(testDatabase);
    core = test.app.services.core;
    const row = await test.database.db
      .selectFrom('core_accounts')
      .select(['customer_id'])
      .where('institution_id', '=', 1)
      .where('number', '=', AUTO_LOAN)
      .executeTakeFirstOrThrow();
    jordan = { institutionId: 1, customerId: row.customer_id };
    HOME_EQUITY = (
      await test.database.db
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

  it('pays late charges, then interest, then principal, and moves the due date', async () => {
    const before = await core.loanInformation(jordan, AUTO_LOAN, TODAY);
    const quoteBefore = await core.payoffQuote(jordan, AUTO_LOAN, TODAY);
    if (!before || !quoteBefore) throw new Error('no loan');
    expect(before.lateChargesDueCents).toBeGreaterThan(0);
    expect(quoteBefore.interestCents).toBeGreaterThan(0);
    const dueBefore = before.nextDueDate ?? '';
    expect(dueBefore < TODAY).toBe(true);
    // The late charges and one whole installment.
    const amountCents = before.totalFeesCents + before.installmentCents;
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
      principalCents: before.installmentCents - quoteBefore.interestCents,
      newBalanceCents:
        before.principalCents - (before.installmentCents - quoteBefore.interestCents),
      nextDueDate: addMonths(dueBefore, 1),
    });
    if (result.status !== 'posted') throw new Error(result.status);

    const after = await core.loanInformation(jordan, AUTO_LOAN, TODAY);
    expect(after?.nextDueDate).toBe(addMonths(dueBefore, 1));
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

  it('posts an earlier date as of the open day and refuses a day not closed yet', async () => {
    const early = await core.postPayment(
      jordan,
      AUTO_LOAN,
      payment({ postingKey: 'early', date: '2025-03-01' }),
    );
    expect(early).toMatchObject({ status: 'posted', date: TODAY, interestCents: 0 });
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
    expect(await core.postPayment({ ...jordan, institutionId: 2 }, AUTO_LOAN, payment({}))).toEqual(
      { status: 'notFound' },
    );
    const deposit = await test.database.db
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
});
