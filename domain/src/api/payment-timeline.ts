import { z } from 'zod';
import { Envelope } from '../envelope';
import { isCalendarDate } from '../rules/calendar';
import { holdsLongNumber, NOTE_NUMBER_MESSAGE } from '../rules/account-masking';
import { moneyOf } from './money';

/*
 * A payment's lifecycle and its timeline (issue 24 item 3, "Lifecycle of a payment"):
 *
 *   scheduled -> settling -> posted | failed | needsReview     (scheduled -> cancelled)
 *   posted -> returned (ACH) | refunded (card)
 *
 * An immediate payment starts in 'settling'. 'needsReview' is a payment whose posting job died
 * (past its retries, or refused for good) while its money may have moved: nothing posts it
 * again on its own; staff are told (a 'paymentReview' item of the work queue) and so is the
 * borrower (an e-mail); an editor or publisher may post it again (admin payment page, Post again:
 * back to 'settling', its every step keyed so no money moves twice). Each state change is one row of
 * the payment's timeline; 'returned' is the bank's return of its debit; 'refunded' is a posted
 * card payment staff gave back (admin payment page, Refund: the core's posting reversed as of the
 * payment's date, the whole charge refunded, `staffRefundRefusal` says which may be). A 'refunded'
 * timeline row also ends a payment 'failed' whose card charge was given back because the core
 * refused it (payment-settlement.ts).
 *
 * Staff search their institution's payments and open one with its timeline (admin API, below);
 * a borrower reads the state and dates of a payment the portal lists to them (the payment's
 * handle, EncryptedString, as GetPaymentInfo gave it).
 */

export const PAYMENT_STATUSES = [
  'scheduled',
  'settling',
  'posted',
  'failed',
  'cancelled',
  'needsReview',
  // The borrower's bank sent its ACH debit back and the core reversed it (payment-returns.ts).
  'returned',
  // Staff gave a posted card payment back: the core reversed it, the charge was refunded
  // (payments-staff.ts).
  'refunded',
] as const;
export const PaymentStatus = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

/**
 * What a timeline row may say: a status ('refunded' also ends the timeline of a failed payment
 * whose card charge was given back).
 */
export const PAYMENT_EVENT_STATUSES = PAYMENT_STATUSES;
export const PaymentEventStatus = z.enum(PAYMENT_EVENT_STATUSES);
export type PaymentEventStatus = z.infer<typeof PaymentEventStatus>;

/** How staff read each status (the admin's Payments page). Borrowers read the settings' words. */
export const PAYMENT_STATUS_LABELS: Readonly<Record<PaymentEventStatus, string>> = {
  scheduled: 'Scheduled',
  settling: 'Processing',
  posted: 'Posted',
  failed: 'Failed',
  cancelled: 'Cancelled',
  needsReview: 'Needs review',
  returned: 'Returned',
  refunded: 'Refunded',
};

/** A payment's kind as staff read it (payments.kind: domain PaymentKind's three). */
export const StaffPaymentKind = z.enum(['immediate', 'scheduled', 'recurring']);
export type StaffPaymentKind = z.infer<typeof StaffPaymentKind>;

export const PAYMENT_KIND_LABELS: Readonly<Record<StaffPaymentKind, string>> = {
  immediate: 'Pay now',
  scheduled: 'Scheduled',
  recurring: 'Recurring',
};

const CalendarDateText = z.string().refine(isCalendarDate, 'A date is YYYY-MM-DD.');

/** The most payments one search answers (newest payment date first). */
export const STAFF_PAYMENT_SEARCH_LIMIT = 100;

/**
 * `GET /admin-api/institutions/:slug/payments?borrower=&loanNumber=&reference=&from=&to=&status=`:
 * every criterion given must match. `borrower` finds a logon name or a name (part of it, any
 * case); `loanNumber` matches whole (dashes optional) or by its last four digits (as the list
 * masks it: ****2352); `reference` (the confirmation number) matches whole, any case; `from`
 * and `to` bound the payment date (inclusive). No criterion: the newest payments.
 */
export const StaffPaymentSearchQuery = z
  .object({
    borrower: z.string().trim().max(100).optional(),
    loanNumber: z.string().trim().max(40).optional(),
    reference: z.string().trim().max(20).optional(),
    from: CalendarDateText.optional(),
    to: CalendarDateText.optional(),
    status: PaymentStatus.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'The first date comes after the last.',
    path: ['to'],
  });
export type StaffPaymentSearchQuery = z.infer<typeof StaffPaymentSearchQuery>;

/** How the payment was made: its kind and last four digits only, never a full number. */
export const StaffPaymentMethod = z.object({
  isCard: z.boolean(),
  /** The card's brand ('visa', 'master', ...) for a card; null for a bank account. */
  cardType: z.string().nullable(),
  lastFour: z.string().regex(/^\d{1,4}$/),
});
export type StaffPaymentMethod = z.infer<typeof StaffPaymentMethod>;

