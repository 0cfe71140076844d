import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutionIdOf } from '../../testing/account-flows';
import { testDatabases } from '../../testing/databases';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { filesUnder } from '../../testing/uploads';
import { findBorrowerByUsername } from '../../modules/borrowers/users.repository';
import type { DocumentStore, UploadedFile } from '../document-store';
import type { CustomerRef } from '../servicing-core';
import { createBuiltinDocumentStore } from './builtin-document-store';

const encoder = new TextEncoder();

/** A file of the given chunks, as the portal passes one on: its bytes as they arrive. */
function fileOf(chunks: Iterable<string>, options: { failAfter?: number } = {}): UploadedFile {
  async function* content() {
    let sent = 0;
    for (const chunk of chunks) {
      if (options.failAfter !== undefined && sent >= options.failAfter) {
        throw new Error('the connection broke off');
      }
      sent += 1;
      yield encoder.encode(chunk);
    }
  }
  return {
    name: 'statement.pdf',
    contentType: 'application/pdf',
    content: content(),
    fileTypeId: 1,
    receivedAt: new Date('2025-03-14T15:00:00Z'),
  };
}

describe.each(testDatabases())('the built-in document store on $name', (testDatabase) => {
  let test: TestApp;
  let directory: string;
  let store: DocumentStore;
  let jordan: CustomerRef;
  let summitId: number;

  beforeAll(async () => {
    test = await startTestApp(testDatabase);
    directory = mkdtempSync(join(tmpdir(), 'portal-store-test-'));
    store = createBuiltinDocumentStore({
      db: test.database.db,
      settings: (institutionId) => test.app.services.institutions.settings(institutionId),
      directory,
    });
    const institutionId = await institutionIdOf(test);
    const borrower = await findBorrowerByUsername(test.database.db, institutionId, 'jordan.rivers');
    if (!borrower) throw new Error('no jordan.rivers');
    jordan = { institutionId, customerId: borrower.customer_id };
    summitId = await institutionIdOf(test, 'summit.localhost');
  });
  afterAll(async () => {
    await test?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  const rowCount = async () =>
    (await test.database.db.selectFrom('file_documents').select('id').execute()).length;

  it('writes the bytes as they come to a file, and records its size and SHA-256 with the row', async () => {
    const chunks = ['%PDF-1.7\n', 'page one\n', 'page two\n'];
    const result = await store.upload(jordan, { kind: 'customer' }, fileOf(chunks));
    if (!result.stored) throw new Error(result.refusal);
    const all = chunks.join('');
    expect(result.document).toMatchObject({
      displayName: 'statement',
      format: 'pdf',
      contentType: 'application/pdf',
      sizeBytes: all.length,
      sha256: createHash('sha256').update(all).digest('hex'),
    });
    expect(filesUnder(directory)).toHaveLength(1);
    const opened = await store.open(jordan, result.document.fileId);
    if (!opened) throw new Error('not opened');
    expect(await text(opened.content)).toBe(all);
    // Staff of the institution reach it; another institution's do not.
    const forStaff = await store.openForInstitution(jordan.institutionId, result.document.fileId);
    if (!forStaff) throw new Error('not opened for staff');
    expect(await text(forStaff.content)).toBe(all);
    expect(await store.openForInstitution(summitId, result.document.fileId)).toBeUndefined();
  });

  it('keeps neither file nor row when the records of the upload fail, or its bytes do', async () => {
    const before = { rows: await rowCount(), files: filesUnder(directory) };
    const recordFails = store.upload(
      jordan,
      { kind: 'customer' },
      fileOf(['%PDF-1.7\n', 'more']),
      async () => {
        throw new Error('the work queue is down');
      },
    );
    await expect(recordFails).rejects.toThrow('the work queue is down');
    const bytesFail = store.upload(
      jordan,
      { kind: 'customer' },
      fileOf(['%PDF-1.7\n', 'more', 'never'], { failAfter: 2 }),
    );
    await expect(bytesFail).rejects.toThrow('the connection broke off');
    expect({ rows: await rowCount(), files: filesUnder(directory) }).toEqual(before);
  });

  it('writes the records in the transaction of the row', async () => {
    let seen: number | undefined;
    const result = await store.upload(
      jordan,
      { kind: 'customer' },
      fileOf(['%PDF-1.7\n']),
      async (document, transaction) => {
        if (!transaction) throw new Error('no transaction');
        const row = await transaction
          .selectFrom('file_documents')
          .select('id')
          .where('id', '=', Number(document.fileId))
          .executeTakeFirst();
        seen = row?.id;
      },
    );
    if (!result.stored) throw new Error(result.refusal);
    expect(seen).toBe(Number(result.document.fileId));
  });

  it('refuses a file type the institution does not have without reading the bytes', async () => {
    let read = false;
    async function* content() {
      read = true;
      yield encoder.encode('%PDF-1.7\n');
    }
    const result = await store.upload(
      jordan,
      { kind: 'customer' },
      { ...fileOf([]), fileTypeId: 99, content: content() },
    );
    expect(result).toEqual({ stored: false, refusal: 'unknownFileType' });
    expect(read).toBe(false);
  });

  it('fails to open a document whose file is gone, rather than send something else', async () => {
    const result = await store.upload(jordan, { kind: 'customer' }, fileOf(['%PDF-1.7\n']));
    if (!result.stored) throw new Error(result.refusal);
    const row = await test.database.db
      .selectFrom('file_documents')
      .select('storage_key')
      .where('id', '=', Number(result.document.fileId))
      .executeTakeFirstOrThrow();
    unlinkSync(join(directory, row.storage_key ?? ''));
    await expect(store.open(jordan, result.document.fileId)).rejects.toThrow(/ENOENT/);
    expect(await store.open(jordan, 'not-a-number')).toBeUndefined();
  });
});
