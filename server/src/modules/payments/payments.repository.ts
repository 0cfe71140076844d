import { RECENT_PAYMENTS_LISTED, type CalendarDate } from '@portal/domain';
import {
  sql,
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type QueryCreator,
  type Selectable,
  type UpdateObject,
} from 'kysely';
import {
  DELIVERY_JOB_COLUMNS,
  OUTBOX_MESSAGE_COLUMNS,
  deliveryJobSelection,
  outboxMessageSelection,
  type DeliveryJob,
} from '../../db/delivery-job';
import type {
  AchDebitAuthorizationsTable,
  Database,
  OutboxMessagesTable,
  PaymentMethodsTable,
  PaymentsTable,
  RecurringPaymentsTable,
} from '../../db/schema';

type Db = Kysely<Database>;

/**
 * A payment's e-mail as mail.service `prepare` gives it: its outbox row and its delivery job
 * (queue, key prefix, attempts), written by the statement of the payment's change.
 */
export interface PaymentMail {
  message: Insertable<OutboxMessagesTable>;
  job: DeliveryJob;
}

/** A payment not yet final: waiting for its date, or its settlement begun. */
const PENDING = ['scheduled', 'settling'] as const;

/**
 * What the loan's scheduled list shows besides the pending ones: a payment whose posting job
 * died (its money may have moved; staff look at it), shown as posted (not cancellable).
 */
const LISTED = [...PENDING, 'needsReview'] as const;

/**
 * A payment whose money moved or is moving and that the core has not credited: what it brings
 * counts against the payoff (loanAmountInFlight, and the payoff GetPaymentInfo answers).
 */
const IN_FLIGHT = ['settling', 'needsReview'] as const;

/** What a change of payments answers for their timeline (payment_events): each row's id and status. */
type WithChanged = Database & { changed: { id: string; status: string } };

/**
 * The timeline rows of the payments a data-modifying CTE named `changed` changed (their status
 * now), as a CTE of the same statement: the change and its timeline are one statement, so one
 * exists exactly when the other does, in or out of a transaction (migration 0038).
 */
function timelineOfChanged<DB extends WithChanged>(
  cte: QueryCreator<DB>,
  at: Date,
  detail: string | null,
) {
  return (
    cte
      .insertInto('payment_events')
      .columns(['payment_id', 'at', 'status', 'detail'])
      // Written out: the query builder cannot type a CTE of the caller's statement here. The
      // parameters take their columns' types (PostgreSQL types an insert's select list).
      .expression(sql`select changed.id, ${at}, changed.status, ${detail} from changed`)
      .returning('payment_id')
  );
}

export type PaymentRow = Selectable<PaymentsTable>;
export type NewPaymentRow = Insertable<PaymentsTable>;
export type RecurringPaymentRow = Selectable<RecurringPaymentsTable>;
export type NewRecurringPaymentRow = Insertable<RecurringPaymentsTable>;
export type StoredMethodRow = Selectable<PaymentMethodsTable>;

export interface PaymentOwner {
  institutionId: number;
  userId: string;
}

/**
 * The user's card by its processor token: saved, or single-use (made by AddCardPaymentMethod
 * without saving). Undefined for anyone else's.
 */
export async function findUserCard(
  db: Db,
  owner: PaymentOwner,
  profileId: string,
): Promise<StoredMethodRow | undefined> {
  return db
    .selectFrom('payment_methods')
    .selectAll()
    .where('institution_id', '=', owner.institutionId)
    .where('user_id', '=', owner.userId)
    .where('profile_id', '=', profileId)
    .where('is_card', '=', true)
    .orderBy('saved', 'desc')
    .executeTakeFirst();
}

/** The user's saved bank account by its handle; undefined for anyone else's. */
export async function findUserSavedAccount(
  db: Db,
  owner: PaymentOwner,
  profileId: string,
): Promise<StoredMethodRow | undefined> {
  return db
    .selectFrom('payment_methods')
    .selectAll()
    .where('institution_id', '=', owner.institutionId)
    .where('user_id', '=', owner.userId)
    .where('profile_id', '=', profileId)
    .where('is_card', '=', false)
    .where('saved', '=', true)
    .executeTakeFirst();
}

/**
 * Serialises the decisions about one loan's payments (the scheduled-payment quota, one
 * recurring payment) across transactions and server instances until this transaction ends.
 */
export async function lockLoanPayments(
  trx: Db,
  institutionId: number,
  loanNumber: string,
): Promise<void> {
  await sql`select pg_advisory_xact_lock(${institutionId}, hashtext(${`payments:${loanNumber}`}))`.execute(
    trx,
  );
}

/** What the submit rules need of a loan's own payments (read in one statement). */
export interface LoanPaymentFacts {
  /** One-time payments waiting for a later date (the scheduled-payment quota). */
  scheduledCount: number;
  /** One of them not yet settling (GetPaymentInfo's "has scheduled payments"). */
  hasWaitingScheduled: boolean;
  /** A date of the loan's recurring payment is made and waits to post. */
  hasPendingOccurrence: boolean;
  /** The loan has an active recurring payment. */
  hasActiveRecurring: boolean;
}

/**
 * The loan's payment facts in one statement (a submission read them as four: the scheduled list,
 * the pending recurring date, the quota's count and the recurring payment).
 */
