import {
  addDays,
  type CalendarDate,
  formatUsd,
  paymentTotal,
  type ReconciliationItems,
  type ReconciliationMismatch,
  type ReconciliationProblem,
  type ReconciliationTotals,
} from '@portal/domain';
import type { AchDebitRecord } from '../../core/ach/ach-processor';
import type { CardChargeRecord } from '../../core/card-processor';
import { paymentIdOfPostingKey, repostNumberOf } from '../../core/posting-keys';
import type { CorePostingRecord } from '../../core/servicing-core';
import type { PortalPaymentRow } from './reconciliation.repository';

/*
 * The matching of one day, pure: what each system did, in, the day's totals and the payments out
 * of balance, out. Every outside call of a payment is keyed by its id (the card charge's and the
 * ACH debit's idempotency key, the core's posting key), so the systems' items are matched by it.
 *
 * Which payments a day judges: the portal's payments dated that day, and every key an outside
 * system lists for the day (a charge made, a debit taken, a posting credited as of it). Their
 * counterparts are looked up in the systems' lists of the day before and the week after too
 * (`around`, up to the run's today): an immediate ACH payment made after the cut-off is debited
 * today and dated the next business day, a posting job may finish past midnight, and a scheduled
 * date is drawn days late when the server was stopped on it. Only the day's own items make its
 * totals.
 */

export interface DayLists {
  charges: readonly CardChargeRecord[];
  debits: readonly AchDebitRecord[];
  postings: readonly CorePostingRecord[];
}

export interface DayMatchInput {
  /** The portal's payments dated the day. */
  portalOfDay: readonly PortalPaymentRow[];
  /** The portal's payments by id: those of the day and any other an outside key named. */
  portalById: ReadonlyMap<string, PortalPaymentRow>;
  /** What each outside system listed for the day. */
  ofDay: DayLists;
  /** What each listed for the day and the days either side (lookups only). */
  around: DayLists;
  /** The institution's today when the run is made (a debit's file may still be made). */
  today: CalendarDate;
}

export interface DayMatch {
  totals: ReconciliationTotals;
  mismatches: ReconciliationMismatch[];
}

/**
 * Portal statuses whose payment the portal counts as taken (its money moved or is moving). Not
 * 'refunded': a card payment staff refunded gave its money back, and counts on no side of the
 * day's totals (the card processor's leaves out refunded charges, the core's its reversed
 * posting: `refundedInPortal`).
 */
const TAKEN_STATUSES: ReadonlySet<string> = new Set([
  'posted',
  'settling',
  'needsReview',
  'returned',
]);
/** Portal statuses that say the core must not hold the payment. */
const NOT_POSTED_STATUSES: ReadonlySet<string> = new Set(['scheduled', 'failed', 'cancelled']);

/** The Payment Total the charge or debit moves: amount, additional principal and both fees. */
export function portalTotalCents(payment: PortalPaymentRow): number {
  return paymentTotal({
    amountCents: payment.amount_cents,
    additionalPrincipalCents: payment.additional_principal_cents,
    firstPartyFeeCents: payment.first_party_fee_cents,
    thirdPartyFeeCents: payment.third_party_fee_cents,
  });
}

/** What the core is posted: the amount and the additional principal (fees are the institution's). */
export function portalPostedCents(payment: PortalPaymentRow): number {
  return payment.amount_cents + payment.additional_principal_cents;
}

/**
 * Each payment's latest posting, under the payment's id: a payment whose card refund the processor
 * refused was posted again under a key of its own (core/posting-keys.ts), and that re-post is the
 * payment's posting now; the reversed one before it was undone by it and counts nowhere.
 */
export function latestPostings(postings: readonly CorePostingRecord[]): CorePostingRecord[] {
  const latest = new Map<string, CorePostingRecord>();
  for (const posting of postings) {
    const paymentId = paymentIdOfPostingKey(posting.postingKey);
    const before = latest.get(paymentId);
    if (!before || repostNumberOf(posting.postingKey) > repostNumberOf(before.postingKey)) {
      latest.set(paymentId, posting);
    }
  }
  return [...latest.entries()].map(([paymentId, posting]) => ({
    ...posting,
    postingKey: paymentId,
  }));
}

function byKey<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T> {
  const map = new Map<string, T>();
  for (const item of items) map.set(keyOf(item), item);
  return map;
}

