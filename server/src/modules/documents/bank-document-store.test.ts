import { UploadFailure, UploadResponse, UPLOAD_MESSAGES } from '@portal/domain';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/databases';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { fileOf, PDF, PDF_SIGNATURE, uploadAs, uploadOverConnection } from '../../testing/uploads';
import type { DocumentStore, KeptDocument } from '../../core/document-store';

const HOME_EQUITY = '001-100235-2';
const LOAN_UPLOAD = '/api/file/UploadFileWithLoanNumber';

/**
 * A bank's own document system in place of the built-in store: it keeps files in memory, takes
 * no transaction of the portal's, and turns down a file it does not want without reading it.
 */
function bankStore() {
  const kept = new Map<string, { document: KeptDocument; institutionId: number; bytes: Buffer }>();
  const store: DocumentStore = {
    accountDocuments: async () => [],
    applicationDocuments: async () => [],
    customerDocuments: async () => [],
    open: async () => undefined,
    async openForInstitution(institutionId, fileId) {
      const found = kept.get(fileId);
      if (!found || found.institutionId !== institutionId) return undefined;
      return { document: found.document, content: Readable.from([found.bytes]) };
    },
    fileTypes: async () => [{ id: 1, description: 'Identification' }],
    async upload(customer, _target, file, record) {
      if (file.name.startsWith('unwanted')) return { stored: false, refusal: 'unsupportedFormat' };
      const chunks: Uint8Array[] = [];
      for await (const chunk of file.content) chunks.push(chunk);
      const bytes = Buffer.concat(chunks);
      const document: KeptDocument = {
        fileId: `bank-${kept.size + 1}`,
        displayName: 'statement',
        format: 'pdf',
        uploadedAt: file.receivedAt,
        contentType: file.contentType,
        sizeBytes: bytes.byteLength,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      };
      await record?.(document, undefined);
      kept.set(document.fileId, { document, institutionId: customer.institutionId, bytes });
      return { stored: true, document };
    },
  };
  return { store, kept };
}

describe.each(testDatabases())("uploads to a bank's own document store on $name", (database) => {
  let test: TestApp;
  let jordan: SignedIn;
  const bank = bankStore();

  beforeAll(async () => {
    test = await startTestApp(database, { documents: bank.store });
    jordan = await signIn(test.app, { username: 'jordan.rivers' });
  });
  afterAll(async () => {
    await test?.close();
  });

  it('answers a file the store turns down without reading it, and takes the next upload', async () => {
    const address = await test.app.listen({ port: 0, host: '127.0.0.1' });
    const refused = await uploadOverConnection(
      address,
      jordan,
      LOAN_UPLOAD,
      { LoanNumber: HOME_EQUITY, FileTypeID: '1' },
      // Large enough that the parser waits for it to be read before it goes on.
      [{ name: 'unwanted.pdf', bytes: fileOf(PDF_SIGNATURE, 2 * 1024 * 1024) }],
    );
    expect(refused.status).toBe(415);
    expect(UploadFailure.parse(JSON.parse(refused.body)).Message).toBe(
      UPLOAD_MESSAGES.unsupportedFormat,
    );

    const taken = await uploadAs(
      test,
      jordan,
      LOAN_UPLOAD,
      { LoanNumber: HOME_EQUITY, FileTypeID: '1' },
      [{ name: 'statement.pdf', bytes: PDF }],
    );
    expect(taken.statusCode).toBe(200);
    const fileId = UploadResponse.parse(taken.json()).Value.FileId;
    expect(bank.kept.get(fileId)?.bytes.equals(Buffer.from(PDF))).toBe(true);
    // Its work item and audit entry are written in a transaction of the portal's own.
    const item = await test.database.db
      .selectFrom('work_items')
      .select(['kind', 'summary'])
      .where('reference', '=', fileId)
      .executeTakeFirstOrThrow();
    expect(item).toEqual({
      kind: 'document',
      summary: 'Identification: statement.pdf for account ****2352',
    });
    const audit = await test.database.db
      .selectFrom('settings_audit')
      .select('comment')
      .where('action', '=', 'document.upload')
      .execute();
    expect(audit.map((entry) => entry.comment)).toEqual([
      expect.stringContaining(`document ${fileId}, work item`),
    ]);
  });
});
