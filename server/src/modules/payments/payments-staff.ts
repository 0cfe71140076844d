import {
  ADMIN_ERROR_CODES,
  calendarDateIn,
  formatUsd,
  formatUsDate,
  maskAccountNumber,
  PAYMENT_STATUS_LABELS,
  PAYMENT_EVENT_STATUSES,
  PAYMENT_STATUSES,
  type PaymentEvent,
  type PaymentEventStatus,
  type PaymentStatus,
  STAFF_PAYMENT_SEARCH_LIMIT,
  type StaffPaymentDetail,
  type StaffPaymentKind,
  type StaffPaymentSearchQuery,
  type StaffPaymentSearchResponse,
  type StaffPaymentSummary,
  staffCloseUnpaidRefusal,
  staffRefundElsewhereRefusal,
  staffRefundRefusal,
  type CloseUnpaidRequest,
  type RefundedElsewhereRequest,
} from '@portal/domain';
import type { Kysely } from 'kysely';
import type { CardProcessor, RefundOutcome, RefundRefusalReason } from '../../core/card-processor';
import { corePostingKey, refundReversalKey } from '../../core/posting-keys';
import type { CorePaymentReversalResult, ServicingCore } from '../../core/servicing-core';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AdminError, notFound } from '../admin/admin-errors';
import type { AdminService } from '../admin/admin.service';
import type { AuditLog } from '../audit/audit.service';
import type { InstitutionsService } from '../institutions/institutions.service';
import type { MailService } from '../mail/mail.service';
import type { StaffPrincipal } from '../staff/staff-principal';
import type { WorkQueueService } from '../work-queue/work-queue.service';
import {
  claimRefund,
  listPaymentEvents,
  recordRefundLeftHalfDone,
  countRefundRefusal,
  recordRefundRefused,
  releaseRefundClaim,
  searchPayments,
} from './payments-staff.repository';
import { refundLeftHalfDoneItem } from './payment-needs-review';
import { institutionTimeZoneOf } from './payment-context';
import type { PaymentPostingWorker } from './payment-posting';
import { paymentFailedEmail, paymentRefundedEmail } from './payment-receipt';
import {
  closeReviewedPaymentUnpaid,
  findPaymentWithBorrower,
  markPaymentRefunded,
  type PaymentWithBorrower,
  resumeReviewedPayment,
} from './payments.repository';
import { storedPaymentTotal } from './payment-total';
import { achReturnReasonText } from '../../core/ach/nacha-returns';

