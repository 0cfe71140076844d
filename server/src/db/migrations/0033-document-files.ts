import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Uploaded documents as files (issue 22). An upload is streamed to a file under the server's
 * documents folder (DOCUMENTS_DIR, `<DATA_DIR>/documents` by default, outside anything served),
 * never held whole; its row names the file (`storage_key`, relative to that folder) instead of
 * holding the bytes. Documents kept before, and the ones the institution puts there itself (the
 * demo seed's notes and letters), keep their bytes in `content`: a row has one or the other.
 *
 * Every row also records what was kept: the content type found from the file's first bytes, the
 * size and the SHA-256 of the bytes (backfilled here for the rows that hold their bytes).
 */
export const documentFiles: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('file_documents')
      .alterColumn('content', (column) => column.dropNotNull())
      .execute();
    await db.schema
      .alterTable('file_documents')
      .addColumn('storage_key', 'text')
      .addColumn('content_type', 'text')
      .addColumn('size_bytes', 'bigint')
      .addColumn('sha256', 'text')
      .execute();
    await sql`
      update file_documents set
        size_bytes = octet_length(content),
        sha256 = encode(sha256(content), 'hex'),
        content_type = case file_format
          when 'pdf' then 'application/pdf'
          when 'png' then 'image/png'
          when 'jpg' then 'image/jpeg'
          when 'jpeg' then 'image/jpeg'
          when 'tif' then 'image/tiff'
          else 'application/octet-stream'
        end`.execute(db);
    await db.schema
      .alterTable('file_documents')
      .alterColumn('content_type', (column) => column.setNotNull())
      .alterColumn('size_bytes', (column) => column.setNotNull())
      .alterColumn('sha256', (column) => column.setNotNull())
      .execute();
    await db.schema
      .alterTable('file_documents')
      .addCheckConstraint(
        'file_documents_bytes_or_file',
        sql`(content is null) <> (storage_key is null)`,
      )
      .execute();
    await db.schema
      .createIndex('file_documents_storage_key')
      .on('file_documents')
      .column('storage_key')
      .unique()
      .execute();
  },
  async down(db: Kysely<unknown>) {
    // Rows whose bytes are in files have none here: they go (their files stay where they are).
    await sql`delete from file_documents where content is null`.execute(db);
    await db.schema.dropIndex('file_documents_storage_key').execute();
    await db.schema
      .alterTable('file_documents')
      .dropConstraint('file_documents_bytes_or_file')
      .execute();
    await db.schema
      .alterTable('file_documents')
      .dropColumn('storage_key')
      .dropColumn('content_type')
      .dropColumn('size_bytes')
      .dropColumn('sha256')
      .execute();
    await db.schema
      .alterTable('file_documents')
      .alterColumn('content', (column) => column.setNotNull())
      .execute();
  },
};
