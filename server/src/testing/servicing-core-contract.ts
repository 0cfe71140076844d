import { addDays, type CalendarDate } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CorePaymentPosting,
  CorePaymentPostingResult,
  CorePaymentReversal,
  CustomerRef,
  ServicingCore,
} from '../core/servicing-core';

/**
 * What an adapter to a core servicing system (Fiserv, Jack Henry, FIS, Fineract, ...) must do for
 * the portal to be right with it: the promises `ServicingCore` makes in its comments, as tests.
 * `describeServicingCore(name, setup)` runs them against any core; the built-in core runs them in
 * `npm test` (core/builtin/builtin-core.contract.test.ts). An adapter's own test calls it with a
 * setup that opens the adapter on a test system holding the fixture below (README "Plugging in a
 * core").
 *
 * The suite posts payments to the fixture loan (small ones, under distinct keys) and reverses
 * some of them as returned (`reversePayment`, no fee): give it a loan that may take them.
 */
export interface ServicingCoreFixture {
  core: ServicingCore;
  /** The institution's today, as the core counts days. */
  today: CalendarDate;
  /** Holds `loan` and `deposit`. */
  customer: CustomerRef;
  /** Another customer of the same institution: holds neither. */
  otherCustomer: CustomerRef;
  /** An open installment loan of `customer`, its payoff over $1,000, payments allowed today. */
  loan: string;
  /** A deposit account of `customer`. */
  deposit: string;
  /** An account number no customer holds. */
  missing: string;
  /**
   * A core that answers 'pending' (it posts in its own batch) runs its batch here, so what it
   * holds posts; the suite then asks again under the same key. Not needed by a core that posts
   * at once.
   */
  batch?(): Promise<void>;
  close(): Promise<void>;
}

function posting(overrides: Partial<CorePaymentPosting>): CorePaymentPosting {
  return {
    postingKey: 'contract',
    date: '2000-01-01',
    amountCents: 1_000,
    additionalPrincipalCents: 0,
    method: 'ach',
    ...overrides,
  };
}

function returned(overrides: Partial<CorePaymentReversal>): CorePaymentReversal {
  return {
    postingKey: 'contract',
    reversalKey: 'contract-return',
    returnedOn: '2000-01-01',
    reason: 'Payment returned: insufficient funds (R01)',
    feeCents: 0,
    ...overrides,
  };
}

function expectPosted(
  result: CorePaymentPostingResult,
): asserts result is Extract<CorePaymentPostingResult, { status: 'posted' | 'alreadyPosted' }> {
  if (result.status !== 'posted' && result.status !== 'alreadyPosted') {
    throw new Error(`expected a posting, got ${JSON.stringify(result)}`);
  }
}