export async function loanPaymentFacts(
  db: Db,
  institutionId: number,
  loanNumber: string,
): Promise<LoanPaymentFacts> {
  const row = await db
    .selectFrom('payments')
    .select((eb) => [
      eb.fn.countAll<string>().filterWhere('kind', '=', 'scheduled').as('scheduled_count'),
      sql<boolean>`coalesce(bool_or(kind = 'scheduled' and status = 'scheduled'), false)`.as(
        'has_waiting_scheduled',
      ),
      sql<boolean>`coalesce(bool_or(kind = 'recurring'), false)`.as('has_pending_occurrence'),
      eb
        .exists(
          eb
            .selectFrom('recurring_payments')
            .select('id')
            .where('institution_id', '=', institutionId)
            .where('loan_number', '=', loanNumber)
            .where('status', '=', 'active'),
        )
        .as('has_active_recurring'),
    ])
    .where('institution_id', '=', institutionId)
    .where('loan_number', '=', loanNumber)
    .where('status', 'in', PENDING)
    .executeTakeFirstOrThrow();
  return {
    scheduledCount: Number(row.scheduled_count),
    hasWaitingScheduled: row.has_waiting_scheduled,
    hasPendingOccurrence: row.has_pending_occurrence,
    hasActiveRecurring: Boolean(row.has_active_recurring),
  };
}

/** A scheduled payment as the loan's lists show it. */
export type ListedScheduledPayment = Pick<
  PaymentRow,
  'id' | 'user_id' | 'is_card' | 'last_four' | 'pay_date' | 'amount_cents' | 'status' | 'is_payoff'
>;

/** The active recurring payment as the loan's lists show it. */
export type ListedRecurringPayment = Pick<
  RecurringPaymentRow,
  | 'id'
  | 'user_id'
  | 'is_card'
  | 'last_four'
  | 'recurring_option'
  | 'first_date'
  | 'next_date'
  | 'days_before_due'
  | 'amount_cents'
  | 'additional_principal_cents'
>;

/** A payment of the loan the bank sent back, as the loan's notices show it. */
export interface ListedReturnedPayment {
  id: string;
  pay_date: string;
  total_cents: number;
  last_four: string;
  is_card: boolean;
  /** The return's reason code (R01...), from its timeline row. */
  reason_code: string | null;
}

/** A payment of the loan's recent ones (GetPaymentInfo's RecentPayments). */
export interface ListedRecentPayment {
  id: string;
  pay_date: string;
  /** The payment alone (toward the amount due), without additional principal and fees. */
  amount_cents: number;
  total_cents: number;
  last_four: string;
  is_card: boolean;
  status: string;
  refunded_elsewhere: boolean;
}

/** What the loan's payment lists show (`loanPaymentListRows`). */
export interface LoanPaymentListRows {
  scheduled: ListedScheduledPayment[];
  /** Payments of any kind dated on or after `postedSince` minus 45 days that came back. */
  returned: ListedReturnedPayment[];
  /**
   * Payments of any kind dated on or after `postedSince` minus 45 days, neither waiting nor
   * cancelled, that the scheduled list does not show; newest first, at most 20.
   */
  recent: ListedRecentPayment[];
  recurring: ListedRecurringPayment | null;
  /** A date of the recurring payment is made and waiting to post. */
  hasPendingOccurrence: boolean;
  /**
   * What the loan's payments in flight will still bring to the core (their amounts and
   * additional principal), as loanAmountInFlight counts it.
   */
  inFlightCents: number;
}

/**
 * A saved method as the payment info lists it: the columns its answer and the usability rule
 * read (payment-methods.service `usableMethodsOf`), and whether it is the loan's default.
 */
export type ListedSavedMethod = Pick<
  StoredMethodRow,
  | 'is_card'
  | 'card_type'
  | 'debit_credit_type'
  | 'expiration_date'
  | 'last_four'
  | 'profile_id'
  | 'ach_account_type'
> & { is_account_default: boolean };

/**
 * The columns of the loan's payment lists, for one statement: its scheduled payments, those
 * waiting and those posted on or after `postedSince` (shown with HasBeenPosted until their day is
 * over), by date; its active recurring payment; and whether a date of the recurring payment is
 * made and waiting to post. Only the columns the lists show, as JSON (none is a timestamp, whose
 * type JSON would change). Written out rather than built: the loan page and the payment screen
 * run it on every load, and the query builder's work for its nested parts showed in their
 * profiles.
 */
function loanPaymentListColumns(institutionId: number, loanNumber: string, postedSince: string) {
  return sql`
      (select coalesce(json_agg(listed), '[]') from (
        select id, user_id, is_card, last_four, pay_date, amount_cents, status, is_payoff
        from payments
        where institution_id = ${institutionId} and loan_number = ${loanNumber}
          and kind = 'scheduled'
          and (status in (${sql.join([...LISTED])})
            or (status = 'posted' and pay_date >= ${postedSince}))
        order by pay_date, created_at
        limit 100
      ) listed) as scheduled,
      (select to_json(active) from (
        select id, user_id, is_card, last_four, recurring_option, first_date, next_date,
          days_before_due, amount_cents, additional_principal_cents
        from recurring_payments
        where institution_id = ${institutionId} and loan_number = ${loanNumber} and status = 'active'
        limit 1
      ) active) as recurring,
      exists (
        select 1 from payments
        where institution_id = ${institutionId} and loan_number = ${loanNumber}
          and kind = 'recurring' and status in (${sql.join(PENDING)})
      ) as pending_occurrence,
      (select coalesce(sum(amount_cents + additional_principal_cents), 0) from payments
        where institution_id = ${institutionId} and loan_number = ${loanNumber}
          and status in (${sql.join([...IN_FLIGHT])})
      ) as in_flight,
      (select coalesce(json_agg(back), '[]') from (
        select p.id, p.pay_date, p.last_four, p.is_card,
          p.amount_cents + p.additional_principal_cents + p.first_party_fee_cents
            + p.third_party_fee_cents as total_cents,
          (select e.detail from payment_events e
            where e.payment_id = p.id and e.status = 'returned' limit 1) as reason_code
        from payments p
        where p.institution_id = ${institutionId} and p.loan_number = ${loanNumber}
          and p.status = 'returned'
          and p.pay_date >= (${postedSince}::date - ${RETURNED_SHOWN_DAYS}::integer)
        order by p.pay_date desc
        limit 20
      ) back) as returned,
      (select coalesce(json_agg(recent), '[]') from (
        select p.id, p.pay_date, p.last_four, p.is_card, p.status, p.amount_cents,
          p.refunded_elsewhere,
          p.amount_cents + p.additional_principal_cents + p.first_party_fee_cents
            + p.third_party_fee_cents as total_cents
        from payments p
        where p.institution_id = ${institutionId} and p.loan_number = ${loanNumber}
          and p.pay_date >= (${postedSince}::date - ${RETURNED_SHOWN_DAYS}::integer)
          and p.status not in ('scheduled', 'cancelled')
          -- What the scheduled list shows stays there alone.
          and not (p.kind = 'scheduled' and (p.status in (${sql.join([...LISTED])})
            or (p.status = 'posted' and p.pay_date >= ${postedSince})))
        order by p.pay_date desc, p.created_at desc
        limit ${RECENT_PAYMENTS_LISTED}
      ) recent) as recent`;
}