/** One payment of the search. Amounts in integer cents; times are ISO instants. */
export const StaffPaymentSummary = z.object({
  id: z.uuid(),
  reference: z.string(),
  kind: StaffPaymentKind,
  status: PaymentStatus,
  borrowerName: z.string(),
  logonName: z.string(),
  /** Masked (****2352) in the list; the detail names the loan in full. */
  loanNumber: z.string(),
  payDate: CalendarDateText,
  /** What the borrower pays: amount, additional principal and fees. */
  totalCents: z.number().int(),
  method: StaffPaymentMethod,
  createdAt: z.string(),
  postedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type StaffPaymentSummary = z.infer<typeof StaffPaymentSummary>;

export const StaffPaymentSearchResponse = z.object({
  payments: z.array(StaffPaymentSummary),
  limit: z.number().int(),
});
export type StaffPaymentSearchResponse = z.infer<typeof StaffPaymentSearchResponse>;

/** One state change of a payment. `detail` (staff only): an error key, a dead job's error. */
export const PaymentEvent = z.object({
  at: z.string(),
  status: PaymentEventStatus,
  detail: z.string().nullable(),
});
export type PaymentEvent = z.infer<typeof PaymentEvent>;

/**
 * `GET /admin-api/institutions/:slug/payments/:id`: the payment, its loan in full, its figures
 * and its timeline, oldest first. Every role of the institution; audited (`payment.open`);
 * another institution's staff get 404.
 */
export const StaffPaymentDetail = StaffPaymentSummary.extend({
  amountCents: z.number().int(),
  additionalPrincipalCents: z.number().int(),
  feeCents: z.number().int(),
  /** Why it failed (an error key of spec 001 section 8), when it did. */
  failure: z.string().nullable(),
  coreReference: z.string().nullable(),
  /**
   * How often the card processor refused to refund it for good (the core then took it again):
   * from the first, staff may record it refunded another way (`staffRefundElsewhereRefusal`).
   */
  refundRefusals: z.number().int().min(0),
  events: z.array(PaymentEvent),
});
export type StaffPaymentDetail = z.infer<typeof StaffPaymentDetail>;

/*
 * `POST /admin-api/institutions/:slug/payments/:id/post-again` (no body): a payment that needs
 * review goes back to Processing and its posting is queued again (every step is keyed, so money
 * already moved is not moved twice). Editors and publishers; audited (`payment.postAgain`); 409
 * when it no longer needs review. Answers its StaffPaymentDetail.
 */

/*
 * `POST /admin-api/institutions/:slug/payments/:id/refund` (no body): a posted card payment is
 * given back: the core's posting reversed as of the payment's date, then the whole card charge
 * (fees included) refunded, then the payment marked Refunded with its timeline row and the
 * borrower's e-mail. Every step is keyed by the payment, so a second request (a double click,
 * another instance, a retry after a crash) reverses and refunds nothing more. Editors and
 * publishers; audited (`payment.refund`); 409 with `staffRefundRefusal`'s words for a payment
 * that may not be refunded, and with the core's or the processor's reason when either refuses.
 * Answers its StaffPaymentDetail.
 */

/**
 * Why staff may not refund this payment, or null when they may: a posted card payment only.
 * DECISION: a bank-account (ACH) payment is not refunded here. An ACH debit cannot be pulled back
 * through the processor interface once sent: the institution refunds it by a credit it sends
 * outside the portal, and reverses the posting in the core by hand; the portal says so instead of
 * offering a Refund that would only reverse the loan.
 */
export function staffRefundRefusal(payment: {
  status: PaymentStatus;
  method: { isCard: boolean };
}): string | null {
  if (payment.status === 'refunded') return 'This payment was refunded already.';
  if (!payment.method.isCard) {
    return (
      'A bank-account (ACH) payment cannot be refunded here: an ACH debit cannot be pulled back ' +
      'through the processor. Send the borrower a credit from the institution, and reverse the ' +
      "payment's posting in the core by hand."
    );
  }
  if (payment.status !== 'posted') {
    return `Only a posted payment can be refunded; this one's status is ${PAYMENT_STATUS_LABELS[payment.status]}.`;
  }
  return null;
}

/*
 * `POST /admin-api/institutions/:slug/payments/:id/refunded-elsewhere` (`RefundedElsewhereRequest`):
 * a posted card payment whose card refund the processor refused, given back another way (a check,
 * a credit to a bank account): the core's posting reversed as of the payment's date, then the
 * payment marked Refunded with a timeline row saying how, by whom. Keyed by the payment, so a
 * second request reverses nothing more. Editors and publishers; audited
 * (`payment.refundElsewhere`); 409 with `staffRefundElsewhereRefusal`'s words, or the core's
 * reason when it refuses. No e-mail: staff who gave the money back tell the borrower how.
 * Answers its StaffPaymentDetail.
 */
export const RefundedElsewhereRequest = z.object({
  /** How the money went back, in staff's words ('Check 1042 mailed on Dec 2'). */
  how: z
    .string()
    .trim()
    .min(1, 'Say how the money went back.')
    .max(200)
    .refine((text) => !holdsLongNumber(text), NOTE_NUMBER_MESSAGE),
});
export type RefundedElsewhereRequest = z.infer<typeof RefundedElsewhereRequest>;

/**
 * Why staff may not record this payment refunded another way, or null when they may: a posted
 * card payment whose card refund the processor refused (Refund first: the card is the way back
 * the borrower paid with).
 */
export function staffRefundElsewhereRefusal(payment: {
  status: PaymentStatus;
  method: { isCard: boolean };
  refundRefusals: number;
}): string | null {
  const refusal = staffRefundRefusal(payment);
  if (refusal) return refusal;
  if (payment.refundRefusals === 0) {
    return 'Refund the card first: a payment is recorded as refunded another way only once the card processor has refused to refund it.';
  }
  return null;
}

/*
 * `POST /admin-api/institutions/:slug/payments/:id/close-unpaid` (`CloseUnpaidRequest`): a
 * payment under review whose money never arrived (its bank sent the debit back before it posted,
 * or no charge or debit was made) is closed as Failed: a posting the core holds of it is reversed
 * as of today (`loanDetailsTexts.historyPaymentNotReceivedText`), the timeline says who closed it
 * and why, the borrower is e-mailed that it could not be made. Refused for a card payment whose
 * charge the processor approved and did not refund (the money arrived: refund it). Editors and
 * publishers; audited (`payment.closeUnpaid`); 409 with `staffCloseUnpaidRefusal`'s words.
 * Answers its StaffPaymentDetail.
 */
export const CloseUnpaidRequest = z.object({
  /** What staff found ('The bank returned the debit R01; the core holds no posting'). */
  note: z
    .string()
    .trim()
    .min(1, 'Say what you found.')
    .max(200)
    .refine((text) => !holdsLongNumber(text), NOTE_NUMBER_MESSAGE),
});
export type CloseUnpaidRequest = z.infer<typeof CloseUnpaidRequest>;

/** Why staff may not close this payment as not paid, or null when they may: one under review. */
export function staffCloseUnpaidRefusal(payment: { status: PaymentStatus }): string | null {
  if (payment.status === 'needsReview') return null;
  return `Only a payment under review can be closed as not paid; this one's status is ${PAYMENT_STATUS_LABELS[payment.status]}.`;
}

export const StaffPaymentId = z.uuid();

/**
 * `GET /api/PaymentScheduled/Timeline?EncryptedString=&LoanAccountNumber=`: the state and dates
 * of a payment the portal lists to the borrower (its handle from GetPaymentInfo), oldest first.
 * A handle made for another user, or a loan that is not the caller's, answers 404 NotFound.
 */
export const PAYMENT_TIMELINE_PATH = '/api/PaymentScheduled/Timeline';

export const PaymentTimelineQuery = z.object({
  EncryptedString: z
    .string()
    .min(1)
    .max(1000)
    .regex(/^[\x21-\x7E]+$/),
  LoanAccountNumber: z.string().min(1).max(40),
});
export type PaymentTimelineQuery = z.infer<typeof PaymentTimelineQuery>;

export const PaymentTimelineEvent = z.object({
  Status: PaymentEventStatus,
  /** An ISO instant; the portal shows it in the institution's zone. */
  At: z.string(),
});
export type PaymentTimelineEvent = z.infer<typeof PaymentTimelineEvent>;

export const PaymentTimelineResponse = Envelope.extend({
  Status: PaymentStatus,
  PaymentDate: CalendarDateText,
  /** The payment's confirmation number, as its receipt says it. */
  ConfirmationNumber: z.string().max(40),
  /** What was (or will be) paid: the payment, its additional principal and its fees. */
  PaymentAmount: moneyOf(z.number().min(0).max(99_999_999)),
  IsCard: z.boolean(),
  /** The card's or bank account's last four digits. */
  AccountNumber: z.string().regex(/^\d{0,4}$/),
  /** A returned payment's reason in the bank's words ('Insufficient funds'); '' otherwise. */
  ReturnReason: z.string().max(100),
  /** Why a failed payment failed, in the institution's words (its e-mail's); '' otherwise. */
  FailureReason: z.string().max(500),
  /** Refunded another way (a check), not to the card, which refused it; absent otherwise. */
  RefundedElsewhere: z.literal(true).optional(),
  /** Submitted with Pay off ticked: the details say it is a payoff. Absent otherwise. */
  IsPayoff: z.boolean().optional(),
  /**
   * A payoff still waiting for its date that no longer pays the loan off then (a payment returned
   * or a fee charged since it was scheduled): what the loan will still owe once it is credited,
   * by the payoff quoted for its date less the payments in flight and scheduled before it. Absent
   * otherwise.
   */
  PayoffShortBy: moneyOf(z.number().min(0).max(99_999_999)).optional(),
  Events: z.array(PaymentTimelineEvent),
});
export type PaymentTimelineResponse = z.infer<typeof PaymentTimelineResponse>;