/**
 * Staff's side of the payments (issue 24 item 3): the admin's Payments page searches the
 * institution's payments (by borrower, loan number, confirmation number, payment date or status)
 * and opens one with its timeline.
 *
 * - Every role of the institution may search and open (viewers read the work queue too); staff
 *   of another institution get 404, for the institution and its payments alike (admin.access).
 * - Opening one is audited (`payment.open`, naming the payment and the borrower): like opening a
 *   document, it shows a borrower's money to a person. The search is not (the work queue's list
 *   is not either).
 * - Nothing leaves with a card or account number beyond its last four; the loan number is masked
 *   in the list and whole in the opened payment (staff act on it).
 * - A payment that needs review can be posted again (`postAgain`: editors and publishers,
 *   audited): it goes back to 'settling' with a timeline row naming who asked, and its posting
 *   job starts over. Every step of the settlement is keyed (the charge or debit by the payment,
 *   the core's posting by its id), so money already moved is not moved twice, and a post that
 *   dies again puts it back before staff. Marking it posted by hand, without the core's posting,
 *   is not offered: it would be worse than leaving it for review. One whose money never arrived
 *   (its bank sent the debit back before it posted: payment-returns.ts puts it under review at its
 *   return's last call; or no charge or debit was made) is closed as Failed instead
 *   (`closeUnpaid`, audited `payment.closeUnpaid`): the core's posting of it reversed if it holds
 *   one, the borrower e-mailed; refused while an approved card charge of it stands.
 * - A posted card payment can be refunded (`refund`: editors and publishers, audited
 *   `payment.refund`), exactly once however often it is asked for, on any number of instances,
 *   and whatever step a crash stopped at. In this order:
 *   1. the refusals that change nothing (domain `staffRefundRefusal`: posted card payments only),
 *      and the card processor's charge of the payment found by its key (the payment's id), read
 *      only: without an approved charge there is nothing to give back, and nothing is done;
 *      then the card claims the payment (payments.refund_claim, migration 0049,
 *      `claimRefund`): while it holds it, staff cannot record it refunded another way, so the
 *      money never goes back both ways. A refusal for good (below) or a core that refuses
 *      step 2 releases it; a processor that did not answer keeps it until Refund again;
 *   2. the core reverses the posting (`reversePayment`, reversal key `refund:<payment id>`; the
 *      live posting and a key of its own after refused refunds, core/posting-keys.ts,
 *      dated the institution's today: the loan as if the payment had not been made as of its
 *      date, no fee; the history line in the institution's words,
 *      `loanDetailsTexts.historyRefundedPaymentText`). A refusal (the loan closed or paid off,
 *      its history not replayable) stops here with nothing changed, and staff read the core's
 *      reason;
 *   3. the card processor refunds the whole charge, fees included (`refund` by the charge's id:
 *      a second refund answers the first). The borrower's e-mail names the amount the processor
 *      says it refunded: the charge, which is the payment's total (amount, additional principal
 *      and both fees, all charged on the card);
 *   4. one guarded update moves the payment posted -> refunded and, in its statement, writes the
 *      timeline row and queues the borrower's e-mail (payments.repository `markPaymentRefunded`);
 *      its transaction writes the audit entry. Only the request that moves it answers 200; the
 *      others (a double click, a second instance) answer 409, having reversed and refunded
 *      nothing more: steps 2 and 3 answer their first outcome under the same keys.
 *   A crash after step 2 or 3 leaves the payment Posted (the reconciliation shows the core's
 *   reversal without a return): Refund again finishes it, reversing and refunding nothing twice.
 *   A processor that does not answer at step 3 leaves the same state, and it is put before staff
 *   at once rather than at the next reconciliation: a 'posted' timeline row saying the core
 *   reversed the payment and the card was not refunded, with the processor's answer (once per
 *   answer), and a 'paymentReview' work item (payment-needs-review.ts `refundLeftHalfDoneItem`,
 *   once per payment). The request answers the processor's error; Refund again finishes it.
 * - A processor that refuses the refund for good at step 3 (the card closed or expired, no such
 *   charge) leaves the borrower's money with the institution, so the loan must show it paid: the
 *   core posts the payment again as of its own date under a key of its own (core/posting-keys.ts
 *   `corePostingKey(id, n)`; the core answers a key once for all time), with the history line
 *   `loanDetailsTexts.historyRefundNotMadeText` after the reversal's. One guarded update counts
 *   the refusal (payments.refund_refusals, migration 0046), points the payment at the re-post
 *   and writes its timeline row; the attempt is audited (`payment.refundNotMade`, as every
 *   attempt that gave nothing back), and the request answers 409 saying so. Nothing is half
 *   done, so no work item: the payment is Posted, the loan as paid, the card as charged. A later
 *   Refund reverses the re-post (each attempt its own reversal key). A crash between the re-post
 *   and its record is finished by asking again: the same attempt's reversal and re-post answer
 *   under their keys. Should the processor then refund after all, the success path reverses the
 *   next re-post key too ('notFound' but for that crash), so the loan never keeps a payment the
 *   card got back. Only if the core will not take the payment again is the refund left half
 *   done, with the row and the work item above.
 * - DECISION (no e-mail when a refund gives nothing back): the borrower's money did not move and
 *   the loan reads as paid, the reversal and its undoing both in its history; staff, who asked
 *   for the refund, tell the borrower how the money will go back.
 * - DECISION (order: the core first, then the card). Either order has a step that can be
 *   refused after the other has moved money; the question is which half-done state can be put
 *   right. Core first, the risk is the processor refusing the refund after the loan was
 *   reversed: the institution still holds the borrower's money, and the loan owes it again. That
 *   is finished from the portal (Refund again, both steps keyed, once the processor takes it) or
 *   by giving the money back another way; until then the borrower is short the payment, so
 *   staff are told at once (the timeline row and the work item above), not at the next
 *   reconciliation. Card first, the risk is the core refusing after the card was refunded, and
 *   the core's refusals are the foreseeable ones (a closed or paid-off loan, a history it cannot
 *   replay, its day not begun): the borrower would have the money back and the loan still
 *   credited, which the portal cannot finish (the core has just said it cannot reverse it) and
 *   the books cannot show right without a hand entry in the core. Checking the charge first
 *   (step 1) leaves only the rare refusal of an approved, unrefunded charge after the reversal.
 * - DECISION (ACH): a bank-account payment is not refunded here. An ACH debit cannot be pulled
 *   back through the processor interface (`AchProcessor` sends debits, never credits): the
 *   institution refunds it by a credit it sends outside the portal and reverses the posting in
 *   the core by hand. The request is refused with words that say so (`staffRefundRefusal`), and
 *   the admin's payment page shows them in place of the button.
 */