/** How long a returned payment is shown on its loan (before its day: the payment date). */
export const RETURNED_SHOWN_DAYS = 45;

interface LoanPaymentListColumns {
  scheduled: ListedScheduledPayment[];
  returned: ListedReturnedPayment[];
  recent: ListedRecentPayment[];
  recurring: ListedRecurringPayment | null;
  /** A sum: PostgreSQL's bigint, a string. */
  in_flight: string | number;
  pending_occurrence: boolean;
}

function listRowsOf(row: LoanPaymentListColumns | undefined): LoanPaymentListRows {
  if (!row) throw new Error('The payment lists statement answered no row.');
  return {
    scheduled: row.scheduled,
    returned: row.returned,
    recent: row.recent,
    recurring: row.recurring,
    hasPendingOccurrence: Boolean(row.pending_occurrence),
    inFlightCents: Number(row.in_flight),
  };
}

/** What the loan's payment lists show, in one statement (`loanPaymentListColumns`). */
export async function loanPaymentListRows(
  db: Db,
  institutionId: number,
  loanNumber: string,
  postedSince: string,
): Promise<LoanPaymentListRows> {
  const { rows } = await sql<LoanPaymentListColumns>`
    select ${loanPaymentListColumns(institutionId, loanNumber, postedSince)}`.execute(db);
  return listRowsOf(rows[0]);
}

/**
 * What GetPaymentInfo reads of the portal's own tables, in one statement: the loan's payment lists
 * (`loanPaymentListColumns`) and the owner's saved methods (single-use ones are never listed),
 * oldest first, each marked when it is the owner's default for the loan. The methods are the
 * rows payment-methods.repository `listSavedPaymentMethods` reads, only the columns the answer
 * needs; read here with the lists, as one statement costs PGlite less than two (issue 23).
 */
export async function paymentInfoRows(
  db: Db,
  owner: PaymentOwner,
  loanNumber: string,
  postedSince: string,
): Promise<LoanPaymentListRows & { savedMethods: ListedSavedMethod[] }> {
  const { rows } = await sql<LoanPaymentListColumns & { saved_methods: ListedSavedMethod[] }>`
    select ${loanPaymentListColumns(owner.institutionId, loanNumber, postedSince)},
      (select coalesce(json_agg(saved), '[]') from (
        select method.is_card, method.card_type, method.debit_credit_type, method.expiration_date,
          method.last_four, method.profile_id, method.ach_account_type,
          chosen.payment_method_id is not null as is_account_default
        from payment_methods method
        left join payment_method_defaults chosen
          on chosen.payment_method_id = method.id and chosen.institution_id = ${owner.institutionId}
            and chosen.user_id = ${owner.userId} and chosen.account_number = ${loanNumber}
        where method.institution_id = ${owner.institutionId} and method.user_id = ${owner.userId}
          and method.saved
        order by method.id
      ) saved) as saved_methods`.execute(db);
  const row = rows[0];
  return { ...listRowsOf(row), savedMethods: row?.saved_methods ?? [] };
}

/**
 * Inserts a payment; the row as stored with its e-mails' address, or undefined when its id
 * exists already.
 */
export async function insertPayment(
  db: Db,
  row: NewPaymentRow,
): Promise<PaymentWithRecipient | undefined> {
  const inserted = await db
    .with('changed', (cte) =>
      cte
        .insertInto('payments')
        .values(row)
        .onConflict((conflict) => conflict.column('id').doNothing())
        .returningAll()
        .returning(recipientOf),
    )
    .with('event', (cte) => timelineOfChanged(cte, row.created_at, null))
    .selectFrom('changed')
    .selectAll()
    .executeTakeFirst();
  return inserted && withRecipient(inserted);
}

/**
 * Inserts one date of a recurring payment; false when that date exists already (another
 * instance made it: the unique index on recurring payment and date decides).
 */
