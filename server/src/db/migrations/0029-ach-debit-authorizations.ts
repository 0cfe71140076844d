import { type Kysely, type Migration } from 'kysely';

/**
 * The authorization each one-time ACH debit is made under (issue 20: a recurring one has its
 * signed ACH draft agreement, ach_drafts; a one-time one was recorded nowhere). One row per
 * payment, written in the payment's own transaction: who (the user), when, the payment, the
 * wording as the borrower read it and its version (the setting it came from and a SHA-256 of
 * the institution's template at the time), and the address it came from.
 */
export const achDebitAuthorizations: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('ach_debit_authorizations')
      .addColumn('payment_id', 'uuid', (column) =>
        column.primaryKey().references('payments.id').onDelete('cascade'),
      )
      .addColumn('institution_id', 'integer', (column) => column.notNull())
      .addColumn('user_id', 'uuid', (column) => column.notNull())
      .addColumn('loan_number', 'text', (column) => column.notNull())
      .addColumn('text_key', 'text', (column) => column.notNull())
      .addColumn('text_version', 'text', (column) => column.notNull())
      .addColumn('text', 'text', (column) => column.notNull())
      .addColumn('ip_address', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('authorized_at', 'timestamptz', (column) => column.notNull())
      .addForeignKeyConstraint(
        'ach_debit_authorizations_user',
        ['user_id', 'institution_id'],
        'users',
        ['id', 'institution_id'],
        (constraint) => constraint.onDelete('cascade'),
      )
      .execute();
    await db.schema
      .createIndex('ach_debit_authorizations_by_user')
      .on('ach_debit_authorizations')
      .columns(['institution_id', 'user_id', 'authorized_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('ach_debit_authorizations').execute();
  },
};
