import {
  AccountDocument,
  ENVELOPE_CODES,
  Envelope,
  errorEnvelope,
  FileTypesResponse,
  MAX_UPLOAD_BYTES,
  okEnvelope,
  tooManyUploadsMessage,
  UPLOAD_MESSAGES,
  UploadFailure,
  UploadResponse,
  uploadTooLargeMessage,
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
import type {
  DocumentsService,
  UploadOutcome,
  UploadRefusal,
  UploadRefused,
  UploadRequest,
} from './documents.service';
import { sendDocument } from './send-document';

function notFound(reply: FastifyReply) {
  return reply.code(404).send(errorEnvelope(ENVELOPE_CODES.notFound));
}

const AccountDocumentsResponse = withEnvelope({ Value: z.array(AccountDocument) });

/**
 * A 429 of an upload route: the hourly upload limit's answer carries a Message; the session's
 * own call limit (plugins/auth.ts) answers the bare envelope, and must serialise too.
 */
const UploadsLimited = Envelope.extend({ Message: z.string().optional() });

function uploadFailure(code: string, message: string): UploadFailure {
  return { ...errorEnvelope(code), Message: message };
}

type UploadStatus = 400 | 404 | 413 | 415;

const FIELD_NAMES = new Set(['LoanNumber', 'ApplicationNumber', 'FileTypeID', 'CustomerID']);

/** The form's fields read before the file, and the file part (absent when none was sent). */
interface UploadForm {
  fields: ReadonlyMap<string, string>;
  file: UploadRequest['file'];
}

/**
 * Reads a multipart upload (spec 002 section 7: LoanNumber, ApplicationNumber, FileTypeID, file)
 * part by part, and starts `upload` the moment the file part begins, with the fields read so far:
 * the file's bytes stream on to the store as they arrive, never held whole. The fields come
 * before the file, in the spec's order, as the portal and any FormData built in that order send
 * them; fields after the file are not read. Only the first part named `file` is the upload.
 *
 * The parser waits for each part to be read before it goes on, so the loop goes on while the
 * upload reads the file; whatever the upload leaves unread (a refused file) is let through. The
 * upload's bytes end only once the whole body was read well (`bodyRead`): a body that breaks
 * after the file (a second file, too many parts, a cut-off end) leaves nothing stored. A body
 * that breaks before any file is `unreadable`.
 */
async function readUpload(
  request: FastifyRequest,
  upload: (form: UploadForm) => Promise<UploadOutcome>,
): Promise<UploadOutcome> {
  const fields = new Map<string, string>();
  let pending: Promise<UploadOutcome> | undefined;
  let bodyDone: () => void = () => {};
  let bodyFailed: (error: unknown) => void = () => {};
  const bodyRead = new Promise<void>((resolve, reject) => {
    bodyDone = resolve;
    bodyFailed = reject;
  });
  // The upload may end before it waits for the body (a refusal before the bytes).
  bodyRead.catch(() => {});
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || pending) {
          part.file.resume();
          continue;
        }
        const stream = part.file;
        pending = upload({
          fields: new Map(fields),
          file: { name: part.filename, stream, bodyRead },
        }).finally(() => {
          if (!stream.readableEnded) stream.resume();
        });
        // Awaited after the loop; a failure meanwhile is not an unhandled one.
        pending.catch(() => {});
      } else if (FIELD_NAMES.has(part.fieldname) && typeof part.value === 'string') {
        fields.set(part.fieldname, part.value.trim());
      }
    }
    // A request that broke off ends the parts as if complete: it is not.
    if (request.raw.readableAborted) bodyFailed(new Error('The request was aborted'));
    else bodyDone();
  } catch (error) {
    // Limits (a second file, too many fields), a cut-off or malformed body.
    bodyFailed(error);
    if (!pending) return { stored: false, refusal: 'unreadable' };
  }
  return pending ?? upload({ fields, file: undefined });
}

const UPLOAD_ROUTES = [
  {
    url: '/api/file/UploadFileWithLoanNumber',
    kind: 'account',
    field: 'LoanNumber',
    summary: 'Upload a document about one of the caller’s accounts',
  },
  {
    url: '/api/file/UploadFileWithApplicationNumber',
    kind: 'application',
    field: 'ApplicationNumber',
    summary: 'Upload a document about one of the caller’s loan applications',
  },
  {
    url: '/api/file/UploadByCustomerID',
    kind: 'customer',
    field: undefined,
    summary: 'Upload one of the customer’s own (profile) documents',
  },
] as const;

