import {
  PAYMENT_EVENT_STATUSES,
  PAYMENT_STATUS_LABELS,
  type ReconciliationRunSummary,
} from '@portal/domain';

/** A run's outcome in a few words: 'Balanced' or 'N mismatches'. */
export function outcomeText(run: Pick<ReconciliationRunSummary, 'mismatchCount'>): string {
  if (run.mismatchCount === 0) return 'Balanced';
  return `${run.mismatchCount} ${run.mismatchCount === 1 ? 'mismatch' : 'mismatches'}`;
}

/** A portal status as staff read it on the payments page (the status itself if unknown). */
export function portalStatusText(status: string): string {
  const known = PAYMENT_EVENT_STATUSES.find((candidate) => candidate === status);
  return known ? PAYMENT_STATUS_LABELS[known] : status;
}
