import {
  ADMIN_ERROR_CODES,
  formatUsd,
  formatUsDate,
  type AchFileMakeRequest,
  type AutomaticFiling,
  type CalendarDate,
} from '@portal/domain';
import type { Kysely } from 'kysely';
import {
  AchFileContentsChangedError,
  AchFileModifiersUsedUpError,
  type AchDayFile,
  type AchProcessingDay,
  type AchProcessor,
} from '../../core/ach/ach-processor';
import type { Database } from '../../db/schema';
import { AdminError, forbidden, notFound } from '../admin/admin-errors';
import type { AdminService } from '../admin/admin.service';
import type { AuditLog } from '../audit/audit.service';
import type { StaffPrincipal } from '../staff/staff-principal';
import { returnsReceivedByDay, type ReceivedOfDay } from './returns-received';

/** What a file is called when downloaded: ACH-<slug>-<date>-<modifier>.txt. */
export function achFileName(slug: string, date: string, fileIdModifier: string): string {
  return `ACH-${slug}-${date}-${fileIdModifier}.txt`;
}

/**
 * The ACH processor's NACHA files for staff. Decisions where the spec is silent:
 * - any role of the institution may list the days and their files (counts and totals only);
 * - a file holds every borrower's full account number in clear (the ODFI needs them), so only a
 *   publisher (or an implementer) may make or download one: the admin's highest role, the one
 *   trusted to change what borrowers see. A viewer or an editor gets 403;
 * - a file is made when a publisher asks for the day's next file, and sealed: each download of
 *   it is the same bytes, and debits that come later wait for the day's next file. The day's
 *   file is also made on the clock at the ACH cut-off (payments' ach-file-sealing.ts); Make file
 *   seals what is pending now, whatever the hour. Either way the payments whose debits a file
 *   sent are then posted (`afterFileSealed`: their posts queued at once);
 * - both are audited (`achFile.seal`, `achFile.download`): who and when (the entry's own), which
 *   file (its day, modifier and name) and how many entries, never its contents. A download's
 *   entry is written before the file is sent: nothing leaves unless it is on record;
 * - Make file files what staff confirmed: the request says the waiting payments' count and total
 *   staff were shown, and a day where something else waits now (payments came in, or the sealing
 *   job or another publisher filed them while the question was open) is refused with 409 and
 *   what waits now; nothing is made. The processor checks the figures again under the lock that
 *   makes the file (AchProcessor.sealNextFile's `expected`), so a debit taken in the
 *   milliseconds between the first check and the seal refuses it too;
 * - each day lists the returns and notifications of change received that day (returns-received.ts),
 *   and a day that received some without debits of its own is listed too.
 */
export interface AchFilesService {
  /**
   * The institution's processing days, newest first, with their files, its ACH cut-off and when
   * each day's pending debits are filed without staff.
   */
  days(
    staff: StaffPrincipal,
    slug: string,
  ): Promise<{
    institutionSlug: string;
    cutoffTime: string;
    days: (AchProcessingDay & { filedOnItsOwn: AutomaticFiling | undefined } & ReceivedOfDay)[];
  }>;
  /**
   * Makes the day's next file of its debits in no file yet, when what waits is what staff
   * confirmed (403 below a publisher, 404 when the day has no debits, 409 when what waits is not
   * what was confirmed, or the day has its 36 files).
   */
  makeFile(
    staff: StaffPrincipal,
    slug: string,
    date: CalendarDate,
    confirmed: AchFileMakeRequest,
  ): Promise<{ institutionSlug: string; file: AchDayFile }>;
  /** A sealed file to download (403 below a publisher, 404 when there is no such file). */
  download(
    staff: StaffPrincipal,
    slug: string,
    date: CalendarDate,
    fileIdModifier: string,
  ): Promise<{ institutionSlug: string; file: AchDayFile }>;
}

export interface AchFilesServiceDeps {
  db: Kysely<Database>;
  admin: Pick<AdminService, 'access'>;
  auditLog: Pick<AuditLog, 'record'>;
  achProcessor: AchProcessor;
  /**
   * Told after a file was made, once it is on record: the payments whose debits it sent are
   * posted (app.ts: the posting worker's `queueSentPosts`). It does not fail the request: the
   * file is made whatever becomes of it, and the sealing job catches up within minutes.
   */
  afterFileSealed?(institutionId: number): Promise<void>;
  /**
   * The institution's ACH cut-off and when each day's pending debits are filed on the clock
   * (payments' ach-file-sealing.ts `automaticFilingOf`: the rule the sealing job runs by).
   */
  automaticFiling(
    institutionId: number,
    days: readonly AchProcessingDay[],
  ): Promise<{ cutoffTime: string; filing: (AutomaticFiling | undefined)[] }>;
}

const payments = (count: number) => `${count} ${count === 1 ? 'payment' : 'payments'}`;

