import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { InstitutionConfiguration } from '@portal/settings-schema';
import type { AchFilesTable } from './tables/ach-files';
import type { AchDebitReturnColumns, AchReturnFilesTable } from './tables/ach-returns';
import type { AchBlockedAccountsTable } from './tables/payment-returns';
import type { AuditTables } from './tables/audit';
import type { BranchTables } from './tables/branches';
import type { PreviewTables } from './tables/previews';
import type { StaffTables } from './tables/staff';
import type { ReconciliationTables } from './tables/reconciliation';
import type { WebVitalTables } from './tables/web-vitals';
import type { WorkItemTables } from './tables/work-items';

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

/**
 * A core-banking account holder: identity data, whether or not they have an online user. The SSN
 * is stored only encrypted (AES-256-GCM) with an HMAC blind index to find it.
 */
export interface CustomersTable {
  id: Generated<string>;
  institution_id: number;
  first_name: Generated<string>;
  middle_name: Generated<string>;
  last_name: Generated<string>;
  /** What the portal shows as the user's name; a company for a non-personal user. */
  personal_name: Generated<string>;
  email: Generated<string>;
  ssn_encrypted: string | null;
  ssn_blind_index: string | null;
  date_of_birth: CalendarDate | null;
  zip: Generated<string>;
  phone: Generated<string>;
  /** 0 = personal user; any other number is the company of a non-personal user. */
  company_number: Generated<number>;
  servicing_branch: Generated<string>;
  restricted: Generated<boolean>;
  created_at: CreatedAt;
  /** The street line of the profile address ('' until one is saved; 0026). */
  address1: Generated<string>;
  city: Generated<string>;
  /** Two-letter state code. */
  state: Generated<string>;
  /** Whether `phone` is the primary number (the profile's one phone). */
  phone_primary: Generated<boolean>;
  /** Whether `phone` is opted in to texting (text alerts need it). */
  phone_opt_in_texting: Generated<boolean>;
}

/** The online credentials of a customer (at most one per customer). */
export interface UsersTable {
  id: Generated<string>;
  institution_id: number;
  customer_id: string;
  username: string;
  /** argon2id, or the legacy PBKDF2 format until the next sign-in; null until activation. */
  password_hash: string | null;
  email_verified: Generated<boolean>;
  email_opt_out: Generated<boolean>;
  email_communication_restricted: Generated<boolean>;
  must_change_password: Generated<boolean>;
  password_question: Generated<string>;
  password_answer_hash: string | null;
  logon_allowed: Generated<boolean>;
  last_login_at: Timestamp | null;
  last_login_ip: string | null;
  password_changed_at: Timestamp | null;
  /** The admin preview's built-in sample borrower: never signs in but through a preview token. */
  is_preview_sample: Generated<boolean>;
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
  /** The post-login steps still to do, comma-separated in queue order ('' when none). */
  pending_steps: Generated<string>;
  sign_in_method: Generated<string>;
  /** The mobile device that asked for biometric sign-in, until the sign-in completes. */
  device_id: string | null;
  /** A preview session: the server refuses every change it asks for. */
  read_only: Generated<boolean>;
}

