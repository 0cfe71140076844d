import { createHash } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../create-database';
import { MIGRATIONS } from './index';

/**
 * Documents of before 0033 keep their bytes in the row and get their size, SHA-256 and content
 * type; a row holds its bytes or names its file, never both nor neither; the migration undoes.
 */
describe('migration 0033 (document files)', () => {
  let handle: DatabaseHandle;
  const names = Object.keys(MIGRATIONS);
  const previous = names[names.indexOf('0033_document_files') - 1] ?? '';
  const migrator = () =>
    new Migrator({ db: handle.db, provider: { getMigrations: async () => ({ ...MIGRATIONS }) } });

  beforeAll(async () => {
    handle = await createDatabase({ inMemory: true });
    expect((await migrator().migrateTo(previous)).error).toBeUndefined();
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });

  it('backfills the kept bytes’ size, hash and type, allows files, and undoes', async () => {
    const { rows } = await sql<{ id: number }>`
      insert into institutions (slug, name, cdn_folder, time_zone)
      values ('harbor', 'Harbor', '/cdn/harbor', 'America/New_York') returning id`.execute(
      handle.db,
    );
    const institutionId = rows[0]?.id;
    const customers = await sql<{ id: string }>`
      insert into customers (institution_id, email, zip, phone)
      values (${institutionId}, 'kept@example.test', '04101', '2075550134') returning id`.execute(
      handle.db,
    );
    const customerId = customers.rows[0]?.id;
    const bytes = Buffer.from('%PDF-1.4 kept in the row');
    await sql`
      insert into file_documents (institution_id, customer_id, display_name, file_format, content, uploaded_at)
      values (${institutionId}, ${customerId}, 'Note', 'pdf', ${bytes}, now())`.execute(handle.db);

    expect((await migrator().migrateTo('0033_document_files')).error).toBeUndefined();
    const row = await handle.db
      .selectFrom('file_documents')
      .select(['size_bytes', 'sha256', 'content_type', 'storage_key'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      size_bytes: bytes.byteLength,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      content_type: 'application/pdf',
      storage_key: null,
    });

    const insert = (content: Buffer | null, storageKey: string | null) =>
      sql`
        insert into file_documents (institution_id, customer_id, display_name, file_format,
          content, storage_key, content_type, size_bytes, sha256, uploaded_at)
        values (${institutionId}, ${customerId}, 'Upload', 'pdf', ${content}, ${storageKey},
          'application/pdf', 3, 'abc', now())`.execute(handle.db);
    await insert(null, `${institutionId}/ab/abcdef`);
    await expect(insert(null, null)).rejects.toThrow();
    await expect(insert(bytes, `${institutionId}/ab/other`)).rejects.toThrow();

    expect((await migrator().migrateDown()).error).toBeUndefined();
    // The row of a file goes (its bytes were never here); the one with its bytes stays.
    expect(await handle.db.selectFrom('file_documents').select('display_name').execute()).toEqual([
      { display_name: 'Note' },
    ]);
    expect((await migrator().migrateTo('0033_document_files')).error).toBeUndefined();
  });
});
