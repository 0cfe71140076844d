import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date, Date>;
type Json<T> = ColumnType<T, string, string>;

/** One change of an institution's configuration, assets or existence. */
export interface SettingsAuditTable {
  id: Generated<number>;
  institution_id: number;
  staff_id: string | null;
  /** The staff member's e-mail at the time (kept when the account goes). */
  staff_email: string;
  action: string;
  comment: string | null;
  /** DiffEntry[]: key, set, before, after. */
  changes: Json<unknown>;
  at: Timestamp;
}

export interface AuditTables {
  settings_audit: SettingsAuditTable;
}

export type SettingsAuditRow = Selectable<SettingsAuditTable>;
