import {
  addDays,
  addMonths,
  type CalendarDate,
  type Cents,
  daysBetween,
  isLoanPastDue,
} from '@portal/domain';

/**
 * The built-in core's servicing rules for an installment loan, as pure functions over a loan's
 * terms and state. Every change returns the new state and the history transactions it caused, so
 * the demo generator, the end-of-day job and payment posting all run the same rules and a loan's
 * history always adds up to its balance.
 *
 * - Interest is daily simple interest on the principal outstanding at the end of each day, by the
 *   loan's day count (`DayCount`: actual/365 unless the terms say otherwise; `interestDays`). A
 *   day's interest is owed from the next day: a payment or a payoff quote on date D includes
 *   interest for the days before D.
 * - Rounding, one rule everywhere: interest is truncated to the whole cent, and the fraction left
 *   is carried (`interestCarry`), never lost and never rounded up. So the interest accrued over
 *   any span is the exact amount truncated to the cent, whether the days are accrued one at a time
 *   (the end of day) or at once (a payment, a quote): a replay gives the same cents. The per diem a
 *   quote shows is one day's interest on the principal truncated the same way (without the carry):
 *   on the same principal, a span of n days of the day count adds n per diems plus at most n cents
 *   of carried fractions. The days are calendar days under actual/365 and actual/360, not under
 *   30/360 (30E/360): a quote on the 31st has the interest of one on the 30th (the 30th adds no
 *   day), and one on 1 March three days' more than one on 28 February (two more than one on the
 *   29th of a leap year).
 * - A payment is credited as of its date (Regulation Z 1026.36(c)(1)), whenever it is posted: a
 *   payment posted after later days were closed is applied by replaying the loan from that date
 *   (`replayLoan` in servicing-day.ts: the same per-day close, the later inputs applied again in
 *   order), so the borrower pays no interest or late fee for the days the posting took.
 * - A payment is divided by the loan's allocation (PaymentAllocation): by default the installments
 *   due come first, and late charges and other fees only out of what is beyond them.
 * - The regular part of a payment (all but what is marked additional principal) counts toward the
 *   installments in order, less any charges it paid; each installment it completes moves the due
 *   date one period on. Paying several installments pays the loan ahead.
 * - An installment not paid by its due date makes the loan past due; once the grace days have
 *   passed, the late fee is charged, once per installment. Only installments are looked at: an
 *   unpaid fee never makes an installment late, so no late fee is charged because an earlier one is
 *   owed (no pyramiding: 16 CFR 444.4, Regulation Z 1026.36(c)(2)).
 * - A returned payment (an ACH return) is undone as of its own date: the borrower did not pay, so
 *   interest accrues as if it was never made. The loan is replayed from before it with the payment
 *   replaced by a `returnedPayment` input (servicing-day's replayLoan; the core's reversePayment),
 *   which moves no money: the payment's line stays in the history and a reversal line dated the
 *   return shows what it had paid, put back.
 *   DECISION: a return never charges a late fee retroactively. The `returnedPayment` input sets
 *   the state's `lateFeeGraceFrom` to the return date, from the payment's date on: every
 *   installment not yet charged a late fee that fell due before the return date has its grace days
 *   counted from the return date instead of its due date (chargeLateFees, lateFeeDate). So the
 *   days between the payment and its return charge no late fee because of it, and an installment
 *   the payment had completed, due again, is charged one only once its grace days from the return
 *   have passed unpaid (by the ordinary end of day). The model is the simplest that keeps the
 *   late fees in installment order (lateFeesChargedThrough stays a count): it also gives the same
 *   grace to an installment that was already due, unpaid and within its grace when the payment was
 *   made (a fee the history charged it in between is reversed, and charged once the new grace has
 *   passed). It never charges more than without the return, earlier.
 */

export type BillingFrequency = 'monthly' | 'semiMonthly' | 'biWeekly' | 'weekly';

