import { addDays } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import {
  accrueInterest,
  advanceCredit,
  amortizedInstallment,
  amountDue,
  applyPayment,
  chargeFee,
  chargeLateFees,
  daysPastDue,
  dueDateOf,
  isPastDue,
  type LoanState,
  type LoanTerms,
  nextDueDate,
  originateLoan,
  owedCents,
  PAYMENT_ALLOCATIONS,
  PaymentExceedsPayoffError,
  payoffQuote,
  recordInterest,
} from './loan-engine';
import { closeLoanDay, replayLoan } from './servicing-day';

/** $10,000 at 6.75 % over 36 months, due on the 15th, 10 grace days, $25 late fee. */
const TERMS: LoanTerms = {
  originationDate: '2026-01-15',
  originalPrincipalCents: 1_000_000,
  rateHundredths: 675,
  termPayments: 36,
  installmentCents: amortizedInstallment(1_000_000, 675, 36, 'monthly'),
  frequency: 'monthly',
  firstDueDate: '2026-02-15',
  graceDays: 10,
  lateFeeCents: 2_500,
};

function opened(terms: LoanTerms = TERMS): LoanState {
  return originateLoan(terms).state;
}

describe('the built-in core: installment loans', () => {
  it('computes the level installment of an amortized loan', () => {
    // The textbook case: $10,000 at 6 % for 12 months is $860.66 (rounded up to $860.67).
    expect(amortizedInstallment(1_000_000, 600, 12, 'monthly')).toBe(86_067);
    // $10,000 at 6.75 % for 36 months: $307.626... rounded up.
    expect(TERMS.installmentCents).toBe(30_763);
    expect(amortizedInstallment(120_000, 0, 12, 'monthly')).toBe(10_000);
  });

  it('accrues daily simple interest on actual/365, carrying fractions of a cent', () => {
    // 30 days of $10,000 at 6.75 %: 10,000 × 0.0675 × 30 / 365 = $55.4794...
    const month = accrueInterest(TERMS, opened(), '2026-02-14');
    expect(month.interestDueCents).toBe(5_547);
    // Day by day gives the same cents: the fractions are carried, not rounded away.
    let daily = opened();
    for (let day = 1; day <= 30; day += 1) {
      daily = accrueInterest(TERMS, daily, addDays(TERMS.originationDate, day));
    }
    expect(daily.interestDueCents).toBe(5_547);
    expect(daily.interestCarry).toBe(month.interestCarry);
    // One day: $1.8493..., the fraction carried to the next day.
    const day = accrueInterest(TERMS, opened(), '2026-01-16');
    expect(day.interestDueCents).toBe(184);
    expect(day.interestCarry).toBe(1_000_000 * 675 - 184 * 3_650_000);
    // Accruing to an earlier date changes nothing.
    expect(accrueInterest(TERMS, month, '2026-02-01')).toBe(month);
  });

  /** Owed on 2026-02-15: a month's interest, a $10 returned-payment fee and a $25 late charge. */
  function withCharges(terms: LoanTerms): LoanState {
    let state = accrueInterest(terms, opened(terms), '2026-02-14');
    state = chargeFee(state, '2026-02-14', 1_000, 'Returned payment fee').state;
    return { ...state, lateChargesDueCents: 2_500 };
  }

  it('applies a payment to the installment due first, then late charges, then fees, then ahead', () => {
    const state = withCharges(TERMS);
    const interest = accrueInterest(TERMS, state, '2026-02-15').interestDueCents;

    // Short of the installment: all of it to the installment's interest, the charges wait.
    const small = applyPayment(TERMS, state, { date: '2026-02-15', amountCents: 3_000 });
    expect(small.state).toMatchObject({
      lateChargesDueCents: 2_500,
      otherFeesDueCents: 1_000,
      interestDueCents: interest - 3_000,
      principalCents: 1_000_000,
      installmentCreditCents: 3_000,
    });
    expect(small.transactions[0]).toMatchObject({ otherCents: 0, interestCents: 3_000 });

    // The installment, then the charges, then the rest ahead. Toward the next installment counts
    // what went ahead, not what paid the charges: the next installment shown is the whole one
    // less only that.
    const large = applyPayment(TERMS, state, { date: '2026-02-15', amountCents: 40_000 });
    const toPrincipal = 40_000 - 2_500 - 1_000 - interest;
    expect(large.state).toMatchObject({
      lateChargesDueCents: 0,
      otherFeesDueCents: 0,
      interestDueCents: 0,
      principalCents: 1_000_000 - toPrincipal,
      installmentsPaid: 1,
      installmentCreditCents: 40_000 - TERMS.installmentCents - 3_500,
    });
    expect(large.transactions[0]).toMatchObject({
      kind: 'payment',
      principalCents: toPrincipal,
      interestCents: interest,
      otherCents: 3_500,
      totalCents: 40_000,
      principalBalanceCents: 1_000_000 - toPrincipal,
    });

    // Additional principal goes to principal, never to the charges the rest left owing.
    const extra = applyPayment(TERMS, state, {
      date: '2026-02-15',
      amountCents: TERMS.installmentCents + 5_000,
      additionalPrincipalCents: 5_000,
    });
    expect(extra.transactions[0]).toMatchObject({
      otherCents: 0,
      interestCents: interest,
      principalCents: TERMS.installmentCents - interest + 5_000,
    });
    expect(extra.state).toMatchObject({ lateChargesDueCents: 2_500, installmentsPaid: 1 });
  });

  it('under feesFirst pays late charges, then fees, then interest, then principal, and still counts the installment', () => {
    const terms: LoanTerms = { ...TERMS, allocation: 'feesFirst' };
    const state = withCharges(terms);
    const interest = accrueInterest(terms, state, '2026-02-15').interestDueCents;

    const small = applyPayment(terms, state, { date: '2026-02-15', amountCents: 3_000 });
    expect(small.state.lateChargesDueCents).toBe(0);
    expect(small.state.otherFeesDueCents).toBe(500);
    expect(small.state.interestDueCents).toBe(interest);
    expect(small.state.principalCents).toBe(1_000_000);
    expect(small.transactions[0]).toMatchObject({ otherCents: 3_000, interestCents: 0 });

    const large = applyPayment(terms, state, { date: '2026-02-15', amountCents: 40_000 });
    expect(large.state.lateChargesDueCents).toBe(0);
    expect(large.state.otherFeesDueCents).toBe(0);
    expect(large.state.interestDueCents).toBe(0);
    const toPrincipal = 40_000 - 2_500 - 1_000 - interest;
    expect(large.state.principalCents).toBe(1_000_000 - toPrincipal);
    expect(large.transactions[0]).toMatchObject({
      kind: 'payment',
      principalCents: toPrincipal,
      interestCents: interest,
      otherCents: 3_500,
      totalCents: 40_000,
      principalBalanceCents: 1_000_000 - toPrincipal,
    });

    // The charges taken out of an installment paid on time do not leave it short.
    const installment = applyPayment(terms, state, {
      date: '2026-02-15',
      amountCents: TERMS.installmentCents,
    }).state;
    expect(installment).toMatchObject({ lateChargesDueCents: 0, installmentsPaid: 1 });
    expect(chargeLateFees(terms, installment, '2026-02-26').transactions).toEqual([]);
  });

  it('under principalFirst pays the installment principal before interest, then the charges', () => {
    const terms: LoanTerms = { ...TERMS, allocation: 'principalFirst' };
    const state = withCharges(terms);
    const interest = accrueInterest(terms, state, '2026-02-15').interestDueCents;

    // Less than the installment: all of it to principal; the interest and charges stay owed.
    const small = applyPayment(terms, state, { date: '2026-02-15', amountCents: 3_000 });
    expect(small.state).toMatchObject({
      principalCents: 1_000_000 - 3_000,
      interestDueCents: interest,
      lateChargesDueCents: 2_500,
      otherFeesDueCents: 1_000,
    });
    expect(small.transactions[0]).toMatchObject({ principalCents: 3_000, interestCents: 0 });

    // The installment and more: principal and interest of the installment, then the charges,
    // then principal ahead; the whole installment counts, so it is never late for the charges.
    const large = applyPayment(terms, state, { date: '2026-02-15', amountCents: 40_000 });
    expect(large.state).toMatchObject({
      lateChargesDueCents: 0,
      otherFeesDueCents: 0,
      interestDueCents: 0,
      principalCents: 1_000_000 - (40_000 - 3_500 - interest),
      installmentsPaid: 1,
    });
    const installment = applyPayment(terms, state, {
      date: '2026-02-15',
      amountCents: TERMS.installmentCents,
    }).state;
    expect(installment).toMatchObject({ lateChargesDueCents: 2_500, installmentsPaid: 1 });
    expect(chargeLateFees(terms, installment, '2026-02-26').transactions).toEqual([]);
  });

  it('moves the due date one period for each installment paid, and pays ahead', () => {
    const state = opened();
    expect(nextDueDate(TERMS, state)).toBe('2026-02-15');
    const one = applyPayment(TERMS, state, {
      date: '2026-02-10',
      amountCents: TERMS.installmentCents,
    }).state;
    expect(nextDueDate(TERMS, one)).toBe('2026-03-15');
    // Short of an installment: the due date stays, the credit counts toward the next payment.
    const partial = applyPayment(TERMS, state, { date: '2026-02-10', amountCents: 10_000 }).state;
    expect(nextDueDate(TERMS, partial)).toBe('2026-02-15');
    expect(amountDue(TERMS, partial, '2026-02-10')).toBe(TERMS.installmentCents - 10_000);
    const rest = applyPayment(TERMS, partial, {
      date: '2026-02-12',
      amountCents: TERMS.installmentCents - 10_000,
    }).state;
    expect(nextDueDate(TERMS, rest)).toBe('2026-03-15');
    // Three installments at once: paid ahead, nothing due this cycle.
    const ahead = applyPayment(TERMS, state, {
      date: '2026-02-10',
      amountCents: 3 * TERMS.installmentCents,
    }).state;
    expect(nextDueDate(TERMS, ahead)).toBe('2026-05-15');
    expect(amountDue(TERMS, ahead, '2026-02-10')).toBe(0);
    expect(amountDue(TERMS, ahead, '2026-04-20')).toBe(TERMS.installmentCents);
    // Additional principal lowers the balance but does not pay ahead.
    const extra = applyPayment(TERMS, state, {
      date: '2026-02-10',
      amountCents: TERMS.installmentCents + 50_000,
      additionalPrincipalCents: 50_000,
    }).state;
    expect(nextDueDate(TERMS, extra)).toBe('2026-03-15');
    expect(extra.principalCents).toBeLessThan(one.principalCents - 49_999);
  });

  it('asks for all that is left of a half-paid last installment, and that pays the loan off', () => {
    let state = opened();
    for (let index = 0; index < TERMS.termPayments - 1; index += 1) {
      const date = dueDateOf(TERMS, index);
      state = applyPayment(TERMS, state, { date, amountCents: TERMS.installmentCents }).state;
    }
    const day = addDays(dueDateOf(TERMS, TERMS.termPayments - 1), -5);
    const half = Math.floor(payoffQuote(TERMS, state, day).totalCents / 2);
    state = applyPayment(TERMS, state, { date: day, amountCents: half }).state;
    // The half paid is already out of the principal: it is not taken off a second time.
    const due = amountDue(TERMS, state, day);
    expect(due).toBe(payoffQuote(TERMS, state, day).totalCents);
    expect(applyPayment(TERMS, state, { date: day, amountCents: due }).state.paidOffDate).toBe(day);
  });

  it('keeps month-end due dates at the month end and spaces other frequencies by days', () => {
    const monthEnd = { ...TERMS, firstDueDate: '2026-01-31' };
    expect([1, 2, 3].map((index) => dueDateOf(monthEnd, index))).toEqual([
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
    ]);
    expect(dueDateOf({ ...TERMS, frequency: 'biWeekly' }, 2)).toBe('2026-03-15');
    expect(dueDateOf({ ...TERMS, frequency: 'weekly' }, 1)).toBe('2026-02-22');
    expect(dueDateOf({ ...TERMS, frequency: 'semiMonthly' }, 1)).toBe('2026-03-02');
    expect(dueDateOf({ ...TERMS, frequency: 'semiMonthly' }, 2)).toBe('2026-03-15');
  });

  it('is past due the day after an unpaid due date and charges the late fee once after the grace days', () => {
    const state = opened();
    expect(isPastDue(TERMS, state, '2026-02-15')).toBe(false);
    expect(isPastDue(TERMS, state, '2026-02-16')).toBe(true);
    expect(daysPastDue(TERMS, state, '2026-02-20')).toBe(5);
    // Grace ends on the 25th: no fee on the 25th, the fee on the 26th.
    expect(chargeLateFees(TERMS, state, '2026-02-25').transactions).toEqual([]);
    const charged = chargeLateFees(TERMS, state, '2026-02-26');
    expect(charged.transactions).toEqual([
      expect.objectContaining({ date: '2026-02-26', kind: 'lateFee', otherCents: 2_500 }),
    ]);
    expect(charged.state.lateChargesDueCents).toBe(2_500);
    // Running the job again the same day or the next charges nothing more.
    expect(chargeLateFees(TERMS, charged.state, '2026-02-26').transactions).toEqual([]);
    expect(chargeLateFees(TERMS, charged.state, '2026-03-20').transactions).toEqual([]);
    // The next installment missed too: its own fee after its own grace.
    const second = chargeLateFees(TERMS, charged.state, '2026-03-26');
    expect(second.state.lateChargesDueCents).toBe(5_000);
    // Amount due: the two missed installments, this cycle's (April 15) and the late charges.
    expect(amountDue(TERMS, second.state, '2026-03-26')).toBe(3 * TERMS.installmentCents + 5_000);
    // Paying on time charges nothing.
    const paid = applyPayment(TERMS, state, {
      date: '2026-02-15',
      amountCents: TERMS.installmentCents,
    }).state;
    expect(chargeLateFees(TERMS, paid, '2026-02-26').transactions).toEqual([]);
    expect(isPastDue(TERMS, paid, '2026-02-26')).toBe(false);
  });

  it('one payment 15 days late then on-time installments charges exactly one late fee', () => {
    const payOn = new Map([[addDays(dueDateOf(TERMS, 0), 15), 0]]);
    for (let index = 1; index < 12; index += 1) payOn.set(dueDateOf(TERMS, index), index);
    for (const allocation of PAYMENT_ALLOCATIONS) {
      const terms: LoanTerms = { ...TERMS, allocation };
      const opening = originateLoan(terms);
      let state = opening.state;
      const history = [...opening.transactions];
      for (let date = terms.originationDate; date <= '2027-01-31'; date = addDays(date, 1)) {
        if (payOn.has(date)) {
          const change = applyPayment(terms, state, { date, amountCents: terms.installmentCents });
          state = change.state;
          history.push(...change.transactions);
        }
        const day = closeLoanDay(terms, state, date);
        state = day.state;
        history.push(...day.transactions);
      }
      expect(history.filter((line) => line.kind === 'lateFee')).toEqual([
        expect.objectContaining({ date: '2026-02-26', otherCents: terms.lateFeeCents }),
      ]);
      expect(state.installmentsPaid).toBe(12);
      expect(isPastDue(terms, state, '2027-01-31')).toBe(false);
      // Installment (or principal) first, the late charge is still owed; fees first, the next
      // payment paid it.
      expect(state.lateChargesDueCents).toBe(allocation === 'feesFirst' ? 0 : terms.lateFeeCents);
    }
  });

  it('after the installments due and a late fee are paid, shows the whole next installment', () => {
    // February's installment unpaid past its grace (its $25 fee); March's due; April's in the
    // period the amount due covers.
    let state = opened();
    for (let date = TERMS.originationDate; date <= '2026-03-16'; date = addDays(date, 1)) {
      state = closeLoanDay(TERMS, state, date).state;
    }
    expect(state.lateChargesDueCents).toBe(TERMS.lateFeeCents);
    const due = amountDue(TERMS, state, '2026-03-16');
    expect(due).toBe(3 * TERMS.installmentCents + TERMS.lateFeeCents);
    for (const allocation of ['installmentFirst', 'principalFirst'] as const) {
      const terms: LoanTerms = { ...TERMS, allocation };
      const paid = applyPayment(terms, state, { date: '2026-03-16', amountCents: due }).state;
      expect(paid).toMatchObject({
        installmentsPaid: 3,
        installmentCreditCents: 0,
        lateChargesDueCents: 0,
      });
      // The fee the payment paid is no credit toward May's installment: all of it is due.
      expect(nextDueDate(terms, paid)).toBe('2026-05-15');
      expect(amountDue(terms, paid, '2026-04-20')).toBe(TERMS.installmentCents);
    }
  });

  it('counts a whole installment paid early toward it while a late fee is owed, the fee left owing', () => {
    // Current on installments (the first paid), a $25 late fee owed, the second due in a month
    // and more: a payment of one installment is for that installment, not the fee.
    const paidFirst = applyPayment(TERMS, accrueInterest(TERMS, opened(), '2026-02-14'), {
      date: '2026-02-14',
      amountCents: TERMS.installmentCents,
    }).state;
    const state: LoanState = { ...paidFirst, lateChargesDueCents: 2_500 };
    const early = applyPayment(TERMS, state, {
      date: '2026-02-14',
      amountCents: TERMS.installmentCents,
    });
    expect(early.state).toMatchObject({
      installmentsPaid: 2,
      installmentCreditCents: 0,
      lateChargesDueCents: 2_500,
    });
    expect(early.transactions[0]?.otherCents).toBe(0);
    // The installment and the fee: both paid; less than one more installment beyond them pays
    // the fee first, and only the rest goes ahead.
    const more = applyPayment(TERMS, state, {
      date: '2026-02-14',
      amountCents: TERMS.installmentCents + 4_000,
    });
    expect(more.state).toMatchObject({
      installmentsPaid: 2,
      installmentCreditCents: 1_500,
      lateChargesDueCents: 0,
    });
  });

  it("charges a returned payment's installment its late fee only once the grace counted from the return has passed", () => {
    const payment = {
      kind: 'payment' as const,
      date: '2026-02-15',
      amountCents: TERMS.installmentCents,
    };
    // Paid on its due date, returned on the 17th: replayed from before it, in its place.
    const returned = replayLoan(
      TERMS,
      opened(),
      [
        {
          kind: 'returnedPayment',
          date: '2026-02-15',
          returnedOn: '2026-02-17',
          payment,
          reversalKey: 'r',
        },
      ],
      '2026-03-20',
    );
    const fees = returned.closings.filter((line) => line.kind === 'lateFee');
    // Not on the 26th (the grace from the due date) but on the 28th (ten days from the 17th); the
    // March installment's own on the 26th.
    expect(fees.map((line) => line.date)).toEqual(['2026-02-28']);
    expect(returned.state.lateFeeGraceFrom).toBe('2026-02-17');
    expect(replayLoan(TERMS, returned.state, [], '2026-03-27').closings).toEqual([
      expect.objectContaining({ kind: 'lateFee', date: '2026-03-26' }),
    ]);
    // The money is as if it had never been paid.
    const never = replayLoan(TERMS, opened(), [], '2026-03-20').state;
    expect(returned.state.principalCents).toBe(never.principalCents);
    expect(returned.state.interestDueCents).toBe(never.interestDueCents);
    expect(returned.state.installmentsPaid).toBe(0);
    expect(never.lateChargesDueCents).toBe(TERMS.lateFeeCents);
  });

  it('charges no late fee while only fees are owed', () => {
    const quote = payoffQuote(TERMS, opened(), '2026-02-10');
    const charged = chargeFee(opened(), '2026-02-09', 1_000, 'Returned payment fee').state;
    // The installment and the rest of the loan as additional principal, all but the fee: no
    // installment is left to be late.
    const paid = applyPayment(TERMS, charged, {
      date: '2026-02-10',
      amountCents: quote.totalCents,
      additionalPrincipalCents: quote.totalCents - TERMS.installmentCents,
    }).state;
    expect(paid).toMatchObject({ principalCents: 0, otherFeesDueCents: 1_000, paidOffDate: null });
    expect(chargeLateFees(TERMS, paid, '2026-06-01').transactions).toEqual([]);
  });

  it('quotes the payoff as of a date: principal, interest to that date and fees; later quotes more', () => {
    const state = chargeLateFees(TERMS, opened(), '2026-02-26').state;
    const early = payoffQuote(TERMS, state, '2026-03-01');
    const later = payoffQuote(TERMS, state, '2026-03-11');
    expect(early).toMatchObject({
      principalCents: 1_000_000,
      // 45 days: 10,000 × 0.0675 × 45 / 365 = $83.219...
      interestCents: 8_321,
      lateChargesCents: 2_500,
      otherFeesCents: 0,
      totalCents: 1_000_000 + 8_321 + 2_500,
      // $1.8493...: truncated as accrual truncates.
      perDiemCents: 184,
    });
    expect(later.totalCents).toBeGreaterThan(early.totalCents);
    // Ten more days of $1.8493...: 1,849 or 1,850 cents as the carried fraction falls.
    expect(later.interestCents - early.interestCents).toBeGreaterThanOrEqual(1_849);
    expect(later.interestCents - early.interestCents).toBeLessThanOrEqual(1_850);
    // The quote changes nothing.
    expect(state.interestDueCents).toBe(0);
  });

  it('quotes a future payoff with the late fee of an installment unpaid past its grace, as closing the days would', () => {
    const state = opened();
    // The February 15 installment's grace ends on the 25th; its fee is charged on the 26th.
    const beforeFee = payoffQuote(TERMS, state, '2026-02-26');
    const afterFee = payoffQuote(TERMS, state, '2026-02-27');
    expect(beforeFee.lateChargesCents).toBe(0);
    expect(afterFee.lateChargesCents).toBe(2_500);
    // The same as the loan's days closed one by one to the date.
    for (const asOf of ['2026-02-26', '2026-02-27', '2026-05-01']) {
      const closed = replayLoan(TERMS, state, [], asOf).state;
      const quote = payoffQuote(TERMS, state, asOf);
      expect(quote).toMatchObject({
        principalCents: closed.principalCents,
        interestCents: closed.interestDueCents,
        lateChargesCents: closed.lateChargesDueCents,
        totalCents: owedCents(closed),
      });
      expect(payoffQuote(TERMS, closed, asOf)).toEqual(quote);
    }
    expect(payoffQuote(TERMS, state, '2026-05-01').lateChargesCents).toBe(3 * 2_500);
  });

  it('counts interest days by the day count: actual/365 by default, actual/360 and 30/360', () => {
    const year = (dayCount?: LoanTerms['dayCount']) => {
      const terms: LoanTerms = { ...TERMS, ...(dayCount ? { dayCount } : {}) };
      return accrueInterest(terms, opened(terms), '2027-01-15').interestDueCents;
    };
    // $10,000 at 6.75 % for the 365 days from 2026-01-15.
    expect(year()).toBe(67_500);
    expect(year('actual/365')).toBe(67_500);
    expect(year('actual/360')).toBe(Math.floor((1_000_000 * 675 * 365) / (10_000 * 360)));
    expect(year('30/360')).toBe(67_500);
    const thirty: LoanTerms = { ...TERMS, dayCount: '30/360' };
    const at = (date: string) => ({ ...opened(thirty), accruedTo: date });
    const days = (from: string, to: string) =>
      accrueInterest(thirty, at(from), to).interestDueCents;
    // The 31st counts as the 30th; February's end is three days from March 1.
    expect(days('2026-01-30', '2026-01-31')).toBe(0);
    expect(days('2026-01-31', '2026-02-01')).toBe(Math.floor((1_000_000 * 675) / 3_600_000));
    expect(days('2026-02-28', '2026-03-01')).toBe(Math.floor((1_000_000 * 675 * 3) / 3_600_000));
    // Day by day or at once, the same cents.
    let daily = at('2026-01-15');
    for (let date = '2026-01-15'; date < '2026-04-15'; date = addDays(date, 1)) {
      daily = accrueInterest(thirty, daily, addDays(date, 1));
    }
    expect(daily.interestDueCents).toBe(days('2026-01-15', '2026-04-15'));
    expect(daily.interestDueCents).toBe(Math.floor((1_000_000 * 675 * 90) / 3_600_000));
  });

  it('pays the loan off with exactly the payoff amount and refuses more', () => {
    // The days before the payment closed, as the core closes them: the February late fee is owed.
    const state = chargeLateFees(TERMS, opened(), '2026-02-28').state;
    const quote = payoffQuote(TERMS, state, '2026-03-01');
    expect(quote.lateChargesCents).toBe(2_500);
    expect(() =>
      applyPayment(TERMS, state, { date: '2026-03-01', amountCents: quote.totalCents + 1 }),
    ).toThrow(PaymentExceedsPayoffError);
    const paidOff = applyPayment(TERMS, state, {
      date: '2026-03-01',
      amountCents: quote.totalCents,
    });
    expect(paidOff.state).toMatchObject({
      principalCents: 0,
      interestDueCents: 0,
      paidOffDate: '2026-03-01',
    });
    expect(paidOff.transactions[0]?.description).toBe('Payoff payment');
    expect(nextDueDate(TERMS, paidOff.state)).toBeNull();
    expect(amountDue(TERMS, paidOff.state, '2026-04-01')).toBe(0);
    expect(chargeLateFees(TERMS, paidOff.state, '2026-06-01').transactions).toEqual([]);
    expect(() => applyPayment(TERMS, state, { date: '2026-03-01', amountCents: 0 })).toThrow(
      RangeError,
    );
  });

  it('repays the whole loan with its scheduled installments, the history adding up to zero', () => {
    const opening = originateLoan(TERMS);
    let state = opening.state;
    const history = [...opening.transactions];
    for (let index = 0; state.paidOffDate === null; index += 1) {
      expect(index).toBeLessThan(TERMS.termPayments);
      const date = dueDateOf(TERMS, index);
      const recorded = recordInterest(TERMS, state, date);
      history.push(...recorded.transactions);
      const quote = payoffQuote(TERMS, recorded.state, date);
      const change = applyPayment(TERMS, recorded.state, {
        date,
        amountCents: Math.min(TERMS.installmentCents, quote.totalCents),
      });
      state = change.state;
      history.push(...change.transactions);
    }
    expect(state.installmentsPaid).toBe(TERMS.termPayments);
    // The principal the payments repaid is exactly what was disbursed.
    const repaid = history
      .filter((line) => line.kind === 'payment')
      .reduce((sum, line) => sum + line.principalCents, 0);
    expect(repaid).toBe(TERMS.originalPrincipalCents);
    // Every running balance is the previous one less what the line repaid.
    let balance = 0;
    for (const line of history) {
      balance += line.kind === 'disbursement' ? line.principalCents : 0;
      balance -= line.kind === 'payment' ? line.principalCents : 0;
      expect(line.principalBalanceCents).toBe(balance);
    }
    // The interest the history records is the interest the payments paid.
    const recordedInterest = history
      .filter((line) => line.kind === 'interest')
      .reduce((sum, line) => sum + line.interestCents, 0);
    const paidInterest = history
      .filter((line) => line.kind === 'payment')
      .reduce((sum, line) => sum + line.interestCents, 0);
    expect(paidInterest).toBe(recordedInterest);
  });
});

