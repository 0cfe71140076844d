import { z } from 'zod';
import { isCalendarDate } from '../rules/calendar';

/*
 * The daily reconciliation (issue 24): each day, after the core's end of day, the portal's
 * payments of the day are matched by payment id with the core's postings, the card processor's
 * charges and the ACH processor's debits and returns (the id is every outside call's key). A
 * payment on which the systems disagree is a mismatch, shown to staff with every system's item.
 * Money in integer cents (the admin API is ours, not the specs' dollars on the wire).
 */

const CalendarDateText = z.string().refine(isCalendarDate, 'A date is YYYY-MM-DD.');

/** What can be wrong with a payment, as a reconciliation finds it. */
export const RECONCILIATION_PROBLEM_KINDS = [
  /** A charge approved or a debit sent, and no core posting. */
  'moneyWithoutPosting',
  /** A core posting, and no money moved (no approved charge, no debit). */
  'postingWithoutMoney',
  /** Two systems' amounts differ. */
  'amountDiffers',
  /** The portal's status says otherwise (posted in the portal and not in the core, ...). */
  'statusDisagrees',
  /** The processor returned the debit and the core's posting still stands. */
  'notReversed',
  /** An ACH debit of a day over for more than a day is in no sealed file: never sent. */
  'debitNotSent',
  /** An outside system has it, and the portal has no such payment. */
  'unknownToPortal',
] as const;
export const ReconciliationProblemKind = z.enum(RECONCILIATION_PROBLEM_KINDS);
export type ReconciliationProblemKind = z.infer<typeof ReconciliationProblemKind>;

/** How staff read each kind (the admin's Reconciliation page). */
export const RECONCILIATION_PROBLEM_LABELS: Readonly<Record<ReconciliationProblemKind, string>> = {
  moneyWithoutPosting: 'Money moved, not posted',
  postingWithoutMoney: 'Posted, no money moved',
  amountDiffers: 'Amounts differ',
  statusDisagrees: 'Status disagrees',
  notReversed: 'Returned, not reversed',
  debitNotSent: 'Debit never sent',
  unknownToPortal: 'Unknown to the portal',
};

export const ReconciliationProblem = z.object({
  kind: ReconciliationProblemKind,
  /** One sentence for staff, naming the systems and the figures. */
  detail: z.string(),
});
export type ReconciliationProblem = z.infer<typeof ReconciliationProblem>;

/** The portal's payment: the Payment Total moved, and what the core is posted (no fees). */
export const ReconciliationPortalItem = z.object({
  referenceNumber: z.string(),
  /** A payment status (api/payment-timeline.ts), or 'returned'. */
  status: z.string(),
  payDate: CalendarDateText,
  method: z.enum(['card', 'ach']),
  /** Amount, additional principal and fees: the charge or debit. */
  totalCents: z.number().int(),
  /** Amount and additional principal: the core's posting. */
  postedCents: z.number().int(),
  coreReference: z.string().nullable(),
});
export type ReconciliationPortalItem = z.infer<typeof ReconciliationPortalItem>;

export const ReconciliationCardItem = z.object({
  chargeId: z.string(),
  status: z.enum(['approved', 'declined']),
  amountCents: z.number().int(),
  refunded: z.boolean(),
  /** ISO 8601. */
  chargedAt: z.string(),
});
export type ReconciliationCardItem = z.infer<typeof ReconciliationCardItem>;

export const ReconciliationAchItem = z.object({
  traceNumber: z.string(),
  amountCents: z.number().int(),
  processingDate: CalendarDateText,
  filed: z.boolean(),
  /** R01..., once returned. */
  returnReasonCode: z.string().nullable(),
});
export type ReconciliationAchItem = z.infer<typeof ReconciliationAchItem>;

export const ReconciliationCoreItem = z.object({
  reference: z.string(),
  date: CalendarDateText,
  amountCents: z.number().int(),
  reversed: z.boolean(),
});
export type ReconciliationCoreItem = z.infer<typeof ReconciliationCoreItem>;

/** Each system's item of the payment; null where the system has none. */
export const ReconciliationItems = z.object({
  portal: ReconciliationPortalItem.nullable(),
  card: ReconciliationCardItem.nullable(),
  ach: ReconciliationAchItem.nullable(),
  core: ReconciliationCoreItem.nullable(),
});
export type ReconciliationItems = z.infer<typeof ReconciliationItems>;

