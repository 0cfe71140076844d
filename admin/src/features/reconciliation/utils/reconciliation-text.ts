import {
  formatUsd,
  PAYMENT_EVENT_STATUSES,
  PAYMENT_STATUS_LABELS,
  type ReconciliationRunSummary,
} from '@portal/domain';

type RunOutcome = Pick<ReconciliationRunSummary, 'mismatchCount' | 'totals'>;

/**
 * The day's payments in flight: the portal took them and their money has not moved yet (a debit
 * waiting for its file, or none taken yet), so they are on the portal's side only. The server
 * counts so that on a day with no mismatch the portal's total less the card's and the ACH's is
 * exactly them (server reconciliation-matching.ts `inFlightOf`); a day with mismatches has its
 * difference from them too, and none is read. Undefined when there is none.
 */
export function inFlightOf(run: RunOutcome): { count: number; cents: number } | undefined {
  const { portal, card, ach } = run.totals;
  const count = portal.count - card.count - ach.count;
  const cents = portal.cents - card.cents - ach.cents;
  return run.mismatchCount === 0 && count > 0 && cents >= 0 ? { count, cents } : undefined;
}

/**
 * A run's outcome in a few words: 'Balanced', 'Balanced; processing: 1 payment, $247.65' (a day
 * whose sides differ by payments in flight only is not shown as a bare Balanced), or 'N
 * mismatches'.
 */
export function outcomeText(run: RunOutcome): string {
  if (run.mismatchCount > 0) {
    return `${run.mismatchCount} ${run.mismatchCount === 1 ? 'mismatch' : 'mismatches'}`;
  }
  const inFlight = inFlightOf(run);
  if (!inFlight) return 'Balanced';
  return `Balanced; processing: ${inFlight.count} ${inFlight.count === 1 ? 'payment' : 'payments'}, ${formatUsd(inFlight.cents)}`;
}

/** How the outcome is shown: a warning for mismatches, information for payments in flight. */
export function outcomeSeverity(run: RunOutcome): 'success' | 'info' | 'warning' {
  if (run.mismatchCount > 0) return 'warning';
  return inFlightOf(run) ? 'info' : 'success';
}

/** A portal status as staff read it on the payments page (the status itself if unknown). */
export function portalStatusText(status: string): string {
  const known = PAYMENT_EVENT_STATUSES.find((candidate) => candidate === status);
  return known ? PAYMENT_STATUS_LABELS[known] : status;
}