/**
 * How a payment is divided between installments, late charges, other fees, interest and principal
 * (Fineract's "repayment strategies"). Neither charges a late fee because an earlier one is owed.
 *
 * - `installmentFirst`, the default (Fineract's "Interest, Principal, Penalties, Fees Order"): the
 *   regular part first completes the installments due now (those due by the end of the current
 *   billing period), interest then principal; only what is beyond them pays late charges, then
 *   other fees, then pays ahead (interest, then principal). Additional principal goes to interest
 *   the rest left unpaid, then principal, never to charges. A periodic payment is credited to the
 *   installment as received, as Regulation Z 1026.36(c)(1)(i) requires of loans on a dwelling.
 * - `feesFirst` (Fineract's "Penalties, Fees, Interest, Principal Order", its standard strategy):
 *   the whole payment pays late charges, then other fees, then interest, then principal. Its
 *   regular part still counts in full toward the installments, so an installment paid on time is
 *   never late for the charges taken out of it; they lengthen the schedule instead. Not for loans
 *   under 1026.36(c).
 * - `principalFirst` (Fineract's "Principal, Interest, Penalties, Fees Order"): as
 *   `installmentFirst`, but the installments due are paid principal before interest: a payment
 *   short of them goes to their principal part (the installments less the interest due) first,
 *   and the interest it leaves stays owed. A whole installment is divided as under
 *   `installmentFirst`. For products that want the balance down first.
 */
export type PaymentAllocation = 'installmentFirst' | 'feesFirst' | 'principalFirst';

/** Every allocation the engine knows (the property tests run each). */
export const PAYMENT_ALLOCATIONS: readonly PaymentAllocation[] = [
  'installmentFirst',
  'feesFirst',
  'principalFirst',
];

export interface LoanTerms {
  originationDate: CalendarDate;
  originalPrincipalCents: Cents;
  /** The annual rate in hundredths of a percent (675 is 6.75 %), as the host reports it. */
  rateHundredths: number;
  /** The number of installments of the original schedule. */
  termPayments: number;
  installmentCents: Cents;
  frequency: BillingFrequency;
  firstDueDate: CalendarDate;
  graceDays: number;
  lateFeeCents: Cents;
  /** How payments are divided; `installmentFirst` when unset (loans stored before it existed). */
  allocation?: PaymentAllocation;
  /** How days are counted for interest; 'actual/365' when unset (loans stored before it existed). */
  dayCount?: DayCount;
  /**
   * Lines of credit: the limit. A line stays open at a zero balance (it is not "paid off"), owes
   * nothing while the balance is zero, and its installment is the minimum payment.
   */
  creditLimitCents?: Cents;
}

/**
 * The interest day count. 'actual/365' and 'actual/360': each calendar day, over a year of 365 or
 * 360 days. '30/360': months of 30 days over a 360-day year, in the 30E/360 form (a 31st counts as
 * the 30th, at either end), the one whose days always add up: the days from A to C are those from
 * A to B plus those from B to C, so accruing day by day and at once give the same interest.
 */
export type DayCount = 'actual/365' | 'actual/360' | '30/360';

export function isLineOfCredit(terms: LoanTerms): boolean {
  return terms.creditLimitCents !== undefined;
}

export interface LoanState {
  principalCents: Cents;
  /** Whole cents of interest accrued and not yet paid. */
  interestDueCents: Cents;
  /** The fraction of a cent accrued beyond `interestDueCents`, over `interestDenominator`. */
  interestCarry: number;
  /** Interest is accrued for every day before this date. */
  accruedTo: CalendarDate;
  /** Whole cents of interest accrued since origination, and how much of it history shows. */
  interestAccruedCents: Cents;
  interestRecordedCents: Cents;
  lateChargesDueCents: Cents;
  otherFeesDueCents: Cents;
  /** Installments completed so far; the next due date is that of installment number `paid`. */
  installmentsPaid: number;
  /** Paid toward the next installment, short of completing it. */
  installmentCreditCents: Cents;
  /** Late fees are charged once per installment: the installments charged so far. */
  lateFeesChargedThrough: number;
  lastPaymentDate: CalendarDate | null;
  lastPaymentCents: Cents;
  /** Set when the principal, interest and fees reach zero. */
  paidOffDate: CalendarDate | null;
  /**
   * The latest return date of a returned payment (absent until one): an installment due before
   * it has its grace days counted from it (see the header's DECISION). Absent, not undefined, on
   * a loan without returns, so states stored before it compare equal.
   */
  lateFeeGraceFrom?: CalendarDate;
}

