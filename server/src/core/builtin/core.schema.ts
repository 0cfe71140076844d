import type { ColumnType, Generated, Selectable } from 'kysely';
import type { LoanHold } from '@portal/domain';
import type { Database } from '../../db/schema';
import type { LoanInput, LoanState, LoanTerms, LoanTransactionKind } from './loan-engine';

/**
 * The built-in core's own tables. Only the built-in core (`server/src/core/builtin/`) reads or
 * writes them; the portal's modules reach the data through the ServicingCore interface.
 */

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type Timestamp = ColumnType<Date, Date, Date>;
/** A calendar date as 'YYYY-MM-DD'. */
type CalendarDate = ColumnType<string, string, string>;
type Json<T> = ColumnType<T, string, string>;
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;

/**
 * Every account the core holds for a customer (the portal's customers.id). For a loan run by the
 * engine (a `core_loans` row), the balance, due date and amounts here are not used: they are
 * computed from the loan's state as of the day asked. Deposits and certificates keep their
 * balance here.
 */
export interface CoreAccountsTable {
  id: Generated<number>;
  institution_id: number;
  customer_id: string;
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
  address1: Generated<string>;
  city: Generated<string>;
  state: Generated<string>;
  zip_code: Generated<string>;
  /** Certificates and loans: the end of the term. */
  maturity_date: CalendarDate | null;
  /** The core refuses online history for this account (SecurityNotAllowed). */
  history_denied: Generated<boolean>;
  /** A hold that keeps the loan page (and payments) closed online; null: none. */
  host_hold: Generated<LoanHold | null>;
  // Loans' payment facts (migration 0021; spec 001 "Payment info response", the host's part).
  // Deposits and investments carry the defaults and never use them.
  allow_ach: Generated<boolean>;
  allow_cards: Generated<boolean>;
  recurring_allowed: Generated<boolean>;
  /** How many days ahead a one-time payment may be dated (NumberDaysInPeriod); default 60. */
  days_in_period: Generated<number>;
  scheduled_ach_fee_cents: Generated<number>;
  echeck_fee_cents: Generated<number>;
  recurring_ach_fee_cents: Generated<number>;
  debit_card_fee_cents: Generated<number>;
  credit_card_fee_cents: Generated<number>;
  /** 0 none; 1 and 2 drive the small-dollar window (4 and 7 days). */
  mail_preference: Generated<number>;
  /** '' or 'InterestTooHighForDelayedPayment' (immediate payments only). */
  restriction_code: Generated<string>;
  /**
   * Raised by the database on every update of the row (migration 0035's trigger): with the loan's
   * version, what tells a kept copy of the account from the stored one.
   */
  version: Generated<number>;
}

/**
 * The core's own closed days per institution, beyond the Federal Reserve holidays (which the
 * domain's business-day calendar applies everywhere): 'noPayment' days take no payment at all,
 * 'noSchedule' days take none scheduled for them.
 */
export interface CoreCalendarDaysTable {
  institution_id: number;
  date: CalendarDate;
  kind: 'noPayment' | 'noSchedule';
}

/**
 * Raised by the database on every change of an institution's `core_calendar_days` (migration
 * 0035's trigger); no row: unchanged since that migration.
 */
export interface CoreCalendarVersionsTable {
  institution_id: number;
  version: number;
}

/** A loan or line of credit the engine runs: its terms and its state after the last change. */
export interface CoreLoansTable {
  account_id: number;
  terms: Json<LoanTerms>;
  state: Json<LoanState>;
  /** Raised on every change: a writer that read an older version retries. */
  version: Generated<number>;
  updated_at: Timestamp;
}

export interface CoreTransactionsTable {
  id: Generated<number>;
  account_id: number;
  date: CalendarDate;
  /** 'HH:MM:SS' in the institution's time zone. */
  time: Generated<string>;
  kind: LoanTransactionKind | 'deposit' | 'withdrawal' | 'dividend';
  description: string;
  principal_cents: number;
  interest_cents: number;
  other_cents: number;
  total_cents: number;
  /** The principal (loans) or balance (deposits) after the transaction. */
  principal_balance_cents: number;
  /** Set for a posting that must happen once (a payment occurrence); unique per account. */
  posting_key: string | null;
  created_at: CreatedAt;
  /**
   * On a line of what was given to a loan (a payment, a fee, an advance; migration 0037): the
   * input as the engine took it, so a replay can apply it again. Null on the end of day's lines
   * and on lines written before (a replay then infers the input from the line, and checks it).
   */
  loan_input: NullableJson<LoanInput>;
  /** With `loan_input`: the loan's state just after the line (where a replay may start). */
  loan_state: NullableJson<LoanState>;
}

