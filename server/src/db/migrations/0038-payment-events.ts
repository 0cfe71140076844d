import { type Kysely, type Migration, sql } from 'kysely';

/**
 * A payment's own timeline (issue 24 item 3, "Lifecycle of a payment"):
 *
 * - payments.status takes 'needsReview': a payment whose posting job died (past its retries, or
 *   refused for good) with its money possibly moved. The posting job's dead-job hook moves it
 *   there; nothing re-queues it (payments.repository `listDuePaymentIds` takes only 'scheduled'
 *   and 'settling'), so it never posts late on its own: staff look at it.
 * - payment_events: one row per state change of a payment (its status when made, then each
 *   move), written in the statement or transaction of the change (payments.repository). 'returned'
 *   and 'refunded' are allowed already for the moves a later change adds. `detail` is for staff
 *   (an error key, the dead job's last error); borrowers see only the status and the time.
 *
 * Payments made before this migration get their timeline from what their rows say: made (their
 * first status) at created_at, then, if they moved on, their status now at the time their row
 * keeps (posted_at, cancelled_at; created_at when it keeps none).
 */
export const paymentEvents: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table payments drop constraint payments_status_check`.execute(db);
    await sql`
      alter table payments add constraint payments_status_check
      check (status in ('scheduled', 'settling', 'posted', 'failed', 'cancelled', 'needsReview'))`.execute(
      db,
    );

    await db.schema
      .createTable('payment_events')
      .addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('payment_id', 'uuid', (column) =>
        column.notNull().references('payments.id').onDelete('cascade'),
      )
      .addColumn('at', 'timestamptz', (column) => column.notNull())
      .addColumn('status', 'text', (column) =>
        column
          .notNull()
          .check(
            sql`status in ('scheduled', 'settling', 'posted', 'failed', 'cancelled', 'needsReview', 'returned', 'refunded')`,
          ),
      )
      .addColumn('detail', 'text')
      .execute();
    await db.schema
      .createIndex('payment_events_payment')
      .on('payment_events')
      .columns(['payment_id', 'at', 'id'])
      .execute();
    // The staff's search by payment date within an institution (the other criteria have theirs:
    // payments_reference, payments_loan, and the users' own).
    await db.schema
      .createIndex('payments_institution_date')
      .on('payments')
      .columns(['institution_id', 'pay_date'])
      .execute();

    await sql`
      insert into payment_events (payment_id, at, status)
      select id, created_at, case when kind = 'immediate' then 'settling' else 'scheduled' end
      from payments`.execute(db);
    await sql`
      insert into payment_events (payment_id, at, status, detail)
      select id, coalesce(posted_at, cancelled_at, created_at), status,
        case when status = 'failed' then failure end
      from payments
      where status <> case when kind = 'immediate' then 'settling' else 'scheduled' end`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('payments_institution_date').execute();
    await db.schema.dropTable('payment_events').execute();
    await sql`update payments set status = 'settling' where status = 'needsReview'`.execute(db);
    await sql`alter table payments drop constraint payments_status_check`.execute(db);
    await sql`
      alter table payments add constraint payments_status_check
      check (status in ('scheduled', 'settling', 'posted', 'failed', 'cancelled'))`.execute(db);
  },
};