/** 'reversal': a returned payment's figures, put back (positive amounts undone). */
export type LoanTransactionKind =
  'disbursement' | 'payment' | 'interest' | 'lateFee' | 'fee' | 'reversal';

/**
 * One line of the loan's history. Amounts are what the transaction did to each part: a payment
 * carries positive principal, interest and other (fees) amounts that it paid; a disbursement and a
 * fee carry what they added. `principalBalanceCents` is the principal after the transaction.
 */
export interface LoanTransaction {
  date: CalendarDate;
  kind: LoanTransactionKind;
  description: string;
  principalCents: Cents;
  interestCents: Cents;
  otherCents: Cents;
  totalCents: Cents;
  principalBalanceCents: Cents;
}

export interface LoanChange {
  state: LoanState;
  transactions: LoanTransaction[];
}

/** Rate in hundredths of a percent (÷ 10,000) over a 365-day year (the default day count). */
export const INTEREST_DENOMINATOR = 10_000 * 365;

/** Rate in hundredths of a percent (÷ 10,000) over the day count's year. */
export function interestDenominator(terms: LoanTerms): number {
  return (terms.dayCount ?? 'actual/365') === 'actual/365' ? INTEREST_DENOMINATOR : 10_000 * 360;
}

/** The days of interest from `from` up to (not including) `to`, by the loan's day count. */
export function interestDays(terms: LoanTerms, from: CalendarDate, to: CalendarDate): number {
  if ((terms.dayCount ?? 'actual/365') !== '30/360') return daysBetween(from, to);
  return thirtyDayOrdinal(to) - thirtyDayOrdinal(from);
}

/** A date's place on a calendar of 30-day months (30E/360: the 31st is the 30th). */
function thirtyDayOrdinal(date: CalendarDate): number {
  const day = Math.min(30, Number(date.slice(8, 10)));
  return Number(date.slice(0, 4)) * 360 + (Number(date.slice(5, 7)) - 1) * 30 + day;
}

/** The due date of installment `index` (0 is the first). */
export function dueDateOf(terms: LoanTerms, index: number): CalendarDate {
  switch (terms.frequency) {
    case 'monthly':
      return addMonths(terms.firstDueDate, index);
    case 'semiMonthly': {
      const month = addMonths(terms.firstDueDate, Math.floor(index / 2));
      return index % 2 === 0 ? month : addDays(month, 15);
    }
    case 'biWeekly':
      return addDays(terms.firstDueDate, 14 * index);
    case 'weekly':
      return addDays(terms.firstDueDate, 7 * index);
  }
}

/** The next due date, or null once the loan is paid off. */
export function nextDueDate(terms: LoanTerms, state: LoanState): CalendarDate | null {
  if (state.paidOffDate !== null) return null;
  if (isLineOfCredit(terms) && owedCents(state) === 0) return null;
  return dueDateOf(terms, state.installmentsPaid);
}

/** Principal, interest, late charges and fees owed (interest as accrued so far). */
export function owedCents(state: LoanState): Cents {
  return (
    state.principalCents +
    state.interestDueCents +
    state.lateChargesDueCents +
    state.otherFeesDueCents
  );
}

/**
 * The level installment that repays `principal` over `payments` periods at the rate (rounded up
 * to the cent, so the last installment is the smaller one).
 */
export function amortizedInstallment(
  principalCents: Cents,
  rateHundredths: number,
  payments: number,
  frequency: BillingFrequency,
): Cents {
  const perYear = { monthly: 12, semiMonthly: 24, biWeekly: 26, weekly: 52 }[frequency];
  const rate = rateHundredths / 10_000 / perYear;
  if (rate === 0) return Math.ceil(principalCents / payments);
  return Math.ceil((principalCents * rate) / (1 - (1 + rate) ** -payments));
}

