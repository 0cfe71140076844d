import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { InstitutionConfiguration } from '@portal/settings-schema';

/**
 * Column conventions (both PGlite and PostgreSQL are configured to read them this way in
 * create-database.ts): `bigint` comes back as a JS number (money is integer cents and every value
 * is checked to be a safe integer), `date` as 'YYYY-MM-DD' text, `timestamptz` as a Date.
 */

/** A timestamp the database fills in when the insert leaves it out. */
type CreatedAt = ColumnType<Date, Date | undefined, never>;
type Timestamp = ColumnType<Date, Date, Date>;
/** A calendar date as 'YYYY-MM-DD'. */
type CalendarDate = ColumnType<string, string, string>;
type Json<T> = ColumnType<T, string, string>;

export interface InstitutionsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  /** The public path of the institution's branding files, e.g. '/cdn/harbor'. */
  cdn_folder: string;
  /** IANA zone; payment dates are calendar dates in it. */
  time_zone: string;
  maintenance_mode: Generated<boolean>;
  is_default: Generated<boolean>;
  created_at: CreatedAt;
}

export interface InstitutionHostsTable {
  /** Lower-case host name without port. */
  host: string;
  institution_id: number;
}

export interface SettingsVersionsTable {
  id: Generated<number>;
  institution_id: number;
  version: number;
  document: Json<InstitutionConfiguration>;
  comment: Generated<string>;
  published_by: string;
  published_at: Timestamp;
}

export interface SettingsDraftsTable {
  institution_id: number;
  document: Json<InstitutionConfiguration>;
  base_version: number;
  updated_at: Timestamp;
  updated_by: string;
}

export interface UsersTable {
  id: Generated<string>;
  institution_id: number;
  username: string;
  password_hash: string;
  personal_name: Generated<string>;
  first_name: Generated<string>;
  last_name: Generated<string>;
  email: Generated<string>;
  email_verified: Generated<boolean>;
  /** 0 = personal user; any other number is the company of a non-personal user. */
  company_number: Generated<number>;
  servicing_branch: Generated<string>;
  date_of_birth: CalendarDate | null;
  zip: Generated<string>;
  phone: Generated<string>;
  must_change_password: Generated<boolean>;
  password_question: Generated<string>;
  password_answer_hash: string | null;
  restricted: Generated<boolean>;
  logon_allowed: Generated<boolean>;
  last_login_at: Timestamp | null;
  last_login_ip: string | null;
  created_at: CreatedAt;
}

export interface SessionsTable {
  id: Generated<number>;
  /** SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  institution_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  idle_expires_at: Timestamp;
  absolute_expires_at: Timestamp;
  revoked_at: Timestamp | null;
  ip: Generated<string>;
  user_agent: Generated<string>;
}

export interface LoginHistoryTable {
  id: Generated<number>;
  institution_id: number;
  user_id: string | null;
  username_attempted: string;
  ip: Generated<string>;
  success: boolean;
  reason: Generated<string>;
  created_at: Timestamp;
}

export interface AccountsTable {
  id: Generated<number>;
  institution_id: number;
  user_id: string;
  /** Branch, account and check digit joined by dashes, e.g. '001-123456-7'. */
  number: string;
  /** 0 loan, 9 line of credit, 1/3/5/6 deposit, 7/8 investment. */
  type: number;
  description: Generated<string>;
  /** The host's status code: empty, 'NOX$' or 'IRSO' mean open; one containing CLOSED means closed. */
  comment: Generated<string>;
  balance_cents: Generated<number>;
  available_balance_cents: Generated<number>;
  /** Percent × 100: 675 is 6.75 %. */
  rate: Generated<number>;
  statement_preference: Generated<string>;
  loan_due_date: CalendarDate | null;
  loan_amount_due_cents: Generated<number>;
  monthly_installment_cents: Generated<number>;
  fees_due_cents: Generated<number>;
  name_on_account: Generated<string>;
  opened_on: CalendarDate;
  hidden_from_web: Generated<boolean>;
}

export interface ClientErrorsTable {
  id: Generated<number>;
  institution_id: number;
  fingerprint: string;
  message: string;
  stack: Generated<string>;
  user_agent: Generated<string>;
  count: Generated<number>;
  first_seen_at: Timestamp;
  last_seen_at: Timestamp;
}

export interface PageViewsTable {
  id: Generated<number>;
  institution_id: number;
  route: string;
  title: Generated<string>;
  created_at: Timestamp;
}

export interface Database {
  institutions: InstitutionsTable;
  institution_hosts: InstitutionHostsTable;
  settings_versions: SettingsVersionsTable;
  settings_drafts: SettingsDraftsTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_history: LoginHistoryTable;
  accounts: AccountsTable;
  client_errors: ClientErrorsTable;
  page_views: PageViewsTable;
}

export type InstitutionRow = Selectable<InstitutionsTable>;
export type NewInstitution = Insertable<InstitutionsTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type AccountRow = Selectable<AccountsTable>;
export type NewAccount = Insertable<AccountsTable>;
