import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date, Date>;
/** A calendar date as 'YYYY-MM-DD'. */
type CalendarDate = ColumnType<string, string, string>;

/**
 * The return files the built-in ACH processor received (migration 0039), numbered 1, 2, 3... per
 * institution and day, the File ID Modifier A-Z then 0-9. The bytes only encrypted.
 */
export interface AchReturnFilesTable {
  id: Generated<number>;
  institution_id: number;
  received_date: CalendarDate;
  file_number: number;
  file_id_modifier: string;
  returns: number;
  notices: number;
  content_sealed: string;
  received_at: Timestamp;
}

/** Migration 0039's columns of ach_debits. */
export interface AchDebitReturnColumns {
  /** A test account's answer (R01..., C01...), null for every other account. */
  test_return: ColumnType<string | null, string | null | undefined, string | null>;
  /** The return file that sent the debit back, null until then. */
  ach_return_file_id: ColumnType<number | null, number | null | undefined, number | null>;
}
