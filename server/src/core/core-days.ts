import type { CalendarDate, Cents } from '@portal/domain';

/**
 * The core's business days: closing one, and which one it closed last. Not part of
 * `ServicingCore` (issue 24, the core boundary): every core answers the reads, posts and
 * reverses payments, but only a core the portal runs itself closes its days on the portal's
 * clock. The built-in core implements this; the end-of-day worker (`modules/jobs/end-of-day.ts`)
 * closes each day due and then, by `lastClosedDay`, queues what follows a closed day (the
 * alerts' day pass, the reconciliation).
 *
 * A bank's core closes its own days in its own batch. Its adapter implements `lastClosedDay`
 * from the core's business date and `endOfDay` as a call that runs nothing and answers an empty
 * report for the day (`loans` 0): the worker then only notices each newly closed day.
 */
export interface CoreDays {
  /**
   * The end-of-day run for `date` (the day that ended): accrues interest, charges late fees,
   * writes statements on cycle dates. Idempotent: a second run of the same day changes nothing.
   */
  endOfDay(institutionId: number, date: CalendarDate): Promise<EndOfDayReport>;
  /** The last business day the end of day closed, or undefined before the first run. */
  lastClosedDay(institutionId: number): Promise<CalendarDate | undefined>;
}

export interface EndOfDayReport {
  date: CalendarDate;
  loans: number;
  interestCents: Cents;
  lateFees: number;
  statements: number;
}
