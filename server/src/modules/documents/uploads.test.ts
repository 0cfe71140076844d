import {
  AccountDocument,
  FileTypesResponse,
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
import { MAX_UPLOAD_BYTES, sniffContentType, UPLOAD_MESSAGES } from './upload-policy';

// Seeded at Harbor: Jordan's home equity loan and two of Jordan's applications.
const HOME_EQUITY = '001-100235-2';
const NO_SUCH_ACCOUNT = '001-999999-9';
const APPROVED_APPLICATION = 'A-240275';
const APPLICATION_IN_REVIEW = 'A-240298';
const NO_SUCH_APPLICATION = 'A-999999';

const LOAN_UPLOAD = '/api/file/UploadFileWithLoanNumber';
const APPLICATION_UPLOAD = '/api/file/UploadFileWithApplicationNumber';
const CUSTOMER_UPLOAD = '/api/file/UploadByCustomerID';

const ListResponse = withEnvelope({ Value: z.array(AccountDocument) });

/** Bytes that start with a format's signature, then something recognisable. */
function fileOf(signature: readonly number[], size = 2048): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let at = 0; at < size; at += 1) bytes[at] = (at * 31 + 7) % 251;
  bytes.set(signature, 0);
  return bytes;
}
const PDF = fileOf([...Buffer.from('%PDF-1.7\n')]);
const PNG = fileOf([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = fileOf([0xff, 0xd8, 0xff, 0xe0]);
const TIFF = fileOf([0x4d, 0x4d, 0x00, 0x2a]);

interface Part {
  name?: string;
  bytes: Uint8Array;
  type?: string;
}

/** A multipart/form-data body as a browser's FormData sends it. */
async function multipart(fields: Record<string, string>, files: Part[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    form.append(
      'file',
      new Blob([Buffer.from(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.name ?? 'scan.pdf',
    );
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}

describe('the upload policy', () => {
  it('tells PDF, JPEG, PNG and TIFF by their first bytes, and nothing else', () => {
    expect(sniffContentType(PDF)).toBe('application/pdf');
    expect(sniffContentType(PNG)).toBe('image/png');
    expect(sniffContentType(JPEG)).toBe('image/jpeg');
    expect(sniffContentType(TIFF)).toBe('image/tiff');
    expect(sniffContentType(fileOf([0x49, 0x49, 0x2a, 0x00]))).toBe('image/tiff');
    expect(sniffContentType(Buffer.from('<html><script>alert(1)</script>'))).toBeUndefined();
    expect(sniffContentType(Buffer.from('GIF89a......'))).toBeUndefined();
    expect(sniffContentType(Buffer.from('%PDF'))).toBeUndefined();
    expect(sniffContentType(new Uint8Array([0xff, 0xd8]))).toBeUndefined();
    expect(sniffContentType(new Uint8Array())).toBeUndefined();
  });
});

describe.each(testDatabases())('document uploads on $name', (testDatabase) => {
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

  async function upload(
    who: SignedIn | undefined,
    url: string,
    fields: Record<string, string>,
    files: Part[] = [],
    headers: Record<string, string> = PORTAL_WRITE_HEADERS,
  ) {
    const body = await multipart(fields, files);
    return test.app.inject({
      method: 'POST',
      url,
      headers: {
        ...headers,
        ...(who ? { cookie: who.cookie } : {}),
        'content-type': body.contentType,
      },
      payload: body.payload,
    });
  }

  /** Every stored document's row count; a refusal must leave it unchanged. */
  const storedCount = async () =>
    Number(
      (
        await test.database.db
          .selectFrom('file_documents')
          .select((eb) => eb.fn.countAll().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  async function openDocument(who: SignedIn, fileId: string) {
    const token = (await get(who, '/api/PassableToken/GetPassableToken')).body;
    return get(undefined, `/api/Documents/ViewDocument?FileId=${fileId}&token=${token}`);
  }

  it("lists the institution's file types, from its setting, only with file services on", async () => {
    const answer = await get(jordan, '/api/file/GetFileTypes');
    expect(answer.statusCode).toBe(200);
    expect(FileTypesResponse.parse(answer.json()).FileTypes).toEqual([
      { ID: 1, Description: 'Identification' },
      { ID: 2, Description: 'Income Verification' },
      { ID: 3, Description: 'Insurance' },
      { ID: 4, Description: 'Correspondence' },
      { ID: 5, Description: 'Other' },
    ]);
    expect((await get(undefined, '/api/file/GetFileTypes')).statusCode).toBe(401);

    const restoreTypes = await publishSettingsChange(test.app, 'localhost', {
      shared: {
        documentCenterOptions: {
          fileTypes: JSON.stringify([
            { ID: 7, Description: 'Pay stub' },
            { ID: 9, Description: 'Bank statement' },
          ]),
        },
      },
    });
    try {
      expect(
        FileTypesResponse.parse((await get(jordan, '/api/file/GetFileTypes')).json()).FileTypes,
      ).toEqual([
        { ID: 7, Description: 'Pay stub' },
        { ID: 9, Description: 'Bank statement' },
      ]);
      // A type of the old list is no longer accepted.
      const before = await storedCount();
      const refused = await upload(
        jordan,
        LOAN_UPLOAD,
        { LoanNumber: HOME_EQUITY, FileTypeID: '1' },
        [{ bytes: PDF }],
      );
      expect(refused.statusCode).toBe(400);
      expect(UploadFailure.parse(refused.json()).Message).toBe('Choose a file type');
      expect(await storedCount()).toBe(before);
    } finally {
      await restoreTypes();
    }

    const restoreOff = await publishSettingsChange(test.app, 'localhost', {
      shared: { globalOptions: { useFileServicesOption: 'false' } },
    });
    try {
      expect((await get(jordan, '/api/file/GetFileTypes')).statusCode).toBe(404);
    } finally {
      await restoreOff();
    }
  });

  it('keeps a file uploaded to a loan: listed first, opened byte for byte', async () => {
    test.clock.advance(60_000);
    const answer = await upload(
      jordan,
      LOAN_UPLOAD,
      { LoanNumber: HOME_EQUITY, ApplicationNumber: '', FileTypeID: '2' },
      [{ name: 'C:\\fakepath\\Pay stub.March.pdf', bytes: PDF, type: 'application/pdf' }],
    );
    expect(answer.statusCode).toBe(200);
    const stored = UploadResponse.parse(answer.json()).Value;
    expect(stored).toMatchObject({
      DisplayName: 'Pay stub.March',
      DisplayFormat: 'pdf',
      DateUploaded: test.clock.now().toISOString(),
    });

    const listed = ListResponse.parse(
      (await get(jordan, `/api/Documents/GetAccountDocuments?accountNumber=${HOME_EQUITY}`)).json(),
    ).Value;
    expect(listed[0]).toEqual(stored);
    expect(listed).toHaveLength(3);

    const opened = await openDocument(jordan, stored.FileId);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(opened.rawPayload, Buffer.from(PDF))).toBe(0);
    // The chosen file type is kept with it.
    const row = await test.database.db
      .selectFrom('file_documents')
      .select(['file_type_id', 'account_number', 'application_number'])
      .where('id', '=', Number(stored.FileId))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      file_type_id: 2,
      account_number: HOME_EQUITY,
      application_number: '',
    });
    // Another user cannot open it.
    expect((await openDocument(pat, stored.FileId)).statusCode).toBe(404);
  });

  it('keeps a file uploaded to an application, stored as the format its bytes show', async () => {
    test.clock.advance(60_000);
    // Named .pdf, claimed as a PDF, but a PNG: kept and served as the PNG it is.
    const answer = await upload(
      jordan,
      APPLICATION_UPLOAD,
      { ApplicationNumber: APPLICATION_IN_REVIEW, FileTypeID: '1', LoanNumber: '' },
      [{ name: 'licence.pdf', bytes: PNG, type: 'application/pdf' }],
    );
    expect(answer.statusCode).toBe(200);
    const stored = UploadResponse.parse(answer.json()).Value;
    expect(stored).toMatchObject({ DisplayName: 'licence', DisplayFormat: 'png' });
    const listed = ListResponse.parse(
      (
        await get(
          jordan,
          `/api/Documents/GetApplicationDocuments?applicationNumber=${APPLICATION_IN_REVIEW}`,
        )
      ).json(),
    ).Value;
    expect(listed).toEqual([stored]);
    const opened = await openDocument(jordan, stored.FileId);
    expect(opened.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(opened.rawPayload, Buffer.from(PNG))).toBe(0);
  });

  it("keeps a customer's own document, about no account or application", async () => {
    const answer = await upload(jordan, CUSTOMER_UPLOAD, { FileTypeID: '4' }, [
      { name: 'letter.tiff', bytes: TIFF, type: 'image/tiff' },
    ]);
    expect(answer.statusCode).toBe(200);
    const stored = UploadResponse.parse(answer.json()).Value;
    expect(stored).toMatchObject({ DisplayName: 'letter', DisplayFormat: 'tif' });
    const opened = await openDocument(jordan, stored.FileId);
    expect(opened.headers['content-type']).toBe('image/tiff');
    expect(Buffer.compare(opened.rawPayload, Buffer.from(TIFF))).toBe(0);
    // It is in neither list of Jordan's loan or application.
    const loanList = ListResponse.parse(
      (await get(jordan, `/api/Documents/GetAccountDocuments?accountNumber=${HOME_EQUITY}`)).json(),
    ).Value;
    expect(loanList.map((document) => document.FileId)).not.toContain(stored.FileId);
  });

  it("answers another user's loan or application as one that does not exist, storing nothing", async () => {
    const before = await storedCount();
    const file = [{ bytes: JPEG, name: 'photo.jpg' }];
    const stranger = await upload(
      pat,
      LOAN_UPLOAD,
      { LoanNumber: HOME_EQUITY, FileTypeID: '1' },
      file,
    );
    const missing = await upload(
      pat,
      LOAN_UPLOAD,
      { LoanNumber: NO_SUCH_ACCOUNT, FileTypeID: '1' },
      file,
    );
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).toBe(missing.body);
    expect(UploadFailure.parse(stranger.json()).Message).toBe(UPLOAD_MESSAGES.accountNotFound);

    const strangerApplication = await upload(
      pat,
      APPLICATION_UPLOAD,
      { ApplicationNumber: APPROVED_APPLICATION, FileTypeID: '1' },
      file,
    );
    const missingApplication = await upload(
      pat,
      APPLICATION_UPLOAD,
      { ApplicationNumber: NO_SUCH_APPLICATION, FileTypeID: '1' },
      file,
    );
    expect(strangerApplication.statusCode).toBe(404);
    expect(strangerApplication.body).toBe(missingApplication.body);
    // Without a number at all, the same answer.
    const noNumber = await upload(pat, LOAN_UPLOAD, { FileTypeID: '1' }, file);
    expect(noNumber.body).toBe(missing.body);
    // The application route does not take a loan number for an application.
    const crossed = await upload(
      jordan,
      APPLICATION_UPLOAD,
      { LoanNumber: APPLICATION_IN_REVIEW, FileTypeID: '1' },
      file,
    );
    expect(crossed.statusCode).toBe(404);
    expect(await storedCount()).toBe(before);

    // Jordan's application list still shows nothing of Pat's attempts.
    const approved = ListResponse.parse(
      (
        await get(
          jordan,
          `/api/Documents/GetApplicationDocuments?applicationNumber=${APPROVED_APPLICATION}`,
        )
      ).json(),
    ).Value;
    expect(approved.map((document) => document.DisplayName)).toEqual([
      'Loan Approval Letter A-240275',
    ]);
  });

  it('refuses a file over 10 MB with 413 and takes one of exactly 10 MB', async () => {
    const before = await storedCount();
    const tooLarge = await upload(
      jordan,
      LOAN_UPLOAD,
      { LoanNumber: HOME_EQUITY, FileTypeID: '5' },
      [{ bytes: fileOf([...Buffer.from('%PDF-1.7\n')], MAX_UPLOAD_BYTES + 1) }],
    );
    expect(tooLarge.statusCode).toBe(413);
    expect(UploadFailure.parse(tooLarge.json())).toEqual({
      HasNoErrors: false,
      Errors: [{ ErrorMessage: 'InvalidRequest' }],
      Message: UPLOAD_MESSAGES.tooLarge,
    });
    expect(await storedCount()).toBe(before);

    const largest = fileOf([...Buffer.from('%PDF-1.7\n')], MAX_UPLOAD_BYTES);
    const fits = await upload(jordan, LOAN_UPLOAD, { LoanNumber: HOME_EQUITY, FileTypeID: '5' }, [
      { bytes: largest },
    ]);
    expect(fits.statusCode).toBe(200);
    const opened = await openDocument(jordan, UploadResponse.parse(fits.json()).Value.FileId);
    expect(Buffer.compare(opened.rawPayload, Buffer.from(largest))).toBe(0);
    expect(await storedCount()).toBe(before + 1);
  });

  it('refuses what is not a document, a missing file type or file, with a Message, storing nothing', async () => {
    const before = await storedCount();
    const fields = { LoanNumber: HOME_EQUITY, FileTypeID: '1' };
    const cases: {
      fields: Record<string, string>;
      files: Part[];
      status: number;
      message: string;
    }[] = [
      {
        fields,
        files: [{ name: 'statement.pdf', bytes: Buffer.from('<html>not a pdf</html>') }],
        status: 415,
        message: UPLOAD_MESSAGES.unsupportedFormat,
      },
      {
        fields,
        files: [{ name: 'animation.gif', bytes: Buffer.from('GIF89a\x01\x00\x01\x00') }],
        status: 415,
        message: UPLOAD_MESSAGES.unsupportedFormat,
      },
      {
        fields,
        files: [{ name: 'empty.pdf', bytes: new Uint8Array() }],
        status: 400,
        message: UPLOAD_MESSAGES.emptyFile,
      },
      { fields, files: [], status: 400, message: UPLOAD_MESSAGES.noFile },
      {
        fields: { LoanNumber: HOME_EQUITY },
        files: [{ bytes: PDF }],
        status: 400,
        message: 'Choose a file type',
      },
      {
        fields: { LoanNumber: HOME_EQUITY, FileTypeID: '99' },
        files: [{ bytes: PDF }],
        status: 400,
        message: 'Choose a file type',
      },
      {
        fields: { LoanNumber: HOME_EQUITY, FileTypeID: '1.5' },
        files: [{ bytes: PDF }],
        status: 400,
        message: 'Choose a file type',
      },
      {
        fields,
        files: [{ bytes: PDF }, { bytes: PNG, name: 'second.png' }],
        status: 400,
        message: UPLOAD_MESSAGES.invalidRequest,
      },
    ];
    for (const refusal of cases) {
      const answer = await upload(jordan, LOAN_UPLOAD, refusal.fields, refusal.files);
      expect({
        status: answer.statusCode,
        message: UploadFailure.parse(answer.json()).Message,
      }).toEqual({
        status: refusal.status,
        message: refusal.message,
      });
    }
    // Not multipart at all.
    const json = await test.app.inject({
      method: 'POST',
      url: LOAN_UPLOAD,
      headers: { ...PORTAL_WRITE_HEADERS, cookie: jordan.cookie },
      payload: fields,
    });
    expect(json.statusCode).toBe(400);
    expect(await storedCount()).toBe(before);
  });

  it('needs a session and the CSRF header, and file services with the upload area shown', async () => {
    const before = await storedCount();
    const fields = { LoanNumber: HOME_EQUITY, FileTypeID: '1' };
    const files = [{ bytes: PDF }];
    expect((await upload(undefined, LOAN_UPLOAD, fields, files)).statusCode).toBe(401);
    expect((await upload(jordan, LOAN_UPLOAD, fields, files, {})).statusCode).toBe(403);

    const changes: Record<string, Record<string, string>>[] = [
      { globalOptions: { useFileServicesOption: 'false' } },
      { documentCenterOptions: { hideUploadAreaOption: 'true' } },
    ];
    for (const change of changes) {
      const restore = await publishSettingsChange(test.app, 'localhost', { shared: change });
      try {
        for (const url of [LOAN_UPLOAD, APPLICATION_UPLOAD, CUSTOMER_UPLOAD]) {
          const answer = await upload(
            jordan,
            url,
            { ...fields, ApplicationNumber: APPLICATION_IN_REVIEW },
            files,
          );
          expect(answer.statusCode).toBe(404);
          expect(UploadFailure.parse(answer.json()).Message).toBe(UPLOAD_MESSAGES.fileServicesOff);
        }
      } finally {
        await restore();
      }
    }
    expect(await storedCount()).toBe(before);
  });
});