export interface PaymentsStaffDeps {
  db: Kysely<Database>;
  admin: Pick<AdminService, 'access'>;
  auditLog: Pick<AuditLog, 'record'>;
  clock: Clock;
  posting: Pick<PaymentPostingWorker, 'queuePostAgain' | 'nudge'>;
  core: Pick<ServicingCore, 'reversePayment' | 'postPayment'>;
  cardProcessor: Pick<CardProcessor, 'findCharge' | 'refund'>;
  mail: Pick<MailService, 'prepare' | 'deliverSoon'>;
  /**
   * The e-mail's and the history line's wording and the institution's zone (its today: the
   * reversal's date).
   */
  institutions: Pick<InstitutionsService, 'settings' | 'findById'>;
  /** Where a refund the card processor did not finish is put before staff. */
  workQueue: Pick<WorkQueueService, 'submitOnce'>;
}

function isPaymentStatus(value: string): value is PaymentStatus {
  return PAYMENT_STATUSES.some((status) => status === value);
}

function isPaymentEventStatus(value: string): value is PaymentEventStatus {
  return PAYMENT_EVENT_STATUSES.some((status) => status === value);
}

function kindOf(value: string): StaffPaymentKind {
  if (value === 'immediate' || value === 'scheduled' || value === 'recurring') return value;
  throw new Error(`payments: unexpected kind ${value}`);
}

/** A stored payment status as the API's; throws on one the API does not know. */
export function statusOf(value: string): PaymentStatus {
  if (isPaymentStatus(value)) return value;
  throw new Error(`payments: unexpected status ${value}`);
}

function summaryOf(row: PaymentWithBorrower, loanNumber: string): StaffPaymentSummary {
  return {
    id: row.id,
    reference: row.reference_number,
    kind: kindOf(row.kind),
    status: statusOf(row.status),
    borrowerName: row.borrower_name,
    logonName: row.logon_name,
    loanNumber,
    payDate: row.pay_date,
    totalCents: storedPaymentTotal(row),
    method: {
      isCard: row.is_card,
      cardType: row.is_card ? row.card_type : null,
      lastFour: row.last_four,
    },
    createdAt: row.created_at.toISOString(),
    postedAt: row.posted_at?.toISOString() ?? null,
    cancelledAt: row.cancelled_at?.toISOString() ?? null,
  };
}

/** A timeline row as the contract says it (a status no version knows is left out). */
export function eventsOf(
  rows: readonly { at: Date; status: string; detail: string | null }[],
): PaymentEvent[] {
  return rows.flatMap((row) =>
    isPaymentEventStatus(row.status)
      ? [
          {
            at: row.at.toISOString(),
            status: row.status,
            // A return's row keeps the bank's code (R01); staff read it with its words.
            detail:
              row.status === 'returned' && row.detail
                ? `${row.detail}: ${achReturnReasonText(row.detail)}`
                : row.detail,
          },
        ]
      : [],
  );
}

const noPayment = () => notFound('There is no such payment among your institution’s.');

const refused = (message: string) => new AdminError(409, ADMIN_ERROR_CODES.conflict, message);

/** Why the core would not reverse the payment, in staff's words (nothing changed). */
function reversalRefusalText(
  result: Exclude<CorePaymentReversalResult, { status: 'reversed' | 'alreadyReversed' }>,
): string {
  const nothing = 'Nothing was changed: the loan and the card are as they were.';
  if (result.status === 'notFound') {
    return (
      `The core has no posting of this payment to reverse. ${nothing} ` +
      'Check the loan in the core.'
    );
  }
  switch (result.reason) {
    case 'cannotReverse':
      return (
        'The core cannot take this payment back on its own (the loan is closed or paid off, ' +
        `or its history since cannot be replayed). ${nothing} Reverse it in the core and ` +
        'refund the card with the processor by hand.'
      );
    case 'dayNotClosed':
      return `The core's day has not begun yet. ${nothing} Try again in a few minutes.`;
    case 'notALoan':
      return `The core says the account is not a loan it services. ${nothing}`;
  }
}

