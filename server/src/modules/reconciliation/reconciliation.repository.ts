import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ReconciliationTables } from '../../db/tables/reconciliation';

/*
 * The reconciliation's own tables (migrations 0042, 0043, 0051), and its read-only view of the portal's
 * payments. Decision: the payments are read here, from the `payments` table, rather than through
 * a read function of the payments module: a module may not import another's repository
 * (`module-repository-is-its-own`), and the run needs only a few columns of a day's rows, read
 * once, never written. The columns read are listed in PAYMENT_COLUMNS; a change of their meaning
 * in the payments module must be reflected here.
 */

type Db = Kysely<Database>;

/** The tables, whether or not schema.ts merges them into Database yet. */
function tables(db: Db) {
  return db.withTables<ReconciliationTables>();
}

const PAYMENT_COLUMNS = [
  'id',
  'reference_number',
  'status',
  'pay_date',
  'is_card',
  'amount_cents',
  'additional_principal_cents',
  'first_party_fee_cents',
  'third_party_fee_cents',
  'core_reference',
  'refunded_elsewhere',
  'posted_at',
] as const;

export interface PortalPaymentRow {
  id: string;
  reference_number: string;
  status: string;
  pay_date: string;
  is_card: boolean;
  amount_cents: number;
  additional_principal_cents: number;
  first_party_fee_cents: number;
  third_party_fee_cents: number;
  core_reference: string | null;
  /** Refunded another way after the card processor refused: its charge stands (migration 0046). */
  refunded_elsewhere: boolean;
  /** When the portal marked it posted: the core credits a payment it posts late as of that day. */
  posted_at: Date | null;
}

/** The institution's payments dated `payDate`, whatever their status. */
export async function listPaymentsOfDay(
  db: Db,
  institutionId: number,
  payDate: string,
): Promise<PortalPaymentRow[]> {
  return db
    .selectFrom('payments')
    .select(PAYMENT_COLUMNS)
    .where('institution_id', '=', institutionId)
    .where('pay_date', '=', payDate)
    .execute();
}

/** The institution's payments among `ids` (uuids), whatever their date. */
export async function findPayments(
  db: Db,
  institutionId: number,
  ids: readonly string[],
): Promise<PortalPaymentRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('payments')
    .select(PAYMENT_COLUMNS)
    .where('institution_id', '=', institutionId)
    .where('id', 'in', ids)
    .execute();
}

export interface RunValues {
  institution_id: number;
  date: string;
  trigger: 'daily' | 'staff';
  ran_at: Date;
  duration_ms: number;
  portal_count: number;
  portal_cents: number;
  card_count: number;
  card_cents: number;
  ach_count: number;
  ach_cents: number;
  core_count: number;
  core_cents: number;
  mismatch_count: number;
  /** JSON of the totals' `returned`. */
  returned: string;
  in_flight_count: number;
  in_flight_cents: number;
  /** JSON of the totals' `refunded`. */
  refunded: string;
}

export interface MismatchValues {
  payment_id: string;
  problems: unknown;
  items: unknown;
}

/** Mismatches written by one statement. */
const INSERT_CHUNK = 500;

/**
 * Stores the day's run in place of an earlier run of the day (one row per institution and day:
 * an upsert, so two runs at once end as one, the later). Its mismatches replace the earlier's.
 */
export async function replaceRun(
  db: Db,
  run: RunValues,
  mismatches: readonly MismatchValues[],
): Promise<void> {
  await tables(db)
    .transaction()
    .execute(async (trx) => {
      const { id } = await trx
        .insertInto('reconciliation_runs')
        .values(run)
        .onConflict((conflict) =>
          conflict.columns(['institution_id', 'date']).doUpdateSet((eb) => ({
            trigger: eb.ref('excluded.trigger'),
            ran_at: eb.ref('excluded.ran_at'),
            duration_ms: eb.ref('excluded.duration_ms'),
            portal_count: eb.ref('excluded.portal_count'),
            portal_cents: eb.ref('excluded.portal_cents'),
            card_count: eb.ref('excluded.card_count'),
            card_cents: eb.ref('excluded.card_cents'),
            ach_count: eb.ref('excluded.ach_count'),
            ach_cents: eb.ref('excluded.ach_cents'),
            core_count: eb.ref('excluded.core_count'),
            core_cents: eb.ref('excluded.core_cents'),
            mismatch_count: eb.ref('excluded.mismatch_count'),
            returned: eb.ref('excluded.returned'),
            in_flight_count: eb.ref('excluded.in_flight_count'),
            in_flight_cents: eb.ref('excluded.in_flight_cents'),
            refunded: eb.ref('excluded.refunded'),
          })),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.deleteFrom('reconciliation_mismatches').where('run_id', '=', id).execute();
      for (let start = 0; start < mismatches.length; start += INSERT_CHUNK) {
        await trx
          .insertInto('reconciliation_mismatches')
          .values(
            mismatches.slice(start, start + INSERT_CHUNK).map((mismatch) => ({
              run_id: id,
              payment_id: mismatch.payment_id,
              problems: JSON.stringify(mismatch.problems),
              items: JSON.stringify(mismatch.items),
            })),
          )
          .execute();
      }
    });
}

const RUN_COLUMNS = [
  'id',
  'institution_id',
  'date',
  'trigger',
  'ran_at',
  'duration_ms',
  'portal_count',
  'portal_cents',
  'card_count',
  'card_cents',
  'ach_count',
  'ach_cents',
  'core_count',
  'core_cents',
  'mismatch_count',
  'returned',
  'in_flight_count',
  'in_flight_cents',
  'refunded',
] as const;

/** The institution's runs, newest day first. */
export async function listRuns(db: Db, institutionId: number, limit: number) {
  return tables(db)
    .selectFrom('reconciliation_runs')
    .select(RUN_COLUMNS)
    .where('institution_id', '=', institutionId)
    .orderBy('date', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Of the institution's days from `from` to `to`, those whose stored run is current (made since
 * migration 0051: its in-flight figures are counted), and the first day it ever reconciled.
 */
export async function currentRunDays(
  db: Db,
  institutionId: number,
  from: string,
  to: string,
): Promise<{ first: string | undefined; current: Set<string> }> {
  const [first, current] = await Promise.all([
    tables(db)
      .selectFrom('reconciliation_runs')
      .select('date')
      .where('institution_id', '=', institutionId)
      .orderBy('date')
      .limit(1)
      .executeTakeFirst(),
    tables(db)
      .selectFrom('reconciliation_runs')
      .select('date')
      .where('institution_id', '=', institutionId)
      .where('date', '>=', from)
      .where('date', '<=', to)
      .where('in_flight_count', 'is not', null)
      .execute(),
  ]);
  return { first: first?.date, current: new Set(current.map((row) => row.date)) };
}

export async function findRun(db: Db, institutionId: number, date: string) {
  return tables(db)
    .selectFrom('reconciliation_runs')
    .select(RUN_COLUMNS)
    .where('institution_id', '=', institutionId)
    .where('date', '=', date)
    .executeTakeFirst();
}

export async function listMismatches(db: Db, runId: number | string) {
  return tables(db)
    .selectFrom('reconciliation_mismatches')
    .select(['payment_id', 'problems', 'items'])
    .where('run_id', '=', runId)
    .orderBy('id')
    .execute();
}
