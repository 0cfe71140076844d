import { formatUsd, formatUsDate, maskAccountNumber, PAYMENT_STATUS_LABELS } from '@portal/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { readInstitutionWithin } from '../institutions/institutions.service';
import type { MailService } from '../mail/mail.service';
import type { NewWorkItem, WorkQueueService } from '../work-queue/work-queue.service';
import { methodText, paymentNeedsReviewEmail } from './payment-receipt';
import {
  findPaymentWithBorrower,
  markPaymentNeedsReview,
  type PaymentRow,
  type PaymentWithBorrower,
} from './payments.repository';
import { storedPaymentTotal } from './payment-total';

/*
 * A payment whose posting job died (issue 24 item 3). The job queue retries a post for about two
 * days (payment-posting.ts); past its retries, or refused for good, the job is dead, and its
 * payment may well have had its money moved (a card charged, a debit sent) without the core
 * posting it. Before this, the payment sat in 'settling' until housekeeping deleted the dead job
 * a month later and the next run queued it again: it posted a month late, unannounced.
 *
 * Now, in the transaction that marks the job dead (the queue's `onDead`), the payment moves to
 * 'needsReview' (a guarded update: only from 'scheduled' or 'settling', so a payment that posted
 * or failed meanwhile is left alone, and a second death changes nothing), its timeline row is
 * written, the borrower's notice is queued (`emailTexts.paymentNeedsReview*`, when there is an
 * address) and a 'paymentReview' item goes to the institution's work queue: the three exist
 * exactly when the move does. Nothing queues a 'needsReview' payment again (payments.repository
 * `listDuePaymentIds`); what becomes of it is staff's decision: Post again (payments-staff.ts,
 * `resumeReviewedPayment` and the revived job), or reversing the money outside the portal.
 *
 * Everything is read through the transaction (PGlite lends its one connection to a transaction
 * whole: a read through another connection would wait for the commit forever), so the wording
 * comes from the institution's published settings read there, not the settings cache.
 */

export interface PaymentNeedsReviewDeps {
  clock: Clock;
  mail: Pick<MailService, 'prepare' | 'deliverSoon'>;
  /** The staff's alert; without it (a worker built alone in a test) no item is made. */
  workQueue?: Pick<WorkQueueService, 'submit'>;
}

/** The payment id of a 'payments.post' job's payload; undefined for anything else. */
export function paymentIdOfPostPayload(payload: unknown): string | undefined {
  if (typeof payload !== 'object' || payload === null || !('paymentId' in payload)) {
    return undefined;
  }
  return typeof payload.paymentId === 'string' ? payload.paymentId : undefined;
}

/** The work item of a payment to review: no card or account number, the loan masked. */
function reviewItemOf(
  payment: PaymentWithBorrower,
  method: string,
  reason: string,
  attempts: number,
): NewWorkItem {
  const loan = maskAccountNumber(payment.loan_number);
  const amount = formatUsd(storedPaymentTotal(payment));
  return {
    institutionId: payment.institution_id,
    kind: 'paymentReview',
    userId: payment.user_id,
    senderName: payment.borrower_name || payment.logon_name || 'A borrower',
    senderEmail: payment.recipient,
    summary: `Payment ${payment.reference_number}: ${amount} on ${formatUsDate(payment.pay_date)} for loan ${loan} did not post`,
    details: {
      // The admin's work item links to the payment's page by it (not shown as a line).
      paymentId: payment.id,
      confirmationNumber: payment.reference_number,
      loan,
      paymentDate: formatUsDate(payment.pay_date),
      amount,
      method,
      logonName: payment.logon_name,
      status: PAYMENT_STATUS_LABELS.needsReview,
      attempts,
      lastError: reason,
      whatToDo:
        'The posting stopped after its retries and will not be tried again on its own. Check ' +
        'with the card or ACH processor and the core whether the money moved and whether the ' +
        'payment posted, then settle it with the borrower. Open it under Payments for its timeline.',
    },
    reference: payment.id,
  };
}

/**
 * A servicing core's work item about one payment, once per payment (`reference`): the summary
 * after "Payment <confirmation>: <total> for loan <masked>", the payment's facts, then what the
 * case adds. No card or account number; the loan masked.
 */
function coreReviewItem(
  payment: PaymentRow,
  item: {
    summary: string;
    status: keyof typeof PAYMENT_STATUS_LABELS;
    details: Record<string, string>;
    whatToDo: string;
    reference: string;
    /** Who raised it: the servicing core unless said. */
    senderName?: string;
  },
): NewWorkItem & { reference: string } {
  const loan = maskAccountNumber(payment.loan_number);
  const amount = formatUsd(storedPaymentTotal(payment));
  return {
    institutionId: payment.institution_id,
    kind: 'paymentReview',
    userId: payment.user_id,
    senderName: item.senderName ?? 'Servicing core',
    senderEmail: '',
    summary: `Payment ${payment.reference_number}: ${amount} for loan ${loan}${item.summary}`,
    details: {
      paymentId: payment.id,
      confirmationNumber: payment.reference_number,
      loan,
      paymentDate: formatUsDate(payment.pay_date),
      ...item.details,
      amount,
      status: PAYMENT_STATUS_LABELS[item.status],
      whatToDo: item.whatToDo,
    },
    reference: item.reference,
  };
}