/**
 * A statement of one period. Provider 0 statements are rendered as PDF from `snapshot` when
 * opened (the same bytes each time); providers 1, 3 and 4 are opened through their families.
 */
export interface CoreStatementsTable {
  id: Generated<number>;
  account_id: number;
  date: CalendarDate;
  period_start: CalendarDate;
  provider: number;
  type: Generated<number>;
  snapshot: Json<StatementSnapshot>;
}

export interface StatementSnapshot {
  openingBalanceCents: number;
  closingBalanceCents: number;
  amountDueCents: number;
  dueDate: string | null;
  interestCents: number;
  feesCents: number;
  paymentsCents: number;
  /** Loans: the principal part of the period's payments (statements since 2026-11-25). */
  principalPaidCents?: number;
  /** Deposits: the period's withdrawals (statements since 2026-11-25). */
  withdrawalsCents?: number;
  /** Loans: principal added in the period (line of credit advances). */
  advancesCents?: number;
  /** The mailing address the statement was sent to, as printed (statements since 2026-11-25). */
  mailingAddress?: string[];
  /** Loans: the regular installment and the charges owed (statements since 2026-11-29). */
  installmentCents?: number;
  lateChargesCents?: number;
  otherFeesCents?: number;
}

export interface CoreInsuranceTable {
  id: Generated<number>;
  account_id: number;
  type: string;
  /** 1 individual, 2 joint, 0 none. */
  coverage: number;
  premium_cents: number;
}

export interface CoreApplicationsTable {
  id: Generated<number>;
  institution_id: number;
  customer_id: string;
  number: string;
  status: string;
  amount_requested_cents: number;
  amount_approved_cents: number;
  last_modified: CalendarDate;
  office: string;
  funds_expected: CalendarDate | null;
  /** The columns below since migration 0032 (applications made in the portal). */
  product_id: Generated<string>;
  product: Generated<string>;
  term_months: number | null;
  purpose: Generated<string>;
  annual_income_cents: number | null;
  employment_status: Generated<string>;
  contact_consent_at: Timestamp | null;
  /** The documents' names (JSON array of strings). */
  required_documents: ColumnType<string[], string | undefined, string>;
  /** The portal's key of the attempt that made it: unique per institution (null for others). */
  request_key: string | null;
  /** Who last changed its status (a staff member's e-mail address; '' when none did). */
  status_changed_by: Generated<string>;
}

/** One row per institution and day the end-of-day run finished: a second run skips the day. */
export interface CoreEndOfDayTable {
  institution_id: number;
  date: CalendarDate;
  finished_at: CreatedAt;
}

/**
 * The portal's database as the built-in core sees it: its own tables beside the portal's. app.ts
 * hands the core `db.withTables<CoreTables>()`; nothing outside core/builtin knows these tables.
 */
export type CoreDatabase = Database & CoreTables;

// A type, not an interface: Kysely's withTables wants an index-compatible record.
export type CoreTables = {
  core_accounts: CoreAccountsTable;
  core_loans: CoreLoansTable;
  core_transactions: CoreTransactionsTable;
  core_statements: CoreStatementsTable;
  core_insurance: CoreInsuranceTable;
  core_applications: CoreApplicationsTable;
  core_end_of_day: CoreEndOfDayTable;
  core_calendar_days: CoreCalendarDaysTable;
  core_calendar_versions: CoreCalendarVersionsTable;
};

export type CoreAccountRow = Selectable<CoreAccountsTable>;
export type CoreLoanRow = Selectable<CoreLoansTable>;
export type CoreTransactionRow = Selectable<CoreTransactionsTable>;
export type CoreStatementRow = Selectable<CoreStatementsTable>;
export type CoreApplicationRow = Selectable<CoreApplicationsTable>;