/** The answer of each refused upload: its status, error code and Message (or how it is made). */
const UPLOAD_REFUSALS = {
  accountNotFound: [404, ENVELOPE_CODES.notFound, UPLOAD_MESSAGES.accountNotFound],
  applicationNotFound: [404, ENVELOPE_CODES.notFound, UPLOAD_MESSAGES.applicationNotFound],
  fileTypeRequired: [400, ENVELOPE_CODES.invalidRequest, UPLOAD_MESSAGES.fileTypeRequired],
  noFile: [400, ENVELOPE_CODES.invalidRequest, UPLOAD_MESSAGES.noFile],
  emptyFile: [400, ENVELOPE_CODES.invalidRequest, UPLOAD_MESSAGES.emptyFile],
  unsupportedFormat: [415, ENVELOPE_CODES.invalidRequest, UPLOAD_MESSAGES.unsupportedFormat],
  formatMismatch: [415, ENVELOPE_CODES.invalidRequest, UPLOAD_MESSAGES.formatMismatch],
  tooLarge: [413, ENVELOPE_CODES.invalidRequest, uploadTooLargeMessage],
  unreadable: [400, ENVELOPE_CODES.invalidRequest, UPLOAD_MESSAGES.invalidRequest],
} as const satisfies Record<
  UploadRefusal,
  readonly [UploadStatus, string, string | ((limitBytes: number) => string)]
>;

/** The answer's status, error code and Message of a refused upload. */
function refusalAnswer(outcome: UploadRefused): [UploadStatus, string, string] {
  if (outcome.refusal === 'tooLarge') {
    const [status, code, message] = UPLOAD_REFUSALS.tooLarge;
    return [status, code, message(outcome.limitBytes)];
  }
  const [status, code, message] = UPLOAD_REFUSALS[outcome.refusal];
  return [status, code, message];
}

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
  // Only this plugin's routes read multipart bodies. The parser cuts a file one byte past the hard
  // cap, above every institution's limit (the upload's own count refuses a file past the
  // institution's: upload-policy.ts) and drops the rest.
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 5, parts: 6, fieldSize: 100 },
    throwFileSizeLimit: false,
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
      return sendDocument(reply, opened, 'inline');
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
          summary: route.summary,
          description:
            'multipart/form-data in the spec’s order: LoanNumber, ApplicationNumber, FileTypeID, then file (fields after the file are not read). The file streams to the store as it arrives. Refusals carry a Message: 400 no file type of the institution, no file, an empty file or an unreadable body; 404 not the caller’s account or application, or no file services; 413 over the institution’s limit (documentCenterOptions.maxUploadMegabytes: 10 MB unless set, never over 25 MB), the Message naming it; 415 not a PDF, JPEG, PNG or TIFF by its first bytes, or not the format its name’s extension says; 429 TooManyRequests (with Retry-After and a Message) past the user’s uploads in an hour (securityPolicyOptions.documentUploadsPerHourPerUser, kept or refused alike), nothing read. A kept upload is an item of the institution’s work queue.',
          response: {
            200: UploadResponse,
            400: UploadFailure,
            401: Envelope,
            403: Envelope,
            404: UploadFailure,
            413: UploadFailure,
            415: UploadFailure,
            429: UploadsLimited,
          },
        },
      },
      async (request, reply) => {
        const { now, today } = requestContext(request);
        const caller = signedInCaller(request);
        if (!(await service.takesUploads(caller.institutionId))) {
          return reply.code(404).send(fileServicesOff);
        }
        const admission = await service.admitUpload(caller);
        if (!admission.admitted) {
          // Nothing of the body is read: the rest of it is discarded as the answer leaves.
          request.log.warn({ userId: caller.userId }, 'upload refused: hourly upload limit');
          return reply
            .code(429)
            .header('retry-after', String(admission.retryAfterSeconds))
            .send(
              uploadFailure(
                ENVELOPE_CODES.tooManyRequests,
                tooManyUploadsMessage(admission.retryAfterSeconds),
              ),
            );
        }
        if (!request.isMultipart()) {
          return reply
            .code(400)
            .send(uploadFailure(ENVELOPE_CODES.invalidRequest, UPLOAD_MESSAGES.invalidRequest));
        }
        const outcome = await readUpload(request, (form) =>
          service.upload(caller, {
            target:
              route.kind === 'customer'
                ? { kind: 'customer' }
                : { kind: route.kind, number: form.fields.get(route.field) ?? '' },
            fileTypeId: form.fields.get('FileTypeID') ?? '',
            file: form.file,
            receivedAt: now,
            today,
          }),
        );
        if (outcome.stored) return { ...okEnvelope(), Value: toAccountDocument(outcome.document) };
        if (outcome.refusal === 'unreadable') {
          request.log.info('an upload broke off or could not be read: nothing was kept');
        }
        const [status, code, message] = refusalAnswer(outcome);
        return reply.code(status).send(uploadFailure(code, message));
      },
    );
  }
};
