import {
  addDays,
  addMonths,
  type CalendarDate,
  type Cents,
  daysInMonth,
  formatUsDate,
} from '@portal/domain';
import {
  accrueInterest,
  amountDue,
  applyInput,
  chargeLateFees,
  type LoanInput,
  type LoanState,
  type LoanTerms,
  type LoanTransaction,
  nextDueDate,
  recordInterest,
} from './loan-engine';

/**
 * What the end of one day does to a loan, shared by the end-of-day job and the demo generator (so
 * generated histories are what the job would have written):
 * 1. interest accrues through the day;
 * 2. late fees whose grace ended are charged;
 * 3. on a statement date, the period's interest is recorded and a statement is due.
 *
 * Statement dates are monthly, 15 days before the installment due dates of the original
 * schedule (whatever the billing frequency), from the first one after origination.
 */
export interface LoanDayResult {
  state: LoanState;
  transactions: LoanTransaction[];
  /** Set on a statement date: the period the statement covers. */
  statement: { date: CalendarDate; periodStart: CalendarDate } | null;
}

export const STATEMENT_DAYS_BEFORE_DUE = 15;

/** The first statement date of the loan; later ones are whole months after it. */
function statementAnchor(terms: LoanTerms): CalendarDate {
  return addDays(terms.firstDueDate, -STATEMENT_DAYS_BEFORE_DUE);
}

/** The statement date on or before `date`'s month, or null before the first one. */
export function isStatementDate(terms: LoanTerms, date: CalendarDate): boolean {
  const anchor = statementAnchor(terms);
  if (date < anchor) return false;
  const months =
    (Number(date.slice(0, 4)) - Number(anchor.slice(0, 4))) * 12 +
    (Number(date.slice(5, 7)) - Number(anchor.slice(5, 7)));
  return addMonths(anchor, months) === date;
}

/** The statement date a month before `date` (or the origination for the first statement). */
export function previousStatementDate(terms: LoanTerms, date: CalendarDate): CalendarDate {
  const anchor = statementAnchor(terms);
  if (date <= anchor) return terms.originationDate;
  const previous = addMonths(date, -1);
  return previous < anchor ? terms.originationDate : previous;
}

export function closeLoanDay(
  terms: LoanTerms,
  state: LoanState,
  date: CalendarDate,
): LoanDayResult {
  const finished = state.paidOffDate !== null && state.paidOffDate < date;
  if (finished) return { state, transactions: [], statement: null };
  let next = accrueInterest(terms, state, addDays(date, 1));
  const fees = chargeLateFees(terms, next, date);
  next = fees.state;
  const transactions = [...fees.transactions];
  if (!isStatementDate(terms, date)) return { state: next, transactions, statement: null };
  const recorded = recordInterest(terms, next, addDays(date, 1));
  transactions.push(...recorded.transactions.map((line) => ({ ...line, date })));
  return {
    state: recorded.state,
    transactions,
    statement: { date, periodStart: addDays(previousStatementDate(terms, date), 1) },
  };
}

/** One input's effect in a replay: its history line and the loan just after it. */
export interface ReplayedInput {
  input: LoanInput;
  transactions: LoanTransaction[];
  state: LoanState;
}

export interface LoanReplay {
  /** The loan at the end: its days before `through` closed, the inputs dated `through` applied. */
  state: LoanState;
  inputs: ReplayedInput[];
  /** What closing the days wrote (late fees, recorded interest), in date order. */
  closings: LoanTransaction[];
}

/**
 * The loan run again from a checkpoint, as the core runs it day by day: from the checkpoint's
 * open day (`accruedTo`: every day before it is closed), each day's inputs in the order given,
 * then the day's close (closeLoanDay), up to `through`, whose inputs are applied and which is left
 * open. Pure: a payment credited as of an earlier date is the same inputs with it inserted, and
 * a returned payment is the same inputs with it replaced by a `returnedPayment` input (and the
 * returned-payment fee added). The statements a replayed day would write are not made again: issued statements
 * stand, and what changed shows on the next one (replayAdjustments).
 *
 * Throws what applying an input throws (PaymentExceedsPayoffError when a payment is more than
 * the loan then owes), and a RangeError for an input dated before the day it would be applied
 * on (before the checkpoint, or out of order) or after `through`.
 */
