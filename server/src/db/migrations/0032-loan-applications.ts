import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Loan applications made in the portal (issue 22), in the built-in core's applications table:
 * what the borrower sent (product, term, purpose, income, employment, when they agreed to be
 * contacted), the documents the application asks for, the portal's key of the attempt that made
 * it (unique per institution, so a retried attempt never makes a second application), who last
 * changed its status; and the sequence that numbers new applications (A-250001 on: the demo's
 * applications are numbered below it).
 */
export const loanApplications: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('core_applications')
      .addColumn('product_id', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('product', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('term_months', 'integer')
      .addColumn('purpose', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('annual_income_cents', 'bigint')
      .addColumn('employment_status', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('contact_consent_at', 'timestamptz')
      .addColumn('required_documents', 'jsonb', (column) =>
        column.notNull().defaultTo(sql`'[]'::jsonb`),
      )
      .addColumn('request_key', 'text')
      .addColumn('status_changed_by', 'text', (column) => column.notNull().defaultTo(''))
      .execute();
    await db.schema
      .createIndex('core_applications_request_key')
      .unique()
      .on('core_applications')
      .columns(['institution_id', 'request_key'])
      .execute();
    await sql`create sequence core_application_numbers start with 250001`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop sequence core_application_numbers`.execute(db);
    await db.schema.dropIndex('core_applications_request_key').execute();
    await db.schema
      .alterTable('core_applications')
      .dropColumn('product_id')
      .dropColumn('product')
      .dropColumn('term_months')
      .dropColumn('purpose')
      .dropColumn('annual_income_cents')
      .dropColumn('employment_status')
      .dropColumn('contact_consent_at')
      .dropColumn('required_documents')
      .dropColumn('request_key')
      .dropColumn('status_changed_by')
      .execute();
  },
};