/** Why a confirmed Make file was refused: what waits now is not what staff were shown. */
export function staleConfirmationMessage(
  date: CalendarDate,
  waiting: { entries: number; totalDebitCents: number },
  confirmed: AchFileMakeRequest,
): string {
  const day = formatUsDate(date);
  if (waiting.entries === 0) {
    return (
      `Nothing of ${day} waits for a file any more: the payments you confirmed were filed ` +
      'meanwhile (at the ACH cut-off, or by another publisher). No file was made.'
    );
  }
  return (
    `What waits for a file of ${day} changed: ${payments(waiting.entries)}, ` +
    `${formatUsd(waiting.totalDebitCents)} now, not the ${payments(confirmed.entries)}, ` +
    `${formatUsd(confirmed.totalDebitCents)} you confirmed. No file was made: check the new ` +
    'figures and make the file again.'
  );
}

const PUBLISHERS_ONLY =
  'The ACH files hold borrowers’ account numbers: only a publisher can make or download them.';

function describeFile(slug: string, file: AchDayFile): string {
  const entries = `${file.entries} ${file.entries === 1 ? 'entry' : 'entries'}`;
  return (
    `ACH file ${file.fileIdModifier} of ${file.date} ` +
    `(${achFileName(slug, file.date, file.fileIdModifier)}, ${entries}).`
  );
}

export function createAchFilesService(deps: AchFilesServiceDeps): AchFilesService {
  const { db, admin, auditLog, achProcessor } = deps;

  async function publisherAccess(staff: StaffPrincipal, slug: string) {
    const institution = await admin.access(staff, slug, 'read');
    if (institution.role !== 'publisher') throw forbidden(PUBLISHERS_ONLY);
    return institution;
  }

  return {
    async days(staff, slug) {
      const institution = await admin.access(staff, slug, 'read');
      const days = await achProcessor.listDays(institution.id);
      const [{ cutoffTime, filing }, received] = await Promise.all([
        deps.automaticFiling(institution.id, days),
        returnsReceivedByDay({ db, achProcessor }, institution.id, days, (date, modifier) =>
          achFileName(institution.slug, date, modifier),
        ),
      ]);
      const listed = days.map((day, index) => ({
        ...day,
        filedOnItsOwn: filing[index],
        ...(received.get(day.date) ?? { returns: [], notices: [] }),
      }));
      // The days that received returns and took no debits of their own.
      for (const [date, ofDay] of received) {
        if (days.some((day) => day.date === date)) continue;
        listed.push({
          date,
          entries: 0,
          totalDebitCents: 0,
          files: [],
          pending: { entries: 0, totalDebitCents: 0 },
          filedOnItsOwn: undefined,
          ...ofDay,
        });
      }
      listed.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
      return { institutionSlug: institution.slug, cutoffTime, days: listed };
    },

    async makeFile(staff, slug, date, confirmed) {
      const institution = await publisherAccess(staff, slug);
      const day = (await achProcessor.listDays(institution.id)).find((each) => each.date === date);
      if (!day) throw notFound('No ACH payments of that day wait for a file.');
      if (
        day.pending.entries !== confirmed.entries ||
        day.pending.totalDebitCents !== confirmed.totalDebitCents
      ) {
        throw new AdminError(
          409,
          ADMIN_ERROR_CODES.conflict,
          staleConfirmationMessage(date, day.pending, confirmed),
        );
      }
      let file: AchDayFile | undefined;
      try {
        // Checked again under the lock that makes the file: a debit taken, or the day filed by
        // the clock, since the check above refuses it (409), nothing made.
        file = await achProcessor.sealNextFile(institution.id, date, {
          entries: confirmed.entries,
          totalDebitCents: confirmed.totalDebitCents,
        });
      } catch (error) {
        if (error instanceof AchFileContentsChangedError) {
          throw new AdminError(
            409,
            ADMIN_ERROR_CODES.conflict,
            staleConfirmationMessage(date, error.pending, confirmed),
          );
        }
        if (!(error instanceof AchFileModifiersUsedUpError)) throw error;
        throw new AdminError(
          409,
          ADMIN_ERROR_CODES.conflict,
          'That day has 36 ACH files already (A to Z, 0 to 9), as many as NACHA allows.',
        );
      }
      if (!file) throw notFound('No ACH payments of that day wait for a file.');
      await auditLog.record(db, {
        staff,
        institutionId: institution.id,
        action: 'achFile.seal',
        comment: `Made ${describeFile(institution.slug, file)}`,
      });
      await deps.afterFileSealed?.(institution.id);
      return { institutionSlug: institution.slug, file };
    },

    async download(staff, slug, date, fileIdModifier) {
      const institution = await publisherAccess(staff, slug);
      const file = await achProcessor.dayFile(institution.id, date, fileIdModifier);
      if (!file) throw notFound('There is no such ACH file.');
      await auditLog.record(db, {
        staff,
        institutionId: institution.id,
        action: 'achFile.download',
        comment: `Downloaded ${describeFile(institution.slug, file)}`,
      });
      return { institutionSlug: institution.slug, file };
    },
  };
}
