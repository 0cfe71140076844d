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
 * Which payments a day judges (decision, see reconciliation.service.ts): the portal's payments
 * dated that day, each with its charge, debit and posting whatever day the processor or the core
 * lists them under (`found`: the service looks them up), and each key an outside system lists for
 * the day that no payment of the portal has (unknown to the portal). An item of a payment dated
 * another day is that day's, on every side: a scheduled date drawn days late (the server was
 * stopped on it) has its debit on a later processing day and its posting as of its date, and an
 * immediate ACH payment made after the cut-off is debited the day before its date; each is judged
 * and counted once, under its date, never under the day its money moved as well.
 *
 * The totals compare like with like: each side counts what it has of the day's payments (and the
 * unknown items it lists for the day), a payment given back later included (a return or a refund
 * is a later event of the same payment, broken out for returns in `returned`):
 * - portal: its payments taken (posted, processing or under review, returned, refunded), with
 *   fees;
 * - card: the approved charges, with fees (one refunded since counts when the portal has its
 *   payment refunded: it was taken, then given back; a charge given back because its payment
 *   failed was never taken and counts nowhere);
 * - ACH: the debits sent (in a sealed file: the money was asked for), with fees; a debit waiting
 *   for its file has moved nothing yet;
 * - core: the postings (the latest of each payment, reversed since or not), without fees.
 * A payment the portal counts whose money has not moved yet (Processing: its debit waits for its
 * file or was not taken yet) is on the portal's side only: it is in flight, not a mismatch, and
 * counted as such in `inFlight` (the admin shows it as Processing), payment by payment, so on a
 * day with no mismatch `inFlight` is exactly the portal's total less the card's and the ACH's;
 * it counts on every side once its money moved and it posted (the day is answered again each
 * night for a week). Every other difference between the sides is a mismatch of a payment
 * (`problemsOf`). The refunds are counted the same way in `refunded`, as each system has them.
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
  /**
   * Every item found of the day's payments, whatever day it is listed under (the day's own, the
   * days around it, and those looked up for a payment still without one): lookups only.
   */
  found: DayLists;
  /** The institution's today when the run is made (a debit's file may still be made). */
  today: CalendarDate;
}

/** A day's totals as a run counts them now: every figure present. */
export type DayTotals = Required<ReconciliationTotals>;

export interface DayMatch {
  totals: DayTotals;
  mismatches: ReconciliationMismatch[];
}

/**
 * Portal statuses whose payment the portal counts as taken (its money moved or is moving), a
 * payment given back since included: 'returned' (the bank sent its debit back) and 'refunded'
 * (staff gave a posted card payment back), each counted on its day as every other side counts it.
 */
