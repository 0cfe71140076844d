import {
  addDays,
  ADMIN_ERROR_CODES,
  calendarDateIn,
  ReconciliationItems,
  ReconciliationProblem,
  ReconciliationTotals,
  type CalendarDate,
  type ReconciliationMismatch,
  type ReconciliationRunDetail,
  type ReconciliationRunSummary,
} from '@portal/domain';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AchDebitRecord, AchProcessor } from '../../core/ach/ach-processor';
import type { CardChargeRecord, CardProcessor } from '../../core/card-processor';
import { paymentIdOfPostingKey } from '../../core/posting-keys';
import type { CorePostingRecord, ServicingCore } from '../../core/servicing-core';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AdminError, forbidden, notFound } from '../admin/admin-errors';
import type { AdminService } from '../admin/admin.service';
import type { AuditLog } from '../audit/audit.service';
import type { JobQueue, QueueDefinition } from '../jobs/job-queue';
import type { StaffPrincipal } from '../staff/staff-principal';
import { matchDay, type DayLists } from './reconciliation-matching';
import {
  findPayments,
  findRun,
  listMismatches,
  listPaymentsOfDay,
  listRuns,
  replaceRun,
  type PortalPaymentRow,
} from './reconciliation.repository';

/*
 * The daily reconciliation (issue 24; the matching rules: reconciliation-matching.ts). Decisions:
 * - A day is reconciled once the core's end of day closed it (staff cannot run a day still
 *   open: its postings were not all in, and it could read as balanced): the end of day's `afterClose`
 *   queues `reconciliation.day` for the last closed day and again for each of the
 *   `RECONCILED_AGAIN_DAYS` days before it, keyed by institution, day and the closing day, so each
 *   runs once per closing however often the end of day checks. A return, a reversal or a late
 *   posting changes an earlier day's answer (an R01 comes two banking days after its debit): the
 *   week's days are answered again each night, older ones when staff ask.
 * - Each outside system is asked through its interface what it did that day (and the days either
 *   side, for counterparts: see the matching); the portal's payments are read from the payments
 *   table by this module's repository (the header there says why).
 * - A run replaces the day's earlier run (one per institution and day): a second run of the same
 *   day is the day's answer as of now, e.g. once an ACH return came in.
 * - Staff: every role of the institution reads the runs and their mismatches (statuses, amounts,
 *   dates, references: no card or account number is ever stored); publishers (and implementers)
 *   run a day now, as they make ACH files (audited, `reconciliation.run`); another institution's
 *   staff get 404.
 */

export const RECONCILIATION_DAY_QUEUE = 'reconciliation.day';

/** The runs staff see: about three months of days. */
const RUNS_LISTED = 90;

/** A payment's id (every outside key the portal gives is one); anything else is unknown to it. */
const PAYMENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const PUBLISHERS_ONLY = 'Only a publisher can run a reconciliation.';

/** The closed days before the last one that each end of day reconciles again. */
export const RECONCILED_AGAIN_DAYS = 7;

export interface ReconciliationServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  cardProcessor: Pick<CardProcessor, 'listCharges'>;
  achProcessor: Pick<AchProcessor, 'listDebits'>;
  core: Pick<ServicingCore, 'listPostings'>;
  /** The institution's IANA time zone (its calendar days). */
  timeZone(institutionId: number): Promise<string>;
  /** The last day the core's end of day closed (CoreDays), or undefined before the first. */
  lastClosedDay(institutionId: number): Promise<CalendarDate | undefined>;
  admin: Pick<AdminService, 'access'>;
  auditLog: Pick<AuditLog, 'record'>;
  jobs: () => Pick<JobQueue, 'enqueue' | 'nudge'>;
}

export interface ReconciliationService {
  /** Reconciles an institution's day now, replacing its earlier run; answers the run. */
  reconcile(
    institutionId: number,
    date: CalendarDate,
    trigger: 'daily' | 'staff',
  ): Promise<ReconciliationRunDetail>;
  /** Staff: the institution's runs, newest day first. */
  runs(staff: StaffPrincipal, slug: string): Promise<ReconciliationRunSummary[]>;
  /** Staff: a day's run with its mismatches (404 when the day was not reconciled). */
  run(staff: StaffPrincipal, slug: string, date: CalendarDate): Promise<ReconciliationRunDetail>;
  /** Staff: reconciles a day now (403 below a publisher; 400 for a day the core has not closed). */
  runNow(staff: StaffPrincipal, slug: string, date: CalendarDate): Promise<ReconciliationRunDetail>;
  /**
   * The end of day closed the institution's days to `lastClosed`: queues that day's run and the
   * runs of the `RECONCILED_AGAIN_DAYS` days before it, once per closing day.
   */
  afterEndOfDay(institutionId: number, lastClosed: CalendarDate): Promise<void>;
  queue: QueueDefinition<{ institutionId: number; date: CalendarDate }>;
}