/** A new loan: the principal disbursed on the origination date. */
export function originateLoan(terms: LoanTerms): LoanChange {
  const state: LoanState = {
    principalCents: terms.originalPrincipalCents,
    interestDueCents: 0,
    interestCarry: 0,
    accruedTo: terms.originationDate,
    interestAccruedCents: 0,
    interestRecordedCents: 0,
    lateChargesDueCents: 0,
    otherFeesDueCents: 0,
    installmentsPaid: 0,
    installmentCreditCents: 0,
    lateFeesChargedThrough: 0,
    lastPaymentDate: null,
    lastPaymentCents: 0,
    paidOffDate: null,
  };
  return {
    state,
    transactions: [
      {
        date: terms.originationDate,
        kind: 'disbursement',
        description: 'Loan disbursement',
        principalCents: terms.originalPrincipalCents,
        interestCents: 0,
        otherCents: 0,
        totalCents: terms.originalPrincipalCents,
        principalBalanceCents: terms.originalPrincipalCents,
      },
    ],
  };
}

/** Interest for the days from `accruedTo` up to (not including) `date`, carrying fractions. */
export function accrueInterest(terms: LoanTerms, state: LoanState, date: CalendarDate): LoanState {
  if (daysBetween(state.accruedTo, date) <= 0) return state;
  // 30/360 counts no day from the 30th to the 31st: the date still moves on.
  const days = interestDays(terms, state.accruedTo, date);
  const exact =
    BigInt(state.principalCents) * BigInt(terms.rateHundredths) * BigInt(days) +
    BigInt(state.interestCarry);
  const denominator = BigInt(interestDenominator(terms));
  const cents = Number(exact / denominator);
  return {
    ...state,
    interestDueCents: state.interestDueCents + cents,
    interestAccruedCents: state.interestAccruedCents + cents,
    interestCarry: Number(exact % denominator),
    accruedTo: date,
  };
}

/**
 * Everything owed on `asOf`: principal, interest accrued before it, late charges (those the days
 * before it charge included) and fees.
 */
export interface PayoffQuote {
  asOf: CalendarDate;
  principalCents: Cents;
  interestCents: Cents;
  lateChargesCents: Cents;
  otherFeesCents: Cents;
  totalCents: Cents;
  /**
   * One day's interest on the principal, truncated to the cent as accrual truncates (see the
   * header: n more days of the loan's day count add n per diems and at most n cents more; under
   * 30/360 those are 30/360 days, not calendar days).
   */
  perDiemCents: Cents;
  dayCount: DayCount;
}

/**
 * The payoff on `asOf` as the loan will stand that day if nothing is paid: the days before it
 * closed as the end of day closes them (servicing-day's closeLoanDay), so a late fee whose grace
 * ends before `asOf` is in a future quote. Closing the days one by one is the same as accruing
 * their interest at once (the carry) and charging the late fees due by the day before: late fees
 * do not change the principal, and interest does not make an installment late.
 */
export function payoffQuote(terms: LoanTerms, state: LoanState, asOf: CalendarDate): PayoffQuote {
  const accrued = accrueInterest(terms, state, asOf);
  const closed = chargeLateFees(terms, accrued, addDays(asOf, -1)).state;
  return {
    asOf,
    principalCents: closed.principalCents,
    interestCents: closed.interestDueCents,
    lateChargesCents: closed.lateChargesDueCents,
    otherFeesCents: closed.otherFeesDueCents,
    totalCents: owedCents(closed),
    perDiemCents: perDiemCents(terms, closed.principalCents),
    dayCount: terms.dayCount ?? 'actual/365',
  };
}

/** One day's interest on `principalCents`, truncated to the cent (the accrual's rule). */
export function perDiemCents(terms: LoanTerms, principalCents: Cents): Cents {
  const oneDay = BigInt(principalCents) * BigInt(terms.rateHundredths);
  return Number(oneDay / BigInt(interestDenominator(terms)));
}

