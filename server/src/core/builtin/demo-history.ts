import { addDays, addMonths, type CalendarDate, type Cents } from '@portal/domain';
import {
  advanceCredit,
  amountDue,
  applyPayment,
  dueDateOf,
  type LoanState,
  type LoanTerms,
  type LoanTransaction,
  originateLoan,
  payoffQuote,
} from './loan-engine';
import type { StatementSnapshot } from './core.schema';
import {
  closeLoanDay,
  depositInterestOfDays,
  isMonthEnd,
  loanStatementSnapshot,
} from './servicing-day';

/**
 * Demo accounts are generated, not typed: each loan runs from its origination to the seed day
 * through the core's own rules (the same day-end function the end-of-day job runs), with the
 * borrower behaving as its scenario says. Its history, statements and balance therefore agree.
 */
export type LoanBehaviour =
  /** Pays what is due three days before each due date. */
  | { kind: 'onTime' }
  /** On time, then stops: the last `missed` installments are unpaid (late fees follow). */
  | { kind: 'pastDue'; missed: number }
  /** On time, and `daysAgo` days ago paid `installments` extra installments at once. */
  | { kind: 'paidAhead'; installments: number; daysAgo: number }
  /** On time until `daysAgo` days ago, when it paid the loan off. */
  | { kind: 'paidOff'; daysAgo: number }
  /** A line of credit: advances on the given days (days ago), minimum payments on time. */
  | {
      kind: 'line';
      advances: readonly { daysAgo: number; amountCents: Cents }[];
      paidDownDaysAgo?: number;
    };

export interface GeneratedStatement {
  date: CalendarDate;
  periodStart: CalendarDate;
  snapshot: StatementSnapshot;
}

export interface GeneratedLoan {
  state: LoanState;
  transactions: LoanTransaction[];
  statements: GeneratedStatement[];
}

/** Runs a loan from its origination through the day before `today`. */
export function generateLoanHistory(
  terms: LoanTerms,
  behaviour: LoanBehaviour,
  today: CalendarDate,
): GeneratedLoan {
  const opened = originateLoan(terms);
  let state = opened.state;
  const transactions: LoanTransaction[] = behaviour.kind === 'line' ? [] : [...opened.transactions];
  const statements: GeneratedStatement[] = [];
  let period: LoanTransaction[] = [...transactions];
  let openingBalance = 0;

  const stopPayingFrom =
    behaviour.kind === 'pastDue' ? lastDueDates(terms, today, behaviour.missed) : undefined;
  const payDay = (date: CalendarDate): boolean => {
    for (let index = 0; index < terms.termPayments + 1; index += 1) {
      const due = dueDateOf(terms, index);
      if (addDays(due, -3) === date) return true;
      if (due > addDays(date, 3)) return false;
    }
    return false;
  };
  const record = (lines: readonly LoanTransaction[]) => {
    transactions.push(...lines);
    period.push(...lines);
  };

  for (let date = terms.originationDate; date < today; date = addDays(date, 1)) {
    if (behaviour.kind === 'line') {
      for (const advance of behaviour.advances) {
        if (addDays(today, -advance.daysAgo) === date) {
          const change = advanceCredit(terms, state, date, advance.amountCents);
          state = change.state;
          record(change.transactions);
        }
      }
      if (
        behaviour.paidDownDaysAgo !== undefined &&
        addDays(today, -behaviour.paidDownDaysAgo) === date
      ) {
        const quote = payoffQuote(terms, state, date);
        if (quote.totalCents > 0) {
          const change = applyPayment(terms, state, { date, amountCents: quote.totalCents });
          state = change.state;
          record(change.transactions);
        }
      }
    }
    if (state.paidOffDate === null) {
      const paidOffToday =
        behaviour.kind === 'paidOff' && addDays(today, -behaviour.daysAgo) === date;
      if (paidOffToday) {
        const quote = payoffQuote(terms, state, date);
        const change = applyPayment(terms, state, { date, amountCents: quote.totalCents });
        state = change.state;
        record(change.transactions);
      } else if (behaviour.kind === 'paidAhead' && addDays(today, -behaviour.daysAgo) === date) {
        const quote = payoffQuote(terms, state, date);
        const amount = Math.min(
          quote.totalCents,
          amountDue(terms, state, date) + behaviour.installments * terms.installmentCents,
        );
        const change = applyPayment(terms, state, { date, amountCents: amount });
        state = change.state;
        record(change.transactions);
      } else if (payDay(date) && (stopPayingFrom === undefined || date < stopPayingFrom)) {
        const due = amountDue(terms, state, date);
        if (due > 0) {
          const change = applyPayment(terms, state, { date, amountCents: due });
          state = change.state;
          record(change.transactions);
        }
      }
    }
    const day = closeLoanDay(terms, state, date);
    state = day.state;
    record(day.transactions);
    if (day.statement) {
      statements.push({
        ...day.statement,
        snapshot: loanStatementSnapshot(terms, state, date, period, openingBalance),
      });
      period = [];
      openingBalance = state.principalCents;
    }
  }
  return { state, transactions, statements };
}

