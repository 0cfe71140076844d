import {
  type AutomaticFiling,
  achCutoffMinute,
  addDays,
  afterAchCutoff,
  calendarDateIn,
  inNightWindow,
  minuteOfDayIn,
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import type { Kysely } from 'kysely';
import {
  AchFileModifiersUsedUpError,
  type AchProcessingDay,
  type AchProcessor,
} from '../../core/ach/ach-processor';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { listInstitutionTimeZones } from '../institutions/institutions.service';
import { nightWindowOfSettings } from '../jobs/end-of-day';
import type { QueueDefinition } from '../jobs/job-queue';
import { earliestSettlingAchDate, listSettlingAmong } from './ach-file-sealing.repository';
import { institutionTimeZoneOf } from './payment-context';

/*
 * The day's ACH files made on the clock, and the posting of the payments whose debits a file sent
 * (issue 24: a bank-account payment posts only once its debit is sent, payment-settlement.ts).
 *
 * A real processor batches each processing day's debits into the file it sends at the
 * institution's ACH cut-off; the built-in one makes a file when asked (sealNextFile), so a job
 * asks, every few minutes, per institution (`achPaymentOptions.achCutoffTime` in its published
 * zone, the cut-off domain `afterAchCutoff` applies to the payment dates):
 * - a day whose cut-off has passed: its pending debits make the day's file, once. Debits taken
 *   after that file (an immediate ACH payment after the cut-off, when the institution does not
 *   block them) wait for the next morning, as a real processor's go in the next day's file; a
 *   file every few minutes until midnight would also run through the day's 36 File ID Modifiers;
 * - any earlier day with debits in no file (what came after its cut-off file, or a day the
 *   server was stopped over): its file, at the first run after midnight;
 * - nothing inside the institution's nightly window (the core's end of day), as queueDue posts
 *   nothing there: the next run after it seals and posts.
 * Staff's Make file (modules/ach-files) stays: it seals what is pending at once, whatever the hour.
 *
 * After a seal, by either, the payments whose debits were sent are posted: `queueSentPosts` asks
 * the processor which debits of the days since the earliest payment waiting are filed
 * (listDebits: the caller's key, the payment's id) and queues the post of each payment still
 * 'settling' among them (payment-posting.ts, its key 'payment-post:<id>:sent', so once however
 * often it is asked), and polls the post queue at once. Each run of the job asks too, for every
 * institution: a crash between a seal and its queueing, or a processor that sends its files on
 * its own, is caught up within one period. It is also how a payment whose debit was taken is
 * posted at all: the posting run leaves such payments alone (listDuePaymentIds). Of those days it
 * reads only the ones with a file sealed since its previous pass on this instance.
 */

/** The job that seals the day's files and queues the posts of what they sent. */
export const ACH_FILE_SEALING_QUEUE = 'payments.achFiles';
export const ACH_FILE_SEALING_EVERY_MS = 5 * 60_000;

/**
 * How long before the previous pass began a file's sealing may lie and the file still be read
 * again: a file whose seal was under way while that pass read the days (sealed before it began,
 * committed after), and a processor whose clock runs a little behind ours.
 */
const SEALED_DURING_PASS_MS = 60 * 60_000;

/** A payment's id (the debit's key the portal gives); a key of anything else is not ours. */
const PAYMENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AchSealingReport {
  /** Files sealed on this run, and the debits they hold. */
  files: number;
  entries: number;
  /** Posts queued of payments whose debits are sent. */
  queued: number;
  /** Institutions or days that failed on this run (the job fails and is tried again). */
  failed: number;
}

export interface AchFileSealingDependencies {
  db: Kysely<Database>;
  clock: Clock;
  achProcessor: Pick<AchProcessor, 'listDays' | 'listDebits' | 'sealNextFile'>;
  settings(institutionId: number): Promise<SettingsAccessor>;
  /** Queues the post of each payment (once per payment) and polls the post queue; how many. */
  queuePosts(paymentIds: readonly string[]): Promise<number>;
}

export interface AchFileSealing {
  queue: QueueDefinition<unknown>;
  /** Seals every institution's due files and queues the posts of what is sent, as of now. */
  runOnce(): Promise<AchSealingReport>;
  /**
   * Queues the post of each of the institution's payments waiting for its debit to be sent whose
   * debit now is (after staff made a file); how many were queued.
   */
  queueSentPosts(institutionId: number): Promise<number>;
  /**
   * The institution's published ACH cut-off (HH:MM) and, for each of the days, when its pending
   * debits are filed without staff (automaticFilingOf), as of now.
   */
  automaticFiling(
    institutionId: number,
    days: readonly Pick<AchProcessingDay, 'date' | 'pending' | 'files'>[],
  ): Promise<{ cutoffTime: string; filing: (AutomaticFiling | undefined)[] }>;
}

/**
 * When a processing day's pending debits are filed by this job (see the header): at its cut-off
 * while that is still to come (or the day still to begin); soon (the next run) once the day is
 * over, or once its cut-off has passed unless a file of the day was made after the cut-off; else
 * the next morning. Undefined when nothing waits. The admin's ACH files page says it.
 */
export function automaticFilingOf(
  day: Pick<AchProcessingDay, 'date' | 'pending' | 'files'>,
  now: Date,
  timeZone: string,
  cutoffMinute: number,
): AutomaticFiling | undefined {
  if (day.pending.entries === 0) return undefined;
  const today = calendarDateIn(timeZone, now);
  if (day.date < today) return 'soon';
  if (day.date > today || !afterAchCutoff(now, timeZone, cutoffMinute)) return 'atCutoff';
  const madeAtCutoff = day.files.some(
    (file) =>
      calendarDateIn(timeZone, file.sealedAt) === day.date &&
      afterAchCutoff(file.sealedAt, timeZone, cutoffMinute),
  );
  return madeAtCutoff ? 'nextMorning' : 'soon';
}

/** Whether a processing day's pending debits make a file now (automaticFilingOf says soon). */
export function dayFileDue(
  day: Pick<AchProcessingDay, 'date' | 'pending' | 'files'>,
  now: Date,
  timeZone: string,
  cutoffMinute: number,
): boolean {
  return automaticFilingOf(day, now, timeZone, cutoffMinute) === 'soon';
}

export function createAchFileSealing(deps: AchFileSealingDependencies): AchFileSealing {
  const { db, clock, achProcessor } = deps;

  // When each institution's last complete pass of queueSentPosts began, on this instance.
  const lastPass = new Map<number, Date>();

  async function queueSentPosts(institutionId: number): Promise<number> {
    const startedAt = clock.now();
    const queued = await queueSentSince(institutionId, lastPass.get(institutionId), startedAt);
    // Only once its posts are queued: after a pass that failed, the next reads what it missed.
    lastPass.set(institutionId, startedAt);
    return queued;
  }

  async function queueSentSince(
    institutionId: number,
    previous: Date | undefined,
    startedAt: Date,
  ): Promise<number> {
    const earliest = await earliestSettlingAchDate(db, institutionId);
    if (earliest === undefined) return 0;
    // A day before, should the processor's calendar day and the payment date's zone differ.
    const since = addDays(earliest, -1);
    // Only the days with a file sealed since the previous pass (less a margin): an older file was
    // read by that pass or one before it, which queued the posts of its payments then. Reading
    // every day since the earliest payment waiting, one debit whose day's file was never made
    // had every later day's debits listed again on every run, more each day. A file made for that
    // day at last is a new file, read by the next pass. A process's first pass reads every day.
    // (The earlier of the two instants: a clock set back, in tests, still reads today's files.)
    const sealedSince =
      previous &&
      new Date(Math.min(previous.getTime(), startedAt.getTime()) - SEALED_DURING_PASS_MS);
    const days = (await achProcessor.listDays(institutionId)).filter(
      (day) =>
        day.date >= since &&
        day.files.some((file) => sealedSince === undefined || file.sealedAt >= sealedSince),
    );
    const filed: string[] = [];
    for (const day of days) {
      for (const debit of await achProcessor.listDebits(institutionId, day.date)) {
        if (debit.filed && PAYMENT_ID.test(debit.idempotencyKey)) filed.push(debit.idempotencyKey);
      }
    }
    if (filed.length === 0) return 0;
    const settling = await listSettlingAmong(db, institutionId, filed);
    return settling.length === 0 ? 0 : deps.queuePosts(settling);
  }

  /** Seals the institution's due days; its report's files and entries. */
  async function sealDue(
    institutionId: number,
    timeZone: string,
    cutoffMinute: number,
    report: AchSealingReport,
  ): Promise<unknown> {
    let failure: unknown;
    const now = clock.now();
    for (const day of await achProcessor.listDays(institutionId)) {
      if (!dayFileDue(day, now, timeZone, cutoffMinute)) continue;
      try {
        const file = await achProcessor.sealNextFile(institutionId, day.date);
        if (file) {
          report.files += 1;
          report.entries += file.entries;
        }
      } catch (error) {
        // A day with its 36 files keeps its debits until staff look (the day's reconciliation
        // says "Debit never sent"); the other days go on.
        report.failed += 1;
        if (!(error instanceof AchFileModifiersUsedUpError)) failure ??= error;
      }
    }
    return failure;
  }

  async function runOnce(): Promise<AchSealingReport> {
    const report: AchSealingReport = { files: 0, entries: 0, queued: 0, failed: 0 };
    let failure: unknown;
    for (const institution of await listInstitutionTimeZones(db)) {
      // One institution's failure (a malformed cut-off setting, a processor out of reach) never
      // stops the others; the job fails after them and is tried again.
      try {
        const settings = await deps.settings(institution.id);
        const zone = institutionTimeZoneOf(settings, institution.timeZone);
        if (inNightWindow(nightWindowOfSettings(settings), minuteOfDayIn(zone, clock.now()))) {
          continue;
        }
        const cutoff = achCutoffMinute(settings.get('achPaymentOptions.achCutoffTime'));
        failure ??= await sealDue(institution.id, zone, cutoff, report);
        report.queued += await queueSentPosts(institution.id);
      } catch (error) {
        report.failed += 1;
        failure ??= error;
      }
    }
    if (failure !== undefined) throw failure;
    return report;
  }

  return {
    queue: {
      name: ACH_FILE_SEALING_QUEUE,
      maxAttempts: 3,
      async handler({ stillMine }) {
        if (await stillMine()) await runOnce();
      },
    },
    runOnce,
    queueSentPosts,
    async automaticFiling(institutionId, days) {
      const settings = await deps.settings(institutionId);
      const institution = (await listInstitutionTimeZones(db)).find(
        (row) => row.id === institutionId,
      );
      const zone = institutionTimeZoneOf(settings, institution?.timeZone ?? 'UTC');
      const cutoffTime = settings.get('achPaymentOptions.achCutoffTime');
      const cutoff = achCutoffMinute(cutoffTime);
      const now = clock.now();
      return {
        cutoffTime,
        filing: days.map((day) => automaticFilingOf(day, now, zone, cutoff)),
      };
    },
  };
}
