import { sql, type Kysely, type Migration } from 'kysely';

/**
 * ACH returns and notifications of change (issue 24), the built-in processor's side: it plays
 * the receiving banks for the published test accounts, and what they send back is a return file
 * in NACHA's format, kept as made.
 *
 * - ach_return_files: one row per return file the processor received, numbered per institution
 *   and day (File ID Modifier A-Z then 0-9), its bytes encrypted (they hold account numbers).
 * - ach_debits.test_return: for a debit to one of the published test accounts, the return reason
 *   (R01...) or change code (C01...) its "bank" answers; decided when the debit is taken, when the
 *   account number is in clear (it is kept only encrypted).
 * - ach_debits.ach_return_file_id: the return file that sent the debit back (or noticed a change),
 *   null until then: a debit comes back at most once.
 */
export const achReturns: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('ach_return_files')
      .addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('institution_id', 'integer', (column) =>
        column.notNull().references('institutions.id').onDelete('cascade'),
      )
      .addColumn('received_date', 'date', (column) => column.notNull())
      .addColumn('file_number', 'smallint', (column) =>
        column.notNull().check(sql`file_number between 1 and 36`),
      )
      .addColumn('file_id_modifier', 'text', (column) =>
        column
          .notNull()
          .check(
            sql`file_id_modifier = substr('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', file_number, 1)`,
          ),
      )
      .addColumn('returns', 'integer', (column) => column.notNull())
      .addColumn('notices', 'integer', (column) => column.notNull())
      .addColumn('content_sealed', 'text', (column) => column.notNull())
      .addColumn('received_at', 'timestamptz', (column) => column.notNull())
      .addUniqueConstraint('ach_return_files_number', [
        'institution_id',
        'received_date',
        'file_number',
      ])
      .execute();
    await db.schema
      .alterTable('ach_debits')
      .addColumn('test_return', 'text', (column) =>
        column.check(sql`test_return ~ '^(R[0-9]{2}|C[0-9]{2})$'`),
      )
      .addColumn('ach_return_file_id', 'bigint', (column) =>
        column.references('ach_return_files.id'),
      )
      .execute();
    // What the processor looks at each day: test debits sent and not yet come back.
    await db.schema
      .createIndex('ach_debits_test_returns')
      .on('ach_debits')
      .columns(['institution_id', 'processing_date'])
      .where(sql.ref('test_return'), 'is not', null)
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('ach_debits_test_returns').execute();
    await db.schema
      .alterTable('ach_debits')
      .dropColumn('ach_return_file_id')
      .dropColumn('test_return')
      .execute();
    await db.schema.dropTable('ach_return_files').execute();
  },
};