/**
 * What the borrower owes as of `today`: every installment due on or before today or within the
 * coming period (the installment of the current cycle), less what was paid toward them, plus late
 * charges and fees. A loan paid ahead beyond the current cycle owes nothing now.
 */
export function amountDue(terms: LoanTerms, state: LoanState, today: CalendarDate): Cents {
  if (nextDueDate(terms, state) === null) return 0;
  const installments = installmentsDueNow(terms, state, today);
  const fees = state.lateChargesDueCents + state.otherFeesDueCents;
  if (installments === 0) return fees;
  const accrued = accrueInterest(terms, state, today);
  // What was paid toward the current installment already left the principal and interest: it
  // is taken off the installments, not a second time off what is owed.
  const installmentsDue = Math.min(
    installments * terms.installmentCents - state.installmentCreditCents,
    accrued.principalCents + accrued.interestDueCents,
  );
  return Math.max(0, installmentsDue) + fees;
}

/**
 * The unpaid installments due as of `today`: those due on or before the end of the current billing
 * period (before the first due date, the first installment).
 */
function installmentsDueNow(terms: LoanTerms, state: LoanState, today: CalendarDate): number {
  const horizon = dueDateOf(terms, 0) > today ? dueDateOf(terms, 0) : cycleEnd(terms, today);
  let installments = 0;
  for (let index = state.installmentsPaid; dueDateOf(terms, index) <= horizon; index += 1) {
    installments += 1;
    if (installments > terms.termPayments * 2) break;
  }
  return installments;
}

/** The last day of the billing period that contains `today`. */
function cycleEnd(terms: LoanTerms, today: CalendarDate): CalendarDate {
  switch (terms.frequency) {
    case 'monthly':
      return addDays(addMonths(today, 1), -1);
    case 'semiMonthly':
      return addDays(today, 14);
    case 'biWeekly':
      return addDays(today, 13);
    case 'weekly':
      return addDays(today, 6);
  }
}

/**
 * Past due: an installment's due date has passed and it is not fully paid (the domain's one rule,
 * isLoanPastDue; nextDueDate is the oldest unpaid installment's, null when nothing is owed).
 */
export function isPastDue(terms: LoanTerms, state: LoanState, today: CalendarDate): boolean {
  return isLoanPastDue({ dueDate: nextDueDate(terms, state) }, today);
}

/** Days since the oldest unpaid installment fell due (0 when not past due). */
export function daysPastDue(terms: LoanTerms, state: LoanState, today: CalendarDate): number {
  const due = nextDueDate(terms, state);
  return due !== null && due < today ? daysBetween(due, today) : 0;
}

/**
 * Charges the late fee of every installment whose grace days ended before `today` unpaid (once
 * each). The fee is dated the first day after the grace period. Only installments count: with no
 * interest or principal left (fees alone owed) nothing is late.
 */
export function chargeLateFees(
  terms: LoanTerms,
  state: LoanState,
  today: CalendarDate,
): LoanChange {
  if (
    nextDueDate(terms, state) === null ||
    terms.lateFeeCents <= 0 ||
    state.principalCents + state.interestDueCents === 0
  ) {
    return { state, transactions: [] };
  }
  let next = state;
  const transactions: LoanTransaction[] = [];
  for (let index = Math.max(state.installmentsPaid, state.lateFeesChargedThrough); ; index += 1) {
    const feeDate = lateFeeDate(terms, state, index);
    if (feeDate > today) break;
    next = {
      ...next,
      lateChargesDueCents: next.lateChargesDueCents + terms.lateFeeCents,
      lateFeesChargedThrough: index + 1,
    };
    transactions.push({
      date: feeDate,
      kind: 'lateFee',
      description: 'Late charge assessed',
      principalCents: 0,
      interestCents: 0,
      otherCents: terms.lateFeeCents,
      totalCents: terms.lateFeeCents,
      principalBalanceCents: next.principalCents,
    });
  }
  return { state: next, transactions };
}

