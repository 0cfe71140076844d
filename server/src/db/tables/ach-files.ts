import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date, Date>;
/** A calendar date as 'YYYY-MM-DD'. */
type CalendarDate = ColumnType<string, string, string>;

/**
 * The built-in ACH processor's sealed NACHA files (migration 0036), numbered 1, 2, 3... per
 * institution and processing day, the File ID Modifier A-Z then 0-9 in that order. The bytes only
 * encrypted (DataProtector.encrypt): they hold the borrowers' full account numbers.
 */
export interface AchFilesTable {
  id: Generated<number>;
  institution_id: number;
  processing_date: CalendarDate;
  file_number: number;
  file_id_modifier: string;
  entries: number;
  total_debit_cents: number;
  content_sealed: string;
  sealed_at: Timestamp;
}