export function describeServicingCore(
  name: string,
  setup: () => Promise<ServicingCoreFixture>,
): void {
  describe(`the servicing core contract: ${name}`, () => {
    let f: ServicingCoreFixture;
    let keys = 0;
    /** A posting key no other test of this run used. */
    const key = () => `contract-${Date.now().toString(36)}-${(keys += 1)}`;

    /**
     * Posts and, when the core answers 'pending', runs its batch and asks again: what the portal
     * does (the posting job's retries). Answers the posting as 'posted'.
     */
    async function post(customer: CustomerRef, number: string, payment: CorePaymentPosting) {
      const result = await f.core.postPayment(customer, number, payment);
      if (result.status !== 'pending') return result;
      expect(result.reference).not.toBe('');
      if (!f.batch) throw new Error("the core answered 'pending' and the fixture has no batch");
      await f.batch();
      const again = await f.core.postPayment(customer, number, payment);
      expect(again.status).toBe('alreadyPosted');
      return again.status === 'alreadyPosted' ? { ...again, status: 'posted' as const } : again;
    }

    // Opening a core may take a while (the built-in one seeds a database).
    beforeAll(async () => {
      f = await setup();
    }, 180_000);
    afterAll(async () => {
      await f?.close();
    });

    describe('reads', () => {
      it("lists the customer's accounts, and none of them for another customer", async () => {
        const mine = (await f.core.listAccounts(f.customer, f.today)).map((a) => a.number);
        expect(mine).toEqual(expect.arrayContaining([f.loan, f.deposit]));
        const theirs = (await f.core.listAccounts(f.otherCustomer, f.today)).map((a) => a.number);
        expect(theirs).not.toContain(f.loan);
        expect(theirs).not.toContain(f.deposit);
      });

      it("answers undefined for another customer's account exactly as for one that does not exist", async () => {
        const { core, otherCustomer: other, customer, loan, missing, today } = f;
        for (const [who, number] of [
          [other, loan],
          [customer, missing],
        ] as const) {
          expect(await core.findAccount(who, number, today)).toBeUndefined();
          expect(await core.loanInformation(who, number, today)).toBeUndefined();
          expect(await core.history(who, number, '2000-01-01')).toBeUndefined();
          expect(await core.statements(who, number, Number(today.slice(0, 4)))).toBeUndefined();
          expect(await core.payoffQuote(who, number, today)).toBeUndefined();
          expect(await core.paymentTerms(who, number, today)).toBeUndefined();
          expect(await core.payoffProjection(who, number, today, 0)).toBeUndefined();
          expect(await core.postPayment(who, number, posting({ date: today }))).toEqual({
            status: 'notFound',
          });
        }
      });

      it('describes the loan: principal, payoff at least the principal, the next due date', async () => {
        const information = await f.core.loanInformation(f.customer, f.loan, f.today);
        if (!information) throw new Error('the fixture loan is not found');
        expect(information.account.number).toBe(f.loan);
        expect(information.principalCents).toBeGreaterThan(0);
        expect(information.payoffTodayCents).toBeGreaterThanOrEqual(information.principalCents);
        expect(information.nextDueDate).not.toBeNull();
        for (const cents of [
          information.principalCents,
          information.payoffTodayCents,
          information.installmentCents,
          information.totalFeesCents,
        ]) {
          expect(Number.isSafeInteger(cents)).toBe(true);
        }
      });

      it('gives the history newest first, dated on or after the day asked, in whole cents', async () => {
        const from = addDays(f.today, -400);
        const history = await f.core.history(f.customer, f.loan, from);
        if (!Array.isArray(history)) throw new Error('no history');
        expect(history.length).toBeGreaterThan(0);
        for (const [index, line] of history.entries()) {
          expect(line.date >= from).toBe(true);
          expect(Number.isSafeInteger(line.totalCents)).toBe(true);
          const next = history[index + 1];
          if (next) expect(line.date >= next.date).toBe(true);
        }
      });

      it('quotes a payoff whose parts add up to its total', async () => {
        const quote = await f.core.payoffQuote(f.customer, f.loan, f.today);
        if (!quote) throw new Error('no quote');
        expect(quote.asOf).toBe(f.today);
        expect(
          quote.principalCents +
            quote.interestCents +
            quote.lateChargesCents +
            quote.otherFeesCents,
        ).toBe(quote.totalCents);
        expect(Number.isSafeInteger(quote.perDiemCents)).toBe(true);
      });
    });

    describe('posting a payment', () => {
      it('posts as of its date, divides it in whole cents, and the loan shows it', async () => {
        const before = await f.core.loanInformation(f.customer, f.loan, f.today);
        const result = await post(
          f.customer,
          f.loan,
          posting({ postingKey: key(), date: f.today, amountCents: 2_500 }),
        );
        expect(result.status).toBe('posted');
        expectPosted(result);
        expect(result.reference).not.toBe('');
        expect(result.date).toBe(f.today);
        expect(result.amountCents).toBe(2_500);
        expect(result.principalCents + result.interestCents + result.feesCents).toBe(2_500);
        const after = await f.core.loanInformation(f.customer, f.loan, f.today);
        expect(after?.principalCents).toBe(result.newBalanceCents);
        expect(after?.principalCents).toBe((before?.principalCents ?? 0) - result.principalCents);
        const history = await f.core.history(f.customer, f.loan, f.today);
        if (!Array.isArray(history)) throw new Error('no history');
        expect(history.map((line) => line.id)).toContain(result.reference);
      });

      it('credits a payment dated before today as of its own date (Regulation Z 1026.36(c)(1))', async () => {
        const yesterday = addDays(f.today, -1);
        const before = await f.core.payoffQuote(f.customer, f.loan, f.today);
        if (!before) throw new Error('no quote');
        const amountCents = 50_000;
        const result = await post(
          f.customer,
          f.loan,
          posting({ postingKey: key(), date: yesterday, amountCents }),
        );
        expectPosted(result);
        expect(result.date).toBe(yesterday);
        const history = await f.core.history(f.customer, f.loan, yesterday);
        if (!Array.isArray(history)) throw new Error('no history');
        expect(history.find((line) => line.id === result.reference)?.date).toBe(yesterday);
        // Credited yesterday, the principal it paid bore no interest today: today's payoff fell by
        // the payment and one day's interest on that principal (the core's own per diem, in
        // proportion). A core that dated the line yesterday but accrued as if paid today would
        // show a fall of the payment alone.
        const after = await f.core.payoffQuote(f.customer, f.loan, f.today);
        if (!after) throw new Error('no quote');
        const saved = before.totalCents - after.totalCents - amountCents;
        const oneDay = (before.perDiemCents * result.principalCents) / before.principalCents;
        expect(oneDay).toBeGreaterThanOrEqual(2);
        expect(saved).toBeGreaterThanOrEqual(Math.floor(oneDay) - 1);
        expect(saved).toBeLessThanOrEqual(Math.ceil(oneDay) + 1);
      });

      it("posts once per key: a repeat answers the first posting's figures, whatever it says", async () => {
        const postingKey = key();
        const first = await post(
          f.customer,
          f.loan,
          posting({ postingKey, date: f.today, amountCents: 1_100 }),
        );
        expectPosted(first);
        const before = await f.core.loanInformation(f.customer, f.loan, f.today);
        const again = await f.core.postPayment(
          f.customer,
          f.loan,
          posting({ postingKey, date: f.today, amountCents: 9_900 }),
        );
        expect(again.status).toBe('alreadyPosted');
        expectPosted(again);
        expect(again.reference).toBe(first.reference);
        expect(again.amountCents).toBe(1_100);
        expect(await f.core.loanInformation(f.customer, f.loan, f.today)).toEqual(before);
      });

      it('posts once when the same key arrives twice at the same moment', async () => {
        const postingKey = key();
        const both = await Promise.all(
          [1, 2].map(() =>
            f.core.postPayment(
              f.customer,
              f.loan,
              posting({ postingKey, date: f.today, amountCents: 1_200 }),
            ),
          ),
        );
        const statuses = both.map((result) => result.status).sort();
        if (statuses.includes('pending')) {
          // Held twice under one key: one payment, posted once by the batch.
          expect(statuses).toEqual(['pending', 'pending']);
          await post(
            f.customer,
            f.loan,
            posting({ postingKey, date: f.today, amountCents: 1_200 }),
          );
          const lines = await f.core.listPostings(f.customer.institutionId, f.today);
          expect(lines.filter((line) => line.postingKey === postingKey)).toHaveLength(1);
          return;
        }
        expect(statuses).toEqual(['alreadyPosted', 'posted']);
        const [one, two] = both;
        if (!one || !two) throw new Error('two answers');
        expectPosted(one);
        expectPosted(two);
        expect(one.reference).toBe(two.reference);
      });

      it('refuses what is not a positive whole number of cents, and changes nothing', async () => {
        const before = await f.core.loanInformation(f.customer, f.loan, f.today);
        for (const wrong of [
          { amountCents: 0 },
          { amountCents: -100 },
          { amountCents: 10.5 },
          { amountCents: 1_000, additionalPrincipalCents: 1_001 },
          { amountCents: 1_000, additionalPrincipalCents: -1 },
        ]) {
          expect(
            await f.core.postPayment(
              f.customer,
              f.loan,
              posting({ postingKey: key(), date: f.today, ...wrong }),
            ),
          ).toEqual({ status: 'refused', reason: 'invalidAmount' });
        }
        expect(await f.core.loanInformation(f.customer, f.loan, f.today)).toEqual(before);
      });

      it('refuses a day that has not begun, more than the payoff, and an account that is not a loan, and changes nothing', async () => {
        const { core, customer, loan, deposit, today } = f;
        const before = {
          loan: await core.loanInformation(customer, loan, today),
          history: await core.history(customer, loan, addDays(today, -40)),
          deposit: await core.findAccount(customer, deposit, today),
        };
        expect(
          await core.postPayment(
            customer,
            loan,
            posting({ postingKey: key(), date: addDays(today, 1) }),
          ),
        ).toEqual({ status: 'refused', reason: 'dayNotClosed' });
        const quote = await core.payoffQuote(customer, loan, today);
        if (!quote) throw new Error('no quote');
        expect(
          await core.postPayment(
            customer,
            loan,
            posting({ postingKey: key(), date: today, amountCents: quote.totalCents + 1 }),
          ),
        ).toEqual({ status: 'refused', reason: 'exceedsPayoff' });
        expect(
          await core.postPayment(customer, deposit, posting({ postingKey: key(), date: today })),
        ).toEqual({ status: 'refused', reason: 'notALoan' });
        expect({
          loan: await core.loanInformation(customer, loan, today),
          history: await core.history(customer, loan, addDays(today, -40)),
          deposit: await core.findAccount(customer, deposit, today),
        }).toEqual(before);
      });
    });

    describe('reversing a returned payment', () => {
      it('puts a posted payment back: the principal returns, and the reversal answers its own reference', async () => {
        const postingKey = key();
        const before = await f.core.loanInformation(f.customer, f.loan, f.today);
        const posted = await post(
          f.customer,
          f.loan,
          posting({ postingKey, date: f.today, amountCents: 1_400 }),
        );
        expectPosted(posted);
        const result = await f.core.reversePayment(
          f.customer,
          f.loan,
          returned({ postingKey, reversalKey: key(), returnedOn: f.today }),
        );
        if (result.status !== 'reversed')
          throw new Error(`expected a reversal, got ${result.status}`);
        expect(result.reference).not.toBe('');
        expect(result.reference).not.toBe(posted.reference);
        expect(result.date).toBe(f.today);
        expect(result.amountCents).toBe(1_400);
        expect(result.principalCents).toBe(posted.principalCents);
        expect(result.principalCents + result.interestCents + result.feesCents).toBe(1_400);
        const after = await f.core.loanInformation(f.customer, f.loan, f.today);
        expect(after?.principalCents).toBe(before?.principalCents);
        const history = await f.core.history(f.customer, f.loan, f.today);
        if (!Array.isArray(history)) throw new Error('no history');
        // The payment happened: its line stays, and the reversal's is beside it, taken back.
        expect(history.map((line) => line.id)).toEqual(
          expect.arrayContaining([posted.reference, result.reference]),
        );
        expect(history.find((line) => line.id === posted.reference)?.totalCents).toBe(1_400);
        expect(history.find((line) => line.id === result.reference)?.totalCents).toBe(-1_400);
      });

      it('reverses a payment once: a repeat, or another reversal key, answers the first reversal', async () => {
        const postingKey = key();
        const posted = await post(
          f.customer,
          f.loan,
          posting({ postingKey, date: f.today, amountCents: 1_500 }),
        );
        expectPosted(posted);
        const reversalKey = key();
        const first = await f.core.reversePayment(
          f.customer,
          f.loan,
          returned({ postingKey, reversalKey, returnedOn: f.today }),
        );
        expect(first.status).toBe('reversed');
        const before = await f.core.loanInformation(f.customer, f.loan, f.today);
        for (const again of [
          returned({ postingKey, reversalKey, returnedOn: f.today, feeCents: 2_500 }),
          returned({ postingKey, reversalKey: key(), returnedOn: f.today }),
        ]) {
          expect(await f.core.reversePayment(f.customer, f.loan, again)).toEqual({
            ...first,
            status: 'alreadyReversed',
          });
        }
        expect(await f.core.loanInformation(f.customer, f.loan, f.today)).toEqual(before);
      });

      it("answers notFound for another customer's loan exactly as for a posting key never posted", async () => {
        const postingKey = key();
        const posted = await post(
          f.customer,
          f.loan,
          posting({ postingKey, date: f.today, amountCents: 1_000 }),
        );
        expectPosted(posted);
        const before = await f.core.loanInformation(f.customer, f.loan, f.today);
        for (const [who, number, reversal] of [
          [
            f.otherCustomer,
            f.loan,
            returned({ postingKey, reversalKey: key(), returnedOn: f.today }),
          ],
          [
            f.customer,
            f.missing,
            returned({ postingKey, reversalKey: key(), returnedOn: f.today }),
          ],
          [
            f.customer,
            f.loan,
            returned({ postingKey: key(), reversalKey: key(), returnedOn: f.today }),
          ],
        ] as const) {
          expect(await f.core.reversePayment(who, number, reversal)).toEqual({
            status: 'notFound',
          });
        }
        expect(await f.core.loanInformation(f.customer, f.loan, f.today)).toEqual(before);
      });
    });

    describe("the day's postings (the daily reconciliation)", () => {
      it('lists a posted payment on its date by its key and reference, and marks it once reversed', async () => {
        const postingKey = key();
        const posted = await post(
          f.customer,
          f.loan,
          posting({ postingKey, date: f.today, amountCents: 1_200 }),
        );
        expectPosted(posted);
        const listed = async () =>
          (await f.core.listPostings(f.customer.institutionId, f.today)).filter(
            (line) => line.postingKey === postingKey,
          );
        expect(await listed()).toEqual([
          {
            postingKey,
            reference: posted.reference,
            date: f.today,
            amountCents: 1_200,
            reversed: false,
          },
        ]);
        const reversal = await f.core.reversePayment(
          f.customer,
          f.loan,
          returned({ postingKey, reversalKey: key(), returnedOn: f.today }),
        );
        expect(reversal.status).toBe('reversed');
        expect(await listed()).toEqual([
          {
            postingKey,
            reference: posted.reference,
            date: f.today,
            amountCents: 1_200,
            reversed: true,
          },
        ]);
        // Another institution's day, and a day with no payment, list none of it.
        expect(
          (await f.core.listPostings(f.customer.institutionId + 1_000_000, f.today)).some(
            (line) => line.postingKey === postingKey,
          ),
        ).toBe(false);
        expect(await f.core.listPostings(f.customer.institutionId, '2000-01-03')).toEqual([]);
      });
    });
  });
}
