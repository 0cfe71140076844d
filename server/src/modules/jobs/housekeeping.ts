import { WEB_VITAL_WINDOWS } from '@portal/domain';
import type { Kysely } from 'kysely';
import { purgeExpiredIdempotencyKeys } from '../../db/idempotency-keys';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { purgeEndedStaffSignIns } from '../staff/staff-auth.service';
import { purgeExpiredPreviewTokens } from '../previews/previews.service';
import { createSecurityCodesService } from '../borrowers/security-codes.service';
import { purgeVisitorReports } from '../setup/setup.service';
import { purgeFinishedMail } from '../mail/mail.service';
import { purgeFinishedTexts } from '../sms/sms.service';
import { purgeEndedSessions } from '../auth/auth.service';
import { VERIFIED_CODE_LIFETIME_MS } from '../registration/registration.service';
import type { ThrottleService } from '../throttle/throttle.service';
import { DEAD_JOB_RETENTION_MS, DONE_JOB_RETENTION_MS, type QueueDefinition } from './job-queue';
import { deleteFinishedJobs } from './jobs.repository';
import { purgeExpiredDownloadTokens } from '../downloads/download-tokens.service';
import { purgeExpiredEmailChanges } from '../profile/profile.service';
import { purgeWebVitals } from '../web-vitals/web-vitals.service';

/** The job queue's housekeeping jobs, one per period (job-queue.ts schedules). */
export const HOUSEKEEPING_QUEUE = 'housekeeping';

const MINUTE_MS = 60_000;

/**
 * Rows stay this long past their end, so an instance whose clock runs a little behind never
 * loses a row it still treats as live. It matters most for used single sign-on token ids: the id
 * must outlive the token on every instance, or the token could be replayed.
 */
export const CLOCK_SKEW_MARGIN_MS = 5 * MINUTE_MS;

/**
 * Expired codes and link tokens stay a day: a late attempt is still told what happened
 * (CodeExpired, Expired, LogonNameTaken for a used activation link) instead of Invalid.
 */
export const LATE_ANSWER_RETENTION_MS = 24 * 60 * MINUTE_MS;

/**
 * Anyone may send client-error reports and page views, so neither may grow forever: a report
 * not seen for 30 days and a page view older than 90 days are deleted (the specs fix neither).
 */
/**
 * Sent mail is kept a week (the demo mailbox shows it; elsewhere only its envelope is left) and
 * mail that failed for good a month, for support to see why (the specs fix neither).
 * Texts (the SMS outbox, and the demo phone's replies) are kept alike.
 */
export const SENT_MAIL_RETENTION_MS = 7 * 24 * 60 * MINUTE_MS;
export const FAILED_MAIL_RETENTION_MS = 30 * 24 * 60 * MINUTE_MS;

export const CLIENT_ERROR_RETENTION_MS = 30 * 24 * 60 * MINUTE_MS;
export const PAGE_VIEW_RETENTION_MS = 90 * 24 * 60 * MINUTE_MS;

/** Web vitals measurements are kept for the longest window staff read (domain WEB_VITAL_WINDOWS). */
export const WEB_VITAL_RETENTION_MS =
  Math.max(...WEB_VITAL_WINDOWS.map(Number)) * 24 * 60 * MINUTE_MS;

export interface HousekeepingOptions {
  db: Kysely<Database>;
  clock: Clock;
  /** The rate-limit and failure counters have their own purge (ended windows, stale failures). */
  throttle: Pick<ThrottleService, 'purge'>;
}

/** Housekeeping runs every ten minutes, once per period whichever instance takes it. */
export const HOUSEKEEPING_EVERY_MS = 10 * MINUTE_MS;

/** Rows deleted per table by one round. */
export interface HousekeepingReport {
  previewTokens: number;
  staffChallenges: number;
  staffSessions: number;
  sessions: number;
  securityCodes: number;
  userTokens: number;
  emailChanges: number;
  downloadTokens: number;
  trustedDevices: number;
  biometricDevices: number;
  ssoTokenUses: number;
  clientErrors: number;
  pageViews: number;
  webVitals: number;
  mail: number;
  texts: number;
  jobs: number;
  idempotencyKeys: number;
}

