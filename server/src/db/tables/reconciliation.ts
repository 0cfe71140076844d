import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date, Date>;
/** A calendar date as 'YYYY-MM-DD'. */
type CalendarDate = ColumnType<string, string, string>;
/** bigint: read as a number (the sums of a day fit in a double's integers). */
type BigCount = ColumnType<number | string, number, number>;
type Json<T> = ColumnType<T, string, string>;

/** One reconciliation of an institution's day (migration 0042); a second run replaces it. */
export interface ReconciliationRunsTable {
  id: Generated<number | string>;
  institution_id: number;
  date: CalendarDate;
  /** 'daily' (after the core's end of day) or 'staff' (asked for). */
  trigger: string;
  ran_at: Timestamp;
  duration_ms: number;
  portal_count: number;
  portal_cents: BigCount;
  card_count: number;
  card_cents: BigCount;
  ach_count: number;
  ach_cents: BigCount;
  core_count: number;
  core_cents: BigCount;
  mismatch_count: number;
  /** Of the day's payments, the returned ones per system (migration 0043); null before it. */
  returned: Json<unknown> | null;
  /**
   * The day's payments in flight (migration 0051); both null for a run stored before it, which is
   * out of date (the end of day makes it again).
   */
  in_flight_count: number | null;
  in_flight_cents: ColumnType<number | string | null, number, number>;
  /** Of the day's payments, the refunded ones per system (migration 0051); null before it. */
  refunded: Json<unknown> | null;
}

/** A payment out of balance in a run: what is wrong, and each system's item (no card data). */
export interface ReconciliationMismatchesTable {
  id: Generated<number | string>;
  run_id: number | string;
  payment_id: string;
  problems: Json<unknown>;
  items: Json<unknown>;
}

/** A type (not an interface): the repository adds it to a Kysely with `withTables`. */
export type ReconciliationTables = {
  reconciliation_runs: ReconciliationRunsTable;
  reconciliation_mismatches: ReconciliationMismatchesTable;
};
