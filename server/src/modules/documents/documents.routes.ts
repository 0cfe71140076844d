import {
  AccountDocument,
  ENVELOPE_CODES,
  Envelope,
  errorEnvelope,
  FileTypesResponse,
  okEnvelope,
  UploadFailure,
  UploadResponse,
  withEnvelope,
} from '@portal/domain';
import multipart from '@fastify/multipart';
import type { SettingsAccessor } from '@portal/settings-schema';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DocumentStore, UploadTarget } from '../../core/document-store';
import { toAccountDocument } from './document-wire';
import type { CustomerRef, ServicingCore } from '../../core/servicing-core';
import { sessionOf } from '../../plugins/auth';
import { requestContext } from '../../plugins/request-context';
import type { BorrowersService } from '../borrowers/borrowers.service';
import type { DownloadTokens } from '../downloads/download-tokens.service';
import { customerOfPassableToken } from '../downloads/passable-customer';
import { MAX_UPLOAD_BYTES, sniffContentType, UPLOAD_MESSAGES } from './upload-policy';

/** The content types the built-in file services serve, by format. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  tif: 'image/tiff',
};

function sendFile(
  reply: FastifyReply,
  file: { type: string; fileName: string; content: Uint8Array },
) {
  return reply
    .header('content-type', file.type)
    .header('content-disposition', `inline; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(Buffer.from(file.content));
}

function notFound(reply: FastifyReply) {
  return reply.code(404).send(errorEnvelope(ENVELOPE_CODES.notFound));
}

/** Applications are looked up whatever their age (the list call shows the last 30 days). */
const EVERY_APPLICATION_SINCE = '1900-01-01';

const AccountDocumentsResponse = withEnvelope({ Value: z.array(AccountDocument) });

function uploadFailure(code: string, message: string): UploadFailure {
  return { ...errorEnvelope(code), Message: message };
}

/** The parts of an upload request (spec 002 section 7: LoanNumber, ApplicationNumber, FileTypeID, file). */
interface UploadForm {
  fields: Map<string, string>;
  file?: { name: string; bytes: Buffer };
}

/** A refusal: the status and the answer; nothing has been stored. */
class UploadRefused extends Error {
  constructor(
    readonly status: 400 | 404 | 413 | 415,
    readonly answer: UploadFailure,
  ) {
    super(answer.Message);
  }
}

const invalid = (message: string) =>
  new UploadRefused(400, uploadFailure(ENVELOPE_CODES.invalidRequest, message));

const FIELD_NAMES = new Set(['LoanNumber', 'ApplicationNumber', 'FileTypeID', 'CustomerID']);

/**
 * Reads the whole multipart body (one file of at most MAX_UPLOAD_BYTES, a few short fields).
 * A larger file is a 413 the moment it passes the limit; a malformed body is a 400.
 */
async function readUploadForm(request: FastifyRequest): Promise<UploadForm> {
  if (!request.isMultipart()) throw invalid(UPLOAD_MESSAGES.invalidRequest);
  const form: UploadForm = { fields: new Map() };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file') form.file = { name: part.filename, bytes };
      } else if (FIELD_NAMES.has(part.fieldname) && typeof part.value === 'string') {
        form.fields.set(part.fieldname, part.value.trim());
      }
    }
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new UploadRefused(
        413,
        uploadFailure(ENVELOPE_CODES.invalidRequest, UPLOAD_MESSAGES.tooLarge),
      );
    }
    // Limits (a second file, too many fields), a cut-off or malformed body.
    throw invalid(UPLOAD_MESSAGES.invalidRequest);
  }
  return form;
}

/** A FileTypeID: a positive whole number (the store then checks it is one of the institution's). */
function fileTypeIdOf(form: UploadForm): number {
  const text = form.fields.get('FileTypeID') ?? '';
  const id = /^\d{1,9}$/.test(text) ? Number(text) : 0;
  if (id <= 0) throw invalid(UPLOAD_MESSAGES.fileTypeRequired);
  return id;
}

