import type { Kysely, Migration } from 'kysely';

/**
 * The built-in file services' documents (spec 002 "Account documents" and the document center):
 * files kept for a customer, about one of their accounts or applications or themselves. The
 * bytes are stored here; a real document store replaces the built-in one behind
 * `server/src/core/document-store.ts`.
 */
export const fileDocuments: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('file_documents')
      .addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('institution_id', 'integer', (column) =>
        column.notNull().references('institutions.id').onDelete('cascade'),
      )
      .addColumn('customer_id', 'uuid', (column) =>
        column.notNull().references('customers.id').onDelete('cascade'),
      )
      /** The account the document is about; empty for a customer or application document. */
      .addColumn('account_number', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('application_number', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('display_name', 'text', (column) => column.notNull())
      /** The file's format, as its extension: 'pdf', 'png', 'jpg'. */
      .addColumn('file_format', 'text', (column) => column.notNull())
      .addColumn('content', 'bytea', (column) => column.notNull())
      .addColumn('uploaded_at', 'timestamptz', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('file_documents_owner')
      .on('file_documents')
      .columns(['institution_id', 'customer_id', 'account_number'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('file_documents').execute();
  },
};
