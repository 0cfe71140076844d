import type { ColumnType, Generated, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type Timestamp = ColumnType<Date, Date, Date>;

/** A member of an institution's staff or an implementer; never a borrower. */
export interface StaffAccountsTable {
  id: Generated<string>;
  /** Lower case; unique. */
  email: string;
  name: string;
  /** argon2id. */
  password_hash: string;
  /** The base32 TOTP secret, encrypted; null: the e-mailed code (demo mode only). */
  totp_secret_encrypted: string | null;
  /** The last TOTP time step accepted, so a code cannot be used twice. */
  totp_last_step: Generated<number>;
  is_implementer: Generated<boolean>;
  disabled: Generated<boolean>;
  created_at: CreatedAt;
}

export interface StaffMembershipsTable {
  staff_id: string;
  institution_id: number;
  /** 'viewer', 'editor' or 'publisher'. */
  role: string;
}

/** A password check that passed and waits for the second factor. */
export interface StaffChallengesTable {
  id: Generated<number>;
  /** SHA-256 of the challenge id the client holds. */
  token_hash: string;
  staff_id: string;
  /** 'totp' or 'email'. */
  method: string;
  /** Keyed digest of the e-mailed code (method 'email'). */
  code_digest: string | null;
  attempts: Generated<number>;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
  created_at: Timestamp;
}

export interface StaffSessionsTable {
  id: Generated<number>;
  token_hash: string;
  staff_id: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  idle_expires_at: Timestamp;
  absolute_expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface StaffTables {
  staff_accounts: StaffAccountsTable;
  staff_memberships: StaffMembershipsTable;
  staff_challenges: StaffChallengesTable;
  staff_sessions: StaffSessionsTable;
}

export type StaffAccountRow = Selectable<StaffAccountsTable>;