export const ReconciliationMismatch = z.object({
  /** The key every system knows it by (the portal payment's id). */
  paymentId: z.string(),
  problems: z.array(ReconciliationProblem).min(1),
  items: ReconciliationItems,
});
export type ReconciliationMismatch = z.infer<typeof ReconciliationMismatch>;

const SystemTotal = z.object({ count: z.number().int(), cents: z.number().int() });

/**
 * A run's figures of the day's payments (those dated the day) per system: the portal's payments
 * taken (posted, processing, under review, returned or refunded, their totals with fees), their
 * approved charges (refunded since or not), their debits sent (in a sealed file), and the core's
 * postings (without fees), wherever each system lists them. A charge refunded because its payment
 * failed counts nowhere. The server counts the payments in flight and the refunds itself
 * (`inFlight`, `refunded`): nothing is read from differences of the totals.
 */
export const ReconciliationTotals = z.object({
  portal: SystemTotal,
  card: SystemTotal,
  ach: SystemTotal,
  core: SystemTotal,
  /**
   * Of the day's payments, those the bank sent back as each system has them: the portal's
   * Returned payments (totals with fees), the ACH processor's returned debits, the core's reversed
   * postings (without fees). Absent from a run made before returns were counted.
   */
  returned: z.object({ portal: SystemTotal, ach: SystemTotal, core: SystemTotal }).optional(),
  /**
   * The day's payments in flight (the admin's Processing), totals with fees: those the portal
   * counts whose money has not moved yet (no approved card charge, no ACH debit sent: the debit
   * waits for its file, or none was taken yet) and that are no mismatch. They count on the
   * portal's side only, so on a day with no mismatch the portal's total less the card's and the
   * ACH's is exactly this. Absent from a run stored before migration 0051: such a run is out of
   * date and is made again (the end of day does, within `RECONCILIATION_CATCH_UP_DAYS`).
   */
  inFlight: SystemTotal.optional(),
  /**
   * Of the day's payments, those staff refunded since, as each system has them: the portal's
   * Refunded payments (totals with fees), the card processor's refunded charges of them (none for
   * a payment refunded another way: its charge stands), the core's postings reversed by the
   * refund (without fees). Absent from a run stored before migration 0051.
   */
  refunded: z.object({ portal: SystemTotal, card: SystemTotal, core: SystemTotal }).optional(),
});
export type ReconciliationTotals = z.infer<typeof ReconciliationTotals>;

/**
 * How far back the end of day reconciles days with no current run (none, or one stored before
 * migration 0051) after the server or the core was stopped: about three months, the days staff
 * see. Older days are reconciled when staff ask.
 */
export const RECONCILIATION_CATCH_UP_DAYS = 90;

export const ReconciliationRunSummary = z.object({
  date: CalendarDateText,
  trigger: z.enum(['daily', 'staff']),
  /** ISO 8601. */
  ranAt: z.string(),
  durationMs: z.number().int(),
  /** 0: the day balances. */
  mismatchCount: z.number().int(),
  totals: ReconciliationTotals,
});
export type ReconciliationRunSummary = z.infer<typeof ReconciliationRunSummary>;

/**
 * `GET /admin-api/institutions/:slug/reconciliations`: the institution's runs, newest day first
 * (the last 90). Every role of the institution; another institution's staff get 404.
 */
export const ReconciliationRunListResponse = z.object({
  runs: z.array(ReconciliationRunSummary),
});
export type ReconciliationRunListResponse = z.infer<typeof ReconciliationRunListResponse>;

/**
 * `GET /admin-api/institutions/:slug/reconciliations/:date`: the day's run with its mismatches
 * (404 when the day was not reconciled). `POST` the same address: reconciles the day now
 * (publishers and implementers; a viewer or editor gets 403), replacing the day's run; 201 with
 * it.
 */
export const ReconciliationRunDetail = ReconciliationRunSummary.extend({
  mismatches: z.array(ReconciliationMismatch),
});
export type ReconciliationRunDetail = z.infer<typeof ReconciliationRunDetail>;

export const ReconciliationDate = CalendarDateText;
