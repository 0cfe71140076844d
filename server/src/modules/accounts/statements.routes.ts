import { Envelope, ENVELOPE_CODES, errorEnvelope, okEnvelope, withEnvelope } from '@portal/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestContext } from '../../plugins/request-context';
import { signedInCaller, tokenHolderOf } from '../../plugins/signed-in-caller';
import type { BorrowersService } from '../borrowers/borrowers.service';
import type { DownloadTokens } from '../downloads/download-tokens.service';
import { customerOfPassableToken } from '../downloads/passable-customer';
import type { StatementFile, StatementsService } from './statements.service';

const DATE = z.string().regex(/^\d{4}-\d{2}-\d{2}/);
const NUMBER = z.string().min(1).max(40);
const ID = z.string().min(1).max(40);

function notFound(reply: FastifyReply) {
  return reply.code(404).send(errorEnvelope(ENVELOPE_CODES.notFound));
}

function sendPdf(reply: FastifyReply, name: string, pdf: Uint8Array) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${name}.pdf"`)
    .header('cache-control', 'no-store')
    .send(Buffer.from(pdf));
}

const sendStatement = (reply: FastifyReply, file: StatementFile) =>
  sendPdf(reply, `statement-${file.accountNumber}-${file.date}`, file.pdf);

/**
 * Opening statements (spec 002 section 7): the built-in ones (provider 0) with ViewStatement, the
 * URL family (1 and 3) through GetAmsiveStatementUrl, the document family (4) through
 * GetBroadridgeDocument. The calls that open a new window carry a passable token (single-use,
 * a minute, bound to the user) instead of the session header a new window cannot send. The URL
 * family's addresses point at the institution's `statementProviderURL` and are signed under its
 * `statementProviderKeyReference` (builtin-statement-providers.ts).
 */
export const statementsRoutes: FastifyPluginAsyncZod<{
  service: StatementsService;
  borrowers: BorrowersService;
  downloads: DownloadTokens;
  /** The path the document host serves the URL provider's addresses under. */
  documentHostPath: string;
}> = async (app, { service, borrowers, downloads, documentHostPath }) => {
  app.get(
    '/api/PassableToken/GetPassableToken',
    { config: { auth: 'required' }, schema: { response: { 200: z.string(), 401: Envelope } } },
    async (request) => {
      const { institutionId, userId } = signedInCaller(request);
      return downloads.issue({ institutionId, userId, purpose: 'passable', payload: {} });
    },
  );

  app.get(
    '/api/AccountEstatements/ViewStatement',
    {
      config: { auth: 'optional' },
      schema: {
        querystring: z.object({
          Date: DATE,
          Number: NUMBER,
          // Spec 002 lists Start and End; accepted and not needed: the id names the statement.
          Start: DATE.optional(),
          End: DATE.optional(),
          Type: z.coerce.number().int().optional(),
          Id: ID,
          token: z.string().max(200),
        }),
      },
    },
    async (request, reply) => {
      const { token, Number: accountNumber, Id: statementId, Date: date } = request.query;
      const customer = await customerOfPassableToken(tokenHolderOf(request), {
        borrowers,
        downloads,
        token,
      });
      if (!customer) return notFound(reply);
      const file = await service.builtInStatement(customer, { accountNumber, statementId, date });
      return file ? sendStatement(reply, file) : notFound(reply);
    },
  );

  app.get(
    '/api/AccountEstatements/GetAmsiveStatementUrl',
    {
      config: { auth: 'required' },
      schema: {
        querystring: z.object({
          // Spec 002 lists UserToken here; the portal never puts a session token in a URL (logs
          // and histories keep URLs): the session cookie or header identifies the caller.
          UserToken: z.string().max(200).optional(),
          Date: DATE,
          Number: NUMBER,
          Type: z.coerce.number().int().optional(),
          Id: ID,
        }),
        response: { 200: withEnvelope({ StatementUrl: z.string() }), 401: Envelope, 404: Envelope },
      },
    },
    async (request, reply) => {
      const { Number: accountNumber, Id: statementId, Date: date } = request.query;
      const url = await service.statementUrl(
        signedInCaller(request),
        requestContext(request).origin,
        { accountNumber, statementId, date },
      );
      if (!url) return notFound(reply);
      return { ...okEnvelope(), StatementUrl: url };
    },
  );

  app.get(
    '/api/AccountEStatements/GetBroadridgeDocument',
    {
      config: { auth: 'optional' },
      schema: {
        querystring: z.object({ token: z.string().max(200), documentId: ID, date: DATE }),
      },
    },
    async (request, reply) => {
      const { token, documentId, date } = request.query;
      const customer = await customerOfPassableToken(tokenHolderOf(request), {
        borrowers,
        downloads,
        token,
      });
      if (!customer) return notFound(reply);
      const file = await service.providerDocument(
        customer,
        { statementId: documentId, date },
        requestContext(request).today,
      );
      return file ? sendStatement(reply, file) : notFound(reply);
    },
  );

  // The URL provider's document host (what a provider's address would point at; a host set in
  // statementProviderURL passes its requests here). It opens only the addresses signed for this
  // host's institution under its current key reference.
  app.get(
    documentHostPath,
    { schema: { querystring: z.object({ ref: z.string().max(2_000) }) } },
    async (request, reply) => {
      const pdf = await service.openAddress(requestContext(request), request.query.ref);
      if (!pdf) return notFound(reply);
      return sendPdf(reply, 'statement', pdf);
    },
  );
};
