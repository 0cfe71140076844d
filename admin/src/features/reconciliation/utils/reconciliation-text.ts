import {
  formatUsd,
  PAYMENT_EVENT_STATUSES,
  PAYMENT_STATUS_LABELS,
  type ReconciliationRunSummary,
} from '@portal/domain';

type RunOutcome = Pick<ReconciliationRunSummary, 'mismatchCount' | 'totals'>;

/**
 * A run stored before the server counted the payments in flight and the refunds (migration 0051):
 * its figures were counted by earlier rules, and its Processing is unknown. The end of day makes
 * such a day again (within the last 90 days); a publisher can now.
 */
export function isOutOfDate(run: RunOutcome): boolean {
  return run.totals.inFlight === undefined;
}

/** The day's payments in flight as the server counted them; undefined when there is none. */
function processingOf(run: RunOutcome): { count: number; cents: number } | undefined {
  const inFlight = run.totals.inFlight;
  return inFlight && inFlight.count > 0 ? inFlight : undefined;
}

function processingText(inFlight: { count: number; cents: number }): string {
  return `processing: ${inFlight.count} ${inFlight.count === 1 ? 'payment' : 'payments'}, ${formatUsd(inFlight.cents)}`;
}

/**
 * A run's outcome in a few words: 'Balanced', 'Balanced; processing: 1 payment, $247.65' (a day
 * whose sides differ by payments in flight is not shown as a bare Balanced), 'N mismatches'
 * (with what is processing beside them), or 'Out of date: reconcile again' (after its mismatches,
 * if it had some).
 */
export function outcomeText(run: RunOutcome): string {
  const mismatches = `${run.mismatchCount} ${run.mismatchCount === 1 ? 'mismatch' : 'mismatches'}`;
  // An old run's mismatches stay in sight: a day older than the catch-up is never re-run.
  if (isOutOfDate(run)) {
    return run.mismatchCount > 0
      ? `${mismatches}; out of date: reconcile again`
      : 'Out of date: reconcile again';
  }
  const inFlight = processingOf(run);
  const outcome = run.mismatchCount > 0 ? mismatches : 'Balanced';
  return inFlight ? `${outcome}; ${processingText(inFlight)}` : outcome;
}

/** How the outcome is shown: a warning for mismatches, information for payments in flight. */
export function outcomeSeverity(run: RunOutcome): 'success' | 'info' | 'warning' {
  if (isOutOfDate(run) || run.mismatchCount > 0) return 'warning';
  return processingOf(run) ? 'info' : 'success';
}

/** A portal status as staff read it on the payments page (the status itself if unknown). */
export function portalStatusText(status: string): string {
  const known = PAYMENT_EVENT_STATUSES.find((candidate) => candidate === status);
  return known ? PAYMENT_STATUS_LABELS[known] : status;
}
