import {
  addDays,
  ADMIN_ERROR_CODES,
  calendarDateIn,
  RECONCILIATION_CATCH_UP_DAYS,
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
  currentRunDays,
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
 * - Catching up (decision): each closing also queues every day before the week, back to the
 *   institution's first reconciled day, that has no current run: none (the server, or its job
 *   queue, was stopped longer than the week; a day's job died), or one stored before migration
 *   0051, whose figures were counted by earlier rules. So no day is left unreconciled after a
 *   stop, however long, within RECONCILIATION_CATCH_UP_DAYS (90, the days staff see: a bound on
 *   the work one closing queues, each day reading some nine days of every system); an older day
 *   is reconciled when staff ask. A day before the first run is no missed day (the
 *   reconciliation did not exist yet) and is not queued. The same keys as the week's: a day
 *   whose run fails for good is queued again by the next closing.
 * - The day a payment is reconciled under is its payment date, on every side: the portal's
 *   payments dated the day, with their card charges, ACH debits and core postings whatever day
 *   the processor or the core lists them under. Not the day its money moved: the payment date is
 *   the one date every system has of a payment from the start and that never changes (the core
 *   credits the payment as of it, as it must, and the debit's entry asks for it as its effective
 *   date), while the day money moves is unknown until it has moved, and is another day when a
 *   scheduled date is drawn after a stopped server is back or an immediate ACH payment after the
 *   cut-off is debited the day before its date. So a payment whose money moved on another day is
 *   matched and counted once, on its date, and the day its money moved neither counts nor judges
 *   it. What each processor did on its own day is its own report (the ACH files page lists each
 *   processing day's files and the debits waiting for one).
 * - Finding a payment's items whatever day they are listed under: each outside system is asked
 *   through its interface what it did on the day, the day before and the week after it (up to
 *   today), and then only for what is still missing of a payment whose money may have moved (the
 *   portal's payments are read from the payments table by this module's repository: the header
 *   there says why): the card
 *   processor by the payment's key (`findCharge`), the core as of the day the portal marked the
 *   payment posted (a core that cannot credit as of the payment date credits as of its open
 *   day), the ACH processor on its other processing days (`listDays`) from a week before the
 *   date to today, nearest first. A run of a day that finds items of a payment dated more than
 *   the nightly week ago (its date drawn over a week late) queues that day's run again, once a
 *   day: the nightly runs no longer reach it.
 * - The day's status (decision; reconciliation-matching.ts has the rules): every difference
 *   between the systems' totals is either a mismatch of a payment or a payment in flight. In
 *   flight is a payment the portal counts (Processing, or under review) whose money has not
 *   moved yet: its debit waits for its file, or none was taken yet. As a bank's reconciliation
 *   lists items in transit beside a balanced statement, it is not a mismatch and not hidden
 *   either: it counts on the portal's side only (the ACH side counts the debits sent, the money
 *   asked for), and the run counts it in the totals' `inFlight`, stored with the run: the admin
 *   shows it as "Processing" beside the totals rather than a bare "Balanced", and never works it
 *   out from the totals (on a day with no mismatch it is exactly the portal's total less the
 *   card's and the ACH's). It counts on every side once its debit is sent and it posted; still in
 *   no file after the next morning it is a mismatch, "Debit never sent".
 * - Refunds and returns: a payment given back later is counted on its day on every side, as it
 *   was taken (the card's charge refunded since, the debit returned since, the core's posting
 *   reversed since); the returns are broken out in `returned` and the refunds in `refunded`, as
 *   each system has them, counted by the run and stored with it. A card charge refunded because
 *   its payment failed (the core refused it) was never taken and counts nowhere.
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

/**
 * How many days before its payment's date a debit may be taken: an immediate ACH payment after
 * the cut-off is dated the next business day that is no non-payment day (a long weekend).
 */
const DEBIT_DAYS_BEFORE_DATE = 7;

/** The card processor's lookups by key made at once. */
const LOOKUPS_AT_ONCE = 20;

/** Portal statuses of a payment whose money may have moved: its items are looked for anywhere. */
const MAY_HAVE_MOVED: ReadonlySet<string> = new Set([
  'settling',
  'posted',
  'needsReview',
  'returned',
  'refunded',
]);

export interface ReconciliationServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  cardProcessor: Pick<CardProcessor, 'listCharges' | 'findCharge'>;
  achProcessor: Pick<AchProcessor, 'listDebits' | 'listDays'>;
  core: Pick<ServicingCore, 'listPostings'>;
  /** The institution's IANA time zone (its calendar days). */
  timeZone(institutionId: number): Promise<string>;
  /** The last day the core's end of day closed (CoreDays), or undefined before the first. */
  lastClosedDay(institutionId: number): Promise<CalendarDate | undefined>;
  admin: Pick<AdminService, 'access'>;
  auditLog: Pick<AuditLog, 'record'>;
  jobs: () => Pick<JobQueue, 'enqueue' | 'enqueueMany' | 'nudge'>;
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
   * runs of the `RECONCILED_AGAIN_DAYS` days before it, and of every earlier day since the first
   * run (within RECONCILIATION_CATCH_UP_DAYS) with no current run, once per closing day.
   */
  afterEndOfDay(institutionId: number, lastClosed: CalendarDate): Promise<void>;
  queue: QueueDefinition<{ institutionId: number; date: CalendarDate }>;
}

