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