/**
 * The day installment `index`'s late fee is charged if it is still unpaid: the first day after
 * its grace days, counted from its due date, or from the return date of a returned payment when
 * it fell due before it (`lateFeeGraceFrom`). Never earlier for a later installment, so the fees
 * are charged in installment order.
 */
export function lateFeeDate(terms: LoanTerms, state: LoanState, index: number): CalendarDate {
  const due = dueDateOf(terms, index);
  const from =
    state.lateFeeGraceFrom !== undefined && due < state.lateFeeGraceFrom
      ? state.lateFeeGraceFrom
      : due;
  return addDays(from, terms.graceDays + 1);
}

/**
 * A payment returned on `returnedOn`, applied in a replay in the payment's place (its date): it
 * moves no money (the payment is not applied), and from its date on the grace of the installments
 * due before the return date runs from it (the header's DECISION).
 */
export function returnPayment(state: LoanState, returnedOn: CalendarDate): LoanChange {
  const from =
    state.lateFeeGraceFrom !== undefined && state.lateFeeGraceFrom > returnedOn
      ? state.lateFeeGraceFrom
      : returnedOn;
  return { state: { ...state, lateFeeGraceFrom: from }, transactions: [] };
}

/** A fee other than a late charge (a returned payment, say), owed from `date`. */
export function chargeFee(
  state: LoanState,
  date: CalendarDate,
  amountCents: Cents,
  description: string,
): LoanChange {
  const next = { ...state, otherFeesDueCents: state.otherFeesDueCents + amountCents };
  return {
    state: next,
    transactions: [
      {
        date,
        kind: 'fee',
        description,
        principalCents: 0,
        interestCents: 0,
        otherCents: amountCents,
        totalCents: amountCents,
        principalBalanceCents: next.principalCents,
      },
    ],
  };
}

export class PaymentExceedsPayoffError extends Error {
  constructor(readonly payoffCents: Cents) {
    super(`The payment is more than the payoff amount (${payoffCents} cents).`);
    this.name = 'PaymentExceedsPayoffError';
  }
}

export interface LoanPayment {
  date: CalendarDate;
  amountCents: Cents;
  /** Of the amount, what the borrower asked to go to principal only (not toward installments). */
  additionalPrincipalCents?: Cents;
  description?: string;
}

/**
 * Applies a payment on its date: interest is accrued to the date, then the amount is divided as
 * the loan's allocation says. The amount less any additional principal counts toward
 * installments, advancing the due date; under `installmentFirst` and `principalFirst` less the
 * charges it paid (they come after the installments due and any whole installment paid ahead).
 * Under `feesFirst` all of it counts, charges paid or not: a fee paid out of an installment never
 * makes it late, and the installments shown after are less by what paid fees. A payment larger
 * than the payoff is refused (the core does not hold credit balances).
 */