const TAKEN_STATUSES: ReadonlySet<string> = new Set([
  'posted',
  'settling',
  'needsReview',
  'returned',
  'refunded',
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
  } else if (standing && !charged && debit !== undefined && !debit.filed) {
    // A bank payment posts once its debit is sent: posted before, the loan was credited with
    // money not even asked for (and the day's totals would differ with nothing to say why).
    add(
      'postingWithoutMoney',
      `The core posted ${formatUsd(posting.amountCents)}; the ACH debit of ${formatUsd(debit.amountCents)} is in no file yet: the money was not asked for.`,
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

/** What the day lists of one key. */
interface Listed {
  charges: CardChargeRecord[];
  debits: AchDebitRecord[];
  postings: CorePostingRecord[];
}

interface SystemTotal {
  count: number;
  cents: number;
}

function tally(): SystemTotal {
  return { count: 0, cents: 0 };
}

function addTo(total: SystemTotal, cents: number) {
  total.count += 1;
  total.cents += cents;
}

/** The day's totals per system, and its payments out of balance (ordered by payment id). */
export function matchDay(input: DayMatchInput): DayMatch {
  const { portalOfDay, portalById, ofDay, today } = input;
  const charges = byKey(input.found.charges, (charge) => charge.idempotencyKey);
  const debits = byKey(input.found.debits, (debit) => debit.idempotencyKey);
  const postings = byKey(latestPostings(input.found.postings), (posting) => posting.postingKey);

  // The day's subjects: its payments, and the keys the systems list for it that no payment of
  // the portal has. A key of a payment dated another day is judged on that day.
  const unknown = new Map<string, Listed>();
  const unknownOf = (key: string) => {
    const lists = unknown.get(key) ?? { charges: [], debits: [], postings: [] };
    unknown.set(key, lists);
    return lists;
  };
  for (const charge of ofDay.charges) {
    if (!portalById.has(charge.idempotencyKey))
      unknownOf(charge.idempotencyKey).charges.push(charge);
  }
  for (const debit of ofDay.debits) {
    if (!portalById.has(debit.idempotencyKey)) unknownOf(debit.idempotencyKey).debits.push(debit);
  }
  for (const posting of latestPostings(ofDay.postings)) {
    if (!portalById.has(posting.postingKey)) unknownOf(posting.postingKey).postings.push(posting);
  }

  const totals: DayTotals = {
    portal: tally(),
    card: tally(),
    ach: tally(),
    core: tally(),
    returned: { portal: tally(), ach: tally(), core: tally() },
    inFlight: tally(),
    refunded: { portal: tally(), card: tally(), core: tally() },
  };
  /** Counts the charge if the card side has its money moved; answers whether it did. */
  const countCharge = (charge: CardChargeRecord | undefined, givenBack: boolean): boolean => {
    if (charge?.status !== 'approved' || (charge.refunded && !givenBack)) return false;
    addTo(totals.card, charge.amountCents);
    if (charge.refunded) addTo(totals.refunded.card, charge.amountCents);
    return true;
  };
  /** Counts the debit if it was sent; answers whether it was. */
  const countDebit = (debit: AchDebitRecord | undefined): boolean => {
    if (!debit?.filed) return false;
    addTo(totals.ach, debit.amountCents);
    if (debit.returnReasonCode !== null) addTo(totals.returned.ach, debit.amountCents);
    return true;
  };
  const countPosting = (posting: CorePostingRecord | undefined, refund: boolean) => {
    if (!posting) return;
    addTo(totals.core, posting.amountCents);
    // A refund's reversal is no return.
    if (posting.reversed) {
      addTo(refund ? totals.refunded.core : totals.returned.core, posting.amountCents);
    }
  };

  const mismatches: ReconciliationMismatch[] = [];
  /** Lists the payment as a mismatch if anything is wrong with it; answers whether it is. */
  const judge = (
    paymentId: string,
    portal: PortalPaymentRow | undefined,
    charge: CardChargeRecord | undefined,
    debit: AchDebitRecord | undefined,
    posting: CorePostingRecord | undefined,
  ): boolean => {
    const problems = problemsOf(portal, charge, debit, posting, today);
    if (problems.length === 0) return false;
    mismatches.push({ paymentId, problems, items: itemsOf(portal, charge, debit, posting) });
    return true;
  };

  for (const payment of portalOfDay) {
    const charge = charges.get(payment.id);
    const debit = debits.get(payment.id);
    const posting = postings.get(payment.id);
    const refunded = payment.status === 'refunded';
    const taken = TAKEN_STATUSES.has(payment.status);
    const total = portalTotalCents(payment);
    if (taken) addTo(totals.portal, total);
    if (payment.status === 'returned') addTo(totals.returned.portal, total);
    if (refunded) addTo(totals.refunded.portal, total);
    const charged = countCharge(charge, refunded);
    const debited = countDebit(debit);
    countPosting(posting, refunded);
    const mismatched = judge(payment.id, payment, charge, debit, posting);
    // Taken by the portal, no money moved on any side, nothing wrong: in flight.
    if (taken && !charged && !debited && !mismatched) addTo(totals.inFlight, total);
  }
  for (const [key, listed] of unknown) {
    // Counted as the day lists them; judged with whatever any system has of the key.
    listed.charges.forEach((charge) => countCharge(charge, false));
    listed.debits.forEach(countDebit);
    listed.postings.forEach((posting) => countPosting(posting, false));
    judge(key, undefined, charges.get(key), debits.get(key), postings.get(key));
  }
  mismatches.sort((a, b) => (a.paymentId < b.paymentId ? -1 : a.paymentId > b.paymentId ? 1 : 0));

  return { totals, mismatches };
}
