import {
  AdminError,
  AuditListResponse,
  UploadResponse,
  WorkItemDetail,
  WorkItemListResponse,
} from '@portal/domain';
import type { LightMyRequestResponse } from 'fastify';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutionIdOf } from '../../testing/account-flows';
import { testDatabases } from '../../testing/databases';
import { signedInStaff } from '../../testing/staff';
import { signIn, startTestApp, type TestApp } from '../../testing/test-app';
import { PDF, uploadAs } from '../../testing/uploads';

const QUEUE = '/admin-api/institutions/harbor/work-items';
const HOME_EQUITY = '001-100235-2';

function errorOf(response: LightMyRequestResponse) {
  return AdminError.parse(response.json()).error;
}

describe.each(testDatabases())("staff opening a borrower's document on $name", (database) => {
  let test: TestApp;
  const cookie: Record<string, string> = {};
  /** Jordan's upload: its work item and its document. */
  let item: string;
  let fileId: string;
  let question: string;

  const get = (who: string | null, url: string) =>
    test.app.inject({ method: 'GET', url, headers: who ? { cookie: cookie[who] } : {} });
  const documentOf = (who: string | null, id: string, slug = 'harbor') =>
    get(who, `/admin-api/institutions/${slug}/work-items/${id}/document`);

  beforeAll(async () => {
    test = await startTestApp(database);
    const members = [
      ['viewer', 'viewer@documents.test', 'localhost', 'viewer'],
      ['editor', 'editor@documents.test', 'localhost', 'editor'],
      ['publisher', 'publisher@documents.test', 'localhost', 'publisher'],
      ['summit', 'publisher@summit-documents.test', 'summit.localhost', 'publisher'],
    ] as const;
    for (const [who, email, host, role] of members) {
      cookie[who] = await signedInStaff(test, { email, host, role });
    }
    const jordan = await signIn(test.app, { username: 'jordan.rivers' });
    const uploaded = await uploadAs(
      test,
      jordan,
      '/api/file/UploadFileWithLoanNumber',
      { LoanNumber: HOME_EQUITY, FileTypeID: '2' },
      [{ name: 'C:\\scans\\Relevé mars;1.pdf', bytes: PDF, type: 'application/pdf' }],
    );
    expect(uploaded.statusCode).toBe(200);
    fileId = UploadResponse.parse(uploaded.json()).Value.FileId;
    const row = await test.database.db
      .selectFrom('work_items')
      .select('id')
      .where('reference', '=', fileId)
      .executeTakeFirstOrThrow();
    item = row.id;
    question = await test.app.services.workQueue.submit({
      institutionId: await institutionIdOf(test),
      kind: 'question',
      userId: null,
      senderName: 'A visitor',
      senderEmail: 'visitor@example.test',
      summary: 'Opening hours',
      details: { message: 'When do you open?' },
    });
  }, 120_000);

  afterAll(async () => {
    await test?.close();
  });

  it('lists the upload in the queue as a document item, its account masked, to every role', async () => {
    const list = WorkItemListResponse.parse((await get('viewer', `${QUEUE}?kind=document`)).json());
    expect(list.items.map((entry) => entry.id)).toEqual([item]);
    expect(list.items[0]).toMatchObject({
      kind: 'document',
      status: 'new',
      senderName: 'Jordan Rivers',
      summary: 'Income Verification: Relevé mars;1.pdf for account ****2352',
    });
    const detail = WorkItemDetail.parse((await get('viewer', `${QUEUE}/${item}`)).json());
    expect(detail).toMatchObject({
      reference: fileId,
      fromBorrower: true,
      details: {
        fileName: 'Relevé mars;1.pdf',
        fileType: 'Income Verification',
        format: 'PDF',
        size: '2.0 KB (2,048 bytes)',
        account: '****2352',
      },
    });
  });

  it('sends the document to each role of the institution as an attachment with a safe name, and audits it', async () => {
    for (const who of ['viewer', 'editor', 'publisher']) {
      const answer = await documentOf(who, item);
      expect(answer.statusCode, who).toBe(200);
      expect(answer.headers['content-type']).toBe('application/pdf');
      expect(answer.headers['content-length']).toBe(String(PDF.byteLength));
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['content-disposition']).toBe(
        `attachment; filename="Relev_ mars_1.pdf"; filename*=UTF-8''Relev%C3%A9%20mars%3B1.pdf`,
      );
      expect(Buffer.compare(answer.rawPayload, Buffer.from(PDF))).toBe(0);
    }
    const audit = AuditListResponse.parse(
      (await get('publisher', '/admin-api/institutions/harbor/audit')).json(),
    ).entries.filter((entry) => entry.action === 'document.open');
    expect(audit.map((entry) => entry.staff)).toEqual([
      'publisher@documents.test',
      'editor@documents.test',
      'viewer@documents.test',
    ]);
    expect(audit[0]?.comment).toBe(
      `Opened document ${fileId} (“Relevé mars;1.pdf”) of work item ${item} ` +
        '(“Income Verification: Relevé mars;1.pdf for account ****2352” from Jordan Rivers).',
    );
  });

  it("answers another institution's staff 404 for the item and its document, as if neither existed", async () => {
    const item404 = await get('summit', `${QUEUE}/${item}`);
    expect(item404.statusCode).toBe(404);
    const document404 = await documentOf('summit', item);
    expect(document404.statusCode).toBe(404);
    expect(errorOf(document404)).toEqual(errorOf(item404));
    // Through their own institution's address, Harbor's item is not there either.
    expect((await documentOf('summit', item, 'summit')).statusCode).toBe(404);
    // Nor does a Summit item that names Harbor's document open it.
    const forged = await test.app.services.workQueue.submit({
      institutionId: await institutionIdOf(test, 'summit.localhost'),
      kind: 'document',
      userId: null,
      senderName: 'Someone',
      senderEmail: '',
      summary: 'Not Summit’s document',
      details: {},
      reference: fileId,
    });
    const crossed = await documentOf('summit', forged, 'summit');
    expect(crossed.statusCode).toBe(404);
    expect(errorOf(crossed).message).toBe('There is no document with this item of the work queue.');
  });

  it('has no document for another kind of item, an unknown item or nobody signed in', async () => {
    expect((await documentOf('publisher', question)).statusCode).toBe(404);
    expect((await documentOf('publisher', randomUUID())).statusCode).toBe(404);
    expect((await documentOf('publisher', 'not-an-id')).statusCode).toBe(400);
    const anonymous = await documentOf(null, item);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.rawPayload.byteLength).toBeLessThan(200);
  });
});
