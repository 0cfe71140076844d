import { addDays, type CalendarDate, type Cents } from '@portal/domain';
import {
  applyPayment,
  chargeLateFees,
  dueDateOf,
  isLineOfCredit,
  type LoanState,
  type LoanTerms,
  owedCents,
  payoffQuote,
} from './loan-engine';

/** Where a loan ends if every installment is paid on its due date from now on. */
export interface PayoffPath {
  /** The date of the last payment; null when the payments never repay the loan. */
  payoffDate: CalendarDate | null;
  /** Interest paid from today to the payoff (accrued interest owed today included). */
  interestCents: Cents;
  payments: number;
  /** The principal after each payment, in date order. */
  balances: { date: CalendarDate; principalCents: Cents }[];
}

/** The most payments a projection runs (weekly payments for over 38 years). */
export const MAX_PROJECTED_PAYMENTS = 2_000;

/**
 * Runs the loan forward through the core's own rules (`applyPayment`: daily simple interest,
 * the installment first, then charges out of what is beyond it): each remaining installment paid on its due date (one
 * already past due is paid today), with `extraPrincipalCents` more each time as additional
 * principal, the last payment being the payoff (at the latest the last scheduled installment,
 * which pays whatever is left, as a final payment does). The loan's state is not changed.
 */
export function projectPayoff(
  terms: LoanTerms,
  state: LoanState,
  today: CalendarDate,
  extraPrincipalCents: Cents,
): PayoffPath {
  if (!Number.isSafeInteger(extraPrincipalCents) || extraPrincipalCents < 0) {
    throw new RangeError('Extra principal is a whole, non-negative number of cents.');
  }
  const balances: PayoffPath['balances'] = [];
  let current = state;
  let interestCents = 0;
  let payments = 0;
  const done = (loan: LoanState) =>
    loan.paidOffDate !== null || (isLineOfCredit(terms) && owedCents(loan) === 0);
  let index = state.installmentsPaid;
  while (!done(current) && payments < MAX_PROJECTED_PAYMENTS) {
    const due = dueDateOf(terms, index);
    const date = due < today ? today : due;
    if (date < current.accruedTo) {
      index += 1;
      continue;
    }
    // The days before the payment close as the end of day closes them: a late fee they charge is
    // owed (as the payoff quote counts it) before the payment is applied.
    current = chargeLateFees(terms, current, addDays(date, -1)).state;
    const regular = Math.max(0, terms.installmentCents - current.installmentCreditCents);
    const payoff = payoffQuote(terms, current, date).totalCents;
    // The last scheduled installment pays what is left, as a loan's final payment does.
    const final = !isLineOfCredit(terms) && index >= terms.termPayments - 1;
    const amount = final ? payoff : Math.min(regular + extraPrincipalCents, payoff);
    if (amount <= 0) break;
    const change = applyPayment(terms, current, {
      date,
      amountCents: amount,
      additionalPrincipalCents: Math.min(extraPrincipalCents, Math.max(0, amount - regular)),
    });
    const [payment] = change.transactions;
    interestCents += payment?.interestCents ?? 0;
    current = change.state;
    payments += 1;
    balances.push({ date, principalCents: current.principalCents });
    index = Math.max(index + 1, current.installmentsPaid);
  }
  return {
    payoffDate: done(current) ? (balances.at(-1)?.date ?? today) : null,
    interestCents,
    payments,
    balances,
  };
}