export async function insertOccurrence(db: Db, row: NewPaymentRow): Promise<boolean> {
  const inserted = await db
    .with('changed', (cte) =>
      cte
        .insertInto('payments')
        .values(row)
        // Any unique key: the date (recurring payment and date) or the id derived from them.
        .onConflict((conflict) => conflict.doNothing())
        .returning(['id', 'status']),
    )
    .with('event', (cte) => timelineOfChanged(cte, row.created_at, null))
    .selectFrom('changed')
    .select('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function insertRecurring(db: Db, row: NewRecurringPaymentRow): Promise<void> {
  await db.insertInto('recurring_payments').values(row).execute();
}

export async function findPayment(db: Db, id: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A payment with the address its e-mails go to (the receipt, or the notice of a failure). */
export type PaymentWithRecipient = PaymentRow & {
  /** The customer's e-mail address, '' when there is none. */
  recipient: string;
};

/** The address the payment's e-mails go to, read with the payment's row ('' for none). */
function recipientOf(eb: ExpressionBuilder<Database, 'payments'>) {
  return eb
    .selectFrom('users')
    .innerJoin('customers', 'customers.id', 'users.customer_id')
    .select('customers.email')
    .whereRef('users.institution_id', '=', 'payments.institution_id')
    .whereRef('users.id', '=', 'payments.user_id')
    .as('recipient');
}

function withRecipient(row: PaymentRow & { recipient: string | null }): PaymentWithRecipient {
  return { ...row, recipient: row.recipient ?? '' };
}

export async function findPaymentWithRecipient(
  db: Db,
  id: string,
): Promise<PaymentWithRecipient | undefined> {
  const row = await db
    .selectFrom('payments')
    .selectAll()
    .select(recipientOf)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && withRecipient(row);
}

/** A payment with what its review needs of its borrower (the work item, the notice). */
export type PaymentWithBorrower = PaymentWithRecipient & {
  /** The customer's name as the portal shows it ('' when the user is gone). */
  borrower_name: string;
  /** The user's logon name ('' when the user is gone). */
  logon_name: string;
};

/** A payment with its borrower's address, name and logon name; undefined when there is none. */
export async function findPaymentWithBorrower(
  db: Db,
  id: string,
): Promise<PaymentWithBorrower | undefined> {
  const row = await db
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
    .where('payments.id', '=', id)
    .executeTakeFirst();
  return (
    row && {
      ...row,
      recipient: row.recipient ?? '',
      borrower_name: row.borrower_name ?? '',
      logon_name: row.logon_name ?? '',
    }
  );
}

export async function findRecurring(db: Db, id: string): Promise<RecurringPaymentRow | undefined> {
  return db.selectFrom('recurring_payments').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Starts a waiting payment's settlement ('scheduled' to 'settling'): from now on money may move,
 * so the borrower can no longer cancel it. Answers the row with its e-mails' address, or
 * undefined when it was not 'scheduled' (already settling, or cancelled, posted or failed
 * meanwhile: the caller reads the row again).
 */
export async function beginSettlement(
  db: Db,
  id: string,
  at: Date,
  /**
   * A payoff lowered to the loan's payoff on its date (payment-settlement.ts `begin`), in the
   * same statement, its timeline row saying so: only lower, only a payoff.
   */
  lowered?: { amountCents: number; detail: string },
): Promise<PaymentWithRecipient | undefined> {
  const row = await db
    .with('changed', (cte) => {
      const update = cte
        .updateTable('payments')
        .set({
          status: 'settling',
          ...(lowered
            ? {
                amount_cents: sql<number>`case when is_payoff and amount_cents > ${lowered.amountCents}
                  then ${lowered.amountCents} else amount_cents end`,
              }
            : {}),
        })
        .where('id', '=', id)
        .where('status', '=', 'scheduled');
      return update.returningAll().returning(recipientOf);
    })
    .with('event', (cte) => timelineOfChanged(cte, at, lowered?.detail ?? null))
    .selectFrom('changed')
    .selectAll()
    .executeTakeFirst();
  return row && withRecipient(row);
}

/**
 * Changes a pending payment (a guarded update: false when it was no longer pending) and, in the
 * same statement, writes its timeline row and queues its e-mail when one is given (mail.service
 * prepare) with the e-mail's delivery job: exactly the run that changes it queues the e-mail, and
 * the e-mail exists exactly when its job does, in one statement rather than a transaction of five.
 */
async function updatePendingWithMail(
  db: Db,
  id: string,
  change: UpdateObject<Database, 'payments'> & { status: string },
  event: { at: Date; detail: string | null },
  prepared: PaymentMail | undefined,
  from: readonly string[] = PENDING,
  /** Only while its count of refused refunds is still this one (a refund's guard). */
  refundRefusals?: number,
): Promise<boolean> {
  const changed = db.with('changed', (cte) => {
    const update = cte
      .updateTable('payments')
      .set(change)
      .where('id', '=', id)
      .where('status', 'in', from);
    return (
      refundRefusals === undefined ? update : update.where('refund_refusals', '=', refundRefusals)
    ).returning(['id', 'status']);
  });
  if (!prepared) {
    const rows = await changed
      .with('event', (cte) => timelineOfChanged(cte, event.at, event.detail))
      .selectFrom('event')
      .select('payment_id')
      .execute();
    return rows.length === 1;
  }
  const { message: mail, job } = prepared;
  const rows = await changed
    .with('event', (cte) => timelineOfChanged(cte, event.at, event.detail))
    .with('mail', (cte) =>
      cte
        .insertInto('outbox_messages')
        .columns([...OUTBOX_MESSAGE_COLUMNS])
        // The parameters take their columns' types (PostgreSQL types an insert's select list).
        .expression((eb) => eb.selectFrom('changed').select(outboxMessageSelection(mail)))
        .returning('id'),
    )
    // Its delivery job, key and payload naming the message's id (db/delivery-job.ts).
    .insertInto('jobs')
    .columns([...DELIVERY_JOB_COLUMNS])
    .expression((eb) =>
      eb.selectFrom('mail').select(deliveryJobSelection(job, 'mail', mail.created_at)),
    )
    .returning('id')
    .execute();
  return rows.length === 1;
}

/**
 * Marks a pending payment posted, with its receipt (mail.service prepare) when it has an
 * address; false when it was not pending (another run marked it).
 */
export async function markPaymentPosted(
  db: Db,
  id: string,
  posted: { coreReference: string; at: Date },
  receipt: PaymentMail | undefined,
): Promise<boolean> {
  return updatePendingWithMail(
    db,
    id,
    {
      status: 'posted',
      core_reference: posted.coreReference,
      posted_at: posted.at,
      // After the core posted it: a submission that took its mark before this cannot have seen
      // it in the core's payoff unless the core posted it earlier still (counted, erring safe).
      posted_seq: sql<string>`nextval('payments_posted_seq')`,
    },
    { at: posted.at, detail: null },
    receipt,
  );
}

/**
 * Marks a pending payment failed with its error key, with its notice when one is given; false
 * when it was not pending.
 */
export async function markPaymentFailed(
  db: Db,
  id: string,
  failed: { failure: string; at: Date; reason?: string },
  notice?: PaymentMail,
): Promise<boolean> {
  return updatePendingWithMail(
    db,
    id,
    { status: 'failed', failure: failed.failure },
    // The row keeps the reason when it says more than the answer's key ('paidOff' for 'New'):
    // staff read it, and the borrower's details word it (payment-timeline.ts).
    { at: failed.at, detail: failed.reason ?? failed.failure },
    notice,
  );
}

/**
 * Writes a payment's 'refunded' timeline row (its card charge was refunded after the core refused
 * it), once: a re-run of its settlement (the refund is keyed by the charge) writes none.
 */
export async function recordPaymentRefunded(
  db: Db,
  id: string,
  refunded: { at: Date; detail: string },
): Promise<void> {
  await sql`
    insert into payment_events (payment_id, at, status, detail)
    select ${id}, ${refunded.at}, 'refunded', ${refunded.detail}
    where not exists (
      select 1 from payment_events where payment_id = ${id} and status = 'refunded'
    )`.execute(db);
}

/**
 * Marks a pending payment 'needsReview' (its posting job died: `detail` is the job's last error,
 * for staff), with its notice to the borrower when one is given; false when it was not pending
 * (it posted, failed or was cancelled meanwhile). Nothing queues it again (`listDuePaymentIds`).
 */
export async function markPaymentNeedsReview(
  db: Db,
  id: string,
  review: { at: Date; detail: string },
  notice: PaymentMail | undefined,
): Promise<boolean> {
  return updatePendingWithMail(db, id, { status: 'needsReview' }, review, notice);
}

/**
 * Staff close a payment under review whose money never arrived (payments-staff.ts
 * `closeUnpaid`): 'needsReview' to 'failed' with its timeline row and, when given, the borrower's
 * notice, in one statement. False when it was no longer under review.
 */
export async function closeReviewedPaymentUnpaid(
  db: Db,
  id: string,
  closed: { at: Date; detail: string },
  notice: PaymentMail | undefined,
): Promise<boolean> {
  return updatePendingWithMail(
    db,
    id,
    { status: 'failed', failure: 'notReceived' },
    closed,
    notice,
    ['needsReview'],
  );
}

/**
 * Staff post a payment under review again (payments-staff.ts): 'needsReview' back to 'settling',
 * whose every step is keyed (the charge or debit by the payment, the core's posting by its id),
 * so money already moved is not moved twice. False when it was no longer under review.
 */
export async function resumeReviewedPayment(
  db: Db,
  id: string,
  resumed: { at: Date; detail: string },
): Promise<boolean> {
  return updatePendingWithMail(db, id, { status: 'settling' }, resumed, undefined, ['needsReview']);
}

/** Cancels a waiting payment; false when it was not waiting (posted, failed or cancelled). */
export async function cancelWaitingPayment(db: Db, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .with('changed', (cte) =>
      cte
        .updateTable('payments')
        .set({ status: 'cancelled', cancelled_at: at })
        .where('id', '=', id)
        .where('status', '=', 'scheduled')
        .returning(['id', 'status']),
    )
    .with('event', (cte) => timelineOfChanged(cte, at, null))
    .selectFrom('event')
    .select('payment_id')
    .execute();
  return rows.length === 1;
}

/** Cancels an active recurring payment and its dates not posted yet; false when not active. */
export async function cancelRecurringPayment(db: Db, id: string, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('recurring_payments')
    .set({ status: 'cancelled', cancelled_at: at })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .executeTakeFirst();
  await db
    .with('changed', (cte) =>
      cte
        .updateTable('payments')
        .set({ status: 'cancelled', cancelled_at: at })
        .where('recurring_payment_id', '=', id)
        .where('status', '=', 'scheduled')
        .returning(['id', 'status']),
    )
    .with('event', (cte) => timelineOfChanged(cte, at, null))
    .selectFrom('event')
    .select('payment_id')
    .execute();
  return result.numUpdatedRows === 1n;
}

/**
 * What cancelPaymentsOfMethod would cancel, as it would choose them: the user's waiting
 * scheduled payments and active recurring payments made with the method, soonest first.
 */
export async function listPaymentsOfMethod(
  db: Db,
  owner: PaymentOwner,
  methodId: number,
): Promise<{
  payments: Pick<PaymentRow, 'loan_number' | 'pay_date' | 'amount_cents'>[];
  recurring: Pick<
    RecurringPaymentRow,
    'loan_number' | 'next_date' | 'amount_cents' | 'recurring_option' | 'days_before_due'
  >[];
}> {
  const [payments, recurring] = await Promise.all([
    db
      .selectFrom('payments')
      .select(['loan_number', 'pay_date', 'amount_cents'])
      .where('institution_id', '=', owner.institutionId)
      .where('user_id', '=', owner.userId)
      .where('payment_method_id', '=', methodId)
      .where('status', '=', 'scheduled')
      .orderBy('pay_date')
      .orderBy('id')
      .limit(1_000)
      .execute(),
    db
      .selectFrom('recurring_payments')
      .select(['loan_number', 'next_date', 'amount_cents', 'recurring_option', 'days_before_due'])
      .where('institution_id', '=', owner.institutionId)
      .where('user_id', '=', owner.userId)
      .where('payment_method_id', '=', methodId)
      .where('status', '=', 'active')
      .orderBy('next_date')
      .orderBy('id')
      .limit(1_000)
      .execute(),
  ]);
  return { payments, recurring };
}

/**
 * Cancels what a saved method was set up to pay and has not paid: the user's waiting scheduled
 * payments and dates, and active recurring payments, made with it. Answers how many of each.
 */
export async function cancelPaymentsOfMethod(
  db: Db,
  owner: PaymentOwner,
  methodId: number,
  at: Date,
): Promise<{ payments: number; recurring: number }> {
  const recurring = await db
    .updateTable('recurring_payments')
    .set({ status: 'cancelled', cancelled_at: at })
    .where('institution_id', '=', owner.institutionId)
    .where('user_id', '=', owner.userId)
    .where('payment_method_id', '=', methodId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  const payments = await db
    .with('changed', (cte) =>
      cte
        .updateTable('payments')
        .set({ status: 'cancelled', cancelled_at: at })
        .where('institution_id', '=', owner.institutionId)
        .where('user_id', '=', owner.userId)
        .where('payment_method_id', '=', methodId)
        .where('status', '=', 'scheduled')
        .returning(['id', 'status']),
    )
    .with('event', (cte) => timelineOfChanged(cte, at, null))
    .selectFrom('event')
    .select('payment_id')
    .execute();
  return {
    payments: payments.length,
    recurring: Number(recurring.numUpdatedRows),
  };
}

/** Active recurring payments of an institution whose next date has come. */
export async function listDueRecurring(
  db: Db,
  institutionId: number,
  through: string,
  limit: number,
): Promise<RecurringPaymentRow[]> {
  return db
    .selectFrom('recurring_payments')
    .selectAll()
    .where('institution_id', '=', institutionId)
    .where('status', '=', 'active')
    .where('next_date', '<=', through)
    .orderBy('next_date')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Moves a recurring payment's next date on, only from the date this run read: false when
 * another instance moved it first (the caller's transaction then rolls back its occurrence too).
 */
export async function advanceRecurring(
  db: Db,
  id: string,
  from: string,
  to: string,
): Promise<boolean> {
  const result = await db
    .updateTable('recurring_payments')
    .set({ next_date: to })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .where('next_date', '=', from)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Ids of an institution's payments to settle dated on or before `through`, oldest first: those
 * waiting and those whose settlement began and did not finish (a crash, or the core's day not
 * open yet). Never one in 'needsReview': its posting job died, and staff decide what becomes of
 * it (a late post, a month after, was what re-queuing it did). Never one whose ACH debit the
 * processor has taken (its trace number is written): see below.
 */
export async function listDuePaymentIds(
  db: Db,
  institutionId: number,
  through: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('payments')
    .select('id')
    .where('institution_id', '=', institutionId)
    .where('status', 'in', PENDING)
    .where('pay_date', '<=', through)
    // A debit already taken is no longer this listing's to settle: while it waits for its file
    // the sealing job queues its post once the file is sealed (ach-file-sealing.ts
    // queueSentPosts), and once sent its posting job retries it. Listed, thousands of debits
    // waiting for a weekend's file came first by date and filled the run's limit, so payments
    // due today were never queued. A settlement that died before the processor answered has no
    // trace number yet and is still listed (the debit is asked for again under its key).
    .where('ach_trace_number', 'is', null)
    .orderBy('pay_date')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Records the authorization a one-time ACH debit is made under, with its payment (migration 0029). */
export async function recordAchDebitAuthorization(
  db: Kysely<Database>,
  row: Insertable<AchDebitAuthorizationsTable>,
): Promise<void> {
  await db.insertInto('ach_debit_authorizations').values(row).execute();
}

/** A payment's recorded one-time ACH authorization, for its owner only. */
export async function findAchDebitAuthorization(
  db: Kysely<Database>,
  owner: { institutionId: number; userId: string },
  paymentId: string,
) {
  return db
    .selectFrom('ach_debit_authorizations')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .where('institution_id', '=', owner.institutionId)
    .where('user_id', '=', owner.userId)
    .executeTakeFirst();
}

/** The trace number the ACH processor answered for the payment's debit (payment-returns.ts). */
export async function setPaymentAchTrace(db: Db, id: string, traceNumber: string): Promise<void> {
  await db
    .updateTable('payments')
    .set({ ach_trace_number: traceNumber })
    .where('id', '=', id)
    .execute();
}

/**
 * The payment an ACH return names: the institution's bank-account payment whose debit had this
 * trace number, for this loan (the entry's individual id) and amount (what was debited: the
 * payment, its additional principal and its fees). The built-in processor never gives a trace
 * number twice (migration 0050); a processor whose numbers start again each day may, so the
 * latest such payment dated on or before the return's day is the one; posted,
 * already returned (a return file comes again: the caller acts once), or not posted yet (its
 * posting in flight, or under review: the caller decides).
 */
export async function findPaymentOfReturn(
  db: Db,
  match: {
    institutionId: number;
    traceNumber: string;
    loanNumber: string;
    amountCents: number;
    returnedOn: string;
  },
): Promise<PaymentWithRecipient | undefined> {
  const row = await db
    .selectFrom('payments')
    .selectAll()
    .select(recipientOf)
    .where('institution_id', '=', match.institutionId)
    .where('ach_trace_number', '=', match.traceNumber)
    .where('loan_number', '=', match.loanNumber)
    .where('status', 'in', ['posted', 'returned', 'settling', 'needsReview'])
    .where('pay_date', '<=', match.returnedOn)
    .where(
      sql<number>`amount_cents + additional_principal_cents + first_party_fee_cents + third_party_fee_cents`,
      '=',
      match.amountCents,
    )
    .orderBy('pay_date', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && withRecipient(row);
}

/**
 * Marks a posted payment returned, with its timeline row (the reason code as detail) and the
 * borrower's notice in the same statement; false when it was not posted (returned already).
 */
export async function markPaymentReturned(
  db: Db,
  id: string,
  returned: { reasonCode: string; at: Date },
  notice: PaymentMail | undefined,
): Promise<boolean> {
  return updatePendingWithMail(
    db,
    id,
    { status: 'returned' },
    { at: returned.at, detail: returned.reasonCode },
    notice,
    ['posted'],
  );
}

/** Refuses a bank account for ACH from now on (once per account: the first return says why). */
export async function blockAchAccount(
  db: Db,
  row: {
    institutionId: number;
    accountKey: string;
    reasonCode: string;
    paymentId: string;
    at: Date;
  },
): Promise<void> {
  await db
    .insertInto('ach_blocked_accounts')
    .values({
      institution_id: row.institutionId,
      account_key: row.accountKey,
      reason_code: row.reasonCode,
      payment_id: row.paymentId,
      blocked_at: row.at,
    })
    .onConflict((conflict) => conflict.columns(['institution_id', 'account_key']).doNothing())
    .execute();
}

/** How many dates of a recurring payment came back from the bank. */
export async function countReturnedOfRecurring(db: Db, recurringId: string): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('recurring_payment_id', '=', recurringId)
    .where('status', '=', 'returned')
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * The payment a notification of change names (it carries no amount): the institution's
 * bank-account payment whose debit had this trace number, for this loan, the latest dated on or
 * before the notification's day.
 */
export async function findPaymentOfNotice(
  db: Db,
  match: { institutionId: number; traceNumber: string; loanNumber: string; receivedOn: string },
): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('institution_id', '=', match.institutionId)
    .where('ach_trace_number', '=', match.traceNumber)
    .where('loan_number', '=', match.loanNumber)
    .where('pay_date', '<=', match.receivedOn)
    .orderBy('pay_date', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The copies of a saved bank account in its recurring payments and waiting payments, corrected as the method was. */
export async function correctWaitingAchAccounts(
  db: Db,
  institutionId: number,
  methodId: number,
  account: {
    routingNumber: string;
    accountNumberSealed: string;
    lastFour: string;
    accountType: string;
  },
): Promise<void> {
  // The same columns in both tables: the account a debit is sent to.
  const corrected = {
    routing_number: account.routingNumber,
    account_number_sealed: account.accountNumberSealed,
    last_four: account.lastFour,
    ach_account_type: account.accountType,
  };
  await db
    .updateTable('recurring_payments')
    .set(corrected)
    .where('institution_id', '=', institutionId)
    .where('payment_method_id', '=', methodId)
    .where('status', '=', 'active')
    .execute();
  // The dates already made or scheduled that have not begun to settle: their debit is not sent
  // yet (settling and later ones keep the account they were sent to).
  await db
    .updateTable('payments')
    .set(corrected)
    .where('institution_id', '=', institutionId)
    .where('payment_method_id', '=', methodId)
    .where('status', '=', 'scheduled')
    .where('is_card', '=', false)
    .execute();
}

/**
 * Marks a posted card payment refunded (staff's Refund, payments-staff.ts: the core reversed it
 * and the charge was refunded), with its timeline row (`detail`, for staff) and the borrower's
 * notice in the same statement; false when it was not posted (refunded already).
 */
export async function markPaymentRefunded(
  db: Db,
  id: string,
  refunded: { at: Date; detail: string },
  notice: PaymentMail | undefined,
  /**
   * The refund attempt's count of refused refunds, which must still be the payment's (another
   * attempt that recorded a refusal meanwhile moved the core's live posting); `elsewhere`: given
   * back another way, the card charge kept.
   */
  guard: { refundRefusals: number; elsewhere?: boolean },
): Promise<boolean> {
  return updatePendingWithMail(
    db,
    id,
    { status: 'refunded', refunded_elsewhere: guard.elsewhere === true },
    refunded,
    notice,
    ['posted'],
    guard.refundRefusals,
  );
}

/**
 * Writes the trace number of a payment's ACH debit the first time the processor answers it (false
 * when it was written already: a re-run of the settlement, whose repeat of the debit answers the
 * same number) and, when `mail` is given, queues it with its delivery job in the same statement
 * (the receipt of a bank payment made today, saying it is processing): exactly the run that
 * first learns the debit was accepted queues it. No timeline row: the status does not change.
 */
export async function setFirstAchTrace(
  db: Db,
  id: string,
  traceNumber: string,
  mail: PaymentMail | undefined,
): Promise<boolean> {
  const changed = db.with('changed', (cte) =>
    cte
      .updateTable('payments')
      .set({ ach_trace_number: traceNumber })
      .where('id', '=', id)
      .where('ach_trace_number', 'is', null)
      .returning('id'),
  );
  if (!mail) {
    const rows = await changed.selectFrom('changed').select('id').execute();
    return rows.length === 1;
  }
  const { message, job } = mail;
  const rows = await changed
    .with('mail', (cte) =>
      cte
        .insertInto('outbox_messages')
        .columns([...OUTBOX_MESSAGE_COLUMNS])
        // The parameters take their columns' types (PostgreSQL types an insert's select list).
        .expression((eb) => eb.selectFrom('changed').select(outboxMessageSelection(message)))
        .returning('id'),
    )
    // Its delivery job, key and payload naming the message's id (db/delivery-job.ts).
    .insertInto('jobs')
    .columns([...DELIVERY_JOB_COLUMNS])
    .expression((eb) =>
      eb.selectFrom('mail').select(deliveryJobSelection(job, 'mail', message.created_at)),
    )
    .returning('id')
    .execute();
  return rows.length === 1;
}

/**
 * A point in the order payments are marked posted (migration 0048): those marked after it have a
 * higher `posted_seq`. Taken from the database, so every instance's marks compare, whatever
 * their clocks say.
 */
export interface PostingMark {
  /** The sequence's value, a bigint as text. */
  value: string;
}

/** Takes a posting mark: every payment marked posted from now on is after it. */
export async function postingMark(db: Db): Promise<PostingMark> {
  const { rows } = await sql<{
    value: string;
  }>`select nextval('payments_posted_seq')::text as value`.execute(db);
  const value = rows[0]?.value;
  if (value === undefined) throw new Error('nextval answered no row');
  return { value };
}

/**
 * What a loan's payments in flight will still bring to the core: the amount and additional
 * principal of those whose money moved or is moving and that are not posted yet ('settling': a
 * bank payment waiting for its ACH file among them; 'needsReview', which staff may post again).
 * DECISION: a payment under review counts even when its money may not have moved (its posting job
 * died before the charge or the debit): Post again moves it, so until staff settle it the loan
 * must not take a payment that, with it, would pay more than the payoff.
 * With `postedSince`, the payments marked posted after that mark count too: a payoff the core answered
 * before that instant does not know them yet (a pay-now payment read the payoff, then another
 * posted before its lock was taken: payments.service `write`).
 */
export async function loanAmountInFlight(
  db: Db,
  institutionId: number,
  loanNumber: string,
  options: {
    postedSince?: PostingMark;
    /**
     * The one-time payments scheduled and still waiting for their dates count too: a scheduled
     * payment is checked against the payoff with the others scheduled before it, so two that
     * together pay more than the payoff are not both accepted (the second would fail on its
     * date, after the borrower was told it was scheduled).
     */
    withWaitingScheduled?: boolean;
    /**
     * Only the one-time payments scheduled on or before this date count (a payoff dated then:
     * those pay before it, the later ones are refused on their dates once it paid the loan off).
     */
    scheduledThrough?: CalendarDate;
    /** One payment of the loan left out of the sum (the one being judged against the rest). */
    excluding?: string;
  } = {},
): Promise<number> {
  const { postedSince, withWaitingScheduled = false, scheduledThrough, excluding } = options;
  const row = await db
    .selectFrom('payments')
    .select(
      sql<string>`coalesce(sum(amount_cents + additional_principal_cents), 0)`.as('in_flight'),
    )
    .where('institution_id', '=', institutionId)
    .where('loan_number', '=', loanNumber)
    .$if(excluding !== undefined, (query) => query.where('id', '!=', excluding ?? ''))
    .where((eb) =>
      eb.or([
        eb('status', 'in', [...IN_FLIGHT]),
        ...(postedSince
          ? [
              eb.and([
                eb('status', '=', 'posted'),
                eb('posted_seq', '>', sql<string>`${postedSince.value}::bigint`),
              ]),
            ]
          : []),
        ...(withWaitingScheduled
          ? [eb.and([eb('status', '=', 'scheduled'), eb('kind', '=', 'scheduled')])]
          : []),
        ...(scheduledThrough !== undefined && !withWaitingScheduled
          ? [
              eb.and([
                eb('status', '=', 'scheduled'),
                eb('kind', '=', 'scheduled'),
                eb('pay_date', '<=', scheduledThrough),
              ]),
            ]
          : []),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.in_flight);
}

/**
 * Claims a bank's notification of change for applying, in the transaction that applies it: true
 * the first time, false once it was applied (payment-returns.ts `applyNotice`).
 */
export async function claimChangeNotice(
  db: Db,
  notice: { institutionId: number; traceNumber: string; receivedDate: string; at: Date },
): Promise<boolean> {
  const row = await db
    .insertInto('ach_change_notices_applied')
    .values({
      institution_id: notice.institutionId,
      trace_number: notice.traceNumber,
      received_date: notice.receivedDate,
      applied_at: notice.at,
    })
    .onConflict((conflict) =>
      conflict.columns(['institution_id', 'trace_number', 'received_date']).doNothing(),
    )
    .returning('trace_number')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The method saved with a payment made today (payment-methods' `saveMethodWithPayment`, once the
 * payment went through), kept by that payment of the owner's when it keeps none (a bank account
 * typed for it), as a scheduled payment keeps the method saved with it. Pass the transaction
 * that saves the method.
 */
export async function keepSavedMethodOnPayment(
  db: Db,
  owner: PaymentOwner,
  paymentId: string,
  methodId: number,
): Promise<void> {
  await db
    .updateTable('payments')
    .set({ payment_method_id: methodId })
    .where('id', '=', paymentId)
    .where('institution_id', '=', owner.institutionId)
    .where('user_id', '=', owner.userId)
    .where('payment_method_id', 'is', null)
    .execute();
}