export function applyPayment(terms: LoanTerms, state: LoanState, payment: LoanPayment): LoanChange {
  if (!Number.isSafeInteger(payment.amountCents) || payment.amountCents <= 0) {
    throw new RangeError('A payment is a positive whole number of cents.');
  }
  const additional = payment.additionalPrincipalCents ?? 0;
  if (!Number.isSafeInteger(additional) || additional < 0 || additional > payment.amountCents) {
    throw new RangeError('Additional principal is part of the payment.');
  }
  const accrued = accrueInterest(terms, state, payment.date);
  // What the state owes on the date: its days before it are closed by the caller (the end of day,
  // the posting, a replay), so no late fee is charged here.
  const payoff = owedCents(accrued);
  if (payment.amountCents > payoff) throw new PaymentExceedsPayoffError(payoff);

  const regular = payment.amountCents - additional;
  const owed = {
    lateCharges: accrued.lateChargesDueCents,
    otherFees: accrued.otherFeesDueCents,
    interest: accrued.interestDueCents,
    principal: accrued.principalCents,
  };
  const paidTo = { lateCharges: 0, otherFees: 0, interest: 0, principal: 0 };
  /** Pays the parts in order out of `cents`; returns what is left. */
  const pay = (cents: Cents, parts: readonly (keyof typeof owed)[]): Cents => {
    let left = cents;
    for (const part of parts) {
      const paid = Math.min(left, owed[part] - paidTo[part]);
      paidTo[part] += paid;
      left -= paid;
    }
    return left;
  };
  let countedCents: Cents;
  const allocation = terms.allocation ?? 'installmentFirst';
  if (allocation === 'feesFirst') {
    pay(payment.amountCents, ['lateCharges', 'otherFees', 'interest', 'principal']);
    countedCents = regular;
  } else {
    const installmentsDue = Math.min(
      Math.max(
        0,
        installmentsDueNow(terms, accrued, payment.date) * terms.installmentCents -
          accrued.installmentCreditCents,
      ),
      accrued.interestDueCents + accrued.principalCents,
    );
    const toInstallments = Math.min(regular, installmentsDue);
    // Principal first: the installments' principal (what they are beyond the interest due),
    // then their interest; a whole installment is divided the same either way.
    const toPrincipalFirst =
      allocation === 'principalFirst'
        ? Math.min(toInstallments, Math.max(0, installmentsDue - accrued.interestDueCents))
        : 0;
    let beyond =
      regular -
      toInstallments +
      pay(toPrincipalFirst, ['principal']) +
      pay(toInstallments - toPrincipalFirst, ['interest', 'principal']);
    // Then whole installments not due yet, oldest first, before any charge: a full installment
    // paid early is that installment's payment while a fee is owed, so the fee never makes it
    // late (Regulation Z 1026.36(c)(2), 16 CFR 444.4); a part of one pays the charges first.
    let need =
      installmentsDue > 0
        ? terms.installmentCents
        : terms.installmentCents - accrued.installmentCreditCents;
    let ahead = 0;
    while (need > 0 && beyond >= need) {
      const left = pay(need, ['interest', 'principal']);
      ahead += need - left;
      beyond -= need - left;
      if (left > 0) break;
      need = terms.installmentCents;
    }
    const afterCharges = pay(beyond, ['lateCharges', 'otherFees']);
    const prepaid = afterCharges - pay(afterCharges, ['interest', 'principal']);
    // What paid the installments counts toward them, and nothing that paid a charge: the
    // installment shown next is the whole installment (a fee paid out of a payment is no credit
    // toward the next one).
    countedCents = toInstallments + ahead + prepaid;
    // Anything left was beyond the principal owed (a payoff), with the additional principal: the
    // charges.
    pay(afterCharges - prepaid + pay(additional, ['interest', 'principal']), [
      'lateCharges',
      'otherFees',
      'interest',
      'principal',
    ]);
  }
  const { lateCharges, otherFees, interest, principal } = paidTo;

  let next: LoanState = {
    ...accrued,
    lateChargesDueCents: accrued.lateChargesDueCents - lateCharges,
    otherFeesDueCents: accrued.otherFeesDueCents - otherFees,
    interestDueCents: accrued.interestDueCents - interest,
    principalCents: accrued.principalCents - principal,
    lastPaymentDate: payment.date,
    lastPaymentCents: payment.amountCents,
  };
  const paidOff =
    !isLineOfCredit(terms) &&
    next.principalCents === 0 &&
    next.interestDueCents === 0 &&
    next.lateChargesDueCents === 0 &&
    next.otherFeesDueCents === 0;
  if (paidOff) {
    next = {
      ...next,
      paidOffDate: payment.date,
      interestCarry: 0,
      installmentCreditCents: 0,
      installmentsPaid: next.installmentsPaid + 1,
    };
  } else if (isLineOfCredit(terms) && owedCents(next) === 0) {
    // A line paid down to zero owes nothing until the next advance.
    next = { ...next, installmentCreditCents: 0 };
  } else {
    let credit = next.installmentCreditCents + countedCents;
    let paid = next.installmentsPaid;
    while (credit >= terms.installmentCents) {
      credit -= terms.installmentCents;
      paid += 1;
    }
    next = { ...next, installmentsPaid: paid, installmentCreditCents: credit };
  }
  return {
    state: next,
    transactions: [
      {
        date: payment.date,
        kind: 'payment',
        description: payment.description ?? (paidOff ? 'Payoff payment' : 'Payment received'),
        principalCents: principal,
        interestCents: interest,
        otherCents: lateCharges + otherFees,
        totalCents: payment.amountCents,
        principalBalanceCents: next.principalCents,
      },
    ],
  };
}

