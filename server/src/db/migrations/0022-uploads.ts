import type { Kysely, Migration } from 'kysely';

/**
 * Customer uploads (spec 002 "File uploader") land in the built-in file services' documents
 * (0013). An upload carries the FileTypeID the customer chose; it is kept with the document so
 * staff, and a later move to a bank's document system, can sort uploads by kind. Documents the
 * institution put there itself (statements' companions, approval letters) have none.
 *
 * The list of file types is not a table: it is the institution's `documentCenterOptions.fileTypes`
 * setting, published and versioned like every other setting.
 */
export const uploads: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('file_documents').addColumn('file_type_id', 'integer').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('file_documents').dropColumn('file_type_id').execute();
  },
};
