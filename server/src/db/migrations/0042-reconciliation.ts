import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The daily reconciliation (issue 24): each run of an institution's day matches the portal's
 * payments with the core's postings, the card charges and the ACH debits and returns.
 *
 * - reconciliation_runs: one row per institution and day (a second run of the day replaces the
 *   first: the unique constraint), with each system's count and total of the day.
 * - reconciliation_mismatches: the run's payments out of balance, one row each, with what went
 *   wrong and every system's item as JSON (statuses, amounts, dates, references; never a card or
 *   account number).
 * - Indexes for the run's reads of a day: the portal's payments by pay date, the built-in card
 *   processor's charges by time, and the built-in core's payment lines by date.
 */
export const reconciliation: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('reconciliation_runs')
      .addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('institution_id', 'integer', (column) =>
        column.notNull().references('institutions.id').onDelete('cascade'),
      )
      .addColumn('date', 'date', (column) => column.notNull())
      .addColumn('trigger', 'text', (column) =>
        column.notNull().check(sql`trigger in ('daily', 'staff')`),
      )
      .addColumn('ran_at', 'timestamptz', (column) => column.notNull())
      .addColumn('duration_ms', 'integer', (column) => column.notNull())
      .addColumn('portal_count', 'integer', (column) => column.notNull())
      .addColumn('portal_cents', 'bigint', (column) => column.notNull())
      .addColumn('card_count', 'integer', (column) => column.notNull())
      .addColumn('card_cents', 'bigint', (column) => column.notNull())
      .addColumn('ach_count', 'integer', (column) => column.notNull())
      .addColumn('ach_cents', 'bigint', (column) => column.notNull())
      .addColumn('core_count', 'integer', (column) => column.notNull())
      .addColumn('core_cents', 'bigint', (column) => column.notNull())
      .addColumn('mismatch_count', 'integer', (column) => column.notNull())
      .addUniqueConstraint('reconciliation_runs_day', ['institution_id', 'date'])
      .execute();
    await db.schema
      .createTable('reconciliation_mismatches')
      .addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('run_id', 'bigint', (column) =>
        column.notNull().references('reconciliation_runs.id').onDelete('cascade'),
      )
      .addColumn('payment_id', 'text', (column) => column.notNull())
      .addColumn('problems', 'jsonb', (column) => column.notNull())
      .addColumn('items', 'jsonb', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('reconciliation_mismatches_run')
      .on('reconciliation_mismatches')
      .columns(['run_id', 'id'])
      .execute();
    await db.schema
      .createIndex('payments_institution_pay_date')
      .on('payments')
      .columns(['institution_id', 'pay_date'])
      .execute();
    await db.schema
      .createIndex('card_processor_charges_created')
      .on('card_processor_charges')
      .columns(['institution_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('core_transactions_payment_date')
      .on('core_transactions')
      .columns(['date'])
      .where(sql.ref('posting_key'), 'like', 'payment:%')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('core_transactions_payment_date').execute();
    await db.schema.dropIndex('card_processor_charges_created').execute();
    await db.schema.dropIndex('payments_institution_pay_date').execute();
    await db.schema.dropTable('reconciliation_mismatches').execute();
    await db.schema.dropTable('reconciliation_runs').execute();
  },
};