/**
 * The work item of a payment the core credited as of a day after its payment date (the
 * settlement's `onLateCredit`): posted, but the days between may have cost the borrower interest
 * or a late fee that crediting on the date would not have.
 */
export function lateCreditItem(
  payment: PaymentRow,
  creditedOn: string,
): NewWorkItem & { reference: string } {
  return coreReviewItem(payment, {
    summary: `, dated ${formatUsDate(payment.pay_date)}, was credited as of ${formatUsDate(creditedOn)}`,
    status: 'posted',
    details: { creditedOn: formatUsDate(creditedOn) },
    whatToDo:
      'The core could not replay the loan from the payment date, so it credited the payment ' +
      'as of a later day. A payment is to be credited as of the day it was received: check ' +
      'the interest and any late fee the later day charged, and reverse them in the core.',
    reference: `late-credit:${payment.id}`,
  });
}

/**
 * Staff's work item for a bank-account payment the core refused for good after its debit was
 * taken (the settlement's `onCoreRefusal`): the payment failed (ContactUs), and the borrower's
 * money is on its way to the institution, which must give it back.
 */
export function refusedAfterDebitItem(
  payment: PaymentRow,
  reason: string,
): NewWorkItem & { reference: string } {
  return coreReviewItem(payment, {
    summary: ` was debited from the borrower's bank account, and the core refused it (${reason})`,
    status: 'failed',
    details: { reason },
    whatToDo:
      'The bank debit was sent, and the core would not post the payment, so the loan does not ' +
      "show it. Give the borrower's money back (a credit entry, or a refund by check) or post " +
      'it in the core by hand, and tell the borrower. If the bank returns the debit, the return ' +
      'comes here too.',
    reference: `core-refused:${payment.id}`,
  });
}

/**
 * Staff's work item for a card payment whose refund stopped halfway (payments-staff.ts `refund`):
 * the core reversed its posting, so the loan owes it again, and the card processor refused to
 * refund the charge or did not answer. The borrower has paid and is not credited until it is
 * finished; once per payment.
 */
export function refundLeftHalfDoneItem(
  payment: PaymentRow,
  facts: { coreReversal: string; chargeId: string; processorAnswer: string },
): NewWorkItem & { reference: string } {
  return coreReviewItem(payment, {
    summary: `: the core reversed it for a refund, and the card was not refunded (${facts.processorAnswer})`,
    status: 'posted',
    details: {
      coreReversal: facts.coreReversal,
      cardCharge: facts.chargeId,
      processorAnswer: facts.processorAnswer,
    },
    whatToDo:
      "The loan no longer shows this payment, and the borrower's money has not gone back to " +
      'the card. Open the payment under Payments and choose Refund again: it finishes the ' +
      'refund without reversing the loan twice. If the card cannot take a refund (closed or ' +
      'expired), give the money back another way (a check or a credit to a bank account), record ' +
      'it on the payment with Refunded another way, and tell the borrower.',
    reference: `refund-half-done:${payment.id}`,
    senderName: 'Card processor',
  });
}

export function createPaymentNeedsReview(deps: PaymentNeedsReviewDeps) {
  const { clock, mail, workQueue } = deps;
  return {
    /**
     * The posting queue's `onDead`: in `trx`, the transaction that marks the job dead, moves the
     * job's payment to 'needsReview' with its timeline row, the borrower's notice and the staff's
     * work item. False when the payment was not pending (nothing is written).
     */
    async onPostingDead(
      job: { payload: unknown; attempts: number },
      error: string,
      trx: Kysely<Database>,
    ): Promise<boolean> {
      const paymentId = paymentIdOfPostPayload(job.payload);
      if (!paymentId) return false;
      const payment = await findPaymentWithBorrower(trx, paymentId);
      if (!payment || (payment.status !== 'scheduled' && payment.status !== 'settling')) {
        return false;
      }
      const { institution, settings } = await readInstitutionWithin(trx, payment.institution_id);
      const notice =
        payment.recipient === ''
          ? undefined
          : mail.prepare(
              paymentNeedsReviewEmail({
                settings,
                institutionName: institution?.name ?? '',
                to: payment.recipient,
                payment,
              }),
            );
      const marked = await markPaymentNeedsReview(
        trx,
        payment.id,
        { at: clock.now(), detail: error },
        notice,
      );
      if (!marked) return false;
      await workQueue?.submit(
        reviewItemOf(payment, methodText(settings, payment), error, job.attempts),
        trx,
      );
      // Inside the job's transaction the nudge may come before its commit: the queue's next
      // round then finds the notice's delivery job.
      if (notice) mail.deliverSoon();
      return true;
    },
  };
}