const StoredProblems = z.array(ReconciliationProblem);
/** A run's returns as stored (null for a run made before migration 0043). */
const StoredReturned = ReconciliationTotals.shape.returned.nullable();

function summaryOf(row: {
  date: string;
  trigger: string;
  ran_at: Date;
  duration_ms: number;
  mismatch_count: number;
  portal_count: number;
  portal_cents: number | string;
  card_count: number;
  card_cents: number | string;
  ach_count: number;
  ach_cents: number | string;
  core_count: number;
  core_cents: number | string;
  returned: unknown;
}): ReconciliationRunSummary {
  const returned = StoredReturned.safeParse(jsonOf(row.returned));
  return {
    date: row.date,
    trigger: row.trigger === 'staff' ? 'staff' : 'daily',
    ranAt: row.ran_at.toISOString(),
    durationMs: row.duration_ms,
    mismatchCount: row.mismatch_count,
    totals: {
      portal: { count: row.portal_count, cents: Number(row.portal_cents) },
      card: { count: row.card_count, cents: Number(row.card_cents) },
      ach: { count: row.ach_count, cents: Number(row.ach_cents) },
      core: { count: row.core_count, cents: Number(row.core_cents) },
      ...(returned.success && returned.data ? { returned: returned.data } : {}),
    },
  };
}

function jsonOf(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}

