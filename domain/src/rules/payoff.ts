import { addDays, type CalendarDate } from './calendar';

/**
 * How far ahead a payoff quote may be dated. The specs fix no limit; servicers quote a few weeks
 * out because fees and the schedule may change. 90 days covers a refinance closing.
 */
export const PAYOFF_HORIZON_DAYS = 90;

/** Why a payoff date is refused, or undefined when it may be quoted. */
export function payoffDateProblem(
  date: string,
  today: CalendarDate,
): 'notADate' | 'past' | 'beyondHorizon' | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return 'notADate';
  if (date < today) return 'past';
  if (date > addDays(today, PAYOFF_HORIZON_DAYS)) return 'beyondHorizon';
  return undefined;
}

/** Today or later, within the horizon (the dialog's rule: 'Please Choose a future date'). */
export function payoffDateAllowed(date: string, today: CalendarDate): boolean {
  return payoffDateProblem(date, today) === undefined;
}

/** A payoff less what the loan's payments in flight will still bring to the core. */
export interface PayoffLessInFlight {
  /** What pays the loan off: the payoff less the payments in flight, never below 0. */
  totalCents: number;
  /** Of the payments in flight, what was taken off the payoff (all of them, up to the payoff). */
  inFlightCountedCents: number;
}

/**
 * The one rule of a payoff while payments are in flight (paid, not credited by the core yet; the
 * server's payments.repository `loanAmountInFlight`): the core's payoff less what they will bring, never
 * below 0. GetPaymentInfo's PayOffAmount, the payoff quotes of any date, the
 * submission's payoff check, a scheduled payoff's check before its debit and a payoff's receipt
 * all read it (the server's payments module), so a borrower with a payment processing is never
 * quoted a payoff that would overpay, nor refused or told of a debt for paying the figure quoted.
 */
export function payoffLessInFlight(payoffCents: number, inFlightCents: number): PayoffLessInFlight {
  const counted = Math.min(Math.max(0, inFlightCents), Math.max(0, payoffCents));
  return { totalCents: Math.max(0, payoffCents - counted), inFlightCountedCents: counted };
}
