import type { Migration } from 'kysely';
import { foundation } from './0001-foundation';
import { signIn } from './0002-sign-in';
import { admin } from './0004-admin';
import { housekeeping } from './0005-housekeeping';
import { rateWindowPurge } from './0006-rate-window-purge';
import { reportRetention } from './0007-report-retention';
import { staffLockoutByThrottle } from './0008-staff-lockout-by-throttle';
import { jobs } from './0009-jobs';
import { previewSample } from './0010-preview-sample';
import { builtinCore } from './0011-builtin-core';
import { accountsArea } from './0012-accounts-area';
import { fileDocuments } from './0013-file-documents';
import { accountHolds } from './0014-account-holds';
import { cardTokens } from './0015-card-tokens';
import { paymentMethods } from './0016-payment-methods';
import { idempotencyKeys } from './0017-idempotency-keys';
import { payments } from './0018-payments';
import { achDebits } from './0019-ach-debits';
import { achDrafts } from './0020-ach-drafts';
import { corePaymentTerms } from './0021-core-payment-terms';
import { uploads } from './0022-uploads';
import { achDraftPreviewOpened } from './0023-ach-draft-preview-opened';
import { achDraftPreviewSchedule } from './0024-ach-draft-preview-schedule';
import { loginHistoryUserAgent } from './0025-login-history-user-agent';
import { texting } from './0026-texting';
import { profile } from './0027-profile';
import { notifications } from './0028-notifications';
import { achDebitAuthorizations } from './0029-ach-debit-authorizations';
import { workItems } from './0030-work-items';
import { branches } from './0031-branches';
import { loanApplications } from './0032-loan-applications';
import { documentFiles } from './0033-document-files';
import { webVitals } from './0034-web-vitals';
import { coreVersions } from './0035-core-versions';
import { achFiles } from './0036-ach-files';
import { coreReplay } from './0037-core-replay';
import { paymentEvents } from './0038-payment-events';
import { achReturns } from './0039-ach-returns';
import { paymentReturns } from './0041-payment-returns';
import { reconciliation } from './0042-reconciliation';
import { reconciliationReturns } from './0043-reconciliation-returns';
import { outboxOnTheJobQueue } from './0044-outbox-on-the-job-queue';
import { paymentRefunds } from './0045-payment-refunds';
import { refundRefusals } from './0046-refund-refusals';
import { achChangeNoticesApplied } from './0047-ach-change-notices-applied';
import { paymentPostingOrder } from './0048-payment-posting-order';
import { refundClaims } from './0049-refund-claims';
import { achTraceCounters } from './0050-ach-trace-counters';
import { reconciliationInFlight } from './0051-reconciliation-in-flight';

/**
 * Every migration, in order. They live in code (not read from a folder at run time) so the
 * bundled server carries them. Never edit a released migration; add the next one.
 */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001_foundation': foundation,
  '0002_sign_in': signIn,
  '0004_admin': admin,
  '0005_housekeeping': housekeeping,
  '0006_rate_window_purge': rateWindowPurge,
  '0007_report_retention': reportRetention,
  '0008_staff_lockout_by_throttle': staffLockoutByThrottle,
  '0009_jobs': jobs,
  '0010_preview_sample': previewSample,
  '0011_builtin_core': builtinCore,
  '0012_accounts_area': accountsArea,
  '0013_file_documents': fileDocuments,
  '0014_account_holds': accountHolds,
  '0015_card_tokens': cardTokens,
  '0016_payment_methods': paymentMethods,
  '0017_idempotency_keys': idempotencyKeys,
  '0018_payments': payments,
  '0019_ach_debits': achDebits,
  '0020_ach_drafts': achDrafts,
  '0021_core_payment_terms': corePaymentTerms,
  '0022_uploads': uploads,
  '0023_ach_draft_preview_opened': achDraftPreviewOpened,
  '0024_ach_draft_preview_schedule': achDraftPreviewSchedule,
  '0025_login_history_user_agent': loginHistoryUserAgent,
  '0026_texting': texting,
  '0027_profile': profile,
  '0028_notifications': notifications,
  '0029_ach_debit_authorizations': achDebitAuthorizations,
  '0030_work_items': workItems,
  '0031_branches': branches,
  '0032_loan_applications': loanApplications,
  '0033_document_files': documentFiles,
  '0034_web_vitals': webVitals,
  '0035_core_versions': coreVersions,
  '0036_ach_files': achFiles,
  '0037_core_replay': coreReplay,
  '0038_payment_events': paymentEvents,
  '0039_ach_returns': achReturns,
  '0041_payment_returns': paymentReturns,
  '0042_reconciliation': reconciliation,
  '0043_reconciliation_returns': reconciliationReturns,
  '0044_outbox_on_the_job_queue': outboxOnTheJobQueue,
  '0045_payment_refunds': paymentRefunds,
  '0046_refund_refusals': refundRefusals,
  '0047_ach_change_notices_applied': achChangeNoticesApplied,
  '0048_payment_posting_order': paymentPostingOrder,
  '0049_refund_claims': refundClaims,
  '0050_ach_trace_counters': achTraceCounters,
  '0051_reconciliation_in_flight': reconciliationInFlight,
};