/** Each system's items found of a day's payments, whatever day each is listed under. */
interface FoundLists {
  charges: CardChargeRecord[];
  debits: AchDebitRecord[];
  postings: CorePostingRecord[];
}

const StoredProblems = z.array(ReconciliationProblem);
/** A run's returns as stored (null for a run made before migration 0043). */
const StoredReturned = ReconciliationTotals.shape.returned.nullable();
/** A run's refunds as stored (null for a run made before migration 0051). */
const StoredRefunded = ReconciliationTotals.shape.refunded.nullable();

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
  in_flight_count: number | null;
  in_flight_cents: number | string | null;
  refunded: unknown;
}): ReconciliationRunSummary {
  const returned = StoredReturned.safeParse(jsonOf(row.returned));
  const refunded = StoredRefunded.safeParse(jsonOf(row.refunded));
  // Both null: a run stored before migration 0051, out of date (see the migration).
  const inFlight =
    row.in_flight_count === null || row.in_flight_cents === null
      ? undefined
      : { count: row.in_flight_count, cents: Number(row.in_flight_cents) };
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
      ...(inFlight ? { inFlight } : {}),
      ...(inFlight && refunded.success && refunded.data ? { refunded: refunded.data } : {}),
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

  /**
   * Looks up what the days around the day did not show of its payments whose money may have
   * moved (see the header), adding it to `found`. `listed`: the days already read.
   */
  async function findTheRest(
    institutionId: number,
    date: CalendarDate,
    today: CalendarDate,
    timeZone: string,
    payments: readonly PortalPaymentRow[],
    found: FoundLists,
    listed: ReadonlySet<CalendarDate>,
  ) {
    const moving = payments.filter((payment) => MAY_HAVE_MOVED.has(payment.status));
    const charged = new Set(found.charges.map((charge) => charge.idempotencyKey));
    const debited = new Set(found.debits.map((debit) => debit.idempotencyKey));
    const posted = new Set(
      found.postings.map((posting) => paymentIdOfPostingKey(posting.postingKey)),
    );

    const uncharged = moving.filter((payment) => payment.is_card && !charged.has(payment.id));
    for (let start = 0; start < uncharged.length; start += LOOKUPS_AT_ONCE) {
      const charges = await Promise.all(
        uncharged
          .slice(start, start + LOOKUPS_AT_ONCE)
          .map((payment) => cardProcessor.findCharge(institutionId, payment.id)),
      );
      for (const charge of charges) if (charge) found.charges.push(charge);
    }

    const unposted = new Set<string>();
    const postingDays = new Set<CalendarDate>();
    for (const payment of moving) {
      if (posted.has(payment.id) || payment.posted_at === null) continue;
      unposted.add(payment.id);
      const day = calendarDateIn(timeZone, payment.posted_at);
      if (!listed.has(day) && day <= today) postingDays.add(day);
    }
    for (const day of postingDays) {
      for (const posting of await core.listPostings(institutionId, day)) {
        if (unposted.has(paymentIdOfPostingKey(posting.postingKey))) found.postings.push(posting);
      }
    }

    const undebited = new Set(
      moving
        .filter((payment) => !payment.is_card && !debited.has(payment.id))
        .map((payment) => payment.id),
    );
    if (undebited.size === 0) return;
    const first = addDays(date, -DEBIT_DAYS_BEFORE_DATE);
    const distance = (day: CalendarDate) =>
      Math.abs(Date.parse(`${day}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`));
    const days = (await achProcessor.listDays(institutionId))
      .map((day) => day.date)
      .filter((day) => day >= first && day <= today && !listed.has(day))
      .sort((a, b) => distance(a) - distance(b));
    for (const day of days) {
      if (undebited.size === 0) break;
      for (const debit of await achProcessor.listDebits(institutionId, day)) {
        if (undebited.delete(debit.idempotencyKey)) found.debits.push(debit);
      }
    }
  }

  /**
   * Queues the run of each day, before the nightly runs' week, of a payment whose items the day
   * lists (its money moved, or it posted, on this day, long after its date): once a day each.
   */
  async function answerEarlierDays(
    institutionId: number,
    date: CalendarDate,
    today: CalendarDate,
    ofDay: DayLists,
    portalById: ReadonlyMap<string, PortalPaymentRow>,
  ) {
    const reachedNightly = addDays(today, -(RECONCILED_AGAIN_DAYS + 1));
    const earlier = new Set<CalendarDate>();
    const see = (key: string) => {
      const payDate = portalById.get(key)?.pay_date;
      if (payDate !== undefined && payDate !== date && payDate < reachedNightly) {
        earlier.add(payDate);
      }
    };
    ofDay.charges.forEach((charge) => see(charge.idempotencyKey));
    ofDay.debits.forEach((debit) => see(debit.idempotencyKey));
    ofDay.postings.forEach((posting) => see(paymentIdOfPostingKey(posting.postingKey)));
    if (earlier.size === 0) return;
    const jobs = deps.jobs();
    let queued = false;
    for (const day of earlier) {
      const key = `${institutionId}|${day}|moved:${today}`;
      if (await jobs.enqueue(RECONCILIATION_DAY_QUEUE, { institutionId, date: day }, { key })) {
        queued = true;
      }
    }
    if (queued) jobs.nudge(RECONCILIATION_DAY_QUEUE);
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
    const found: FoundLists = {
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
    await findTheRest(institutionId, date, today, timeZone, portalOfDay, found, new Set(days));

    const { totals, mismatches } = matchDay({ portalOfDay, portalById, ofDay, found, today });
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
        in_flight_count: totals.inFlight.count,
        in_flight_cents: totals.inFlight.cents,
        refunded: JSON.stringify(totals.refunded),
      },
      mismatches.map((mismatch) => ({
        payment_id: mismatch.paymentId,
        problems: mismatch.problems,
        items: mismatch.items,
      })),
    );
    await answerEarlierDays(institutionId, date, today, ofDay, portalById);
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
      const days: CalendarDate[] = [];
      for (let back = 0; back <= RECONCILED_AGAIN_DAYS; back += 1) {
        days.push(addDays(lastClosed, -back));
      }
      // Catching up (see the header): the days before the week with no current run.
      const week = addDays(lastClosed, -RECONCILED_AGAIN_DAYS);
      const earliest = addDays(lastClosed, -(RECONCILIATION_CATCH_UP_DAYS - 1));
      const { first, current } = await currentRunDays(db, institutionId, earliest, week);
      if (first !== undefined) {
        for (let day = first > earliest ? first : earliest; day < week; day = addDays(day, 1)) {
          if (!current.has(day)) days.push(day);
        }
      }
      const jobs = deps.jobs();
      const queued = await jobs.enqueueMany(
        RECONCILIATION_DAY_QUEUE,
        // Keyed by the closing day too: each day runs again once per night, not once ever.
        days.map((date) => ({
          payload: { institutionId, date },
          key: `${institutionId}|${date}|${lastClosed}`,
        })),
      );
      if (queued > 0) jobs.nudge(RECONCILIATION_DAY_QUEUE);
    },
  };
}