export interface LoginHistoryTable {
  id: Generated<number>;
  institution_id: number;
  user_id: string | null;
  username_attempted: string;
  ip: Generated<string>;
  success: boolean;
  reason: Generated<string>;
  /** The User-Agent header of the attempt ('' before migration 0025). */
  user_agent: Generated<string>;
  created_at: Timestamp;
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

export interface PasswordHistoryTable {
  id: Generated<number>;
  user_id: string;
  password_hash: string;
  created_at: Timestamp;
}

export interface AttemptCountersTable {
  institution_id: number;
  /** 'login-user', 'login-ip', 'recovery-user', ... */
  scope: string;
  key: string;
  failures: number;
  window_started_at: Timestamp;
  locked_until: Timestamp | null;
}

export interface RateLimitCountersTable {
  institution_id: number;
  bucket: string;
  key: string;
  window_start: Timestamp;
  count: number;
}

export interface SecurityCodesTable {
  id: Generated<number>;
  institution_id: number;
  /** 'login' (bound to a session) or 'registration' (bound to an MFAToken). */
  purpose: string;
  session_id: number | null;
  /** SHA-256 of the registration MFAToken. */
  token_hash: string | null;
  /** The registration's anonymous id. */
  subject: Generated<string>;
  email: Generated<string>;
  /** Keyed HMAC of the code: six digits are too few to keep as a plain hash. */
  code_digest: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  verified_at: Timestamp | null;
  consumed_at: Timestamp | null;
  created_at: Timestamp;
}

export interface UserTokensTable {
  id: Generated<number>;
  institution_id: number;
  user_id: string;
  purpose: string;
  token_hash: string;
  session_id: number | null;
  expires_at: Timestamp | null;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface TrustedDevicesTable {
  id: Generated<number>;
  institution_id: number;
  user_id: string;
  token_hash: string;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface BiometricDevicesTable {
  id: Generated<number>;
  institution_id: number;
  user_id: string;
  device_id: string;
  token_hash: string;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  created_at: Timestamp;
}

export interface AgreementLogsTable {
  id: Generated<number>;
  institution_id: number;
  user_id: string;
  name_of_terms: string;
  account_number: Generated<string>;
  ip_address: Generated<string>;
  date_of_agreement: Timestamp;
  date_of_terms: CalendarDate;
  /** The agreement's host number (11337 plus its index). */
  agreement_type: number;
  /** What the user was doing when they agreed: 0 login, 1 registration, ... (WHEN_TO_AGREE_CODES). */
  when_to_agree: number;
}

export interface InstitutionSecretsTable {
  institution_id: number;
  name: string;
  secret_encrypted: string;
  created_at: Timestamp;
}

export interface SsoTokenUsesTable {
  institution_id: number;
  jti: string;
  expires_at: Timestamp;
}

export interface OutboxMessagesTable {
  id: Generated<number>;
  institution_id: number;
  to_address: string;
  subject: string;
  /** Plain text with links and codes; never a password. */
  body: string;
  /**
   * 'pending' (its delivery job, 'mail.deliver' keyed 'mail:<id>', queued or running), 'sent' or
   * 'failed' (the job dead). Attempts and retry times are the job's (migration 0044).
   */
  status: Generated<string>;
  /** The last failed attempt's reason, for support. */
  last_error: Generated<string>;
  transport: Generated<string>;
  created_at: Timestamp;
  sent_at: Timestamp | null;
}

/** One background job (modules/jobs/job-queue.ts). */
export interface JobsTable {
  id: Generated<number>;
  queue: string;
  /** Idempotency key: one job per (queue, key); null for jobs that need none. */
  key: string | null;
  payload: Json<unknown>;
  /** 'queued' (waits for run_at), 'active' (leased), 'done' or 'dead' (out of attempts). */
  state: Generated<'queued' | 'active' | 'done' | 'dead'>;
  run_at: Timestamp;
  attempts: Generated<number>;
  max_attempts: number;
  /** The current attempt's fencing token: only its holder may finish the job. */
  lease_token: string | null;
  lease_until: Timestamp | null;
  last_error: Generated<string>;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}

/** A user's alert choices for one account (the AccountAlerts object, as posted). */
export interface AccountAlertsTable {
  institution_id: number;
  user_id: string;
  account_number: string;
  alerts: Json<unknown>;
  updated_at: Timestamp;
}

/** The profile's notification preferences of a user (NotificationPreferences, lower-case keys). */
export interface NotificationPreferencesTable {
  user_id: string;
  institution_id: number;
  preferences: Json<unknown>;
  /** Up by one per save; a save names the number it read. */
  sequence_number: number;
  updated_at: Timestamp;
}

/** A new e-mail address waiting for the link sent to it; it replaces the old one when opened. */
export interface EmailChangesTable {
  id: Generated<number>;
  institution_id: number;
  user_id: string;
  new_email: string;
  /** SHA-256 of the link token. */
  token_hash: string;
  expires_at: Timestamp;
  /** When the link was opened, or a later change (or a change back) superseded it. */
  ended_at: Timestamp | null;
  /** Whether it ended by its link being opened. */
  confirmed: Generated<boolean>;
  created_at: Timestamp;
}

/** A short-lived, single-use token that opens a download for the user who asked for it. */
export interface FileDocumentsTable {
  id: Generated<number>;
  institution_id: number;
  customer_id: string;
  account_number: Generated<string>;
  application_number: Generated<string>;
  display_name: string;
  file_format: string;
  /** The bytes, for rows kept before 0033 and the institution's own; null for a file's row. */
  content: Uint8Array | null;
  /** The file holding the bytes, relative to the documents folder (0033); null for bytes here. */
  storage_key: string | null;
  /** What the first bytes showed (0033). */
  content_type: string;
  size_bytes: number;
  /** SHA-256 of the bytes, hex (0033). */
  sha256: string;
  uploaded_at: Date;
  /** The FileTypeID a customer chose when uploading (0022); null for the institution's own. */
  file_type_id: number | null;
}

export interface DownloadTokensTable {
  id: Generated<number>;
  institution_id: number;
  user_id: string;
  token_hash: string;
  /** 'history', 'payoff', 'statement'. */
  purpose: string;
  payload: Json<Record<string, unknown>>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface Database
  extends
    StaffTables,
    AuditTables,
    PreviewTables,
    WorkItemTables,
    BranchTables,
    WebVitalTables,
    ReconciliationTables {
  institutions: InstitutionsTable;
  institution_hosts: InstitutionHostsTable;
  settings_versions: SettingsVersionsTable;
  settings_drafts: SettingsDraftsTable;
  customers: CustomersTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_history: LoginHistoryTable;
  account_alerts: AccountAlertsTable;
  notification_preferences: NotificationPreferencesTable;
  email_changes: EmailChangesTable;
  download_tokens: DownloadTokensTable;
  file_documents: FileDocumentsTable;
  client_errors: ClientErrorsTable;
  page_views: PageViewsTable;
  password_history: PasswordHistoryTable;
  attempt_counters: AttemptCountersTable;
  rate_limit_counters: RateLimitCountersTable;
  security_codes: SecurityCodesTable;
  user_tokens: UserTokensTable;
  trusted_devices: TrustedDevicesTable;
  biometric_devices: BiometricDevicesTable;
  agreement_logs: AgreementLogsTable;
  institution_secrets: InstitutionSecretsTable;
  sso_token_uses: SsoTokenUsesTable;
  outbox_messages: OutboxMessagesTable;
  jobs: JobsTable;
  card_processor_tokens: CardProcessorTokensTable;
  card_processor_charges: CardProcessorChargesTable;
  payment_methods: PaymentMethodsTable;
  payment_method_defaults: PaymentMethodDefaultsTable;
  idempotency_keys: IdempotencyKeysTable;
  payments: PaymentsTable;
  recurring_payments: RecurringPaymentsTable;
  ach_processing_days: AchProcessingDaysTable;
  ach_trace_counters: AchTraceCountersTable;
  ach_debits: AchDebitsTable;
  ach_routing_directory: AchRoutingDirectoryTable;
}

export type InstitutionRow = Selectable<InstitutionsTable>;
export type NewInstitution = Insertable<InstitutionsTable>;
export type CustomerRow = Selectable<CustomersTable>;
export type NewCustomer = Insertable<CustomersTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type OutboxMessageRow = Selectable<OutboxMessagesTable>;
export type JobRow = Selectable<JobsTable>;

/** The built-in card processor's tokens: never the card number or the security code. */
export interface CardProcessorTokensTable {
  token: string;
  institution_id: number;
  /** 'visa', 'amex', 'master', 'discover'. */
  brand: string;
  /** 'debit', 'credit'. */
  funding: string;
  last_four: string;
  expiry_month: number;
  expiry_year: number;
  /** 'approve', 'decline', 'insufficientFunds', 'expiredCard'. */
  behaviour: string;
  created_at: Timestamp;
}

/** The built-in card processor's charges, one per institution and idempotency key. */
export interface CardProcessorChargesTable {
  id: Generated<number>;
  charge_id: string;
  institution_id: number;
  idempotency_key: string;
  token: string;
  amount_cents: number;
  /** 'approved', 'declined'. */
  status: string;
  /** 'Declined', 'OverLimit', 'Expired', 'InvalidInfo' when declined. */
  error_key: string | null;
  created_at: Timestamp;
  refunded_at: Timestamp | null;
}

/**
 * A borrower's saved (or single-use) payment method: a card by its processor token, brand, last
 * four and expiry; a bank account with its number only encrypted. Never a card number or CVV.
 */
export interface PaymentMethodsTable {
  id: Generated<number>;
  institution_id: number;
  user_id: string;
  profile_id: string;
  is_card: boolean;
  saved: boolean;
  duplicate_key: string;
  last_four: string;
  /** 'visa', 'amex', 'master', 'discover' (cards). */
  card_type: string | null;
  /** 'DebitCard', 'CreditCard' (cards). */
  debit_credit_type: string | null;
  /** MM/YY (cards). */
  expiration_date: string | null;
  /** 'Checking', 'Savings' (bank accounts). */
  ach_account_type: string | null;
  routing_number: string | null;
  /** DataProtector.encrypt of the whole account number (bank accounts). */
  account_number_sealed: string | null;
  owner_name_sealed: string | null;
  created_at: Timestamp;
}

/** Each loan's default payment method, per user. */
export interface PaymentMethodDefaultsTable {
  institution_id: number;
  user_id: string;
  account_number: string;
  payment_method_id: number;
  updated_at: Timestamp;
}

/**
 * A payment submission's Idempotency-Key, per user: the request's fingerprint and, once done, the
 * first answer. 'in_progress' exists only inside the claiming transaction.
 */
export interface IdempotencyKeysTable {
  institution_id: number;
  user_id: string;
  key: string;
  /** Keyed digest of the route and the validated body; never the body (it may hold an account). */
  fingerprint: string;
  /** 'in_progress' or 'done'. */
  state: string;
  response_status: number | null;
  response_body: ColumnType<unknown, string | null, string | null>;
  created_at: Timestamp;
  completed_at: Timestamp | null;
  expires_at: Timestamp;
}

/** The method a payment draws on, as it was when submitted (migration 0018). */
interface PaymentMethodSnapshot {
  payment_method_id: number | null;
  is_card: boolean;
  last_four: string;
  card_type: string | null;
  debit_credit_type: string | null;
  /** The card processor's token (cards). */
  processor_token: string | null;
  ach_account_type: string | null;
  routing_number: string | null;
  /** DataProtector.encrypt of the whole account number (bank accounts). */
  account_number_sealed: string | null;
  owner_name_sealed: string | null;
}

/**
 * One payment occurrence: immediate, scheduled, or one date of a recurring payment (unique per
 * recurring payment and date). Posted exactly once, keyed by `id` at the core and processor.
 */
export interface PaymentsTable extends PaymentMethodSnapshot {
  id: string;
  institution_id: number;
  user_id: string;
  customer_id: string;
  loan_number: string;
  reference_number: string;
  /** 'immediate', 'scheduled', 'recurring'. */
  kind: string;
  recurring_payment_id: string | null;
  pay_date: CalendarDate;
  amount_cents: ColumnType<number, number, number>;
  additional_principal_cents: ColumnType<number, number | undefined, number>;
  first_party_fee_cents: ColumnType<number, number | undefined, number>;
  third_party_fee_cents: ColumnType<number, number | undefined, number>;
  is_payoff: ColumnType<boolean, boolean | undefined, boolean>;
  /**
   * 'scheduled', 'settling' (money may have moved; not cancellable), 'posted', 'failed',
   * 'cancelled', 'needsReview' (its posting job died: staff look at it; migration 0038),
   * 'returned' (the bank sent its ACH debit back and the core reversed it; migration 0041),
   * 'refunded' (staff gave a posted card payment back: reversed in the core, the charge
   * refunded; migration 0045).
   */
  status: string;
  core_reference: string | null;
  failure: string | null;
  created_at: Timestamp;
  posted_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  /** The ACH debit's trace number, as the processor answered it (migration 0041). */
  ach_trace_number: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * How often the card processor refused to refund it for good, each time undone in the core by
   * posting it again (migration 0046): its live posting is `corePostingKey(id, refund_refusals)`.
   */
  refund_refusals: ColumnType<number, number | undefined, number>;
  /** Refunded another way (a check) after the processor refused: the charge kept (migration 0046). */
  refunded_elsewhere: ColumnType<boolean, boolean | undefined, boolean>;
  /**
   * The database's order of marking it posted (sequence payments_posted_seq, migration 0048):
   * bigint, read as text. Null until posted (and for payments posted before the migration).
   */
  posted_seq: ColumnType<string | null, never, string | null>;
  /** Which way it is being given back, claimed before money moves (migration 0049). */
  refund_claim: ColumnType<RefundClaim | null, never, RefundClaim | null>;
}

/** The ways a posted card payment is given back (payments.refund_claim, migration 0049). */
export type RefundClaim = 'card' | 'elsewhere';

/** A loan's recurring payment (one active per loan); `next_date` is the next date to post. */
export interface RecurringPaymentsTable extends PaymentMethodSnapshot {
  id: string;
  institution_id: number;
  user_id: string;
  customer_id: string;
  loan_number: string;
  reference_number: string;
  /** Weekly, BiWeekly, SemiMonthly, DayOfMonth, DaysBeforeDue. */
  recurring_option: string;
  days_before_due: ColumnType<number, number | undefined, number>;
  first_date: CalendarDate | null;
  next_date: CalendarDate;
  amount_cents: ColumnType<number, number, number>;
  pays_total_due: ColumnType<boolean, boolean | undefined, boolean>;
  additional_principal_cents: ColumnType<number, number | undefined, number>;
  first_party_fee_cents: ColumnType<number, number | undefined, number>;
  third_party_fee_cents: ColumnType<number, number | undefined, number>;
  ach_draft_id: string | null;
  /** 'active', 'cancelled'. */
  status: string;
  created_at: Timestamp;
  cancelled_at: Timestamp | null;
}

/** A previewed ACH draft agreement under its token (migration 0020); only the token's hash. */
export interface AchDraftPreviewsTable {
  token_hash: string;
  institution_id: number;
  user_id: string;
  loan_number: string;
  amount_cents: number;
  additional_principal_cents: number;
  first_party_fee_cents: number;
  third_party_fee_cents: number;
  days_before_due: number;
  /** 'Checking', 'Savings'. */
  account_type: string;
  last_four: string;
  /** The browser's getTimezoneOffset() in minutes. */
  local_time_offset: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  /** When the borrower first opened the preview (migration 0023); null until then. */
  opened_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The recurring option previewed ('Weekly', 'DayOfMonth', ...; migration 0024), or null. */
  recurring_option: ColumnType<string | null, string | null | undefined, string | null>;
  /** The first payment date previewed (date-based options), or null. */
  first_date: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A signed recurring ACH authorization and its PDF (migration 0020). */
export interface AchDraftsTable {
  id: string;
  institution_id: number;
  user_id: string;
  loan_number: string;
  recurring_payment_id: string;
  amount_cents: number;
  additional_principal_cents: number;
  fees_cents: number;
  days_before_due: number;
  /** 'Checking', 'Savings'. */
  account_type: string;
  last_four: string;
  schedule_text: string;
  first_date: CalendarDate;
  /** The borrower's getTimezoneOffset() in minutes (the document shows their time). */
  local_time_offset: number;
  created_at: Timestamp;
  document: Uint8Array;
}

// Declaration merging adds migration 0020's tables to Database without touching its list.
export interface Database {
  ach_draft_previews: AchDraftPreviewsTable;
  ach_drafts: AchDraftsTable;
}

/** The authorization a one-time ACH debit was made under (migration 0029). */
export interface AchDebitAuthorizationsTable {
  payment_id: string;
  institution_id: number;
  user_id: string;
  loan_number: string;
  /** The setting the wording came from ('paymentTexts.todayAchAuthorizationText', ...). */
  text_key: string;
  /** 'sha256:<hex>' of the institution's template of that setting when it was authorized. */
  text_version: string;
  /** The wording as the borrower read it, filled in. */
  text: string;
  ip_address: ColumnType<string, string | undefined, string>;
  authorized_at: Timestamp;
}

// Declaration merging adds migration 0029's table to Database without touching its list.
export interface Database {
  ach_debit_authorizations: AchDebitAuthorizationsTable;
}

/**
 * The built-in ACH processor's processing days: the last trace sequence taken on each (the row is
 * the day's lock that making a file takes; the sequence itself comes from ach_trace_counters).
 */
export interface AchProcessingDaysTable {
  institution_id: number;
  processing_date: CalendarDate;
  last_trace_sequence: number;
}

/** The last trace sequence an institution's ACH debits took, on any day (migration 0050). */
export interface AchTraceCountersTable {
  institution_id: number;
  last_trace_sequence: number;
}

/**
 * The built-in ACH processor's WEB debits, one per institution and idempotency key. The account
 * number and owner name only encrypted (DataProtector.encrypt).
 */
export interface AchDebitsTable extends AchDebitReturnColumns {
  id: Generated<number>;
  institution_id: number;
  idempotency_key: string;
  request_digest: string;
  processing_date: CalendarDate;
  trace_sequence: number;
  trace_number: string;
  requested_effective_date: CalendarDate;
  routing_number: string;
  /** 'Checking', 'Savings'. */
  account_type: string;
  account_number_sealed: string;
  owner_name_sealed: string;
  loan_number: string;
  amount_cents: number;
  created_at: Timestamp;
  /** The sealed file (ach_files) the debit is in; null until its day's next file is made. */
  ach_file_id: ColumnType<number | null, never, number>;
  /** One of a series under a recurring authorization: WEB payment type code R, else S. */
  recurring: ColumnType<boolean, boolean | undefined, never>;
}

// Declaration merging adds migration 0036's table to Database without touching its list.
export interface Database {
  ach_files: AchFilesTable;
}

// And migration 0039's.
export interface Database {
  ach_return_files: AchReturnFilesTable;
}

// And migration 0041's.
export interface Database {
  ach_blocked_accounts: AchBlockedAccountsTable;
}

/**
 * One state change of a payment (migration 0038): its status when made, then each move, written
 * with the change. `detail` is for staff (an error key, a dead posting job's last error).
 */
export interface PaymentEventsTable {
  id: Generated<string>;
  payment_id: string;
  at: Timestamp;
  /** A payment status (PaymentsTable.status), or 'refunded' (its card charge given back). */
  status: string;
  detail: ColumnType<string | null, string | null | undefined, string | null>;
}

// Declaration merging adds migration 0038's table to Database without touching its list.
export interface Database {
  payment_events: PaymentEventsTable;
}

/** The FedACH routing directory an operator loaded (`fedach load`); empty until then. */
export interface AchRoutingDirectoryTable {
  routing_number: string;
  name: string;
  address: string | null;
  city: string;
  state: string;
  zip: string | null;
  /** '0' a Federal Reserve Bank, '1' use this number, '2' use new_routing_number. */
  record_type_code: string;
  new_routing_number: string | null;
  change_date: CalendarDate;
  loaded_at: Timestamp;
}

/**
 * The SMS outbox (modules/sms): a text to send ('out', pending until sent or failed) or a reply
 * the demo phone sent ('in', status 'received'). One row per institution and dedupe key.
 */
export interface SmsMessagesTable {
  id: Generated<number>;
  institution_id: number;
  direction: Generated<'out' | 'in'>;
  /** E.164. */
  phone_number: string;
  /** Sealed with the data key, like e-mail bodies. */
  body: string;
  dedupe_key: string;
  /**
   * 'pending' (its delivery job, 'sms.deliver' keyed 'sms:<id>', queued or running), 'sent',
   * 'failed' (out); 'received' (in, no job).
   */
  status: Generated<string>;
  /** The last failed attempt's reason, for support. */
  last_error: Generated<string>;
  provider: Generated<string>;
  provider_message_id: Generated<string>;
  created_at: Timestamp;
  sent_at: Timestamp | null;
}

/** A phone number's opt-ins to one texting programme (modules/texting). */
export interface TextSubscriptionsTable {
  institution_id: number;
  /** E.164. */
  phone_number: string;
  branding_id: number;
  opt_in_marketing: Generated<boolean>;
  opt_in_account: Generated<boolean>;
  updated_at: Timestamp;
}

export type SmsMessageRow = Selectable<SmsMessagesTable>;

export interface Database {
  sms_messages: SmsMessagesTable;
  text_subscriptions: TextSubscriptionsTable;
}

/** One alert sent: its key makes each event's alert one of a kind (modules/notifications). */
export interface NotificationEventsTable {
  id: Generated<number>;
  institution_id: number;
  user_id: string;
  kind: string;
  event_key: string;
  emailed: boolean;
  texted: boolean;
  created_at: Timestamp;
}

export interface Database {
  notification_events: NotificationEventsTable;
}

/** A bank's notification of change applied, once (migration 0047; payment-returns.ts). */
export interface AchChangeNoticesAppliedTable {
  institution_id: number;
  /** The original debit's trace number, as the notification names it. */
  trace_number: string;
  /** The day the notification's file came. */
  received_date: CalendarDate;
  applied_at: Timestamp;
}

export interface Database {
  ach_change_notices_applied: AchChangeNoticesAppliedTable;
}
