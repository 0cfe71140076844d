import { addDays, addMonths, type CalendarDate, type Cents, daysInMonth } from '@portal/domain';
import {
  accrueInterest,
  amountDue,
  chargeLateFees,
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

/** The figures a statement shows, from the period's transactions and the loan after it. */
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
    paymentsCents: sum((line) => (line.kind === 'payment' ? line.totalCents : 0)),
    // Opening less principal paid plus advances is the closing principal.
    principalPaidCents: sum((line) => (line.kind === 'payment' ? line.principalCents : 0)),
    advancesCents: sum((line) => (line.kind === 'disbursement' ? line.principalCents : 0)),
    // What the amount due is made of, so the statement can break down a past-due amount.
    installmentCents: terms.installmentCents,
    lateChargesCents: state.lateChargesDueCents,
    otherFeesCents: state.otherFeesDueCents,
  };
}

/**
 * A deposit's month end: interest on the balance for the month's days (actual/365, rate in
 * hundredths of a percent), rounded to the cent. Zero on other days.
 */
export function depositMonthEndInterest(
  balanceCents: Cents,
  rateHundredths: number,
  date: CalendarDate,
): Cents {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const days = daysInMonth(year, month);
  if (Number(date.slice(8, 10)) !== days || balanceCents <= 0) return 0;
  return Math.round((balanceCents * rateHundredths * days) / (10_000 * 365));
}
