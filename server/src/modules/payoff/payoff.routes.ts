import {
  Envelope,
  ENVELOPE_CODES,
  errorEnvelope,
  okEnvelope,
  PayoffDownloadTokenRequest,
  PayoffQuoteQuery,
  PayoffQuoteResponse,
} from '@portal/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestContext } from '../../plugins/request-context';
import { signedInCaller, signedInUserIdOf } from '../../plugins/signed-in-caller';
import type { PayoffService } from './payoff.service';

/** The error key of a failed quote (spec 001 section 8: 'There was an error retrieving the pay off quote.'). */
export const PAYOFF_ERROR = 'PayOffQuote';

function notFound(reply: FastifyReply) {
  return reply.code(404).send(errorEnvelope(ENVELOPE_CODES.notFound));
}

/** Payoff quotes as of a date and their breakdown (spec 001 sections 7 and 5, spec 002 dialogs). */
export const payoffRoutes: FastifyPluginAsyncZod<{
  service: PayoffService;
  /** Answers NightError while the nightly processing window is open. */
  nightMode: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
}> = async (app, { service, nightMode }) => {
  app.addHook('preHandler', nightMode);

  app.get(
    '/api/PaymentInformation/GetPayOffQuote',
    {
      config: { auth: 'required' },
      schema: {
        querystring: PayoffQuoteQuery,
        response: { 200: PayoffQuoteResponse, 401: Envelope, 404: Envelope },
      },
    },
    async (request, reply) => {
      const quote = await service.quote(
        signedInCaller(request),
        request.query.AccountNumber,
        request.query.PayOffDate,
      );
      if (quote.kind === 'notFound') return notFound(reply);
      if (quote.kind === 'refused') return { ...errorEnvelope(PAYOFF_ERROR), PayOffQuoteAmount: 0 };
      return { ...okEnvelope(), PayOffQuoteAmount: quote.totalCents };
    },
  );

  app.post(
    '/api/PaymentInformation/RetrieveDownloadToken',
    {
      config: { auth: 'required' },
      schema: {
        body: PayoffDownloadTokenRequest,
        response: { 200: z.string(), 401: Envelope, 404: Envelope },
      },
    },
    async (request, reply) => {
      const token = await service.breakdownToken(
        signedInCaller(request),
        request.body.AccountNumber,
        request.body.EffectiveDate,
      );
      return token ?? notFound(reply);
    },
  );

  app.get(
    '/api/PaymentInformation/DownloadPayoffQuoteBreakdown',
    // A PDF, or the 404 envelope: no response schema (the body is bytes).
    {
      config: { auth: 'optional' },
      schema: { querystring: z.object({ downloadToken: z.string().max(200) }) },
    },
    async (request, reply) => {
      const { institutionId, timeZone } = requestContext(request);
      const breakdown = await service.breakdown({
        institutionId,
        timeZone,
        token: request.query.downloadToken,
        sessionUserId: signedInUserIdOf(request),
      });
      if (!breakdown) return notFound(reply);
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="payoff-${breakdown.accountNumber}-${breakdown.asOf}.pdf"`,
        )
        .header('cache-control', 'no-store')
        .send(Buffer.from(breakdown.pdf));
    },
  );
};
