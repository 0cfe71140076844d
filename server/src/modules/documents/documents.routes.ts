import {
  AccountDocument,
  ENVELOPE_CODES,
  Envelope,
  errorEnvelope,
  okEnvelope,
  withEnvelope,
} from '@portal/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DocumentStore } from '../../core/document-store';
import { toAccountDocument } from './document-wire';
import type { ServicingCore } from '../../core/servicing-core';
import type { Database } from '../../db/schema';
import { sessionOf } from '../../plugins/auth';
import { requestContext } from '../../plugins/request-context';
import type { DownloadTokens } from '../downloads/download-tokens.service';
import { customerOfPassableToken } from '../downloads/passable-customer';

/** The content types the built-in file services serve, by format. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
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

/**
 * The file services' calls of the accounts area (spec 002 section 7): an account's or a loan
 * application's documents,
 * and opening one in a new window with a passable token (a new window cannot send the session
 * header). Uploads belong to the document center. Every call answers only for the caller's own
 * accounts and documents; another user's get the answer of one that does not exist.
 */
export const documentsRoutes: FastifyPluginAsyncZod<{
  db: Kysely<Database>;
  core: ServicingCore;
  documents: DocumentStore;
  downloads: DownloadTokens;
}> = async (app, { db, core, documents, downloads }) => {
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
    customerOfPassableToken(request, { db, downloads, token });

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
};
