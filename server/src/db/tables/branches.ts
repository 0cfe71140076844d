import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date, Date>;

/** The branch locator's branches, each institution's own list (modules/branches). */
export interface BranchesTable {
  id: Generated<string>;
  institution_id: number;
  /** Its place in the institution's list, 0 first; the list has no gaps (modules/branches). */
  position: number;
  name: string;
  street_address: string;
  city: string;
  /** Two-letter postal code. */
  state: string;
  /** Five digits. */
  zip: string;
  /** As staff wrote it; '' when the branch has none. */
  phone_number: string;
  /** The opening hours, one line per entry, as staff wrote them (JSON array of strings). */
  hours: ColumnType<unknown, string, string>;
  /** Degrees; 0, 0 is a branch without a place on the map. */
  latitude: number;
  longitude: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BranchTables {
  branches: BranchesTable;
}