function itemsOf(
  portal: PortalPaymentRow | undefined,
  charge: CardChargeRecord | undefined,
  debit: AchDebitRecord | undefined,
  posting: CorePostingRecord | undefined,
): ReconciliationItems {
  return {
    portal: portal
      ? {
          referenceNumber: portal.reference_number,
          status: portal.status,
          payDate: portal.pay_date,
          method: portal.is_card ? 'card' : 'ach',
          totalCents: portalTotalCents(portal),
          postedCents: portalPostedCents(portal),
          coreReference: portal.core_reference,
        }
      : null,
    card: charge
      ? {
          chargeId: charge.chargeId,
          status: charge.status,
          amountCents: charge.amountCents,
          refunded: charge.refunded,
          chargedAt: charge.chargedAt.toISOString(),
        }
      : null,
    ach: debit
      ? {
          traceNumber: debit.traceNumber,
          amountCents: debit.amountCents,
          processingDate: debit.processingDate,
          filed: debit.filed,
          returnReasonCode: debit.returnReasonCode,
        }
      : null,
    core: posting
      ? {
          reference: posting.reference,
          date: posting.date,
          amountCents: posting.amountCents,
          reversed: posting.reversed,
        }
      : null,
  };
}

/** What is wrong with one payment, by what each system has of it (none: it balances). */
export function problemsOf(
  portal: PortalPaymentRow | undefined,
  charge: CardChargeRecord | undefined,
  debit: AchDebitRecord | undefined,
  posting: CorePostingRecord | undefined,
  today: CalendarDate,
): ReconciliationProblem[] {
  if (!portal) {
    const holders = [
      charge && 'the card processor',
      debit && 'the ACH processor',
      posting && 'the core',
    ].filter((holder): holder is string => typeof holder === 'string');
    return [
      {
        kind: 'unknownToPortal',
        detail: `Known to ${holders.join(' and ')}; the portal has no such payment.`,
      },
    ];
  }
  const problems: ReconciliationProblem[] = [];
  const add = (kind: ReconciliationProblem['kind'], detail: string) =>
    problems.push({ kind, detail });
  const charged = charge?.status === 'approved' && !charge.refunded;
  const returned = debit?.returnReasonCode ?? null;
  // A debit moved the borrower's money once it was sent (in a file). One waiting for its day's
  // file has its payment waiting too (a bank-account payment posts once its debit is sent:
  // payment-settlement.ts), which is no mismatch; still in no file after the next morning it is
  // one, "Debit never sent" below.
  const debited = debit !== undefined && debit.filed && returned === null;
  const standing = posting !== undefined && !posting.reversed;
  // Staff refunded a posted card payment (payments-staff.ts): the core's posting reversed, the
  // charge refunded, the portal's payment Refunded. Each of the three is keyed by the payment,
  // so all three or a mismatch.
  const chargeRefunded = charge?.status === 'approved' && charge.refunded;

  if (posting === undefined && charged) {
    add(
      'moneyWithoutPosting',
      `The card charge of ${formatUsd(charge.amountCents)} was approved; the core has no posting.`,
    );
  } else if (posting === undefined && debited) {
    add(
      'moneyWithoutPosting',
      `The ACH debit of ${formatUsd(debit.amountCents)} was sent; the core has no posting.`,
    );
  }
  if (standing && !charged && debit === undefined) {
    add(
      'postingWithoutMoney',
      `The core posted ${formatUsd(posting.amountCents)}; no card charge was approved and no ACH debit was taken.`,
    );
  }

  // A day's debits go in its file by the next morning at the latest (a debit after the day's
  // last file is filed then: builtin-ach-processor.ts); one still in no file after that was
  // never sent, whatever the loan shows: the borrower's money did not move.
  if (debit && !debit.filed && debit.processingDate < addDays(today, -1)) {
    add(
      'debitNotSent',
      `The ACH debit of ${formatUsd(debit.amountCents)} taken on ${debit.processingDate} is in no file: it was never sent to the bank.`,
    );
  }

  const total = portalTotalCents(portal);
  if (charge?.status === 'approved' && charge.amountCents !== total) {
    add(
      'amountDiffers',
      `The card charge is ${formatUsd(charge.amountCents)}; the portal's payment total is ${formatUsd(total)}.`,
    );
  }
  if (debit && debit.amountCents !== total) {
    add(
      'amountDiffers',
      `The ACH debit is ${formatUsd(debit.amountCents)}; the portal's payment total is ${formatUsd(total)}.`,
    );
  }
  const posted = portalPostedCents(portal);
  if (posting && posting.amountCents !== posted) {
    add(
      'amountDiffers',
      `The core posted ${formatUsd(posting.amountCents)}; the portal's payment is ${formatUsd(posted)} without fees.`,
    );
  }

  if (portal.status === 'posted' && posting === undefined) {
    add('statusDisagrees', 'Posted in the portal; the core has no posting.');
  }
  if (NOT_POSTED_STATUSES.has(portal.status) && standing) {
    add(
      'statusDisagrees',
      `The payment is ${portal.status} in the portal; the core has it posted.`,
    );
  }
  if (portal.is_card && debit) {
    add('statusDisagrees', 'A card payment in the portal; the ACH processor took a debit for it.');
  }
  if (!portal.is_card && charge) {
    add(
      'statusDisagrees',
      'A bank payment in the portal; the card processor charged a card for it.',
    );
  }
  if (returned !== null && portal.status !== 'returned') {
    add(
      'statusDisagrees',
      `The ACH processor returned the debit (${returned}); the payment is ${portal.status} in the portal.`,
    );
  }
  if (portal.status === 'returned' && returned === null) {
    add('statusDisagrees', 'Returned in the portal; the ACH processor has no return of it.');
  }
  if (returned !== null && standing) {
    add(
      'notReversed',
      `The ACH processor returned the debit (${returned}); the core's posting is not reversed.`,
    );
  }
  if (posting?.reversed && returned === null) {
    if (!portal.is_card) {
      add('statusDisagrees', 'Reversed in the core; the ACH processor has no return of it.');
    } else if (portal.status === 'posted') {
      add(
        'statusDisagrees',
        "Reversed in the core; posted in the portal: a refund that did not finish (Refund on the payment's page finishes it, reversing and refunding nothing twice).",
      );
    } else if (portal.status !== 'refunded') {
      add(
        'statusDisagrees',
        `Reversed in the core; the payment is ${portal.status} in the portal.`,
      );
    }
  }
  if (portal.status === 'refunded') {
    // Given back another way (a check) after the processor refused: the charge stands, and a
    // refund of it as well would have given the money back twice.
    if (portal.refunded_elsewhere && chargeRefunded) {
      add(
        'statusDisagrees',
        'Refunded another way in the portal, and the card processor refunded its charge too: given back twice.',
      );
    } else if (!portal.refunded_elsewhere && !chargeRefunded) {
      add(
        'statusDisagrees',
        'Refunded in the portal; the card processor has no refund of its charge.',
      );
    }
    if (posting === undefined) {
      add('statusDisagrees', 'Refunded in the portal; the core has no posting of it.');
    } else if (standing) {
      add('statusDisagrees', "Refunded in the portal; the core's posting is not reversed.");
    }
  }
  return problems;
}

