import {
  AccountDocument,
  ENVELOPE_CODES,
  UploadFailure,
  UploadResponse,
  withEnvelope,
} from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testDatabases } from '../../testing/databases';
import { publishSettingsChange } from '../../testing/settings';
import {
  PORTAL_WRITE_HEADERS,
  signIn,
  startTestApp,
  type SignedIn,
  type TestApp,
} from '../../testing/test-app';
import { UPLOAD_MESSAGES } from '@portal/domain';

const CUSTOMER_DOCUMENTS = '/api/Documents/GetCustomerDocuments';
const HOME_EQUITY = '001-100235-2';
const ListResponse = withEnvelope({ Value: z.array(AccountDocument) });
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(512, 7)]);
/** The parts of the OpenAPI document read here: each path's methods and their responses. */
const OpenApiPaths = z.object({
  paths: z.record(
    z.string(),
    z.record(z.string(), z.object({ responses: z.record(z.string(), z.unknown()) })),
  ),
});

describe.each(testDatabases())("the customer's own documents on $name", (testDatabase) => {
  let test: TestApp;
  let jordan: SignedIn;
  let pat: SignedIn;

  beforeAll(async () => {
    test = await startTestApp(testDatabase);
    jordan = await signIn(test.app, { username: 'jordan.rivers' });
    pat = await signIn(test.app, { username: 'pat.lee' });
  });
  afterAll(async () => {
    await test?.close();
  });

  const get = (who: SignedIn | undefined, url: string) =>
    test.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
  const listOf = async (who: SignedIn) =>
    ListResponse.parse((await get(who, CUSTOMER_DOCUMENTS)).json()).Value;

  /** A PDF sent to `POST /api/file/UploadByCustomerID` as the portal's uploader sends it. */
  async function uploadForCustomer(who: SignedIn, name: string) {
    const form = new FormData();
    form.append('LoanNumber', '');
    form.append('ApplicationNumber', '');
    form.append('FileTypeID', '1');
    form.append('file', new Blob([PDF], { type: 'application/pdf' }), name);
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const answer = await test.app.inject({
      method: 'POST',
      url: '/api/file/UploadByCustomerID',
      headers: {
        ...PORTAL_WRITE_HEADERS,
        cookie: who.cookie,
        'content-type': request.headers.get('content-type') ?? '',
      },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(answer.statusCode).toBe(200);
    return UploadResponse.parse(answer.json()).Value;
  }

  it('lists an uploaded customer document, newest first, and not among the loan’s', async () => {
    const before = await listOf(jordan);
    test.clock.advance(60_000);
    const first = await uploadForCustomer(jordan, 'drivers-license.pdf');
    test.clock.advance(60_000);
    const second = await uploadForCustomer(jordan, 'utility-bill.pdf');

    const answer = await get(jordan, CUSTOMER_DOCUMENTS);
    expect(answer.statusCode).toBe(200);
    const listed = ListResponse.parse(answer.json());
    expect(listed.HasNoErrors).toBe(true);
    expect(listed.Value).toEqual([second, first, ...before]);
    expect(second).toMatchObject({
      DisplayName: 'utility-bill',
      DisplayFormat: 'pdf',
      Name: 'utility-bill.pdf',
      DateUploaded: test.clock.now().toISOString(),
    });
    // A loan's list keeps to the loan.
    const loanList = ListResponse.parse(
      (await get(jordan, `/api/Documents/GetAccountDocuments?accountNumber=${HOME_EQUITY}`)).json(),
    ).Value;
    expect(loanList.map((document) => document.FileId)).not.toContain(first.FileId);
  });

  it("does not show one user's documents to another", async () => {
    const jordans = await uploadForCustomer(jordan, 'passport.pdf');
    const patsBefore = await listOf(pat);
    expect(patsBefore.map((document) => document.FileId)).not.toContain(jordans.FileId);

    const pats = await uploadForCustomer(pat, 'pay-stub.pdf');
    expect(await listOf(pat)).toEqual([pats, ...patsBefore]);
    expect((await listOf(jordan)).map((document) => document.FileId)).not.toContain(pats.FileId);
  });

  it('answers as the file types do when the institution has no file services', async () => {
    const restore = await publishSettingsChange(test.app, 'localhost', {
      shared: { globalOptions: { useFileServicesOption: 'false' } },
    });
    try {
      const answer = await get(jordan, CUSTOMER_DOCUMENTS);
      expect(answer.statusCode).toBe(404);
      expect(UploadFailure.parse(answer.json())).toEqual({
        HasNoErrors: false,
        Errors: [{ ErrorMessage: ENVELOPE_CODES.notFound }],
        Message: UPLOAD_MESSAGES.fileServicesOff,
      });
      const fileTypes = await get(jordan, '/api/file/GetFileTypes');
      expect(answer.body).toBe(fileTypes.body);
    } finally {
      await restore();
    }
    expect((await get(jordan, CUSTOMER_DOCUMENTS)).statusCode).toBe(200);
  });

  it('refuses a caller without a session', async () => {
    const answer = await get(undefined, CUSTOMER_DOCUMENTS);
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({
      HasNoErrors: false,
      Errors: [{ ErrorMessage: ENVELOPE_CODES.unauthorized }],
    });
  });

  it('is described in the OpenAPI document beside the other document lists', async () => {
    const document = OpenApiPaths.parse(
      (await test.app.inject({ url: '/api/openapi.json' })).json(),
    );
    for (const path of [
      '/api/Documents/GetAccountDocuments',
      '/api/Documents/GetApplicationDocuments',
      CUSTOMER_DOCUMENTS,
    ]) {
      expect(Object.keys(document.paths[path]?.get?.responses ?? {}), path).toEqual(
        expect.arrayContaining(['200', '401', '404']),
      );
    }
    expect(JSON.stringify(document.paths[CUSTOMER_DOCUMENTS]?.get?.responses?.['200'])).toContain(
      'DateUploaded',
    );
  });
});
