import {
  addDays,
  PaymentStatus,
  type AchChangeNoticeReceived,
  type AchReturnReceived,
  type CalendarDate,
} from '@portal/domain';
import type { Kysely } from 'kysely';
import type { AchProcessingDay, AchProcessor } from '../../core/ach/ach-processor';
import { parseNachaFile } from '../../core/ach/nacha-file';
import {
  ACH_CHANGE_CODES,
  achReturnReasonText,
  isAchChangeCode,
} from '../../core/ach/nacha-returns';
import type { Database } from '../../db/schema';
import { findPaymentsOfTraces, type TracedPaymentRow } from './ach-files.repository';

/*
 * What came back for the institution's debits, by the day it came: the returns (a bank sent a
 * debit back) and notifications of change the ACH processor received, each with the portal's
 * payment and the sealed file of its debit when they are known. Read for staff only: applying
 * them is payments' payment-returns.ts (a job every 15 minutes), so a return listed here may not
 * have moved its payment yet (its status says so).
 *
 * From the processor's interface (receiveReturns: the same answer the returns job reads; at least
 * once, so reading it changes nothing of what the job does), asked from the oldest processing day
 * listed: nothing comes back for a debit before it was taken.
 */

/**
 * How far before the day a return came its debit may have been taken: NACHA's longest return
 * time frame (60 calendar days after settlement, for an unauthorised debit) and the days to
 * settle. The files of older days are not searched for its debit.
 */
const DEBIT_LOOKBACK_DAYS = 70;

export interface ReceivedOfDay {
  returns: AchReturnReceived[];
  notices: AchChangeNoticeReceived[];
}

type FileOfTrace = NonNullable<AchReturnReceived['originalFile']>;

/**
 * The files that sent these debits, found among the days' sealed files (newest day first, until
 * each is found): a day's debits by the processor's listing, and when the day has several files,
 * which of them by the traces each file carries.
 */
async function filesOfTraces(
  achProcessor: Pick<AchProcessor, 'listDebits' | 'dayFile'>,
  institutionId: number,
  days: readonly AchProcessingDay[],
  wanted: ReadonlySet<string>,
  receivedDates: readonly CalendarDate[],
  fileName: (date: CalendarDate, fileIdModifier: string) => string,
): Promise<Map<string, FileOfTrace>> {
  const found = new Map<string, FileOfTrace>();
  if (wanted.size === 0) return found;
  const latest = receivedDates.reduce((a, b) => (a > b ? a : b));
  const earliest = addDays(
    receivedDates.reduce((a, b) => (a < b ? a : b)),
    -DEBIT_LOOKBACK_DAYS,
  );
  for (const day of days) {
    if (found.size === wanted.size) break;
    if (day.files.length === 0 || day.date > latest || day.date < earliest) continue;
    const traces = (await achProcessor.listDebits(institutionId, day.date))
      .filter((debit) => debit.filed && wanted.has(debit.traceNumber))
      .map((debit) => debit.traceNumber);
    if (traces.length === 0) continue;
    const only = day.files.length === 1 ? day.files[0] : undefined;
    if (only) {
      for (const trace of traces) {
        found.set(trace, {
          date: day.date,
          fileIdModifier: only.fileIdModifier,
          fileName: fileName(day.date, only.fileIdModifier),
        });
      }
      continue;
    }
    for (const sealed of day.files) {
      const file = await achProcessor.dayFile(institutionId, day.date, sealed.fileIdModifier);
      if (!file) continue;
      const inFile = new Set(
        parseNachaFile(file.content).batches.flatMap((batch) =>
          batch.entries.map((entry) => entry.traceNumber),
        ),
      );
      for (const trace of traces) {
        if (!inFile.has(trace)) continue;
        found.set(trace, {
          date: day.date,
          fileIdModifier: sealed.fileIdModifier,
          fileName: fileName(day.date, sealed.fileIdModifier),
        });
      }
    }
  }
  return found;
}

function paymentOf(row: TracedPaymentRow | undefined): AchReturnReceived['payment'] {
  const status = PaymentStatus.safeParse(row?.status);
  if (!row || !status.success) return undefined;
  return { referenceNumber: row.reference_number, status: status.data };
}

/** The returns and notifications of change received, by the day each came ('YYYY-MM-DD'). */
export async function returnsReceivedByDay(
  deps: {
    db: Kysely<Database>;
    achProcessor: Pick<AchProcessor, 'receiveReturns' | 'listDebits' | 'dayFile'>;
  },
  institutionId: number,
  days: readonly AchProcessingDay[],
  fileName: (date: CalendarDate, fileIdModifier: string) => string,
): Promise<Map<CalendarDate, ReceivedOfDay>> {
  const byDay = new Map<CalendarDate, ReceivedOfDay>();
  const oldest = days.at(-1)?.date;
  if (oldest === undefined) return byDay;
  const files = await deps.achProcessor.receiveReturns(institutionId, oldest);
  const traces = files.flatMap((file) => [
    ...file.returns.map((entry) => entry.originalTraceNumber),
    ...file.notices.map((notice) => notice.originalTraceNumber),
  ]);
  if (traces.length === 0) return byDay;
  const [payments, originals] = await Promise.all([
    findPaymentsOfTraces(deps.db, institutionId, traces),
    filesOfTraces(
      deps.achProcessor,
      institutionId,
      days,
      new Set(traces),
      files.map((file) => file.receivedDate),
      fileName,
    ),
  ]);
  for (const file of files) {
    const day = byDay.get(file.receivedDate) ?? { returns: [], notices: [] };
    byDay.set(file.receivedDate, day);
    for (const entry of file.returns) {
      const trace = entry.originalTraceNumber;
      day.returns.push({
        traceNumber: trace,
        amountCents: entry.amountCents,
        reasonCode: entry.reasonCode,
        reason: achReturnReasonText(entry.reasonCode),
        payment: paymentOf(payments.get(trace)),
        originalFile: originals.get(trace),
      });
    }
    for (const notice of file.notices) {
      const trace = notice.originalTraceNumber;
      day.notices.push({
        traceNumber: trace,
        changeCode: notice.changeCode,
        change: isAchChangeCode(notice.changeCode)
          ? ACH_CHANGE_CODES[notice.changeCode]
          : `Change ${notice.changeCode}`,
        payment: paymentOf(payments.get(trace)),
        originalFile: originals.get(trace),
      });
    }
  }
  return byDay;
}
