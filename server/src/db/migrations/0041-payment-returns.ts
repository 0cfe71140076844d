import { sql, type Kysely, type Migration } from 'kysely';

/**
 * ACH returns reach the portal's payments (issue 24): the borrower's bank sent a debit back, the
 * core reverses the posting, and the payment says Returned.
 *
 * - payments.status takes 'returned' (from 'posted' only, payments.repository).
 * - payments.ach_trace_number: the trace number the ACH processor answered for the payment's
 *   debit. A return names the original entry by it (with the loan number as its individual id and
 *   the amount), which is how a return finds its payment. Trace numbers start again each
 *   processing day, so the three together, and the latest posted payment, decide.
 * - ach_blocked_accounts: a bank account a return said cannot take debits (closed, missing,
 *   frozen, not authorised), by the keyed digest bank accounts are found by
 *   (payment-methods' achDuplicateKey), never the number: it is refused for ACH until the
 *   borrower gives another.
 */
export const paymentReturns: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table payments drop constraint payments_status_check`.execute(db);
    await sql`
      alter table payments add constraint payments_status_check
      check (status in ('scheduled', 'settling', 'posted', 'failed', 'cancelled', 'needsReview', 'returned'))`.execute(
      db,
    );
    await db.schema.alterTable('payments').addColumn('ach_trace_number', 'text').execute();
    await db.schema
      .createIndex('payments_ach_trace')
      .on('payments')
      .columns(['institution_id', 'ach_trace_number'])
      .where(sql.ref('ach_trace_number'), 'is not', null)
      .execute();
    await db.schema
      .createTable('ach_blocked_accounts')
      .addColumn('institution_id', 'integer', (column) =>
        column.notNull().references('institutions.id').onDelete('cascade'),
      )
      .addColumn('account_key', 'text', (column) => column.notNull())
      .addColumn('reason_code', 'text', (column) => column.notNull())
      .addColumn('payment_id', 'text', (column) => column.notNull())
      .addColumn('blocked_at', 'timestamptz', (column) => column.notNull())
      .addPrimaryKeyConstraint('ach_blocked_accounts_pk', ['institution_id', 'account_key'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('ach_blocked_accounts').execute();
    await db.schema.dropIndex('payments_ach_trace').execute();
    await db.schema.alterTable('payments').dropColumn('ach_trace_number').execute();
    await sql`update payments set status = 'posted' where status = 'returned'`.execute(db);
    await sql`alter table payments drop constraint payments_status_check`.execute(db);
    await sql`
      alter table payments add constraint payments_status_check
      check (status in ('scheduled', 'settling', 'posted', 'failed', 'cancelled', 'needsReview'))`.execute(
      db,
    );
  },
};