function checkedFile(form: UploadForm): { name: string; bytes: Buffer; contentType: string } {
  if (!form.file) throw invalid(UPLOAD_MESSAGES.noFile);
  if (form.file.bytes.length === 0) throw invalid(UPLOAD_MESSAGES.emptyFile);
  const contentType = sniffContentType(form.file.bytes);
  if (!contentType) {
    throw new UploadRefused(
      415,
      uploadFailure(ENVELOPE_CODES.invalidRequest, UPLOAD_MESSAGES.unsupportedFormat),
    );
  }
  return { ...form.file, contentType };
}

const UPLOAD_ROUTES = [
  { url: '/api/file/UploadFileWithLoanNumber', kind: 'account', field: 'LoanNumber' },
  {
    url: '/api/file/UploadFileWithApplicationNumber',
    kind: 'application',
    field: 'ApplicationNumber',
  },
  { url: '/api/file/UploadByCustomerID', kind: 'customer', field: undefined },
] as const;

/**
 * The file services' calls of the accounts area (spec 002 section 7): an account's or a loan
 * application's documents, opening one in a new window with a passable token (a new window
 * cannot send the session header), the file types and the three uploads. Every call answers only
 * for the caller's own accounts and documents; another user's get the answer of one that does not
 * exist.
 */