function sum<T>(items: readonly T[], cents: (item: T) => number) {
  let total = 0;
  for (const item of items) total += cents(item);
  return { count: items.length, cents: total };
}

/** The day's totals per system, and its payments out of balance (ordered by payment id). */
export function matchDay(input: DayMatchInput): DayMatch {
  const { portalOfDay, portalById, today } = input;
  const ofDay = { ...input.ofDay, postings: latestPostings(input.ofDay.postings) };
  const around = { ...input.around, postings: latestPostings(input.around.postings) };
  const charges = byKey(around.charges, (charge) => charge.idempotencyKey);
  const debits = byKey(around.debits, (debit) => debit.idempotencyKey);
  const postings = byKey(around.postings, (posting) => posting.postingKey);

  /** A reversed posting of a payment the portal has as refunded: a refund, not a return. */
  const refundedInPortal = (posting: CorePostingRecord) =>
    posting.reversed && portalById.get(posting.postingKey)?.status === 'refunded';

  const subjects = new Set<string>();
  for (const payment of portalOfDay) subjects.add(payment.id);
  for (const charge of ofDay.charges) subjects.add(charge.idempotencyKey);
  for (const debit of ofDay.debits) subjects.add(debit.idempotencyKey);
  for (const posting of ofDay.postings) subjects.add(posting.postingKey);

  const mismatches: ReconciliationMismatch[] = [];
  for (const paymentId of [...subjects].sort()) {
    const portal = portalById.get(paymentId);
    const charge = charges.get(paymentId);
    const debit = debits.get(paymentId);
    const posting = postings.get(paymentId);
    const problems = problemsOf(portal, charge, debit, posting, today);
    if (problems.length > 0) {
      mismatches.push({ paymentId, problems, items: itemsOf(portal, charge, debit, posting) });
    }
  }

  return {
    totals: {
      portal: sum(
        portalOfDay.filter((payment) => TAKEN_STATUSES.has(payment.status)),
        portalTotalCents,
      ),
      // A charge whose payment was given back another way is not the institution's to keep.
      card: sum(
        ofDay.charges.filter(
          (charge) =>
            charge.status === 'approved' &&
            !charge.refunded &&
            portalById.get(charge.idempotencyKey)?.refunded_elsewhere !== true,
        ),
        (charge) => charge.amountCents,
      ),
      ach: sum(ofDay.debits, (debit) => debit.amountCents),
      core: sum(
        ofDay.postings.filter((posting) => !refundedInPortal(posting)),
        (posting) => posting.amountCents,
      ),
      returned: {
        portal: sum(
          portalOfDay.filter((payment) => payment.status === 'returned'),
          portalTotalCents,
        ),
        ach: sum(
          ofDay.debits.filter((debit) => debit.returnReasonCode !== null),
          (debit) => debit.amountCents,
        ),
        core: sum(
          ofDay.postings.filter((posting) => posting.reversed && !refundedInPortal(posting)),
          (posting) => posting.amountCents,
        ),
      },
    },
    mismatches,
  };
}