export function createReconciliationService(
  deps: ReconciliationServiceDeps,
): ReconciliationService {
  const { db, clock, cardProcessor, achProcessor, core, admin } = deps;

  async function listsOf(institutionId: number, date: CalendarDate, timeZone: string) {
    const [charges, debits, postings] = await Promise.all([
      cardProcessor.listCharges(institutionId, date, timeZone),
      achProcessor.listDebits(institutionId, date),
      core.listPostings(institutionId, date),
    ]);
    return { charges, debits, postings };
  }

  async function reconcile(
    institutionId: number,
    date: CalendarDate,
    trigger: 'daily' | 'staff',
  ): Promise<ReconciliationRunDetail> {
    const started = performance.now();
    const ranAt = clock.now();
    const timeZone = await deps.timeZone(institutionId);
    const today = calendarDateIn(timeZone, ranAt);
    // The day before, and the days after it up to today: a payment's money may move, and it may
    // post, days after its date (a scheduled date drawn once a stopped server is back, a posting
    // retried over a weekend); the day's run is made again for a week after it.
    const days = [
      addDays(date, -1),
      date,
      ...Array.from({ length: RECONCILED_AGAIN_DAYS }, (_, index) => addDays(date, index + 1)),
    ].filter((day) => day <= today || day === date);
    const [portalOfDay, ...lists] = await Promise.all([
      listPaymentsOfDay(db, institutionId, date),
      ...days.map((day) => listsOf(institutionId, day, timeZone)),
    ]);
    const ofDay = lists[days.indexOf(date)] ?? { charges: [], debits: [], postings: [] };
    const around: DayLists = {
      charges: lists.flatMap((list) => list.charges),
      debits: lists.flatMap((list) => list.debits),
      postings: lists.flatMap((list) => list.postings),
    };

    const portalById = new Map<string, PortalPaymentRow>();
    for (const payment of portalOfDay) portalById.set(payment.id, payment);
    const otherKeys = new Set<string>();
    const note = (key: string) => {
      if (!portalById.has(key) && PAYMENT_ID.test(key)) otherKeys.add(key.toLowerCase());
    };
    ofDay.charges.forEach((charge: CardChargeRecord) => note(charge.idempotencyKey));
    ofDay.debits.forEach((debit: AchDebitRecord) => note(debit.idempotencyKey));
    ofDay.postings.forEach((posting: CorePostingRecord) =>
      note(paymentIdOfPostingKey(posting.postingKey)),
    );
    for (const payment of await findPayments(db, institutionId, [...otherKeys])) {
      portalById.set(payment.id, payment);
    }

    const { totals, mismatches } = matchDay({ portalOfDay, portalById, ofDay, around, today });
    const durationMs = Math.round(performance.now() - started);
    await replaceRun(
      db,
      {
        institution_id: institutionId,
        date,
        trigger,
        ran_at: ranAt,
        duration_ms: durationMs,
        portal_count: totals.portal.count,
        portal_cents: totals.portal.cents,
        card_count: totals.card.count,
        card_cents: totals.card.cents,
        ach_count: totals.ach.count,
        ach_cents: totals.ach.cents,
        core_count: totals.core.count,
        core_cents: totals.core.cents,
        mismatch_count: mismatches.length,
        returned: JSON.stringify(totals.returned),
      },
      mismatches.map((mismatch) => ({
        payment_id: mismatch.paymentId,
        problems: mismatch.problems,
        items: mismatch.items,
      })),
    );
    return {
      date,
      trigger,
      ranAt: ranAt.toISOString(),
      durationMs,
      mismatchCount: mismatches.length,
      totals,
      mismatches,
    };
  }

  const queue: ReconciliationService['queue'] = {
    name: RECONCILIATION_DAY_QUEUE,
    // A large institution's day reads tens of thousands of items from each system.
    leaseMs: 10 * 60_000,
    maxAttempts: 5,
    async handler({ job, stillMine }) {
      const { institutionId, date } = job.payload;
      if (typeof institutionId !== 'number' || typeof date !== 'string') return;
      if (await stillMine()) await reconcile(institutionId, date, 'daily');
    },
  };

  return {
    reconcile,
    queue,

    async runs(staff, slug) {
      const institution = await admin.access(staff, slug, 'read');
      return (await listRuns(db, institution.id, RUNS_LISTED)).map(summaryOf);
    },

    async run(staff, slug, date) {
      const institution = await admin.access(staff, slug, 'read');
      const row = await findRun(db, institution.id, date);
      if (!row) throw notFound('That day has not been reconciled.');
      const mismatches: ReconciliationMismatch[] = (await listMismatches(db, row.id)).map(
        (mismatch) => ({
          paymentId: mismatch.payment_id,
          problems: StoredProblems.parse(jsonOf(mismatch.problems)),
          items: ReconciliationItems.parse(jsonOf(mismatch.items)),
        }),
      );
      return { ...summaryOf(row), mismatches };
    },

    async runNow(staff, slug, date) {
      const institution = await admin.access(staff, slug, 'read');
      if (institution.role !== 'publisher') throw forbidden(PUBLISHERS_ONLY);
      const today = calendarDateIn(await deps.timeZone(institution.id), clock.now());
      if (date > today) {
        throw new AdminError(
          400,
          ADMIN_ERROR_CODES.invalidRequest,
          'That day has not begun: only a past day or today can be reconciled.',
        );
      }
      // Decision: a day still open is not reconciled. Its postings come at its end of day, so a
      // run before then compared a day half done and could call it balanced; the end of day
      // queues the day's run itself once it has closed it.
      const lastClosed = await deps.lastClosedDay(institution.id);
      if (lastClosed === undefined || date > lastClosed) {
        throw new AdminError(
          400,
          ADMIN_ERROR_CODES.invalidRequest,
          'That day is still open: it can be reconciled once the end of day has closed it.',
        );
      }
      const run = await reconcile(institution.id, date, 'staff');
      await deps.auditLog.record(db, {
        staff,
        institutionId: institution.id,
        action: 'reconciliation.run',
        comment: `Reconciled ${date}: ${run.mismatchCount} mismatch${run.mismatchCount === 1 ? '' : 'es'}.`,
      });
      return run;
    },

    async afterEndOfDay(institutionId, lastClosed) {
      const jobs = deps.jobs();
      let queued = false;
      for (let back = 0; back <= RECONCILED_AGAIN_DAYS; back += 1) {
        const date = addDays(lastClosed, -back);
        // Keyed by the closing day too: each day runs again once per night, not once ever.
        const key = `${institutionId}|${date}|${lastClosed}`;
        if (await jobs.enqueue(RECONCILIATION_DAY_QUEUE, { institutionId, date }, { key })) {
          queued = true;
        }
      }
      if (queued) jobs.nudge(RECONCILIATION_DAY_QUEUE);
    },
  };
}
