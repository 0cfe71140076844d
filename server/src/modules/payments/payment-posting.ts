import {
  addDays,
  calendarDateIn,
  type CalendarDate,
  daysBeforeDuePayDate,
  inNightWindow,
  isRecurringOption,
  paymentRulesOf,
  minuteOfDayIn,
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { listInstitutionTimeZones } from '../institutions/institutions.service';
import { institutionTimeZoneOf } from './payment-context';
import { nightWindowOfSettings } from '../jobs/end-of-day';
import type { JobQueue, QueueDefinition } from '../jobs/job-queue';
import {
  type AchFileSealing,
  type AchSealingReport,
  createAchFileSealing,
} from './ach-file-sealing';
import type { WorkQueueService } from '../work-queue/work-queue.service';
import { occurrenceIdOf, referenceNumberOf } from './payment-handles';
import {
  createPaymentNeedsReview,
  lateCreditItem,
  refusedAfterDebitItem,
} from './payment-needs-review';
import {
  createPaymentSettlement,
  type PaymentSettlement,
  type SettlementDependencies,
} from './payment-settlement';
import {
  advanceRecurring,
  cancelRecurringPayment,
  insertOccurrence,
  listDuePaymentIds,
  listDueRecurring,
  type RecurringPaymentRow,
} from './payments.repository';
import {
  businessDayOnOrAfter,
  nextNominalDate,
  type PaymentDayCalendar,
  paymentDayCalendarOf,
} from './recurring-schedule';

/*
 * Posting of scheduled payments and recurring dates on the job queue.
 *
 * Each run of the 'payments.due' job (queued every minute by every instance; the period's key
 * makes it one job), per institution and outside its nightly window:
 * (a) materialises each active recurring payment whose next date has come: one payments row for
 *     the date (the unique index on recurring payment and date, and the id derived from them,
 *     make a second instance's insert a no-op) and the next date moved on, in one transaction
 *     guarded by the next date it read;
 * (b) queues one 'payments.post' job per waiting payment whose date has come (the core credits
 *     it as of its date whenever it posts), keyed 'payment-post:<id>', so a payment has one job
 *     however often it is found. Its handler is settlePayment. A payment whose ACH debit the
 *     processor has taken is not found here (listDuePaymentIds): the sealing job posts it (below),
 *     so debits waiting for a file never fill the run's limit before payments due today.
 * Nothing posts inside the nightly window (the core's end of day runs in it). A post that the
 * core refuses for a day not begun or answers 'pending' (it posts in its own batch), or that
 * cannot reach a processor, fails its job, which is
 * retried with backoff for about two days. Then the job is dead (kept a month for support) and,
 * in the transaction that marks it so, its payment moves to 'needsReview' with the borrower's
 * notice and a work item for staff (payment-needs-review.ts); no run queues it again.
 *
 * A bank-account payment posts only once its debit is sent (payment-settlement.ts). Waiting for
 * the day's file is no failure, and must not spend the retries meant for one: a debit of the
 * morning waits for the evening's cut-off, one after the cut-off for the next morning, and a
 * processor that sends its files on business days only holds a Friday evening's debit over the
 * weekend (and a holiday), longer than the two days of retries. So a post whose settlement
 * answers that the debit waits for its file ends its job (done, nothing retried), and the
 * payment has no job until the file is sealed; then `queueSentPosts` (ach-file-sealing.ts: after
 * the job that seals the day's files at the cut-off, and after staff's Make file) queues its
 * second and last posting job, keyed 'payment-post:<id>:sent', which posts it (credited as of its
 * payment date, however many days later) or retries as any post, its two days counted from
 * the sending. Staff's Post again revives whichever of the two died.
 */

export const PAYMENT_DUE_QUEUE = 'payments.due';
export const PAYMENT_POST_QUEUE = 'payments.post';
export const PAYMENT_DUE_EVERY_MS = 60_000;

/** The key of a payment's posting job: queued on its date, or once its ACH debit is sent. */
export function postJobKey(paymentId: string, step: 'due' | 'sent' = 'due'): string {
  return step === 'due' ? `payment-post:${paymentId}` : `payment-post:${paymentId}:sent`;
}
/**
 * How long after a bank payment made today was sent at once its post's job runs, should the post
 * in its request have died (payment-settlement.ts `queueSentPost`).
 */
const SENT_POST_WATCH_MS = 2 * 60_000;
/** Retries of a post: 30 s doubling to an hour, about two days in all. */
const POST_MAX_ATTEMPTS = 56;
/** Rows handled per institution and run; the next run takes the rest. */
const RUN_LIMIT = 5_000;

export interface PostingRunReport {
  occurrences: number;
  queued: number;
}

export interface PaymentPostingWorker extends PaymentSettlement {
  queues: QueueDefinition<never>[];
  /** (a) and (b) above, as of the clock's now. */
  queueDue(): Promise<PostingRunReport>;
  /** queueDue, then runs the post jobs due now until none is left (tests call it by hand). */
  runOnce(): Promise<PostingRunReport & { settled: number }>;
  /**
   * Queues the post of a payment staff took out of review, in their transaction (`executor`):
   * its dead job starts over (a new one when housekeeping deleted it). Call `nudge` after the
   * commit.
   */
  queuePostAgain(paymentId: string, executor: Kysely<Database>): Promise<void>;
  /** Runs the post queue soon (a payment was queued again). */
  nudge(): void;
  /**
   * The job that seals the day's ACH files at the cut-off and queues the posts of the payments
   * whose debits they sent (ach-file-sealing.ts), as of the clock's now (tests call it by hand).
   */
  sealDueAchFiles(): Promise<AchSealingReport>;
  /** Queues the posts of the institution's payments whose debits are sent (after Make file). */
  queueSentPosts(institutionId: number): Promise<number>;
  /** When the days' pending debits are filed without staff (the ACH files page). */
  automaticAchFiling: AchFileSealing['automaticFiling'];
}

export interface PostingDependencies extends SettlementDependencies {
  settings(institutionId: number): Promise<SettingsAccessor>;
  /** The job queue (built after this worker's queue definitions). */
  jobs(): Pick<JobQueue, 'enqueue' | 'enqueueMany' | 'runOnce' | 'nudge'>;
  /**
   * Where a payment whose posting job died is put before staff (payment-needs-review.ts), and
   * one the core credited after its date (`lateCreditItem`).
   */
  workQueue?: Pick<WorkQueueService, 'submit' | 'submitOnce'>;
}

class PostRetryLater extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PostRetryLater';
  }
}

