import {
  AccountDocument,
  AuditListResponse,
  FileTypesResponse,
  MAX_UPLOAD_BYTES,
  tooManyUploadsMessage,
  UPLOAD_MESSAGES,
  UploadFailure,
  UploadResponse,
  uploadTooLargeMessage,
  withEnvelope,
} from '@portal/domain';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { institutionIdOf } from '../../testing/account-flows';
import { testDatabases } from '../../testing/databases';
import { publishSettingsChange } from '../../testing/settings';
import { signedInStaff } from '../../testing/staff';
import {
  PORTAL_WRITE_HEADERS,
  signIn,
  startTestApp,
  type SignedIn,
  type TestApp,
} from '../../testing/test-app';
import {
  EXECUTABLE,
  fileOf,
  filesUnder,
  JPEG,
  multipartBody,
  PDF,
  PDF_SIGNATURE,
  PNG,
  TIFF,
  uploadAs,
  uploadOverConnection,
  type UploadPart,
} from '../../testing/uploads';

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
/** The institution's limit unless its documentCenterOptions.maxUploadMegabytes says otherwise. */
const TEN_MB = 10 * 1024 * 1024;
const HOUR_MS = 60 * 60 * 1000;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe.each(testDatabases())('document uploads on $name', (testDatabase) => {
  let test: TestApp;
  let documentsDir: string;
  let jordan: SignedIn;
  let pat: SignedIn;
  let auditor: string;

  beforeAll(async () => {
    documentsDir = mkdtempSync(join(tmpdir(), 'portal-uploads-test-'));
    test = await startTestApp(testDatabase, { documentsDir });
    jordan = await signIn(test.app, { username: 'jordan.rivers' });
    pat = await signIn(test.app, { username: 'pat.lee' });
    auditor = await signedInStaff(test, {
      email: 'auditor@uploads.test',
      host: 'localhost',
      role: 'viewer',
    });
  });
  afterAll(async () => {
    await test?.close();
    rmSync(documentsDir, { recursive: true, force: true });
  });

  const get = (who: SignedIn | undefined, url: string) =>
    test.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
  const upload = (
    who: SignedIn | undefined,
    url: string,
    fields: Record<string, string>,
    files: UploadPart[] = [],
    options: { headers?: Record<string, string>; filesFirst?: boolean } = {},
  ) => uploadAs(test, who, url, fields, files, options);

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
  /** What a refusal must leave as it was: the rows, the files, the work items. */
  const kept = async () => ({
    rows: await storedCount(),
    files: filesUnder(documentsDir),
    items: (
      await test.database.db
        .selectFrom('work_items')
        .select('id')
        .where('kind', '=', 'document')
        .execute()
    ).length,
  });
  const auditOf = async (action: string) =>
    AuditListResponse.parse(
      (
        await test.app.inject({
          method: 'GET',
          url: '/admin-api/institutions/harbor/audit?limit=200',
          headers: { cookie: auditor },
        })
      ).json(),
    ).entries.filter((entry) => entry.action === action);

  let address: string | undefined;
  /** The app listening on a port of its own (for uploads over a real connection). */
  const listening = async () => {
    address ??= await test.app.listen({ port: 0, host: '127.0.0.1' });
    return address;
  };

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
      const before = await kept();
      const refused = await upload(
        jordan,
        LOAN_UPLOAD,
        { LoanNumber: HOME_EQUITY, FileTypeID: '1' },
        [{ bytes: PDF }],
      );
      expect(refused.statusCode).toBe(400);
      expect(UploadFailure.parse(refused.json()).Message).toBe('Choose a file type');
      expect(await kept()).toEqual(before);
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

  it('keeps a file uploaded to a loan as a file of the documents folder: listed first, opened byte for byte', async () => {
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
    expect(opened.headers['content-length']).toBe(String(PDF.byteLength));
    expect(opened.headers['x-content-type-options']).toBe('nosniff');
    expect(opened.headers['content-disposition']).toBe(
      `inline; filename="Pay stub.March.pdf"; filename*=UTF-8''Pay%20stub.March.pdf`,
    );
    expect(Buffer.compare(opened.rawPayload, Buffer.from(PDF))).toBe(0);

    // The row names the file (no bytes in the database), with the chosen type, the sniffed
    // content type, the size and the SHA-256; the file holds exactly the bytes sent.
    const row = await test.database.db
      .selectFrom('file_documents')
      .select([
        'file_type_id',
        'account_number',
        'application_number',
        'content',
        'storage_key',
        'content_type',
        'size_bytes',
        'sha256',
      ])
      .where('id', '=', Number(stored.FileId))
      .executeTakeFirstOrThrow();
    const institutionId = await institutionIdOf(test);
    expect(row).toEqual({
      file_type_id: 2,
      account_number: HOME_EQUITY,
      application_number: '',
      content: null,
      storage_key: expect.stringMatching(
        new RegExp(`^${institutionId}/[0-9a-f]{2}/[0-9a-f-]{36}$`),
      ),
      content_type: 'application/pdf',
      size_bytes: PDF.byteLength,
      sha256: sha256(PDF),
    });
    expect(filesUnder(documentsDir)).toContain(row.storage_key);
    expect(readFileSync(join(documentsDir, row.storage_key ?? ''))).toEqual(Buffer.from(PDF));
    // Another user cannot open it.
    expect((await openDocument(pat, stored.FileId)).statusCode).toBe(404);
  });

  it('puts each kept upload in the work queue and the audit log, with no account number in full and no content', async () => {
    test.clock.advance(60_000);
    const answer = await upload(jordan, LOAN_UPLOAD, { LoanNumber: HOME_EQUITY, FileTypeID: '3' }, [
      { name: 'declarations page.jpg', bytes: JPEG, type: 'image/jpeg' },
    ]);
    expect(answer.statusCode).toBe(200);
    const fileId = UploadResponse.parse(answer.json()).Value.FileId;
    const item = await test.database.db
      .selectFrom('work_items')
      .selectAll()
      .where('kind', '=', 'document')
      .where('reference', '=', fileId)
      .executeTakeFirstOrThrow();
    const jordanUser = await test.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'jordan.rivers')
      .where('institution_id', '=', await institutionIdOf(test))
      .executeTakeFirstOrThrow();
    expect(item).toMatchObject({
      institution_id: await institutionIdOf(test),
      status: 'new',
      user_id: jordanUser.id,
      sender_name: 'Jordan Rivers',
      sender_email: 'jordan.rivers@example.test',
      summary: 'Insurance: declarations page.jpg for account ****2352',
      details: {
        fileName: 'declarations page.jpg',
        fileType: 'Insurance',
        format: 'JPG',
        size: '2.0 KB (2,048 bytes)',
        account: '****2352',
      },
      created_at: test.clock.now(),
    });
    expect(JSON.stringify(item)).not.toContain(HOME_EQUITY);

    const [entry] = await auditOf('document.upload');
    expect(entry).toMatchObject({ staff: 'borrower jordan.rivers' });
    expect(entry?.comment).toBe(
      `Uploaded “declarations page.jpg” (Insurance; JPG, 2,048 bytes, SHA-256 ${sha256(JPEG)}) ` +
        `for account ****2352: document ${fileId}, work item ${item.id}.`,
    );
  });

  it('keeps a file uploaded to an application, and one to the customer, in their own lists', async () => {
    test.clock.advance(60_000);
    const answer = await upload(
      jordan,
      APPLICATION_UPLOAD,
      { ApplicationNumber: APPLICATION_IN_REVIEW, FileTypeID: '1', LoanNumber: '' },
      // The browser's claimed type counts for nothing: the bytes say PNG, as the name does.
      [{ name: 'licence.PNG', bytes: PNG, type: 'application/pdf' }],
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
    const applicationItem = await test.database.db
      .selectFrom('work_items')
      .select(['summary', 'details'])
      .where('reference', '=', stored.FileId)
      .executeTakeFirstOrThrow();
    expect(applicationItem).toMatchObject({
      summary: `Identification: licence.PNG for application ${APPLICATION_IN_REVIEW}`,
      details: { application: APPLICATION_IN_REVIEW, format: 'PNG' },
    });

    const letter = await upload(jordan, CUSTOMER_UPLOAD, { FileTypeID: '4' }, [
      { name: 'letter.tiff', bytes: TIFF, type: 'image/tiff' },
    ]);
    expect(letter.statusCode).toBe(200);
    const own = UploadResponse.parse(letter.json()).Value;
    expect(own).toMatchObject({ DisplayName: 'letter', DisplayFormat: 'tif' });
    const openedLetter = await openDocument(jordan, own.FileId);
    expect(openedLetter.headers['content-type']).toBe('image/tiff');
    expect(Buffer.compare(openedLetter.rawPayload, Buffer.from(TIFF))).toBe(0);
    // It is in neither list of Jordan's loan or application.
    const loanList = ListResponse.parse(
      (await get(jordan, `/api/Documents/GetAccountDocuments?accountNumber=${HOME_EQUITY}`)).json(),
    ).Value;
    expect(loanList.map((document) => document.FileId)).not.toContain(own.FileId);
    expect(
      (
        await test.database.db
          .selectFrom('work_items')
          .select('summary')
          .where('reference', '=', own.FileId)
          .executeTakeFirstOrThrow()
      ).summary,
    ).toBe('Correspondence: letter.tiff for the profile');
  });

  it("answers another user's loan or application as one that does not exist, keeping nothing", async () => {
    const before = await kept();
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
    expect(await kept()).toEqual(before);

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
    // Each attempt is on record, naming the account only masked.
    const refusals = await auditOf('document.refuse');
    const pats = refusals.filter((entry) => entry.staff === 'borrower pat.lee');
    expect(pats.map((entry) => entry.comment)).toEqual([
      'Refused “photo.jpg” for an account of no number: the account is not one of theirs. Nothing was kept.',
      `Refused “photo.jpg” for application ${NO_SUCH_APPLICATION}: the application is not one of theirs. Nothing was kept.`,
      `Refused “photo.jpg” for application ${APPROVED_APPLICATION}: the application is not one of theirs. Nothing was kept.`,
      'Refused “photo.jpg” for account ****9999: the account is not one of theirs. Nothing was kept.',
      'Refused “photo.jpg” for account ****2352: the account is not one of theirs. Nothing was kept.',
    ]);
    expect(JSON.stringify(refusals)).not.toContain(HOME_EQUITY);
  });

  it('refuses a file over 10 MB (the limit unless set) with 413 keeping nothing, and takes one of exactly 10 MB', async () => {
    const before = await kept();
    const tooLarge = await upload(
      jordan,
      LOAN_UPLOAD,
      { LoanNumber: HOME_EQUITY, FileTypeID: '5' },
      [{ bytes: fileOf(PDF_SIGNATURE, TEN_MB + 1) }],
    );
    expect(tooLarge.statusCode).toBe(413);
    expect(UploadFailure.parse(tooLarge.json())).toEqual({
      HasNoErrors: false,
      Errors: [{ ErrorMessage: 'InvalidRequest' }],
      Message: 'The file is larger than 10 MB. Upload a smaller file.',
    });
    const muchLarger = await upload(
      jordan,
      LOAN_UPLOAD,
      { LoanNumber: HOME_EQUITY, FileTypeID: '5' },
      [{ bytes: fileOf(PDF_SIGNATURE, TEN_MB + 300_000) }],
    );
    expect(muchLarger.statusCode).toBe(413);
    expect(await kept()).toEqual(before);

    const largest = fileOf(PDF_SIGNATURE, TEN_MB);
    const fits = await upload(jordan, LOAN_UPLOAD, { LoanNumber: HOME_EQUITY, FileTypeID: '5' }, [
      { bytes: largest },
    ]);
    expect(fits.statusCode).toBe(200);
    const opened = await openDocument(jordan, UploadResponse.parse(fits.json()).Value.FileId);
    expect(Buffer.compare(opened.rawPayload, Buffer.from(largest))).toBe(0);
    expect(await storedCount()).toBe(before.rows + 1);
  });

  it("refuses a file over the institution's own limit with 413 naming it, keeping nothing, and takes one up to it", async () => {
    const casey = await signIn(test.app, { username: 'casey.morgan' });
    const before = await kept();
    const restore = await publishSettingsChange(test.app, 'localhost', {
      shared: { documentCenterOptions: { maxUploadMegabytes: '2' } },
    });
    try {
      const over = await upload(casey, CUSTOMER_UPLOAD, { FileTypeID: '1' }, [
        { name: 'scan.pdf', bytes: fileOf(PDF_SIGNATURE, 2 * 1024 * 1024 + 1) },
      ]);
      expect(over.statusCode).toBe(413);
      expect(UploadFailure.parse(over.json())).toEqual({
        HasNoErrors: false,
        Errors: [{ ErrorMessage: 'InvalidRequest' }],
        Message: 'The file is larger than 2 MB. Upload a smaller file.',
      });
      // No row, no file (the part written so far is removed), no work item.
      expect(await kept()).toEqual(before);
      const refusals = (await auditOf('document.refuse')).filter(
        (entry) => entry.staff === 'borrower casey.morgan',
      );
      expect(refusals.map((entry) => entry.comment)).toEqual([
        "Refused “scan.pdf” for the profile: the file is larger than the institution's limit of 2 MB. Nothing was kept.",
      ]);

      const fits = await upload(casey, CUSTOMER_UPLOAD, { FileTypeID: '1' }, [
        { name: 'scan.pdf', bytes: fileOf(PDF_SIGNATURE, 2 * 1024 * 1024) },
      ]);
      expect(fits.statusCode).toBe(200);
    } finally {
      await restore();
    }

    // The parser's own cap is above every limit an institution may set.
    const restoreMost = await publishSettingsChange(test.app, 'localhost', {
      shared: { documentCenterOptions: { maxUploadMegabytes: '25' } },
    });
    try {
      const largest = await upload(casey, CUSTOMER_UPLOAD, { FileTypeID: '1' }, [
        { name: 'closing-package.pdf', bytes: fileOf(PDF_SIGNATURE, MAX_UPLOAD_BYTES) },
      ]);
      expect(largest.statusCode).toBe(200);
    } finally {
      await restoreMost();
    }
    expect(await kept()).toMatchObject({ rows: before.rows + 2, items: before.items + 2 });
  });

  it('refuses what is not a document or not what its name says, a missing file type or file, keeping nothing', async () => {
    const before = await kept();
    const fields = { LoanNumber: HOME_EQUITY, FileTypeID: '1' };
    const cases: {
      case: string;
      fields: Record<string, string>;
      files: UploadPart[];
      status: number;
      message: string;
    }[] = [
      {
        case: 'a web page named .pdf',
        fields,
        files: [{ name: 'statement.pdf', bytes: Buffer.from('<html>not a pdf</html>') }],
        status: 415,
        message: UPLOAD_MESSAGES.unsupportedFormat,
      },
      {
        case: 'a program renamed .pdf',
        fields,
        files: [{ name: 'statement.pdf', bytes: EXECUTABLE, type: 'application/pdf' }],
        status: 415,
        message: UPLOAD_MESSAGES.unsupportedFormat,
      },
      {
        case: 'a PDF renamed .png',
        fields,
        files: [{ name: 'licence.png', bytes: PDF, type: 'image/png' }],
        status: 415,
        message: UPLOAD_MESSAGES.formatMismatch,
      },
      {
        case: 'a PDF named .exe',
        fields,
        files: [{ name: 'scan.exe', bytes: PDF }],
        status: 415,
        message: UPLOAD_MESSAGES.unsupportedFormat,
      },
      {
        case: 'a GIF',
        fields,
        files: [{ name: 'animation.gif', bytes: Buffer.from('GIF89a\x01\x00\x01\x00') }],
        status: 415,
        message: UPLOAD_MESSAGES.unsupportedFormat,
      },
      {
        case: 'an empty file',
        fields,
        files: [{ name: 'empty.pdf', bytes: new Uint8Array() }],
        status: 400,
        message: UPLOAD_MESSAGES.emptyFile,
      },
      { case: 'no file', fields, files: [], status: 400, message: UPLOAD_MESSAGES.noFile },
      {
        case: 'no file type',
        fields: { LoanNumber: HOME_EQUITY },
        files: [{ bytes: PDF }],
        status: 400,
        message: 'Choose a file type',
      },
      {
        case: 'a file type not the institution’s',
        fields: { LoanNumber: HOME_EQUITY, FileTypeID: '99' },
        files: [{ bytes: PDF }],
        status: 400,
        message: 'Choose a file type',
      },
      {
        case: 'a file type not a whole number',
        fields: { LoanNumber: HOME_EQUITY, FileTypeID: '1.5' },
        files: [{ bytes: PDF }],
        status: 400,
        message: 'Choose a file type',
      },
      {
        case: 'two files',
        fields,
        files: [{ bytes: PDF }, { bytes: PNG, name: 'second.png' }],
        status: 400,
        message: UPLOAD_MESSAGES.invalidRequest,
      },
    ];
    for (const refusal of cases) {
      const answer = await upload(jordan, LOAN_UPLOAD, refusal.fields, refusal.files);
      expect(
        { status: answer.statusCode, message: UploadFailure.parse(answer.json()).Message },
        refusal.case,
      ).toEqual({ status: refusal.status, message: refusal.message });
    }
    // The fields come before the file (the spec's order): a file type after it is not read.
    const late = await upload(jordan, LOAN_UPLOAD, fields, [{ bytes: PDF }], { filesFirst: true });
    expect(UploadFailure.parse(late.json()).Message).toBe(UPLOAD_MESSAGES.accountNotFound);
    // Not multipart at all.
    const json = await test.app.inject({
      method: 'POST',
      url: LOAN_UPLOAD,
      headers: { ...PORTAL_WRITE_HEADERS, cookie: jordan.cookie },
      payload: fields,
    });
    expect(json.statusCode).toBe(400);
    expect(await kept()).toEqual(before);

    const refusals = (await auditOf('document.refuse')).map((entry) => entry.comment);
    expect(refusals).toContain(
      'Refused “licence.png” for account ****2352: the content is not the format its name says. Nothing was kept.',
    );
    expect(refusals).toContain(
      'Refused “statement.pdf” for account ****2352: the file is not a PDF, JPEG, PNG or TIFF document. Nothing was kept.',
    );
  });

  it('answers refusals over a real connection, the file sent in pieces, keeping nothing', async () => {
    const before = await kept();
    const address = await listening();
    const large = fileOf(PDF_SIGNATURE, 3 * 1024 * 1024);
    const cases: [Record<string, string>, UploadPart, number, string][] = [
      [
        { LoanNumber: HOME_EQUITY, FileTypeID: '1' },
        { name: 'too-large.pdf', bytes: fileOf(PDF_SIGNATURE, TEN_MB + 2 * 1024 * 1024) },
        413,
        uploadTooLargeMessage(TEN_MB),
      ],
      [
        { LoanNumber: HOME_EQUITY, FileTypeID: '1' },
        { name: 'renamed.png', bytes: large },
        415,
        UPLOAD_MESSAGES.formatMismatch,
      ],
      [
        { LoanNumber: HOME_EQUITY, FileTypeID: '99' },
        { name: 'typed.pdf', bytes: large },
        400,
        UPLOAD_MESSAGES.fileTypeRequired,
      ],
    ];
    for (const [fields, file, status, message] of cases) {
      const answer = await uploadOverConnection(address, jordan, LOAN_UPLOAD, fields, [file]);
      expect({
        status: answer.status,
        message: UploadFailure.parse(JSON.parse(answer.body)).Message,
      }).toEqual({ status, message });
    }
    const stranger = await uploadOverConnection(
      address,
      pat,
      LOAN_UPLOAD,
      { LoanNumber: HOME_EQUITY, FileTypeID: '1' },
      [{ name: 'statement.pdf', bytes: large }],
    );
    expect(stranger.status).toBe(404);
    expect(await kept()).toEqual(before);
    // And a good one over the same kind of connection is kept.
    const taken = await uploadOverConnection(
      address,
      jordan,
      LOAN_UPLOAD,
      { LoanNumber: HOME_EQUITY, FileTypeID: '1' },
      [{ name: 'statement.pdf', bytes: large }],
    );
    expect(taken.status).toBe(200);
    expect(await storedCount()).toBe(before.rows + 1);
  });

  it('keeps nothing of an upload whose connection breaks off halfway through the file', async () => {
    const before = await kept();
    const address = await listening();
    const body = await multipartBody({ LoanNumber: HOME_EQUITY, FileTypeID: '1' }, [
      { name: 'big.pdf', bytes: fileOf(PDF_SIGNATURE, 4 * 1024 * 1024) },
    ]);
    const { port } = new URL(address);
    const socket = connect({ port: Number(port), host: '127.0.0.1' });
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      [
        `POST ${LOAN_UPLOAD} HTTP/1.1`,
        'Host: localhost',
        `Cookie: ${jordan.cookie}`,
        'X-Requested-With: portal',
        `Content-Type: ${body.contentType}`,
        `Content-Length: ${body.payload.byteLength}`,
        '',
        '',
      ].join('\r\n'),
    );
    socket.write(body.payload.subarray(0, body.payload.byteLength / 2));
    // The file is arriving in the incoming folder...
    await vi.waitFor(
      () =>
        expect(filesUnder(documentsDir).filter((name) => name.endsWith('.part'))).toHaveLength(1),
      { timeout: 10_000 },
    );
    // ...when the borrower's connection drops.
    socket.destroy();
    await vi.waitFor(async () => expect(await kept()).toEqual(before), { timeout: 10_000 });
  });

  it('needs a session and the CSRF header, and file services with the upload area shown', async () => {
    const before = await kept();
    const fields = { LoanNumber: HOME_EQUITY, FileTypeID: '1' };
    const files = [{ bytes: PDF }];
    expect((await upload(undefined, LOAN_UPLOAD, fields, files)).statusCode).toBe(401);
    expect((await upload(jordan, LOAN_UPLOAD, fields, files, { headers: {} })).statusCode).toBe(
      403,
    );

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
    expect(await kept()).toEqual(before);
  });

  it("limits each user's uploads in an hour with 429, reading and keeping nothing, and bounds what refusals write to the audit log", async () => {
    // A window of its own: the next hour on the throttle's clock, fresh sessions.
    const windowEnd = (Math.floor(test.clock.now().getTime() / HOUR_MS) + 2) * HOUR_MS;
    test.clock.set(new Date(windowEnd - HOUR_MS + 60_000));
    const casey = await signIn(test.app, { username: 'casey.morgan' });
    auditor = await signedInStaff(test, {
      email: 'auditor.next-hour@uploads.test',
      host: 'localhost',
      role: 'viewer',
    });
    const earlier = new Set((await auditOf('document.refuse')).map((entry) => entry.id));
    /** Casey's refusals on record since this test began, newest first. */
    const caseys = async () =>
      (await auditOf('document.refuse'))
        .filter((entry) => entry.staff === 'borrower casey.morgan' && !earlier.has(entry.id))
        .map((entry) => entry.comment);
    const restore = await publishSettingsChange(test.app, 'localhost', {
      shared: { securityPolicyOptions: { documentUploadsPerHourPerUser: '13' } },
    });
    try {
      const before = await kept();
      // Twelve refused uploads: the first ten are written one by one, the eleventh says the rest
      // of the hour's go unrecorded, the twelfth writes nothing.
      for (let attempt = 1; attempt <= 12; attempt += 1) {
        const refused = await upload(casey, CUSTOMER_UPLOAD, { FileTypeID: '1' }, [
          { name: `setup-${attempt}.exe`, bytes: EXECUTABLE },
        ]);
        expect(refused.statusCode).toBe(415);
      }
      const refusals = await caseys();
      expect(refusals).toHaveLength(11);
      // Newest first: the eleventh, then the tenth.
      expect(refusals[0]).toBe(
        'Refused “setup-11.exe” for the profile: the file is not a PDF, JPEG, PNG or TIFF document. Nothing was kept. More than 10 of their uploads were refused this hour: the refusals until the hour ends are not recorded.',
      );
      expect(refusals[1]).toBe(
        'Refused “setup-10.exe” for the profile: the file is not a PDF, JPEG, PNG or TIFF document. Nothing was kept.',
      );

      // The thirteenth is within the limit and kept; the fourteenth is past it.
      const last = await upload(casey, CUSTOMER_UPLOAD, { FileTypeID: '1' }, [{ bytes: PDF }]);
      expect(last.statusCode).toBe(200);
      const beforeRefused = await kept();
      const past = await upload(casey, CUSTOMER_UPLOAD, { FileTypeID: '1' }, [{ bytes: PDF }]);
      expect(past.statusCode).toBe(429);
      // Until the hour ends: 58 and a half minutes.
      const retryAfter = (windowEnd - test.clock.now().getTime()) / 1000;
      expect(retryAfter).toBe(3510);
      expect(past.headers['retry-after']).toBe(String(retryAfter));
      expect(UploadFailure.parse(past.json())).toEqual({
        HasNoErrors: false,
        Errors: [{ ErrorMessage: 'TooManyRequests' }],
        Message: tooManyUploadsMessage(retryAfter),
      });
      expect(UploadFailure.parse(past.json()).Message).toBe(
        'You have uploaded many files in the last hour. Please try again in 59 minutes.',
      );
      // Each route counts alike, and nothing is read, kept or queued.
      const pastApplication = await upload(
        casey,
        APPLICATION_UPLOAD,
        { ApplicationNumber: 'A-240001', FileTypeID: '1' },
        [{ bytes: PDF }],
      );
      expect(pastApplication.statusCode).toBe(429);
      expect(await kept()).toEqual(beforeRefused);
      expect(beforeRefused).toMatchObject({ rows: before.rows + 1, items: before.items + 1 });
      // The pause is written once.
      const paused = await caseys();
      expect(paused).toHaveLength(12);
      expect(paused[0]).toBe(
        'Refused uploads for 59 minutes, until the hour ends: more than 13 uploads in an hour (securityPolicyOptions.documentUploadsPerHourPerUser). Nothing was read or kept; the uploads refused until then are not recorded one by one.',
      );

      // Another borrower is none the worse for it.
      const patAgain = await signIn(test.app, { username: 'pat.lee' });
      const other = await upload(patAgain, CUSTOMER_UPLOAD, { FileTypeID: '1' }, [{ bytes: PDF }]);
      expect(other.statusCode).toBe(200);

      // The next hour, Casey may upload again.
      test.clock.advance(HOUR_MS);
      const again = await signIn(test.app, { username: 'casey.morgan' });
      const next = await upload(again, CUSTOMER_UPLOAD, { FileTypeID: '1' }, [{ bytes: PDF }]);
      expect(next.statusCode).toBe(200);
    } finally {
      await restore();
    }
  });

  it("answers the session's own call limit on an upload route with the bare envelope", async () => {
    const restore = await publishSettingsChange(test.app, 'localhost', {
      shared: { securityPolicyOptions: { apiRequestsPerMinutePerSession: '2' } },
    });
    try {
      // A fresh minute, and a fresh session.
      test.clock.advance(60_000);
      const session = await signIn(test.app, { username: 'pat.lee' });
      const statuses: number[] = [];
      let limited: Awaited<ReturnType<typeof upload>> | undefined;
      for (let call = 0; call < 4 && !limited; call += 1) {
        const answer = await upload(session, CUSTOMER_UPLOAD, { FileTypeID: '1' }, [
          { bytes: PDF },
        ]);
        statuses.push(answer.statusCode);
        if (answer.statusCode === 429) limited = answer;
      }
      expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
      expect(limited?.json()).toEqual({
        HasNoErrors: false,
        Errors: [{ ErrorMessage: 'TooManyRequests' }],
      });
    } finally {
      await restore();
    }
  });
});