/**
 * Interest accrued since the last record, written to the history on `date` (a statement date) so
 * the history shows where the interest came from. It does not change the principal.
 */
export function recordInterest(terms: LoanTerms, state: LoanState, date: CalendarDate): LoanChange {
  const accrued = accrueInterest(terms, state, date);
  const amount = accrued.interestAccruedCents - accrued.interestRecordedCents;
  const next = { ...accrued, interestRecordedCents: accrued.interestAccruedCents };
  return {
    state: next,
    transactions:
      amount > 0
        ? [
            {
              date: addDays(date, -1),
              kind: 'interest',
              description: 'Interest accrued',
              principalCents: 0,
              interestCents: amount,
              otherCents: 0,
              totalCents: amount,
              principalBalanceCents: next.principalCents,
            },
          ]
        : [],
  };
}

/**
 * An advance on a line of credit: the principal grows by the amount (refused beyond the limit).
 * The first advance on a zero balance starts billing at the first due date after it.
 */
export function advanceCredit(
  terms: LoanTerms,
  state: LoanState,
  date: CalendarDate,
  amountCents: Cents,
): LoanChange {
  if (terms.creditLimitCents === undefined) throw new RangeError('Only a line of credit advances.');
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw new RangeError('An advance is a positive whole number of cents.');
  }
  if (state.principalCents + amountCents > terms.creditLimitCents) {
    throw new RangeError('The advance is more than the credit available.');
  }
  const accrued = accrueInterest(terms, state, date);
  let installmentsPaid = accrued.installmentsPaid;
  if (owedCents(accrued) === 0) {
    while (dueDateOf(terms, installmentsPaid) <= date) installmentsPaid += 1;
  }
  const next: LoanState = {
    ...accrued,
    principalCents: accrued.principalCents + amountCents,
    installmentsPaid,
    lateFeesChargedThrough: Math.max(accrued.lateFeesChargedThrough, installmentsPaid),
  };
  return {
    state: next,
    transactions: [
      {
        date,
        kind: 'disbursement',
        description: 'Advance',
        principalCents: amountCents,
        interestCents: 0,
        otherCents: 0,
        totalCents: amountCents,
        principalBalanceCents: next.principalCents,
      },
    ],
  };
}

/**
 * What is given to a loan from outside (the end of day's work aside), as its history keeps it so
 * that a replay can apply it again in order: a payment, a fee, an advance.
 */
export type LoanInput =
  | ({ kind: 'payment' } & LoanPayment)
  | { kind: 'fee'; date: CalendarDate; amountCents: Cents; description: string }
  | { kind: 'advance'; date: CalendarDate; amountCents: Cents }
  | ReturnedPaymentInput;

/**
 * A payment that was returned, in its place among the inputs (`date` is the payment's): see
 * returnPayment. `payment` is what it was; `reversalKey` the core's key of the reversal that
 * returned it (bookkeeping: the engine does not read it).
 */
export interface ReturnedPaymentInput {
  kind: 'returnedPayment';
  date: CalendarDate;
  returnedOn: CalendarDate;
  payment: LoanPayment;
  reversalKey: string;
}

/** Applies one input on its date (the days before it closed by the caller). */
export function applyInput(terms: LoanTerms, state: LoanState, input: LoanInput): LoanChange {
  switch (input.kind) {
    case 'payment':
      return applyPayment(terms, state, input);
    case 'fee':
      return chargeFee(state, input.date, input.amountCents, input.description);
    case 'advance':
      return advanceCredit(terms, state, input.date, input.amountCents);
    case 'returnedPayment':
      return returnPayment(state, input.returnedOn);
  }
}