export function createPaymentPostingWorker(deps: PostingDependencies): PaymentPostingWorker {
  const { db, clock, core, dataProtector } = deps;
  const settlement = createPaymentSettlement({
    ...deps,
    async queueSentPost(paymentId) {
      await deps.jobs().enqueue(
        PAYMENT_POST_QUEUE,
        { paymentId },
        {
          key: postJobKey(paymentId, 'sent'),
          // After its request has had time to post it: the job then finds it posted.
          runAt: new Date(clock.now().getTime() + SENT_POST_WATCH_MS),
        },
      );
    },
    onLateCredit:
      deps.onLateCredit ??
      (async (payment, creditedOn) => {
        await deps.workQueue?.submitOnce(lateCreditItem(payment, creditedOn));
      }),
    onCoreRefusal:
      deps.onCoreRefusal ??
      (async (payment, reason) => {
        await deps.workQueue?.submitOnce(refusedAfterDebitItem(payment, reason));
      }),
  });
  const needsReview = createPaymentNeedsReview({
    clock,
    mail: deps.mail,
    ...(deps.workQueue ? { workQueue: deps.workQueue } : {}),
  });

  /** The amount of a date: the recurring amount, or a line of credit's total due that day. */
  async function occurrenceOf(
    recurring: RecurringPaymentRow,
    today: CalendarDate,
    holidays: PaymentDayCalendar,
    cardMaximumCents: number,
  ): Promise<
    | {
        payDate: CalendarDate | undefined;
        key: CalendarDate;
        next: CalendarDate;
        amountCents: number;
      }
    | 'ended'
  > {
    const customer = { institutionId: recurring.institution_id, customerId: recurring.customer_id };
    const needsTerms = recurring.recurring_option === 'DaysBeforeDue' || recurring.pays_total_due;
    const terms = needsTerms
      ? await core.paymentTerms(customer, recurring.loan_number, today)
      : undefined;
    if (needsTerms && !terms) return 'ended';
    // A line of credit's total due by card is held to the card maximum: the submit refused a
    // total due above it, and one that has grown beyond it since pays the maximum (as the amount
    // step lowers an amount above the maximum to it) rather than nothing.
    const totalDue = terms?.totalAmountDueCents ?? 0;
    const amountCents = recurring.pays_total_due
      ? recurring.is_card && cardMaximumCents > 0
        ? Math.min(totalDue, cardMaximumCents)
        : totalDue
      : recurring.amount_cents;
    const option = recurring.recurring_option;
    if (option === 'DaysBeforeDue') {
      const dueDate = terms?.dueDate;
      if (!dueDate) return 'ended';
      const payDate = daysBeforeDuePayDate(dueDate, recurring.days_before_due, holidays);
      // Checked again tomorrow: by then the posted payment has moved the due date on, and the
      // same due date's date again is the unique index's no-op.
      // The date's key is the due date's pay date: one payment per due date, however many
      // days it takes the due date to move; a date already past (a loan behind) pays today.
      if (payDate <= today) {
        return { payDate: today, key: payDate, next: addDays(today, 1), amountCents };
      }
      return { payDate: undefined, key: payDate, next: payDate, amountCents };
    }
    if (!isRecurringOption(option) || option === 'DaysBeforeDue') {
      throw new Error(`Unknown recurring option ${option}`);
    }
    const nominal = recurring.next_date;
    return {
      payDate: businessDayOnOrAfter(nominal, holidays),
      key: businessDayOnOrAfter(nominal, holidays),
      next: nextNominalDate(option, recurring.first_date ?? nominal, nominal),
      amountCents,
    };
  }

  async function materialise(
    recurring: RecurringPaymentRow,
    today: CalendarDate,
    holidays: PaymentDayCalendar,
    cardMaximumCents: number,
  ): Promise<boolean> {
    const occurrence = await occurrenceOf(recurring, today, holidays, cardMaximumCents);
    if (occurrence === 'ended') {
      // The loan is no longer the customer's, or it is paid off: nothing more to draw.
      await db
        .transaction()
        .execute((trx) => cancelRecurringPayment(trx, recurring.id, clock.now()));
      return false;
    }
    return db.transaction().execute(async (trx) => {
      if (!(await advanceRecurring(trx, recurring.id, recurring.next_date, occurrence.next))) {
        return false;
      }
      // A line of credit with nothing due that day draws nothing.
      if (occurrence.payDate === undefined || occurrence.amountCents <= 0) return false;
      const id = occurrenceIdOf(dataProtector, recurring.id, occurrence.key);
      return insertOccurrence(trx, {
        id,
        institution_id: recurring.institution_id,
        user_id: recurring.user_id,
        customer_id: recurring.customer_id,
        loan_number: recurring.loan_number,
        reference_number: referenceNumberOf(dataProtector, id),
        kind: 'recurring',
        recurring_payment_id: recurring.id,
        pay_date: occurrence.payDate,
        amount_cents: occurrence.amountCents,
        additional_principal_cents: recurring.additional_principal_cents,
        first_party_fee_cents: recurring.first_party_fee_cents,
        third_party_fee_cents: recurring.third_party_fee_cents,
        payment_method_id: recurring.payment_method_id,
        is_card: recurring.is_card,
        last_four: recurring.last_four,
        card_type: recurring.card_type,
        debit_credit_type: recurring.debit_credit_type,
        processor_token: recurring.processor_token,
        ach_account_type: recurring.ach_account_type,
        routing_number: recurring.routing_number,
        account_number_sealed: recurring.account_number_sealed,
        owner_name_sealed: recurring.owner_name_sealed,
        status: 'scheduled',
        created_at: clock.now(),
      });
    });
  }

  async function queueDue(): Promise<PostingRunReport> {
    const report: PostingRunReport = { occurrences: 0, queued: 0 };
    for (const institution of await listInstitutionTimeZones(db)) {
      const settings = await deps.settings(institution.id);
      const now = clock.now();
      // The institution's published zone, as the submit and the portal read it (review defect 3).
      const zone = institutionTimeZoneOf(settings, institution.timeZone);
      if (inNightWindow(nightWindowOfSettings(settings), minuteOfDayIn(zone, now))) {
        continue;
      }
      const today = calendarDateIn(zone, now);
      const holidays = paymentDayCalendarOf(settings);
      const cardMaximumCents = paymentRulesOf(settings).amounts.maximumCardPaymentCents;
      for (const recurring of await listDueRecurring(db, institution.id, today, RUN_LIMIT)) {
        if (await materialise(recurring, today, holidays, cardMaximumCents)) {
          report.occurrences += 1;
        }
      }
      // Every payment dated today or before posts now: the core credits it as of its own date
      // whenever it posts (a day not yet closed it closes first; a closed one it replays), so
      // waiting for the core's end of day would only delay it (issue 24).
      const due = await listDuePaymentIds(db, institution.id, today, RUN_LIMIT);
      // One statement per thousand (a day's scheduled payments come due at once).
      report.queued += await deps.jobs().enqueueMany(
        PAYMENT_POST_QUEUE,
        due.map((id) => ({ payload: { paymentId: id }, key: postJobKey(id) })),
      );
    }
    return report;
  }

  const postQueue: QueueDefinition<{ paymentId: string }> = {
    name: PAYMENT_POST_QUEUE,
    maxAttempts: POST_MAX_ATTEMPTS,
    batchSize: 50,
    // The queue renews the lease just before it calls the handler, so the handler does not again
    // (one statement a payment).
    async handler({ job }) {
      const outcome = await settlement.settlePayment(job.payload.paymentId);
      // Its ACH debit waits for its day's file: done here, its sealing queues the post (above).
      if (outcome.status === 'waiting' && outcome.until === 'debitSent') return;
      // Under review (a job of it died before): staff decide what becomes of it.
      if (outcome.status === 'waiting' && outcome.payment.status !== 'needsReview') {
        throw new PostRetryLater(
          `payment ${job.payload.paymentId}: not posted by the core yet (its day not open, or pending)`,
        );
      }
    },
    // Past its retries, or refused for good: the payment is put before staff, never re-queued.
    async onDead(job, error, trx) {
      await needsReview.onPostingDead(job, error, trx);
    },
  };
  const dueQueue: QueueDefinition<unknown> = {
    name: PAYMENT_DUE_QUEUE,
    maxAttempts: 3,
    async handler({ stillMine }) {
      if (await stillMine()) await queueDue();
    },
  };

  const sealing = createAchFileSealing({
    db,
    clock,
    achProcessor: deps.achProcessor,
    settings: deps.settings,
    async queuePosts(paymentIds) {
      const queued = await deps.jobs().enqueueMany(
        PAYMENT_POST_QUEUE,
        paymentIds.map((id) => ({ payload: { paymentId: id }, key: postJobKey(id, 'sent') })),
      );
      if (queued > 0) deps.jobs().nudge(PAYMENT_POST_QUEUE);
      return queued;
    },
  });

  return {
    ...settlement,
    queues: [postQueue, dueQueue, sealing.queue],
    queueDue,
    async queuePostAgain(paymentId, executor) {
      const jobs = deps.jobs();
      const again = (step: 'due' | 'sent') =>
        jobs.enqueue(
          PAYMENT_POST_QUEUE,
          { paymentId },
          { key: postJobKey(paymentId, step), reviveDead: true },
          executor,
        );
      // The job of its date starts over when it is the one that died (or a new one when
      // housekeeping deleted it); when that one is there and not dead (it ended waiting for the
      // debit's file), the one its sending queued is the one that died: it starts over.
      if (!(await again('due'))) await again('sent');
    },
    nudge() {
      deps.jobs().nudge(PAYMENT_POST_QUEUE);
    },
    sealDueAchFiles: () => sealing.runOnce(),
    queueSentPosts: (institutionId) => sealing.queueSentPosts(institutionId),
    automaticAchFiling: (institutionId, days) => sealing.automaticFiling(institutionId, days),
    async runOnce() {
      const report = await queueDue();
      let settled = 0;
      for (;;) {
        const done = await deps.jobs().runOnce(PAYMENT_POST_QUEUE);
        if (done === 0) break;
        settled += done;
      }
      return { ...report, settled };
    },
  };
}