export function replayLoan(
  terms: LoanTerms,
  checkpoint: LoanState,
  inputs: readonly LoanInput[],
  through: CalendarDate,
): LoanReplay {
  let state = checkpoint;
  const replayed: ReplayedInput[] = [];
  const closings: LoanTransaction[] = [];
  let next = 0;
  for (let day = checkpoint.accruedTo; ; day = addDays(day, 1)) {
    for (let input = inputs[next]; input !== undefined && input.date <= day;) {
      if (input.date < day) {
        throw new RangeError(`An input of ${input.date} comes after the replay passed ${day}.`);
      }
      const change = applyInput(terms, state, input);
      state = change.state;
      replayed.push({ input, transactions: change.transactions, state });
      next += 1;
      input = inputs[next];
    }
    if (day >= through) break;
    const closed = closeLoanDay(terms, state, day);
    state = closed.state;
    closings.push(...closed.transactions);
  }
  if (next < inputs.length) throw new RangeError(`An input is dated after ${through}.`);
  return { state, inputs: replayed, closings };
}

/** Why a replay changed the history, as the adjustment lines say it: a payment credited late. */
export function creditedAsOfReason(date: CalendarDate): string {
  return `payment credited as of ${formatUsDate(date)}`;
}

/** Why a replay changed the history: the payment of `paymentDate` was returned. */
export function returnedPaymentReason(paymentDate: CalendarDate): string {
  return `payment of ${formatUsDate(paymentDate)} returned`;
}

/**
 * The history lines that take a loan's history from one replay (`before`: the history as
 * written) to another from the same checkpoint (`after`: with an input credited as of an earlier
 * date, or a payment returned), dated `postedOn`, the day the change is made, and saying `why` in
 * words a borrower can read (creditedAsOfReason, returnedPaymentReason). The lines already written
 * stay (they were on statements); the inputs' own lines are the caller's to restate. A late fee
 * the days no longer charge is reversed, one they now charge is assessed (fees compared date by
 * date, as many as each day charges), and the interest recorded is adjusted by the difference, so
 * the history still adds up to what is owed.
 */
export function replayAdjustments(
  before: LoanReplay,
  after: LoanReplay,
  why: string,
  postedOn: CalendarDate,
): LoanTransaction[] {
  const line = (
    kind: LoanTransaction['kind'],
    description: string,
    parts: { interestCents?: Cents; otherCents?: Cents },
  ): LoanTransaction => {
    const interestCents = parts.interestCents ?? 0;
    const otherCents = parts.otherCents ?? 0;
    return {
      date: postedOn,
      kind,
      description,
      principalCents: 0,
      interestCents,
      otherCents,
      totalCents: interestCents + otherCents,
      principalBalanceCents: after.state.principalCents,
    };
  };
  const lateFees = (replay: LoanReplay) => replay.closings.filter((fee) => fee.kind === 'lateFee');
  /** The fees of `these` beyond those of `those` on the same day (several may share a day). */
  const beyond = (these: LoanTransaction[], those: LoanTransaction[]) => {
    const left = [...those];
    return these.filter((fee) => {
      const same = left.findIndex((other) => other.date === fee.date);
      if (same < 0) return true;
      left.splice(same, 1);
      return false;
    });
  };
  const charged = lateFees(after);
  const wasCharged = lateFees(before);
  const lines: LoanTransaction[] = [];
  for (const fee of beyond(wasCharged, charged)) {
    lines.push(line('lateFee', `Late fee reversed: ${why}`, { otherCents: -fee.otherCents }));
  }
  for (const fee of beyond(charged, wasCharged)) {
    lines.push(line('lateFee', `Late charge assessed: ${why}`, { otherCents: fee.otherCents }));
  }
  const interest = after.state.interestRecordedCents - before.state.interestRecordedCents;
  if (interest !== 0) {
    lines.push(line('interest', `Interest adjusted: ${why}`, { interestCents: interest }));
  }
  return lines;
}