describe('the built-in core: lines of credit', () => {
  const LINE: LoanTerms = {
    ...TERMS,
    originalPrincipalCents: 0,
    rateHundredths: 1_199,
    termPayments: 600,
    installmentCents: 7_500,
    creditLimitCents: 1_000_000,
  };

  it('owes nothing at a zero balance, bills after an advance and stays open when paid down', () => {
    const empty = originateLoan(LINE).state;
    expect(nextDueDate(LINE, empty)).toBeNull();
    expect(amountDue(LINE, empty, '2026-03-01')).toBe(0);
    expect(chargeLateFees(LINE, empty, '2026-06-01').transactions).toEqual([]);

    const drawn = advanceCredit(LINE, empty, '2026-03-03', 250_000);
    expect(drawn.transactions[0]).toMatchObject({ kind: 'disbursement', principalCents: 250_000 });
    expect(drawn.state.principalCents).toBe(250_000);
    expect(nextDueDate(LINE, drawn.state)).toBe('2026-03-15');
    expect(amountDue(LINE, drawn.state, '2026-03-03')).toBe(7_500);
    expect(() => advanceCredit(LINE, drawn.state, '2026-03-04', 750_001)).toThrow(RangeError);

    const quote = payoffQuote(LINE, drawn.state, '2026-03-10');
    const paid = applyPayment(LINE, drawn.state, {
      date: '2026-03-10',
      amountCents: quote.totalCents,
    }).state;
    expect(paid.principalCents).toBe(0);
    expect(paid.paidOffDate).toBeNull();
    expect(nextDueDate(LINE, paid)).toBeNull();
    expect(amountDue(LINE, paid, '2026-04-20')).toBe(0);
    // A new advance months later bills from the next due date after it.
    const again = advanceCredit(LINE, paid, '2026-06-20', 10_000).state;
    expect(nextDueDate(LINE, again)).toBe('2026-07-15');
    expect(amountDue(LINE, again, '2026-06-20')).toBe(7_500);
  });
});
