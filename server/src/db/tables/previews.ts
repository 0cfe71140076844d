import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date, Date>;

/** Lets the portal in the admin's preview frame load an institution's draft. */
export interface PreviewTokensTable {
  id: Generated<number>;
  token_hash: string;
  staff_id: string;
  institution_id: number;
  /** The admin app's origin: the only page that may frame the preview and post to it. */
  admin_origin: string;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface PreviewTables {
  preview_tokens: PreviewTokensTable;
}
