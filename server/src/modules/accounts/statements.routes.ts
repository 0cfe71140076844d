import {
  Envelope,
  ENVELOPE_CODES,
  errorEnvelope,
  okEnvelope,
  STATEMENT_PROVIDERS,
  withEnvelope,
} from '@portal/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CustomerRef, ServicingCore } from '../../core/servicing-core';
import {
  type DocumentStatementProvider,
  listedStatementProvider,
  statementProviderAccess,
} from '../../core/statement-providers';
import type { SettingsAccessor } from '@portal/settings-schema';
import {
  type BuiltinUrlStatementProvider,
  PROVIDER_DOCUMENT_PATH,
} from '../../core/builtin/builtin-statement-providers';
import { sessionOf } from '../../plugins/auth';
import { requestContext } from '../../plugins/request-context';
import type { BorrowersService } from '../borrowers/borrowers.service';
import type { DownloadTokens } from '../downloads/download-tokens.service';
import { customerOfPassableToken } from '../downloads/passable-customer';

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

/**
 * Opening statements (spec 002 section 7): the built-in ones (provider 0) with ViewStatement, the
 * URL family (1 and 3) through GetAmsiveStatementUrl, the document family (4) through
 * GetBroadridgeDocument. The calls that open a new window carry a passable token (single-use,
 * a minute, bound to the user) instead of the session header a new window cannot send. The URL
 * family's addresses point at the institution's `statementProviderURL` and are signed under its
 * `statementProviderKeyReference` (builtin-statement-providers.ts).
 */
export const statementsRoutes: FastifyPluginAsyncZod<{
  borrowers: BorrowersService;
  core: ServicingCore;
  downloads: DownloadTokens;
  urlProvider: BuiltinUrlStatementProvider;
  documentProvider: DocumentStatementProvider;
  settings(institutionId: number): Promise<SettingsAccessor>;
  /** The institution a host name serves (the document host opens an address only there). */
  institutionOfHost(host: string): Promise<number | undefined>;
}> = async (
  app,
  { borrowers, core, downloads, urlProvider, documentProvider, settings, institutionOfHost },
) => {
  const customerOfToken = (request: FastifyRequest, token: string) =>
    customerOfPassableToken(request, { borrowers, downloads, token });

  /** The statement of the customer's account with this id and provider, if there is one. */
  async function statementOf(
    customer: CustomerRef,
    number: string,
    id: string,
    date: string,
    providers: readonly number[],
  ) {
    const [list, options] = await Promise.all([
      core.statements(customer, number, Number(date.slice(0, 4))),
      settings(customer.institutionId),
    ]);
    // Opened only through the provider the list named (listedStatementProvider).
    const configured = options.get('eStatementOptions.statementProvider');
    return list?.find(
      (statement) =>
        statement.id === id &&
        providers.includes(listedStatementProvider(statement.provider, configured)),
    );
  }

  app.get(
    '/api/PassableToken/GetPassableToken',
    { config: { auth: 'required' }, schema: { response: { 200: z.string(), 401: Envelope } } },
    async (request) => {
      const { institutionId } = requestContext(request);
      const { user } = sessionOf(request);
      return downloads.issue({ institutionId, userId: user.id, purpose: 'passable', payload: {} });
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
      const customer = await customerOfToken(request, request.query.token);
      if (!customer) return notFound(reply);
      const { Number: number, Id: id, Date: date } = request.query;
      const statement = await statementOf(customer, number, id, date, [
        STATEMENT_PROVIDERS.builtIn,
      ]);
      const pdf = statement && (await core.statementDocument(customer, number, id));
      if (!pdf) return notFound(reply);
      return sendPdf(reply, `statement-${number}-${statement.date}`, pdf);
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
      const { institutionId, origin } = requestContext(request);
      const { user } = sessionOf(request);
      const customer = { institutionId, customerId: user.customerId };
      const { Number: number, Id: id, Date: date } = request.query;
      const [statement, options] = await Promise.all([
        statementOf(customer, number, id, date, STATEMENT_PROVIDERS.urlFamily),
        settings(institutionId),
      ]);
      const url =
        statement &&
        (await urlProvider.statementUrl(
          {
            customer,
            accountNumber: number,
            statementId: id,
            date: statement.date,
            type: statement.type,
          },
          statementProviderAccess(options, origin),
        ));
      // Handed out only on a host name of this institution: the built-in document host opens an
      // address nowhere else, and a statementProviderURL naming any other host would send each
      // borrower's signed address (it opens the statement for whoever holds it, for five
      // minutes) to that host. A bank's own provider client decides for its own addresses.
      if (!url || (await institutionOfHost(new URL(url).hostname)) !== institutionId) {
        return notFound(reply);
      }
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
      const customer = await customerOfToken(request, request.query.token);
      if (!customer) return notFound(reply);
      const { documentId, date } = request.query;
      // The call names the document only: find it among the customer's accounts.
      const accounts = await core.listAccounts(customer, requestContext(request).today);
      for (const account of accounts) {
        const statement = await statementOf(customer, account.number, documentId, date, [
          STATEMENT_PROVIDERS.documentFamily,
        ]);
        if (!statement) continue;
        const pdf = await documentProvider.document({
          customer,
          accountNumber: account.number,
          statementId: documentId,
          date: statement.date,
          type: statement.type,
        });
        if (pdf) return sendPdf(reply, `statement-${account.number}-${statement.date}`, pdf);
      }
      return notFound(reply);
    },
  );

  // The built-in URL provider's document host (what a provider's address would point at; a host
  // set in statementProviderURL passes its requests here). It opens only the addresses signed
  // for this host's institution under its current key reference.
  app.get(
    PROVIDER_DOCUMENT_PATH,
    { schema: { querystring: z.object({ ref: z.string().max(2_000) }) } },
    async (request, reply) => {
      const { institutionId, origin } = requestContext(request);
      const { keyReference } = statementProviderAccess(await settings(institutionId), origin);
      const pdf = await urlProvider.open(request.query.ref, { institutionId, keyReference });
      if (!pdf) return notFound(reply);
      return sendPdf(reply, 'statement', pdf);
    },
  );
};