/** The date from which a past-due borrower stopped paying: before the last `count` due dates. */
function lastDueDates(terms: LoanTerms, today: CalendarDate, count: number): CalendarDate {
  const passed: CalendarDate[] = [];
  for (let index = 0; dueDateOf(terms, index) < today; index += 1) {
    passed.push(dueDateOf(terms, index));
  }
  const first = passed[Math.max(0, passed.length - count)] ?? today;
  return addDays(first, -3);
}

export interface DepositLine {
  date: CalendarDate;
  kind: 'deposit' | 'withdrawal' | 'dividend';
  description: string;
  amountCents: Cents;
  balanceCents: Cents;
}

export interface GeneratedDeposit {
  balanceCents: Cents;
  lines: DepositLine[];
  statements: GeneratedStatement[];
}

/**
 * A deposit account from its opening: the opening deposit, a few deposits and withdrawals a month
 * (the same every run: a small generator seeded by the account number), and month-end interest at
 * the account's rate. Statements at each month end.
 */
export function generateDepositHistory(options: {
  number: string;
  openedOn: CalendarDate;
  openingCents: Cents;
  rateHundredths: number;
  /** Certificates take no deposits or withdrawals after the opening one. */
  fixed: boolean;
  today: CalendarDate;
}): GeneratedDeposit {
  let seed = [...options.number].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) >>> 0, 7);
  const random = () => {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    return seed / 2 ** 32;
  };
  let balance = options.openingCents;
  const lines: DepositLine[] = [
    {
      date: options.openedOn,
      kind: 'deposit',
      description: 'Opening deposit',
      amountCents: options.openingCents,
      balanceCents: balance,
    },
  ];
  const statements: GeneratedStatement[] = [];
  let periodStart = options.openedOn;
  let opening = 0;
  let periodDeposits = options.openingCents;
  let periodInterest = 0;
  let periodWithdrawals = 0;
  /** The closing balances of the month's days so far. */
  const monthBalances: number[] = [balance];
  for (let date = addDays(options.openedOn, 1); date < options.today; date = addDays(date, 1)) {
    if (!options.fixed && date.endsWith('-01')) {
      const salary = 150_000 + Math.round(random() * 100_000);
      balance += salary;
      periodDeposits += salary;
      lines.push({
        date,
        kind: 'deposit',
        description: 'Direct deposit',
        amountCents: salary,
        balanceCents: balance,
      });
    }
    if (!options.fixed && date.endsWith('-12')) {
      const spend = Math.min(balance, 120_000 + Math.round(random() * 110_000));
      if (spend > 0) {
        balance -= spend;
        periodWithdrawals += spend;
        lines.push({
          date,
          kind: 'withdrawal',
          description: 'Card purchases',
          amountCents: spend,
          balanceCents: balance,
        });
      }
    }
    // The day's closing balance counts toward the month's interest (the daily balance method).
    monthBalances.push(balance);
    const interest = isMonthEnd(date)
      ? depositInterestOfDays(monthBalances.splice(0), options.rateHundredths)
      : 0;
    if (interest > 0) {
      balance += interest;
      periodInterest += interest;
      lines.push({
        date,
        kind: 'dividend',
        description: 'Interest paid',
        amountCents: interest,
        balanceCents: balance,
      });
    }
    if (addDays(date, 1).endsWith('-01')) {
      statements.push({
        date,
        periodStart,
        snapshot: {
          openingBalanceCents: opening,
          closingBalanceCents: balance,
          amountDueCents: 0,
          dueDate: null,
          interestCents: periodInterest,
          feesCents: 0,
          paymentsCents: periodDeposits,
          withdrawalsCents: periodWithdrawals,
        },
      });
      periodStart = addDays(date, 1);
      opening = balance;
      periodDeposits = 0;
      periodInterest = 0;
      periodWithdrawals = 0;
    }
  }
  return { balanceCents: balance, lines, statements };
}

/** "n months ago" from the seed day, for demo definitions. */
export function monthsAgo(today: CalendarDate, months: number): CalendarDate {
  return addMonths(today, -months);
}
