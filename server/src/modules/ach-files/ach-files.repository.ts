import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/*
 * The ACH files page's read-only view of the portal's payments: which payment a returned (or
 * corrected) debit was for. Decision, as the reconciliation's (reconciliation.repository.ts): the
 * payments are read here, from the `payments` table, rather than through a read function of the
 * payments module: a module may not import another's repository (`module-repository-is-its-own`),
 * and the page needs two columns of a few rows, found by the trace number the processor answered
 * (`payments.ach_trace_number`, migration 0041), never written. The returns and notifications
 * themselves are the ACH processor's (AchProcessor.receiveReturns), not a table of the portal's.
 */

type Db = Kysely<Database>;

export interface TracedPaymentRow {
  trace_number: string;
  reference_number: string;
  status: string;
}

/**
 * The institution's payments whose ACH debits have these trace numbers. A trace number is never
 * given twice at an institution (the processor's counter); were it, the latest payment wins.
 */
export async function findPaymentsOfTraces(
  db: Db,
  institutionId: number,
  traceNumbers: readonly string[],
): Promise<Map<string, TracedPaymentRow>> {
  if (traceNumbers.length === 0) return new Map();
  const rows = await db
    .selectFrom('payments')
    .select(['ach_trace_number', 'reference_number', 'status'])
    .where('institution_id', '=', institutionId)
    .where('ach_trace_number', 'in', [...new Set(traceNumbers)])
    .orderBy('pay_date')
    .orderBy('created_at')
    .execute();
  const found = new Map<string, TracedPaymentRow>();
  for (const row of rows) {
    if (row.ach_trace_number === null) continue;
    found.set(row.ach_trace_number, {
      trace_number: row.ach_trace_number,
      reference_number: row.reference_number,
      status: row.status,
    });
  }
  return found;
}
