import type { Kysely, Migration } from 'kysely';

/**
 * A bank's notification of change is applied once (issue 24 review: the returns job read each
 * return file for 60 days and rewrote the saved account and the waiting payments' copies on
 * every run, every 15 minutes).
 *
 * - ach_change_notices_applied: one row per notification applied, by the institution, the
 *   original debit's trace number and the day its file came; written in the transaction that
 *   applies it (payment-returns.ts `applyNotice`), so a run that finds it there skips it.
 */
export const achChangeNoticesApplied: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('ach_change_notices_applied')
      .addColumn('institution_id', 'integer', (column) =>
        column.notNull().references('institutions.id').onDelete('cascade'),
      )
      .addColumn('trace_number', 'text', (column) => column.notNull())
      .addColumn('received_date', 'date', (column) => column.notNull())
      .addColumn('applied_at', 'timestamptz', (column) => column.notNull())
      .addPrimaryKeyConstraint('ach_change_notices_applied_pkey', [
        'institution_id',
        'trace_number',
        'received_date',
      ])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('ach_change_notices_applied').execute();
  },
};
