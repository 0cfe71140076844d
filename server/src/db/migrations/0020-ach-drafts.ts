import { sql, type Kysely, type Migration } from 'kysely';

/**
 * ACH draft agreements (spec 001 "ACH draft agreement dialog", "Documents screen"):
 * - ach_draft_previews: the terms a borrower previewed before agreeing to a recurring ACH
 *   payment, under a short-lived token (only its SHA-256 is kept). The recurring submit checks
 *   its AchDraftAgreementToken against them. Only the bank account's type and last four digits.
 * - ach_drafts: each signed recurring ACH authorization, with the PDF as it was signed (the
 *   Documents screen lists and opens it; it never changes after signing).
 */
export const achDrafts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('ach_draft_previews')
      .addColumn('token_hash', 'text', (column) => column.primaryKey())
      .addColumn('institution_id', 'integer', (column) => column.notNull())
      .addColumn('user_id', 'uuid', (column) => column.notNull())
      .addColumn('loan_number', 'text', (column) => column.notNull())
      .addColumn('amount_cents', 'bigint', (column) =>
        column.notNull().check(sql`amount_cents >= 0`),
      )
      .addColumn('additional_principal_cents', 'bigint', (column) =>
        column.notNull().check(sql`additional_principal_cents >= 0`),
      )
      .addColumn('first_party_fee_cents', 'bigint', (column) =>
        column.notNull().check(sql`first_party_fee_cents >= 0`),
      )
      .addColumn('third_party_fee_cents', 'bigint', (column) =>
        column.notNull().check(sql`third_party_fee_cents >= 0`),
      )
      .addColumn('days_before_due', 'integer', (column) =>
        column.notNull().check(sql`days_before_due between 0 and 9`),
      )
      .addColumn('account_type', 'text', (column) =>
        column.notNull().check(sql`account_type in ('Checking', 'Savings')`),
      )
      .addColumn('last_four', 'text', (column) =>
        column.notNull().check(sql`last_four ~ '^[0-9]{1,4}$'`),
      )
      /** The browser's getTimezoneOffset() in minutes (the agreement shows the borrower's time). */
      .addColumn('local_time_offset', 'integer', (column) => column.notNull())
      .addColumn('created_at', 'timestamptz', (column) => column.notNull())
      .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
      .addForeignKeyConstraint(
        'ach_draft_previews_user',
        ['user_id', 'institution_id'],
        'users',
        ['id', 'institution_id'],
        (constraint) => constraint.onDelete('cascade'),
      )
      .execute();
    await db.schema
      .createIndex('ach_draft_previews_by_user')
      .on('ach_draft_previews')
      .columns(['institution_id', 'user_id', 'loan_number', 'created_at'])
      .execute();

    await db.schema
      .createTable('ach_drafts')
      .addColumn('id', 'uuid', (column) => column.primaryKey())
      .addColumn('institution_id', 'integer', (column) => column.notNull())
      .addColumn('user_id', 'uuid', (column) => column.notNull())
      .addColumn('loan_number', 'text', (column) => column.notNull())
      /**
       * The recurring payment it authorizes. No foreign key: the recurring submit may write the
       * authorization before its recurring payment row (which points back with ach_draft_id).
       */
      .addColumn('recurring_payment_id', 'uuid', (column) => column.notNull())
      .addColumn('amount_cents', 'bigint', (column) => column.notNull())
      .addColumn('additional_principal_cents', 'bigint', (column) => column.notNull())
      .addColumn('fees_cents', 'bigint', (column) => column.notNull())
      .addColumn('days_before_due', 'integer', (column) => column.notNull())
      .addColumn('account_type', 'text', (column) =>
        column.notNull().check(sql`account_type in ('Checking', 'Savings')`),
      )
      .addColumn('last_four', 'text', (column) =>
        column.notNull().check(sql`last_four ~ '^[0-9]{1,4}$'`),
      )
      .addColumn('schedule_text', 'text', (column) => column.notNull())
      .addColumn('first_date', 'date', (column) => column.notNull())
      /** The borrower's getTimezoneOffset() when they previewed it (the document's times). */
      .addColumn('local_time_offset', 'integer', (column) => column.notNull())
      .addColumn('created_at', 'timestamptz', (column) => column.notNull())
      /** The signed authorization as a PDF, rendered once at signing. */
      .addColumn('document', 'bytea', (column) => column.notNull())
      .addForeignKeyConstraint(
        'ach_drafts_user',
        ['user_id', 'institution_id'],
        'users',
        ['id', 'institution_id'],
        (constraint) => constraint.onDelete('cascade'),
      )
      .execute();
    await db.schema
      .createIndex('ach_drafts_by_user')
      .on('ach_drafts')
      .columns(['institution_id', 'user_id', 'created_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('ach_drafts').execute();
    await db.schema.dropTable('ach_draft_previews').execute();
  },
};
