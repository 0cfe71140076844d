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
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestContext } from '../../plugins/request-context';
import { signedInCaller, tokenHolderOf } from '../../plugins/signed-in-caller';
import type { BorrowersService } from '../borrowers/borrowers.service';
import type { DownloadTokens } from '../downloads/download-tokens.service';
import { customerOfPassableToken } from '../downloads/passable-customer';
import { toAccountDocument } from './document-wire';
import type { DocumentsService, UploadRefusal } from './documents.service';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from './upload-policy';

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

const AccountDocumentsResponse = withEnvelope({ Value: z.array(AccountDocument) });

function uploadFailure(code: string, message: string): UploadFailure {
  return { ...errorEnvelope(code), Message: message };
}

/** The parts of an upload request (spec 002 section 7: LoanNumber, ApplicationNumber, FileTypeID, file). */
interface UploadForm {
  fields: Map<string, string>;
  file?: { name: string; bytes: Buffer };
}

type UploadStatus = 400 | 404 | 413 | 415;

/** A body that cannot be read, or is too large: the status and the answer; nothing is stored. */
class UploadRefused extends Error {
  constructor(
    readonly status: UploadStatus,
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

const UPLOAD_ROUTES = [
  { url: '/api/file/UploadFileWithLoanNumber', kind: 'account', field: 'LoanNumber' },
  {
    url: '/api/file/UploadFileWithApplicationNumber',
    kind: 'application',
    field: 'ApplicationNumber',
  },
  { url: '/api/file/UploadByCustomerID', kind: 'customer', field: undefined },
] as const;

/** The answer of each refused upload: its status, error code and Message. */
const UPLOAD_REFUSALS = {
  accountNotFound: [404, ENVELOPE_CODES.notFound, UPLOAD_MESSAGES.accountNotFound],
  applicationNotFound: [404, ENVELOPE_CODES.notFound, UPLOAD_MESSAGES.applicationNotFound],
  fileTypeRequired: [400, ENVELOPE_CODES.invalidRequest, UPLOAD_MESSAGES.fileTypeRequired],
  noFile: [400, ENVELOPE_CODES.invalidRequest, UPLOAD_MESSAGES.noFile],
  emptyFile: [400, ENVELOPE_CODES.invalidRequest, UPLOAD_MESSAGES.emptyFile],
  unsupportedFormat: [415, ENVELOPE_CODES.invalidRequest, UPLOAD_MESSAGES.unsupportedFormat],
} as const satisfies Record<UploadRefusal, readonly [UploadStatus, string, string]>;

/**
 * The file services' calls of the accounts area (spec 002 section 7): an account's, a loan
 * application's or the customer's own documents, opening one in a new window with a passable
 * token (a new window cannot send the session header), the file types and the three uploads.
 * Every call answers only for the caller's own accounts and documents; another user's get the
 * answer of one that does not exist.
 */
export const documentsRoutes: FastifyPluginAsyncZod<{
  service: DocumentsService;
  borrowers: BorrowersService;
  downloads: DownloadTokens;
}> = async (app, { service, borrowers, downloads }) => {
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
      const list = await service.accountDocuments(
        signedInCaller(request),
        request.query.accountNumber,
        requestContext(request).today,
      );
      if (!list) return notFound(reply);
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
      const list = await service.applicationDocuments(
        signedInCaller(request),
        request.query.applicationNumber,
      );
      if (!list) return notFound(reply);
      return { ...okEnvelope(), Value: list.map(toAccountDocument) };
    },
  );

  const fileServicesOff = uploadFailure(ENVELOPE_CODES.notFound, UPLOAD_MESSAGES.fileServicesOff);

  // The customer's own documents (the ones UploadByCustomerID keeps): no number to check, only
  // the file services, answered as GetFileTypes answers without them.
  app.get(
    '/api/Documents/GetCustomerDocuments',
    {
      config: { auth: 'required' },
      schema: { response: { 200: AccountDocumentsResponse, 401: Envelope, 404: UploadFailure } },
    },
    async (request, reply) => {
      const list = await service.customerDocuments(signedInCaller(request));
      if (!list) return reply.code(404).send(fileServicesOff);
      return { ...okEnvelope(), Value: list.map(toAccountDocument) };
    },
  );

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
      const customer = await customerOfPassableToken(tokenHolderOf(request), {
        borrowers,
        downloads,
        token: request.query.token,
      });
      if (!customer) return reply.code(401).send(errorEnvelope(ENVELOPE_CODES.unauthorized));
      const opened = await service.open(customer, request.query.FileId);
      if (!opened) return notFound(reply);
      const type = CONTENT_TYPES[opened.document.format] ?? 'application/octet-stream';
      const fileName = `${opened.document.displayName}.${opened.document.format}`.replace(
        /[^A-Za-z0-9 ._-]/g,
        '_',
      );
      return sendFile(reply, { type, fileName, content: opened.content });
    },
  );

  app.get(
    '/api/file/GetFileTypes',
    {
      config: { auth: 'required' },
      schema: { response: { 200: FileTypesResponse, 401: Envelope, 404: UploadFailure } },
    },
    async (request, reply) => {
      const types = await service.fileTypes(requestContext(request).institutionId);
      if (!types) return reply.code(404).send(fileServicesOff);
      return {
        ...okEnvelope(),
        FileTypes: types.map((type) => ({ ID: type.id, Description: type.description })),
      };
    },
  );

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
        const { now, today } = requestContext(request);
        const caller = signedInCaller(request);
        if (!(await service.takesUploads(caller.institutionId))) {
          return reply.code(404).send(fileServicesOff);
        }
        let form: UploadForm;
        try {
          form = await readUploadForm(request);
        } catch (error) {
          if (error instanceof UploadRefused) return reply.code(error.status).send(error.answer);
          throw error;
        }
        const outcome = await service.upload(caller, {
          target:
            route.kind === 'customer'
              ? { kind: 'customer' }
              : { kind: route.kind, number: form.fields.get(route.field) ?? '' },
          fileTypeId: form.fields.get('FileTypeID') ?? '',
          file: form.file,
          receivedAt: now,
          today,
        });
        if (outcome.stored) return { ...okEnvelope(), Value: toAccountDocument(outcome.document) };
        const [status, code, message] = UPLOAD_REFUSALS[outcome.refusal];
        return reply.code(status).send(uploadFailure(code, message));
      },
    );
  }
};