/** The processor's refusals of a refund, in staff's words. */
const REFUND_REFUSAL_WORDS = {
  NotFound: 'it has no such charge',
  NotApproved: 'the charge was not approved',
  ExpiredOrCanceledCard: 'the card is closed or expired',
} as const satisfies Record<RefundRefusalReason, string>;

/**
 * The processor refused the refund for good, and the core applied the payment again: nothing is
 * half done, and the money is still to be given back another way.
 */
function refundRefusedText(
  result: Extract<RefundOutcome, { status: 'refused' }>,
  payDate: string,
): string {
  return (
    `The card processor refused to refund the charge: ${REFUND_REFUSAL_WORDS[result.reason]}. ` +
    `The loan is credited with the payment again as of ${formatUsDate(payDate)}, so the ` +
    'borrower owes nothing more for it, and nothing was given back. The payment stays Posted: ' +
    'give the money back another way (a check or a credit to a bank account), then record it ' +
    'with Refunded another way.'
  );
}

/** The processor refused for good, and the core would not apply the payment again either. */
function refundRefusedNotReappliedText(
  result: Extract<RefundOutcome, { status: 'refused' }>,
): string {
  return (
    `The card processor refused to refund the charge: ${REFUND_REFUSAL_WORDS[result.reason]}; ` +
    'and the core would not apply the payment to the loan again. The loan no longer shows it and ' +
    'nothing was given back: give the money back another way (a check or a credit to a bank ' +
    'account), then record it with Refunded another way.'
  );
}

function detailOf(
  row: PaymentWithBorrower,
  events: readonly { at: Date; status: string; detail: string | null }[],
): StaffPaymentDetail {
  return {
    ...summaryOf(row, row.loan_number),
    amountCents: row.amount_cents,
    additionalPrincipalCents: row.additional_principal_cents,
    feeCents: row.first_party_fee_cents + row.third_party_fee_cents,
    failure: row.failure,
    coreReference: row.core_reference,
    refundRefusals: row.refund_refusals,
    events: eventsOf(events),
  };
}

function describe(row: PaymentWithBorrower): string {
  return (
    `payment ${row.reference_number} (${row.id}) of ` +
    `${row.borrower_name || row.logon_name || 'a removed user'} for loan ${maskAccountNumber(row.loan_number)}`
  );
}

