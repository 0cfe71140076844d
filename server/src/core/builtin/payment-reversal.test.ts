import { addBusinessDays, addDays, type CalendarDate } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CorePaymentPosting,
  CorePaymentReversal,
  CustomerRef,
  ServicingCore,
} from '../servicing-core';
import { testDatabases } from '../../testing/databases';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { createBuiltinCore, RETURNED_PAYMENT_FEE } from './builtin-core';
import { nextDueDate, owedCents } from './loan-engine';
import { replayLoan } from './servicing-day';
import type { CoreTables } from './core.schema';

/** jordan.rivers's auto loan at institution 1: two installments unpaid, late charges owed. */
const AUTO_LOAN = '001-100234-1';
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

function reversal(overrides: Partial<CorePaymentReversal>): CorePaymentReversal {
  return {
    postingKey: 'key',
    reversalKey: 'return-key',
    returnedOn: TODAY,
    reason: 'Payment returned: insufficient funds (R01)',
    feeCents: 0,
    ...overrides,
  };
}

describe.each(testDatabases('both'))(
  'reversing a returned payment in the built-in core on $name',
  (testDatabase) => {
    let test: TestApp;
    let core: ServicingCore;
    let jordan: CustomerRef;
    let other: CustomerRef;
    let homeEquity: string;

    beforeAll(async () => {
      test = await startTestApp(testDatabase);
      core = createBuiltinCore({
        db: test.database.db.withTables<CoreTables>(),
        clock: test.clock,
        branding: () => Promise.resolve({ institutionName: 'Test', primaryColor: '#123456' }),
        timeZone: async (institutionId) =>
          (await test.app.services.institutions.findById(institutionId))?.timeZone,
      });
      const db = test.database.db.withTables<CoreTables>();
      const row = await db
        .selectFrom('core_accounts')
        .select(['customer_id'])
        .where('institution_id', '=', 1)
        .where('number', '=', AUTO_LOAN)
        .executeTakeFirstOrThrow();
      jordan = { institutionId: 1, customerId: row.customer_id };
      const someoneElse = await db
        .selectFrom('core_accounts')
        .select('customer_id')
        .where('institution_id', '=', 1)
        .where('customer_id', '!=', row.customer_id)
        .executeTakeFirstOrThrow();
      other = { institutionId: 1, customerId: someoneElse.customer_id };
      homeEquity = (
        await db
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

    /** The loan's row in the core (terms, state, version) and its history lines, as written. */
    async function loanRow(number: string) {
      const db = test.database.db.withTables<CoreTables>();
      const loan = await db
        .selectFrom('core_loans')
        .innerJoin('core_accounts', 'core_accounts.id', 'core_loans.account_id')
        .select(['core_loans.terms', 'core_loans.state', 'core_loans.version', 'core_accounts.id'])
        .where('core_accounts.institution_id', '=', 1)
        .where('core_accounts.number', '=', number)
        .executeTakeFirstOrThrow();
      const lines = await db
        .selectFrom('core_transactions')
        .selectAll()
        .where('account_id', '=', loan.id)
        .orderBy('date')
        .orderBy('time')
        .orderBy('id')
        .execute();
      return { ...loan, lines };
    }

    /** The end of day run at noon in New York until `day` is closed; the next day is today. */
    async function closeThrough(day: CalendarDate) {
      for (;;) {
        const closed = (await test.app.services.coreDays.lastClosedDay(1)) ?? addDays(TODAY, -1);
        if (closed >= day) return;
        const next = addDays(closed, 20) < day ? addDays(closed, 20) : day;
        test.clock.set(`${addDays(next, 1)}T17:00:00Z`);
        await test.app.services.endOfDay.runOnce();
      }
    }

    async function today(): Promise<CalendarDate> {
      return addDays((await test.app.services.coreDays.lastClosedDay(1)) ?? addDays(TODAY, -1), 1);
    }

    /**
     * The history adds up: the opening disbursement, plus the interest and fees, less the
     * payments, plus the reversals of returned ones, is what is owed (less the interest accrued
     * and not yet recorded); each line's principal balance is the running principal.
     */
    async function expectHistoryBalances(number: string) {
      const { state, lines } = await loanRow(number);
      const sum = (pick: (line: (typeof lines)[number]) => number) =>
        lines.reduce((total, line) => total + pick(line), 0);
      const opening = sum((line) => (line.kind === 'disbursement' ? line.principal_cents : 0));
      const interest = sum((line) => (line.kind === 'interest' ? line.interest_cents : 0));
      const fees = sum((line) =>
        line.kind === 'lateFee' || line.kind === 'fee' ? line.other_cents : 0,
      );
      const payments = sum((line) => (line.kind === 'payment' ? line.total_cents : 0));
      const reversals = sum((line) => (line.kind === 'reversal' ? line.total_cents : 0));
      const unrecorded = state.interestAccruedCents - state.interestRecordedCents;
      expect(opening + interest + fees - payments + reversals).toBe(owedCents(state) - unrecorded);
      let principal = 0;
      for (const line of lines) {
        if (line.kind === 'disbursement' || line.kind === 'reversal') {
          principal += line.principal_cents;
        }
        if (line.kind === 'payment') principal -= line.principal_cents;
        expect(line.principal_balance_cents, `line ${line.id}, ${line.description}`).toBe(
          principal,
        );
      }
      expect(principal).toBe(state.principalCents);
    }

    it('undoes an on-time payment returned two banking days later as if it had never been made, and charges its late fee only after the grace from the return', async () => {
      const { terms, state } = await loanRow(homeEquity);
      const due = nextDueDate(terms, state);
      if (due === null) throw new Error('nothing due');
      expect(terms.lateFeeCents).toBeGreaterThan(0);
      // The installment paid on its due date.
      await closeThrough(addDays(due, -1));
      const unpaid = await loanRow(homeEquity);
      const posted = await core.postPayment(
        jordan,
        homeEquity,
        payment({ postingKey: 'on-time', date: due, amountCents: terms.installmentCents }),
      );
      expect(posted).toMatchObject({ status: 'posted', date: due });
      if (posted.status !== 'posted') throw new Error(posted.status);
      expect(posted.nextDueDate).not.toBe(due);

      // Returned two banking days later, with no fee.
      const returnedOn = addBusinessDays(due, 2);
      await closeThrough(addDays(returnedOn, -1));
      expect(await today()).toBe(returnedOn);
      const result = await core.reversePayment(
        jordan,
        homeEquity,
        reversal({ postingKey: 'on-time', reversalKey: 'r01-on-time', returnedOn }),
      );
      expect(result).toEqual({
        status: 'reversed',
        reference: expect.any(String),
        date: returnedOn,
        amountCents: terms.installmentCents,
        principalCents: posted.principalCents,
        interestCents: posted.interestCents,
        feesCents: posted.feesCents,
        newBalanceCents: posted.newBalanceCents + posted.principalCents,
        nextDueDate: due,
      });
      if (result.status !== 'reversed') throw new Error(result.status);

      // The loan is the loan never paid: the same days closed from the same state, nothing in
      // them.
      const never = replayLoan(terms, unpaid.state, [], returnedOn).state;
      const reversed = await loanRow(homeEquity);
      expect(reversed.state).toMatchObject({
        principalCents: never.principalCents,
        interestDueCents: never.interestDueCents,
        interestAccruedCents: never.interestAccruedCents,
        interestCarry: never.interestCarry,
        lateChargesDueCents: never.lateChargesDueCents,
        otherFeesDueCents: never.otherFeesDueCents,
        installmentsPaid: never.installmentsPaid,
        installmentCreditCents: never.installmentCreditCents,
        lastPaymentDate: never.lastPaymentDate,
      });
      const information = await core.loanInformation(jordan, homeEquity, returnedOn);
      expect(information?.nextDueDate).toBe(due);
      expect(information?.account.pastDue).toBe(true);

      // The payment's line stays; the reversal line, dated the return, puts its parts back.
      const history = await core.history(jordan, homeEquity, due);
      if (!Array.isArray(history)) throw new Error('no history');
      expect(history.find((line) => line.id === posted.reference)).toMatchObject({
        date: due,
        description: 'Payment received (ACH)',
        totalCents: terms.installmentCents,
      });
      expect(history.find((line) => line.id === result.reference)).toMatchObject({
        date: returnedOn,
        description: 'Payment returned: insufficient funds (R01)',
        // Taken back: the payment's own figures, negative.
        principalCents: -posted.principalCents,
        interestCents: -posted.interestCents,
        otherCents: -posted.feesCents,
        totalCents: -terms.installmentCents,
      });
      // No fee was asked for: none is charged.
      expect(reversed.lines.filter((line) => line.kind === 'fee' && line.date >= due)).toEqual([]);
      await expectHistoryBalances(homeEquity);

      // The ordinary fee day (the grace from the due date) passes without a late fee ...
      const graceFromReturn = addDays(returnedOn, terms.graceDays);
      expect(addDays(due, terms.graceDays + 1) <= graceFromReturn).toBe(true);
      await closeThrough(graceFromReturn);
      const inGrace = await loanRow(homeEquity);
      expect(inGrace.state.lateChargesDueCents).toBe(unpaid.state.lateChargesDueCents);
      expect(inGrace.lines.filter((line) => line.kind === 'lateFee' && line.date >= due)).toEqual(
        [],
      );
      // ... and the day after the grace counted from the return charges one, still unpaid.
      await closeThrough(addDays(graceFromReturn, 1));
      const late = await loanRow(homeEquity);
      expect(late.state.lateChargesDueCents).toBe(
        unpaid.state.lateChargesDueCents + terms.lateFeeCents,
      );
      expect(
        late.lines
          .filter((line) => line.kind === 'lateFee' && line.date >= due)
          .map((line) => [line.date, line.other_cents]),
      ).toEqual([[addDays(graceFromReturn, 1), terms.lateFeeCents]]);
      await expectHistoryBalances(homeEquity);
    });

    it("charges the returned-payment fee only when there is one, under the reversal's words", async () => {
      const day = await today();
      const before = await loanRow(AUTO_LOAN);
      const first = await core.postPayment(
        jordan,
        AUTO_LOAN,
        payment({ postingKey: 'fee-1', date: day, amountCents: 20_000 }),
      );
      expect(first.status).toBe('posted');
      // Returned the day it was made: the reversal's line goes after the payment's.
      const withFee = await core.reversePayment(
        jordan,
        AUTO_LOAN,
        reversal({
          postingKey: 'fee-1',
          reversalKey: 'fee-1-return',
          returnedOn: day,
          feeCents: 2_500,
        }),
      );
      expect(withFee).toMatchObject({ status: 'reversed', date: day, amountCents: 20_000 });
      const charged = await loanRow(AUTO_LOAN);
      expect(charged.state.otherFeesDueCents).toBe(before.state.otherFeesDueCents + 2_500);
      expect(charged.state.principalCents).toBe(before.state.principalCents);
      expect(charged.state.interestDueCents).toBe(before.state.interestDueCents);
      const feeLines = charged.lines.filter((line) => line.kind === 'fee' && line.date === day);
      expect(feeLines).toEqual([
        expect.objectContaining({ description: RETURNED_PAYMENT_FEE, other_cents: 2_500 }),
      ]);

      const second = await core.postPayment(
        jordan,
        AUTO_LOAN,
        payment({ postingKey: 'fee-2', date: day, amountCents: 15_000 }),
      );
      expect(second.status).toBe('posted');
      await core.reversePayment(
        jordan,
        AUTO_LOAN,
        reversal({
          postingKey: 'fee-2',
          reversalKey: 'fee-2-return',
          returnedOn: day,
          feeCents: 3_000,
          feeDescription: 'NSF fee',
        }),
      );
      const third = await core.postPayment(
        jordan,
        AUTO_LOAN,
        payment({ postingKey: 'fee-3', date: day, amountCents: 12_000 }),
      );
      expect(third.status).toBe('posted');
      await core.reversePayment(
        jordan,
        AUTO_LOAN,
        reversal({ postingKey: 'fee-3', reversalKey: 'fee-3-return', returnedOn: day }),
      );
      const after = await loanRow(AUTO_LOAN);
      expect(
        after.lines
          .filter((line) => line.kind === 'fee' && line.date === day)
          .map((line) => [line.description, line.other_cents]),
      ).toEqual([
        [RETURNED_PAYMENT_FEE, 2_500],
        ['NSF fee', 3_000],
      ]);
      expect(after.state.otherFeesDueCents).toBe(before.state.otherFeesDueCents + 5_500);
      expect(after.state.principalCents).toBe(before.state.principalCents);
      await expectHistoryBalances(AUTO_LOAN);
    });

    it('restates a later payment applied again without the returned one, and the history still balances', async () => {
      const day = await today();
      const before = await loanRow(AUTO_LOAN);
      const returned = await core.postPayment(
        jordan,
        AUTO_LOAN,
        payment({ postingKey: 'late-return', date: day, amountCents: 30_000 }),
      );
      expect(returned.status).toBe('posted');
      await closeThrough(day);
      const next = addDays(day, 1);
      const later = await core.postPayment(
        jordan,
        AUTO_LOAN,
        payment({ postingKey: 'after-it', date: next, amountCents: 8_000 }),
      );
      if (later.status !== 'posted') throw new Error(later.status);
      const result = await core.reversePayment(
        jordan,
        AUTO_LOAN,
        reversal({ postingKey: 'late-return', reversalKey: 'late-return-r', returnedOn: next }),
      );
      expect(result).toMatchObject({ status: 'reversed', date: next, amountCents: 30_000 });

      // The loan as if only the later payment had been made.
      const expected = replayLoan(
        before.terms,
        before.state,
        [{ kind: 'payment', date: next, amountCents: 8_000, additionalPrincipalCents: 0 }],
        next,
      );
      const after = await loanRow(AUTO_LOAN);
      expect(after.state).toMatchObject({
        principalCents: expected.state.principalCents,
        interestDueCents: expected.state.interestDueCents,
        lateChargesDueCents: expected.state.lateChargesDueCents,
        otherFeesDueCents: expected.state.otherFeesDueCents,
        installmentsPaid: expected.state.installmentsPaid,
        installmentCreditCents: expected.state.installmentCreditCents,
      });
      const [laterLine] = expected.inputs[0]?.transactions ?? [];
      const history = await core.history(jordan, AUTO_LOAN, day);
      if (!Array.isArray(history)) throw new Error('no history');
      expect(history.find((line) => line.id === later.reference)).toMatchObject({
        principalCents: laterLine?.principalCents,
        interestCents: laterLine?.interestCents,
        otherCents: laterLine?.otherCents,
        totalCents: 8_000,
      });
      // The later payment's repeat answers it as it stands now.
      expect(
        await core.postPayment(
          jordan,
          AUTO_LOAN,
          payment({ postingKey: 'after-it', date: next, amountCents: 8_000 }),
        ),
      ).toMatchObject({ status: 'alreadyPosted', interestCents: laterLine?.interestCents });
      await expectHistoryBalances(AUTO_LOAN);
    });

    it('reverses once: a repeat, another key for the same payment, and concurrent reversals write one reversal', async () => {
      const day = await today();
      const posted = await core.postPayment(
        jordan,
        AUTO_LOAN,
        payment({ postingKey: 'once', date: day, amountCents: 9_000 }),
      );
      expect(posted.status).toBe('posted');
      const results = await Promise.all(
        ['a', 'b', 'a', 'c', 'b'].map((key) =>
          core.reversePayment(
            jordan,
            AUTO_LOAN,
            reversal({ postingKey: 'once', reversalKey: `once-${key}`, returnedOn: day }),
          ),
        ),
      );
      expect(results.filter((result) => result.status === 'reversed')).toHaveLength(1);
      expect(results.filter((result) => result.status === 'alreadyReversed')).toHaveLength(4);
      const first = results.find((result) => result.status === 'reversed');
      for (const result of results) expect({ ...result, status: 'reversed' }).toEqual(first);
      const stored = await loanRow(AUTO_LOAN);
      expect(
        stored.lines.filter((line) => line.posting_key?.startsWith('reversal:once-')),
      ).toHaveLength(1);
      // A repeat later, whatever it says, changes nothing and answers the first figures.
      const again = await core.reversePayment(
        jordan,
        AUTO_LOAN,
        reversal({ postingKey: 'once', reversalKey: 'once-d', returnedOn: day, feeCents: 9_999 }),
      );
      expect(again).toEqual({ ...first, status: 'alreadyReversed' });
      const unchanged = await loanRow(AUTO_LOAN);
      expect(unchanged.state).toEqual(stored.state);
      expect(unchanged.version).toBe(stored.version);
      expect(unchanged.lines).toEqual(stored.lines);
      await expectHistoryBalances(AUTO_LOAN);
    });

    it("answers notFound for another customer's loan and an unknown posting key, and refuses a deposit and a day not begun", async () => {
      const day = await today();
      const posted = await core.postPayment(
        jordan,
        AUTO_LOAN,
        payment({ postingKey: 'kept', date: day, amountCents: 5_000 }),
      );
      expect(posted.status).toBe('posted');
      const before = await loanRow(AUTO_LOAN);
      expect(
        await core.reversePayment(
          other,
          AUTO_LOAN,
          reversal({ postingKey: 'kept', returnedOn: day }),
        ),
      ).toEqual({ status: 'notFound' });
      expect(
        await core.reversePayment(
          jordan,
          '001-999999-9',
          reversal({ postingKey: 'kept', returnedOn: day }),
        ),
      ).toEqual({ status: 'notFound' });
      expect(
        await core.reversePayment(
          jordan,
          AUTO_LOAN,
          reversal({ postingKey: 'never-posted', returnedOn: day }),
        ),
      ).toEqual({ status: 'notFound' });
      expect(
        await core.reversePayment(
          jordan,
          AUTO_LOAN,
          reversal({ postingKey: 'kept', returnedOn: addDays(day, 1) }),
        ),
      ).toEqual({ status: 'refused', reason: 'dayNotClosed' });
      const deposit = (await core.listAccounts(jordan, day)).find((account) =>
        [1, 3, 5, 6].includes(account.type),
      );
      if (!deposit) throw new Error('no deposit');
      expect(
        await core.reversePayment(
          jordan,
          deposit.number,
          reversal({ postingKey: 'kept', returnedOn: day }),
        ),
      ).toEqual({ status: 'refused', reason: 'notALoan' });
      const after = await loanRow(AUTO_LOAN);
      expect(after.state).toEqual(before.state);
      expect(after.lines).toEqual(before.lines);
    });
  },
);
