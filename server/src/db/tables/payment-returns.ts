import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date, Date>;

/** A bank account a return said cannot take debits (migration 0041), by its keyed digest. */
export interface AchBlockedAccountsTable {
  institution_id: number;
  account_key: string;
  /** The return's reason code (R02...). */
  reason_code: string;
  /** The payment whose debit came back. */
  payment_id: string;
  blocked_at: Timestamp;
}