export function createPaymentsStaffService(deps: PaymentsStaffDeps) {
  const { db, admin, auditLog, clock, posting, core, cardProcessor, mail, institutions } = deps;

  /**
   * The payment's row and staff's work item when the core has reversed the payment and the card
   * was not refunded (the header): the row once per processor's answer, the item once.
   */
  async function recordHalfDone(
    row: PaymentWithBorrower,
    facts: { coreReversal: string; chargeId: string; processorAnswer: string },
  ): Promise<void> {
    await db.transaction().execute((trx) =>
      recordRefundLeftHalfDone(trx, row.id, {
        at: clock.now(),
        detail:
          `Refund not finished: the core's posting reversed (${facts.coreReversal}); the card ` +
          `charge ${facts.chargeId} not refunded (${facts.processorAnswer}). The loan no longer ` +
          'shows the payment: Refund again finishes it.',
      }),
    );
    await deps.workQueue.submitOnce(refundLeftHalfDoneItem(row, facts));
  }

  /** One payment of the institution staff act on at `level`; 404 for anyone else's. */
  async function paymentOf(
    staff: StaffPrincipal,
    slug: string,
    id: string,
    level: 'read' | 'edit',
  ) {
    const institution = await admin.access(staff, slug, level);
    const row = await findPaymentWithBorrower(db, id);
    if (!row || row.institution_id !== institution.id) throw noPayment();
    return { institution, row };
  }

  /** The institution's settings and its today (the day a reversal is dated). */
  async function wordsAndToday(institutionId: number) {
    const [settings, found] = await Promise.all([
      institutions.settings(institutionId),
      institutions.findById(institutionId),
    ]);
    const zone = institutionTimeZoneOf(settings, found?.timeZone ?? 'America/New_York');
    return { settings, today: calendarDateIn(zone, clock.now()) };
  }

  /**
   * Why a way of giving the payment back could not be claimed (`claimRefund`), as it is now: it
   * is no longer posted (refunded, or returned, meanwhile), or the other way holds it.
   */
  async function claimedText(id: string): Promise<string> {
    const now = await findPaymentWithBorrower(db, id);
    if (now?.status === 'refunded') return 'This payment was refunded already.';
    if (now?.status !== 'posted') {
      const label = now ? PAYMENT_STATUS_LABELS[statusOf(now.status)] : 'gone';
      return `This payment is no longer posted (it is ${label} now). Nothing was changed.`;
    }
    return now.refund_claim === 'card'
      ? 'A refund to the card was started for this payment and has not finished. Nothing was ' +
          'changed: choose Refund to finish it; should the card processor refuse it, record the ' +
          'payment refunded another way then.'
      : 'Another staff member is recording this payment as refunded another way. Nothing was ' +
          'changed: reload the payment to see how it ended.';
  }

  /** The payment as it is now, with its timeline: what each action answers. */
  async function detailNow(row: PaymentWithBorrower): Promise<StaffPaymentDetail> {
    const now = (await findPaymentWithBorrower(db, row.id)) ?? row;
    return detailOf(now, await listPaymentEvents(db, row.id));
  }

  return {
    async search(
      staff: StaffPrincipal,
      slug: string,
      query: StaffPaymentSearchQuery,
    ): Promise<StaffPaymentSearchResponse> {
      const institution = await admin.access(staff, slug, 'read');
      const rows = await searchPayments(db, {
        institutionId: institution.id,
        borrower: query.borrower || undefined,
        loanNumber: query.loanNumber || undefined,
        reference: query.reference || undefined,
        from: query.from,
        to: query.to,
        status: query.status,
        limit: STAFF_PAYMENT_SEARCH_LIMIT,
      });
      return {
        payments: rows.map((row) => summaryOf(row, maskAccountNumber(row.loan_number))),
        limit: STAFF_PAYMENT_SEARCH_LIMIT,
      };
    },

    /** One payment of the institution with its timeline; audited. */
    async open(staff: StaffPrincipal, slug: string, id: string): Promise<StaffPaymentDetail> {
      const { institution, row } = await paymentOf(staff, slug, id, 'read');
      const events = await listPaymentEvents(db, row.id);
      // Nothing is shown unless its opening is on record.
      await auditLog.record(db, {
        staff,
        institutionId: institution.id,
        action: 'payment.open',
        comment: `Opened ${describe(row)}.`,
      });
      return detailOf(row, events);
    },

    /**
     * A payment under review back to 'settling' and its posting queued again, with its timeline
     * row and the audit entry, in one transaction; 409 when it is not under review.
     */
    async postAgain(staff: StaffPrincipal, slug: string, id: string): Promise<StaffPaymentDetail> {
      const { institution, row } = await paymentOf(staff, slug, id, 'edit');
      await db.transaction().execute(async (trx) => {
        const resumed = await resumeReviewedPayment(trx, row.id, {
          at: clock.now(),
          detail: `Posting asked for again by ${staff.name || staff.email}.`,
        });
        if (!resumed) {
          throw new AdminError(
            409,
            ADMIN_ERROR_CODES.conflict,
            'This payment no longer needs review: open it again to see where it is.',
          );
        }
        await posting.queuePostAgain(row.id, trx);
        await auditLog.record(trx, {
          staff,
          institutionId: institution.id,
          action: 'payment.postAgain',
          comment: `Asked for ${describe(row)} to be posted again.`,
        });
      });
      posting.nudge();
      return detailNow(row);
    },

    /**
     * A posted card payment given back: the core's posting reversed, the charge refunded, then
     * the payment marked Refunded with its timeline row, the borrower's e-mail and the audit
     * entry (the header: each step keyed, one request marks it); 409 with the reason otherwise.
     */
    async refund(staff: StaffPrincipal, slug: string, id: string): Promise<StaffPaymentDetail> {
      const { institution, row } = await paymentOf(staff, slug, id, 'edit');
      const who = staff.name || staff.email;
      /** An attempt that gave nothing back, on record however it ended (the header). */
      const auditNotMade = (trx: Kysely<Database>, why: string) =>
        auditLog.record(trx, {
          staff,
          institutionId: institution.id,
          action: 'payment.refundNotMade',
          comment: `Tried to refund ${describe(row)}: ${why}`,
        });
      const refusal = staffRefundRefusal({
        status: statusOf(row.status),
        method: { isCard: row.is_card },
      });
      if (refusal) throw refused(refusal);
      const charge = await cardProcessor.findCharge(institution.id, row.id);
      if (charge?.status !== 'approved') {
        throw refused(
          'The card processor has no approved charge of this payment, so there is nothing to ' +
            'refund. Nothing was changed: compare the payment with the processor and the core.',
        );
      }
      const { settings, today } = await wordsAndToday(institution.id);
      const customer = { institutionId: institution.id, customerId: row.customer_id };
      // The card is the way it goes back, claimed before anything moves: staff recording it
      // refunded another way meanwhile are refused, so the money never goes back twice.
      if (!(await claimRefund(db, row.id, 'card'))) throw refused(await claimedText(row.id));
      // This attempt reverses the payment's live posting: its first, or the re-post that undid
      // the last refused refund (core/posting-keys.ts).
      const attempt = row.refund_refusals;
      const reversal = await core.reversePayment(customer, row.loan_number, {
        postingKey: corePostingKey(row.id, attempt),
        reversalKey: refundReversalKey(row.id, attempt),
        returnedOn: today,
        reason: settings.get('loanDetailsTexts.historyRefundedPaymentText'),
        feeCents: 0,
      });
      if (reversal.status === 'notFound' || reversal.status === 'refused') {
        const text = reversalRefusalText(reversal);
        await releaseRefundClaim(db, row.id, 'card');
        await auditNotMade(db, 'the core refused to reverse it; nothing was changed.');
        throw refused(text);
      }
      const halfDone = { coreReversal: reversal.reference, chargeId: charge.chargeId };
      let refund: RefundOutcome;
      try {
        refund = await cardProcessor.refund({
          institutionId: institution.id,
          chargeId: charge.chargeId,
        });
      } catch (error) {
        // Whether the card was refunded is not known; staff are told, and the request fails
        // with the processor's error. A failure to record it must not hide that error.
        try {
          await recordHalfDone(row, {
            ...halfDone,
            processorAnswer: 'the card processor did not answer; whether it refunded is not known',
          });
          await auditNotMade(
            db,
            'the core reversed it; the card processor did not answer. Refund again finishes it.',
          );
        } catch {
          // The reconciliation still shows the reversal without a refund.
        }
        throw error;
      }
      if (refund.status !== 'refunded') {
        const processorAnswer = `the card processor refused: ${REFUND_REFUSAL_WORDS[refund.reason]}`;
        // Refused for good: the borrower's money is still with the institution, so the loan is
        // credited again with the payment as of its own date (a new key: the core answers each
        // key once) and the payment stays Posted with nothing left half done (the header).
        const reposted = await core.postPayment(customer, row.loan_number, {
          postingKey: corePostingKey(row.id, attempt + 1),
          date: row.pay_date,
          amountCents: row.amount_cents + row.additional_principal_cents,
          additionalPrincipalCents: row.additional_principal_cents,
          method: 'card',
          description: settings.get('loanDetailsTexts.historyRefundNotMadeText'),
        });
        if (reposted.status !== 'posted' && reposted.status !== 'alreadyPosted') {
          // The core would not take it back either (the loan paid off meanwhile): the loan is
          // without the payment and the institution holds the money, which the row and the work
          // item say at once. The refusal is counted all the same, so staff can record the money
          // given back another way (its live posting, under the next key, is none: nothing more
          // to reverse).
          await recordHalfDone(row, { ...halfDone, processorAnswer });
          await db.transaction().execute(async (trx) => {
            if (await countRefundRefusal(trx, row.id, attempt)) {
              await auditNotMade(
                trx,
                `the core reversed it; ${processorAnswer}; the core did not apply it again.`,
              );
            }
          });
          throw refused(refundRefusedNotReappliedText(refund));
        }
        const detail =
          `Refund refused by the card processor (${REFUND_REFUSAL_WORDS[refund.reason]}), asked ` +
          `by ${who}: the core's reversal (${reversal.reference}) undone by posting the payment ` +
          `again as of ${formatUsDate(row.pay_date)} (${reposted.reference}). Nothing was given ` +
          'back.';
        const recorded = await db.transaction().execute(async (trx) => {
          const written = await recordRefundRefused(trx, row.id, {
            refusals: attempt,
            at: clock.now(),
            detail,
            coreReference: reposted.reference,
          });
          if (written) {
            await auditNotMade(
              trx,
              `${processorAnswer}. The loan is credited with it again as of its date; nothing ` +
                'was given back.',
            );
          }
          return written;
        });
        if (!recorded) {
          // Another request recorded it first, or staff recorded the payment refunded another
          // way meanwhile: then the loan must not keep this re-post (the money went back by
          // check), so it is reversed too. Recorded by another attempt, the re-post is that
          // attempt's own (the same key) and stays.
          const now = await findPaymentWithBorrower(db, row.id);
          if (now?.status === 'refunded') {
            await core.reversePayment(customer, row.loan_number, {
              postingKey: corePostingKey(row.id, attempt + 1),
              reversalKey: refundReversalKey(row.id, attempt + 1),
              returnedOn: today,
              reason: settings.get('loanDetailsTexts.historyRefundedElsewhereText'),
              feeCents: 0,
            });
            throw refused('This payment was refunded already.');
          }
        }
        throw refused(refundRefusedText(refund, row.pay_date));
      }
      // A re-post a crash left unrecorded (the processor refused, the core applied the payment
      // again, and the process died before the row said so) would keep the payment on the loan
      // now that the card is refunded: it is reversed too. The core answers 'notFound' when there
      // is none, as it always is but for that crash.
      await core.reversePayment(customer, row.loan_number, {
        postingKey: corePostingKey(row.id, attempt + 1),
        reversalKey: refundReversalKey(row.id, attempt + 1),
        returnedOn: today,
        reason: settings.get('loanDetailsTexts.historyRefundedPaymentText'),
        feeCents: 0,
      });

      const notice =
        row.recipient === ''
          ? undefined
          : mail.prepare(
              paymentRefundedEmail({
                settings,
                institutionName: institution.name,
                to: row.recipient,
                payment: row,
                refundedCents: refund.amountCents,
              }),
            );
      const marked = await db.transaction().execute(async (trx) => {
        const moved = await markPaymentRefunded(
          trx,
          row.id,
          {
            at: clock.now(),
            detail:
              `Refunded by ${who}: the core's posting reversed (${reversal.reference}), ` +
              `the card charge ${refund.chargeId} of ${formatUsd(refund.amountCents)} refunded.`,
          },
          notice,
          { refundRefusals: attempt },
        );
        if (!moved) return false;
        await auditLog.record(trx, {
          staff,
          institutionId: institution.id,
          action: 'payment.refund',
          comment: `Refunded ${describe(row)}: ${formatUsd(refund.amountCents)} to the card.`,
        });
        return true;
      });
      // Another request marked it first (a double click, another instance): the reversal and
      // the refund above were its own, answered again under their keys.
      if (!marked) throw refused('This payment was refunded already.');
      if (notice) mail.deliverSoon();
      return detailNow(row);
    },

    /**
     * A posted card payment whose card refund the processor refused, given back another way:
     * the core's live posting (the last re-post) reversed as of the payment's date, then the
     * payment marked Refunded with a timeline row saying how and by whom, and the audit entry,
     * in one transaction (the header of domain `RefundedElsewhereRequest`). The reversal is keyed
     * by the payment and its refusals, so a second request reverses nothing more; only the one
     * that moves the payment answers 200.
     */
    async refundedElsewhere(
      staff: StaffPrincipal,
      slug: string,
      id: string,
      request: RefundedElsewhereRequest,
    ): Promise<StaffPaymentDetail> {
      const { institution, row } = await paymentOf(staff, slug, id, 'edit');
      const refusal = staffRefundElsewhereRefusal({
        status: statusOf(row.status),
        method: { isCard: row.is_card },
        refundRefusals: row.refund_refusals,
      });
      if (refusal) throw refused(refusal);
      const { settings, today } = await wordsAndToday(institution.id);
      // Claimed before the loan is touched: a refund to the card under way (or left unfinished)
      // holds it, and the borrower must not be given the money back twice.
      if (!(await claimRefund(db, row.id, 'elsewhere'))) throw refused(await claimedText(row.id));
      const reversal = await core.reversePayment(
        { institutionId: institution.id, customerId: row.customer_id },
        row.loan_number,
        {
          postingKey: corePostingKey(row.id, row.refund_refusals),
          reversalKey: `refund-elsewhere:${row.id}:${row.refund_refusals}`,
          returnedOn: today,
          reason: settings.get('loanDetailsTexts.historyRefundedElsewhereText'),
          feeCents: 0,
        },
      );
      // 'notFound': no live posting to reverse, which is right only after a refused refund the
      // core would not apply again (its next key never posted): the loan is already without it.
      if (
        reversal.status === 'refused' ||
        (reversal.status === 'notFound' && row.refund_refusals === 0)
      ) {
        await releaseRefundClaim(db, row.id, 'elsewhere');
        throw refused(reversalRefusalText(reversal));
      }
      const who = staff.name || staff.email;
      const total = formatUsd(storedPaymentTotal(row));
      const marked = await db.transaction().execute(async (trx) => {
        const moved = await markPaymentRefunded(
          trx,
          row.id,
          {
            at: clock.now(),
            detail:
              `Refunded another way by ${who} (${request.how.replace(/[.\s]+$/, '')}). ` +
              (reversal.status === 'notFound'
                ? 'The core held no posting of it (the refund had taken it off)'
                : `The core's posting reversed (${reversal.reference})`) +
              '; the card charge kept (its processor refused to refund it).',
          },
          undefined,
          { refundRefusals: row.refund_refusals, elsewhere: true },
        );
        if (!moved) return false;
        await auditLog.record(trx, {
          staff,
          institutionId: institution.id,
          action: 'payment.refundElsewhere',
          comment: `Recorded ${describe(row)} refunded another way (${total}): ${request.how}`,
        });
        return true;
      });
      if (!marked) throw refused('This payment was refunded already.');
      return detailNow(row);
    },

    /**
     * A payment under review whose money never arrived, closed as Failed (domain
     * `CloseUnpaidRequest`): a card charge the processor approved and did not refund refuses it
     * (the money arrived); the core's posting of it, if it holds one, is reversed (keyed by the
     * payment: a second request reverses nothing more; 'notFound' when it never posted); then
     * one guarded update moves it needsReview -> failed with its timeline row and the borrower's
     * notice, and its transaction writes the audit entry. Only the request that moves it answers
     * 200.
     */
    async closeUnpaid(
      staff: StaffPrincipal,
      slug: string,
      id: string,
      request: CloseUnpaidRequest,
    ): Promise<StaffPaymentDetail> {
      const { institution, row } = await paymentOf(staff, slug, id, 'edit');
      const refusal = staffCloseUnpaidRefusal({ status: statusOf(row.status) });
      if (refusal) throw refused(refusal);
      if (row.is_card) {
        const charge = await cardProcessor.findCharge(institution.id, row.id);
        if (charge?.status === 'approved' && !charge.refunded) {
          throw refused(
            'The card processor approved a charge of this payment and has not refunded it: the ' +
              'money arrived. Post it again, or refund the card with the processor. Nothing was ' +
              'changed.',
          );
        }
      }
      const { settings, today } = await wordsAndToday(institution.id);
      const reversal = await core.reversePayment(
        { institutionId: institution.id, customerId: row.customer_id },
        row.loan_number,
        {
          postingKey: corePostingKey(row.id, row.refund_refusals),
          reversalKey: `close-unpaid:${row.id}`,
          returnedOn: today,
          reason: settings.get('loanDetailsTexts.historyPaymentNotReceivedText'),
          feeCents: 0,
        },
      );
      if (reversal.status === 'refused') throw refused(reversalRefusalText(reversal));
      const who = staff.name || staff.email;
      const note = request.note.replace(/[.\s]+$/, '');
      const coreSide =
        reversal.status === 'notFound'
          ? 'the core held no posting of it'
          : `the core's posting reversed (${reversal.reference})`;
      const notice =
        row.recipient === ''
          ? undefined
          : mail.prepare(
              paymentFailedEmail({
                settings,
                institutionName: institution.name,
                to: row.recipient,
                payment: row,
                reason: 'notReceived',
              }),
            );
      const closed = await db.transaction().execute(async (trx) => {
        const moved = await closeReviewedPaymentUnpaid(
          trx,
          row.id,
          { at: clock.now(), detail: `Closed as not paid by ${who} (${note}): ${coreSide}.` },
          notice,
        );
        if (!moved) return false;
        await auditLog.record(trx, {
          staff,
          institutionId: institution.id,
          action: 'payment.closeUnpaid',
          comment: `Closed ${describe(row)} as not paid: ${note}; ${coreSide}.`,
        });
        return true;
      });
      if (!closed) {
        throw refused('This payment is no longer under review: open it again to see where it is.');
      }
      if (notice) mail.deliverSoon();
      return detailNow(row);
    },
  };
}

export type PaymentsStaffService = ReturnType<typeof createPaymentsStaffService>;