export interface HousekeepingWorker {
  /** Deletes what can never be used again, as of the clock's now. */
  runOnce(): Promise<HousekeepingReport>;
  /** The job queue's definition: each period's job runs one round. */
  queue: QueueDefinition;
}

/**
 * The housekeeping job: deletes expired and spent sign-in rows nothing else deletes, through the
 * purge of the module that owns each table. Each table is one DELETE whose conditions repeat
 * (with a margin) what makes a row unusable, so a row that could still be used is never touched.
 * Audit, login history and agreement records are never touched; mail and texts, client-error
 * reports, page views and web vitals measurements are kept for their retention periods. Several
 * instances may run it at once: the deletes are idempotent.
 */
export function createHousekeepingWorker(options: HousekeepingOptions): HousekeepingWorker {
  const { db, clock } = options;
  const securityCodes = createSecurityCodesService({ db });
  async function runOnce(): Promise<HousekeepingReport> {
    const now = clock.now().getTime();
    const ended = new Date(now - CLOCK_SKEW_MARGIN_MS);
    const answered = new Date(now - LATE_ANSWER_RETENTION_MS);
    const previewTokens = await purgeExpiredPreviewTokens(db, ended);
    const staff = await purgeEndedStaffSignIns(db, ended);
    // Before the codes: a session's sign-in codes go with it.
    const sessions = await purgeEndedSessions(db, ended);
    const secrets = await securityCodes.purgeSpent({
      codesExpiredBefore: answered,
      codesVerifiedBefore: new Date(now - VERIFIED_CODE_LIFETIME_MS - CLOCK_SKEW_MARGIN_MS),
      linksExpiredBefore: answered,
      endedBefore: ended,
    });
    const downloadTokens = await purgeExpiredDownloadTokens(db, ended);
    const visitorReports = await purgeVisitorReports(db, {
      clientErrorsSeenBefore: new Date(now - CLIENT_ERROR_RETENTION_MS),
      pageViewsBefore: new Date(now - PAGE_VIEW_RETENTION_MS),
    });
    const report: HousekeepingReport = {
      previewTokens,
      staffChallenges: staff.challenges,
      staffSessions: staff.sessions,
      sessions,
      securityCodes: secrets.securityCodes,
      userTokens: secrets.userTokens,
      // An e-mail change's link is a link token of the profile's own, kept as long.
      emailChanges: await purgeExpiredEmailChanges(db, answered),
      downloadTokens,
      trustedDevices: secrets.trustedDevices,
      biometricDevices: secrets.biometricDevices,
      ssoTokenUses: secrets.ssoTokenUses,
      clientErrors: visitorReports.clientErrors,
      pageViews: visitorReports.pageViews,
      webVitals: await purgeWebVitals(db, new Date(now - WEB_VITAL_RETENTION_MS)),
      mail: await purgeFinishedMail(db, {
        sentBefore: new Date(now - SENT_MAIL_RETENTION_MS),
        failedBefore: new Date(now - FAILED_MAIL_RETENTION_MS),
      }),
      // Texts (and the demo phone's replies) are kept as long as mail.
      texts: await purgeFinishedTexts(db, {
        sentBefore: new Date(now - SENT_MAIL_RETENTION_MS),
        failedBefore: new Date(now - FAILED_MAIL_RETENTION_MS),
      }),
      jobs: await deleteFinishedJobs(db, {
        doneBefore: new Date(now - DONE_JOB_RETENTION_MS),
        deadBefore: new Date(now - DEAD_JOB_RETENTION_MS),
      }),
      // A submission's key answers repeats for a day (IDEMPOTENCY_KEY_LIFETIME_MS), then goes.
      idempotencyKeys: await purgeExpiredIdempotencyKeys(db, ended),
    };
    await options.throttle.purge();
    return report;
  }

  return {
    runOnce,
    queue: {
      name: HOUSEKEEPING_QUEUE,
      // A missed period is not worth retrying: the next one comes in ten minutes.
      maxAttempts: 1,
      async handler() {
        await runOnce();
      },
    },
  };
}