/**
 * The line of a returned payment's reversal, dated `returnedOn`: what the payment's line (`paid`,
 * as the history shows it) had paid, put back, as positive amounts undone. Its principal balance
 * is the caller's (the running balance where the line stands).
 */
export function reversalLine(
  paid: Pick<LoanTransaction, 'principalCents' | 'interestCents' | 'otherCents' | 'totalCents'>,
  returnedOn: CalendarDate,
  description: string,
  principalBalanceCents: Cents,
): LoanTransaction {
  return {
    date: returnedOn,
    kind: 'reversal',
    description,
    principalCents: paid.principalCents,
    interestCents: paid.interestCents,
    otherCents: paid.otherCents,
    totalCents: paid.totalCents,
    principalBalanceCents,
  };
}

/**
 * The figures a statement shows, from the period's transactions and the loan after it. A
 * reversal (a returned payment) counts against the payments and the principal paid: the
 * statement shows what was paid and stayed paid.
 */
export function loanStatementSnapshot(
  terms: LoanTerms,
  state: LoanState,
  date: CalendarDate,
  period: readonly LoanTransaction[],
  openingBalanceCents: Cents,
) {
  const sum = (pick: (line: LoanTransaction) => number) =>
    period.reduce((total, line) => total + pick(line), 0);
  return {
    openingBalanceCents,
    closingBalanceCents: state.principalCents,
    amountDueCents: amountDue(terms, state, addDays(date, 1)),
    dueDate: nextDueDate(terms, state),
    interestCents: sum((line) => (line.kind === 'interest' ? line.interestCents : 0)),
    feesCents: sum((line) =>
      line.kind === 'lateFee' || line.kind === 'fee' ? line.otherCents : 0,
    ),
    paymentsCents: sum((line) =>
      line.kind === 'payment' ? line.totalCents : line.kind === 'reversal' ? -line.totalCents : 0,
    ),
    // Opening less principal paid plus advances is the closing principal.
    principalPaidCents: sum((line) =>
      line.kind === 'payment'
        ? line.principalCents
        : line.kind === 'reversal'
          ? -line.principalCents
          : 0,
    ),
    advancesCents: sum((line) => (line.kind === 'disbursement' ? line.principalCents : 0)),
    // What the amount due is made of, so the statement can break down a past-due amount.
    installmentCents: terms.installmentCents,
    lateChargesCents: state.lateChargesDueCents,
    otherFeesCents: state.otherFeesDueCents,
  };
}

/** Whether `date` is its month's last day (a deposit's interest is credited then). */
export function isMonthEnd(date: CalendarDate): boolean {
  return (
    Number(date.slice(8, 10)) === daysInMonth(Number(date.slice(0, 4)), Number(date.slice(5, 7)))
  );
}

/**
 * A deposit's interest for a month by the daily balance method (Regulation DD, 12 CFR
 * 1030.7(a)): each day's closing balance earns the rate (hundredths of a percent) for one day of
 * actual/365, a day overdrawn earns nothing, and the month's sum is rounded to the cent once
 * (half up: interest paid to the depositor). The month-end balance alone, as before, paid a
 * month's interest on money deposited on its last day (issue 24).
 */
export function depositInterestOfDays(
  dailyBalancesCents: readonly Cents[],
  rateHundredths: number,
): Cents {
  // Whole cents times days, then times the rate: integers well inside 2^53 for any balance a
  // deposit holds; one division, one rounding.
  const balanceDays = dailyBalancesCents.reduce((sum, cents) => sum + Math.max(0, cents), 0);
  return Math.round((balanceDays * rateHundredths) / (10_000 * 365));
}