export const documentsRoutes: FastifyPluginAsyncZod<{
  borrowers: BorrowersService;
  core: ServicingCore;
  documents: DocumentStore;
  downloads: DownloadTokens;
  settings: (institutionId: number) => Promise<SettingsAccessor>;
}> = async (app, { borrowers, core, documents, downloads, settings }) => {
  // Only this plugin's routes read multipart bodies; the limits stop a body early, in the parser.
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 100 },
    throwFileSizeLimit: true,
  });

  app.get(
    '/api/Documents/GetAccountDocuments',
    {
      config: { auth: 'required' },
      schema: {
        querystring: z.object({ accountNumber: z.string().min(1).max(40) }),
        response: { 200: AccountDocumentsResponse, 401: Envelope, 404: Envelope },
      },
    },
    async (request, reply) => {
      const { institutionId, today } = requestContext(request);
      const customer = { institutionId, customerId: sessionOf(request).user.customerId };
      const number = request.query.accountNumber;
      if (!(await core.findAccount(customer, number, today))) return notFound(reply);
      const list = await documents.accountDocuments(customer, number);
      return { ...okEnvelope(), Value: list.map(toAccountDocument) };
    },
  );

  app.get(
    '/api/Documents/GetApplicationDocuments',
    {
      config: { auth: 'required' },
      schema: {
        querystring: z.object({ applicationNumber: z.string().min(1).max(40) }),
        response: { 200: AccountDocumentsResponse, 401: Envelope, 404: Envelope },
      },
    },
    async (request, reply) => {
      const { institutionId } = requestContext(request);
      const customer = { institutionId, customerId: sessionOf(request).user.customerId };
      const number = request.query.applicationNumber;
      // Every application the core keeps for the customer, however old.
      const applications = await core.applications(customer, EVERY_APPLICATION_SINCE);
      if (!applications.some((application) => application.number === number)) {
        return notFound(reply);
      }
      const list = await documents.applicationDocuments(customer, number);
      return { ...okEnvelope(), Value: list.map(toAccountDocument) };
    },
  );

  const customerOfToken = (request: FastifyRequest, token: string) =>
    customerOfPassableToken(request, { borrowers, downloads, token });

  app.get(
    '/api/Documents/ViewDocument',
    {
      config: { auth: 'optional' },
      schema: {
        querystring: z.object({
          FileId: z.string().min(1).max(40),
          Name: z.string().max(300).optional(),
          PageNumber: z.coerce.number().int().min(1).max(10_000).optional(),
          FileFormat: z.string().max(10).optional(),
          token: z.string().min(1).max(200),
        }),
        response: { 401: Envelope, 404: Envelope },
      },
    },
    async (request, reply) => {
      const customer = await customerOfToken(request, request.query.token);
      if (!customer) return reply.code(401).send(errorEnvelope(ENVELOPE_CODES.unauthorized));
      const opened = await documents.open(customer, request.query.FileId);
      if (!opened) return notFound(reply);
      const type = CONTENT_TYPES[opened.document.format] ?? 'application/octet-stream';
      const fileName = `${opened.document.displayName}.${opened.document.format}`.replace(
        /[^A-Za-z0-9 ._-]/g,
        '_',
      );
      return sendFile(reply, { type, fileName, content: opened.content });
    },
  );

  /**
   * File types and uploads exist only when the institution has file services (spec 002: "Only
   * called when the file-services setting is on"). Uploads are also refused when the institution
   * hides the upload area (documentCenterOptions.hideUploadAreaOption): a hidden control is no
   * permission, so the server keeps to the same setting as the screens.
   */
  async function fileServicesOn(institutionId: number, forUpload: boolean) {
    const accessor = await settings(institutionId);
    if (!accessor.get('globalOptions.useFileServicesOption')) return false;
    return !(forUpload && accessor.get('documentCenterOptions.hideUploadAreaOption'));
  }
  const fileServicesOff = uploadFailure(ENVELOPE_CODES.notFound, UPLOAD_MESSAGES.fileServicesOff);

  app.get(
    '/api/file/GetFileTypes',
    {
      config: { auth: 'required' },
      schema: { response: { 200: FileTypesResponse, 401: Envelope, 404: UploadFailure } },
    },
    async (request, reply) => {
      const { institutionId } = requestContext(request);
      if (!(await fileServicesOn(institutionId, false))) {
        return reply.code(404).send(fileServicesOff);
      }
      const types = await documents.fileTypes(institutionId);
      return {
        ...okEnvelope(),
        FileTypes: types.map((type) => ({ ID: type.id, Description: type.description })),
      };
    },
  );

  /** The target of an upload, once the account or application is known to be the customer's. */
  async function targetOf(
    request: FastifyRequest,
    customer: CustomerRef,
    route: (typeof UPLOAD_ROUTES)[number],
    form: UploadForm,
  ): Promise<UploadTarget> {
    if (route.kind === 'customer') return { kind: 'customer' };
    const number = form.fields.get(route.field) ?? '';
    if (route.kind === 'account') {
      // Another user's account answers exactly as one that does not exist.
      const owned =
        number !== '' &&
        number.length <= 40 &&
        (await core.findAccount(customer, number, requestContext(request).today));
      if (!owned) {
        throw new UploadRefused(
          404,
          uploadFailure(ENVELOPE_CODES.notFound, UPLOAD_MESSAGES.accountNotFound),
        );
      }
      return { kind: 'account', number };
    }
    const applications =
      number === '' ? [] : await core.applications(customer, EVERY_APPLICATION_SINCE);
    if (!applications.some((application) => application.number === number)) {
      throw new UploadRefused(
        404,
        uploadFailure(ENVELOPE_CODES.notFound, UPLOAD_MESSAGES.applicationNotFound),
      );
    }
    return { kind: 'application', number };
  }

  for (const route of UPLOAD_ROUTES) {
    app.post(
      route.url,
      {
        config: { auth: 'required' },
        schema: {
          response: {
            200: UploadResponse,
            400: UploadFailure,
            401: Envelope,
            403: Envelope,
            404: UploadFailure,
            413: UploadFailure,
            415: UploadFailure,
          },
        },
      },
      async (request, reply) => {
        const { institutionId, now } = requestContext(request);
        const customer = { institutionId, customerId: sessionOf(request).user.customerId };
        if (!(await fileServicesOn(institutionId, true))) {
          return reply.code(404).send(fileServicesOff);
        }
        try {
          const form = await readUploadForm(request);
          const target = await targetOf(request, customer, route, form);
          const fileTypeId = fileTypeIdOf(form);
          const file = checkedFile(form);
          const result = await documents.upload(customer, target, {
            name: file.name,
            contentType: file.contentType,
            bytes: file.bytes,
            fileTypeId,
            receivedAt: now,
          });
          if (!result.stored) {
            throw result.refusal === 'unknownFileType'
              ? invalid(UPLOAD_MESSAGES.fileTypeRequired)
              : new UploadRefused(
                  415,
                  uploadFailure(ENVELOPE_CODES.invalidRequest, UPLOAD_MESSAGES.unsupportedFormat),
                );
          }
          return { ...okEnvelope(), Value: toAccountDocument(result.document) };
        } catch (error) {
          if (error instanceof UploadRefused) return reply.code(error.status).send(error.answer);
          throw error;
        }
      },
    );
  }
};
