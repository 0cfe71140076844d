import type { Kysely, Selectable } from 'kysely';
import type { Database, PaymentEventsTable, RefundClaim } from '../../db/schema';
import type { PaymentWithBorrower } from './payments.repository';

type Db = Kysely<Database>;

/** What staff search an institution's payments by (every criterion given must match). */
export interface PaymentSearch {
  institutionId: number;
  /** Part of a logon name or a name, any case. */
  borrower?: string | undefined;
  /** The loan number whole (dashes and spaces optional, any case), or its last four digits. */
  loanNumber?: string | undefined;
  /** The confirmation number whole, any case. */
  reference?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  status?: string | undefined;
  limit: number;
}

/** `text` as a LIKE pattern matching it anywhere, its own wildcards taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * An institution's payments matching the search, with their borrowers' names and logon names,
 * newest payment date first.
 */
export async function searchPayments(
  db: Db,
  search: PaymentSearch,
): Promise<PaymentWithBorrower[]> {
  let query = db
    .selectFrom('payments')
    .leftJoin('users', (join) =>
      join
        .onRef('users.id', '=', 'payments.user_id')
        .onRef('users.institution_id', '=', 'payments.institution_id'),
    )
    .leftJoin('customers', 'customers.id', 'users.customer_id')
    .selectAll('payments')
    .select([
      'customers.email as recipient',
      'customers.personal_name as borrower_name',
      'users.username as logon_name',
    ])
    .where('payments.institution_id', '=', search.institutionId);
  if (search.borrower) {
    const pattern = containing(search.borrower);
    query = query.where((eb) =>
      eb.or([
        eb('users.username', 'ilike', pattern),
        eb('customers.personal_name', 'ilike', pattern),
        eb(
          eb.fn('concat_ws', [eb.val(' '), 'customers.first_name', 'customers.last_name']),
          'ilike',
          pattern,
        ),
      ]),
    );
  }
  if (search.loanNumber) {
    // Whole, with or without its dashes and spaces; or its last four digits alone, as the list
    // shows a loan (****2352).
    const typed = search.loanNumber.toUpperCase().replace(/[\s-]/g, '');
    query = query.where((eb) => {
      const digits = eb.fn<string>('translate', [
        eb.fn('upper', ['payments.loan_number']),
        eb.val('- '),
        eb.val(''),
      ]);
      return /^\d{4}$/.test(typed) ? eb(digits, 'like', `%${typed}`) : eb(digits, '=', typed);
    });
  }
  if (search.reference) {
    query = query.where((eb) =>
      eb(eb.fn('upper', ['payments.reference_number']), '=', search.reference?.toUpperCase() ?? ''),
    );
  }
  if (search.from) query = query.where('payments.pay_date', '>=', search.from);
  if (search.to) query = query.where('payments.pay_date', '<=', search.to);
  if (search.status) query = query.where('payments.status', '=', search.status);
  const rows = await query
    .orderBy('payments.pay_date', 'desc')
    .orderBy('payments.created_at', 'desc')
    .orderBy('payments.id')
    .limit(search.limit)
    .execute();
  return rows.map((row) => ({
    ...row,
    recipient: row.recipient ?? '',
    borrower_name: row.borrower_name ?? '',
    logon_name: row.logon_name ?? '',
  }));
}

export type PaymentEventRow = Pick<Selectable<PaymentEventsTable>, 'at' | 'status' | 'detail'>;

/** A payment's timeline, oldest first (the order written within one instant). */
export async function listPaymentEvents(db: Db, paymentId: string): Promise<PaymentEventRow[]> {
  return db
    .selectFrom('payment_events')
    .select(['at', 'status', 'detail'])
    .where('payment_id', '=', paymentId)
    .orderBy('at')
    .orderBy('id')
    .limit(200)
    .execute();
}

/**
 * Writes a 'posted' timeline row on a posted payment unless it has one with the same detail:
 * staff's record of a refund left half done (payments-staff.ts `refund`), once however often the
 * same refusal comes back. Run in a transaction: the payment's row is locked first, so two
 * instances meeting the same refusal write one row. True when the row was written.
 */
export async function recordRefundLeftHalfDone(
  trx: Db,
  paymentId: string,
  event: { at: Date; detail: string },
): Promise<boolean> {
  const payment = await trx
    .selectFrom('payments')
    .select('status')
    .where('id', '=', paymentId)
    .forUpdate()
    .executeTakeFirst();
  if (payment?.status !== 'posted') return false;
  const written = await trx
    .selectFrom('payment_events')
    .select('id')
    .where('payment_id', '=', paymentId)
    .where('status', '=', 'posted')
    .where('detail', '=', event.detail)
    .executeTakeFirst();
  if (written) return false;
  await trx
    .insertInto('payment_events')
    .values({ payment_id: paymentId, at: event.at, status: 'posted', detail: event.detail })
    .execute();
  return true;
}

/**
 * A card refund the processor refused for good, undone in the core by posting the payment again
 * (payments-staff.ts `refund`): the posted payment's refusal count moves from `refusals` to the
 * next, its core reference becomes the re-post's, and its timeline says so, in one statement.
 * False when another request recorded it first (the count moved) or it is no longer posted.
 */
export async function recordRefundRefused(
  trx: Db,
  paymentId: string,
  refused: { refusals: number; at: Date; detail: string; coreReference: string },
): Promise<boolean> {
  const moved = await trx
    .updateTable('payments')
    .set({
      refund_refusals: refused.refusals + 1,
      core_reference: refused.coreReference,
      // Refused for good: the card is no longer the way, so another may be taken.
      refund_claim: null,
    })
    .where('id', '=', paymentId)
    .where('status', '=', 'posted')
    .where('refund_refusals', '=', refused.refusals)
    .returning('id')
    .executeTakeFirst();
  if (!moved) return false;
  await trx
    .insertInto('payment_events')
    .values({ payment_id: paymentId, at: refused.at, status: 'posted', detail: refused.detail })
    .execute();
  return true;
}

/**
 * Counts a refused refund the core would not apply again (payments-staff.ts `refund`): the
 * posted payment's count moves from `refusals` to the next, nothing else. False when another
 * request counted it first or it is no longer posted.
 */
export async function countRefundRefusal(
  trx: Db,
  paymentId: string,
  refusals: number,
): Promise<boolean> {
  const moved = await trx
    .updateTable('payments')
    .set({ refund_refusals: refusals + 1, refund_claim: null })
    .where('id', '=', paymentId)
    .where('status', '=', 'posted')
    .where('refund_refusals', '=', refusals)
    .returning('id')
    .executeTakeFirst();
  return moved !== undefined;
}

/**
 * Claims the posted payment for giving back one way (migration 0049), before any money moves:
 * true when it is claimed for `way` now or was already (a retry of the same way, which finishes
 * what it began), false when the other way holds it or the payment is no longer posted.
 */
export async function claimRefund(db: Db, paymentId: string, way: RefundClaim): Promise<boolean> {
  const claimed = await db
    .updateTable('payments')
    .set({ refund_claim: way })
    .where('id', '=', paymentId)
    .where('status', '=', 'posted')
    .where((eb) => eb.or([eb('refund_claim', 'is', null), eb('refund_claim', '=', way)]))
    .returning('id')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** Releases `way`'s claim on the payment: nothing moved, and the other way may be taken. */
export async function releaseRefundClaim(
  db: Db,
  paymentId: string,
  way: RefundClaim,
): Promise<void> {
  await db
    .updateTable('payments')
    .set({ refund_claim: null })
    .where('id', '=', paymentId)
    .where('refund_claim', '=', way)
    .execute();
}
