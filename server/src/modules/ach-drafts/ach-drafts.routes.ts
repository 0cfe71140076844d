import {
  AchDraftPreviewQuery,
  AchDraftPreviewRequest,
  AchDraftPreviewResponse,
  AchDraftsResponse,
  Envelope,
  ENVELOPE_CODES,
  errorEnvelope,
  okEnvelope,
  PAYMENT_CALLS,
  RenderAchDraftAgreementQuery,
  RenderAchDraftAgreementRequest,
} from '@portal/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../plugins/request-context';
import { signedInCaller, signedInUserIdOf } from '../../plugins/signed-in-caller';
import type { DownloadTokens } from '../downloads/download-tokens.service';
import type { AchDraftCaller, AchDraftPdf, AchDraftsService } from './ach-drafts.service';

const NOT_FOUND = { 401: Envelope, 404: Envelope };

/** The signed-in borrower, with the request's today (loans and fees are as of it). */
function callerOf(request: FastifyRequest): AchDraftCaller {
  const { institutionId, userId, customerId } = signedInCaller(request);
  return { institutionId, userId, customerId, today: requestContext(request).today };
}

/**
 * A loan, method, preview or authorization the caller does not hold, whether it exists or not:
 * the same status and body, so a second user learns nothing about another's.
 */
function notFound(reply: FastifyReply) {
  return reply.code(404).send(errorEnvelope(ENVELOPE_CODES.notFound));
}

function sendPdf(reply: FastifyReply, document: AchDraftPdf) {
  const fileName = document.title.replace(/[^A-Za-z0-9 ._-]/g, '_');
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${fileName}.pdf"`)
    .header('cache-control', 'no-store')
    .send(Buffer.from(document.pdf));
}

/**
 * The ACH draft agreement calls (spec 001 section 7): the preview before a recurring ACH payment
 * and the Documents screen's recurring ACH authorizations. The calls that open a new window carry
 * a token (the preview's, or a passable user token) instead of the session a new window of the
 * mobile app cannot send; a session the request does carry must be the token's user.
 */
export const achDraftsRoutes: FastifyPluginAsyncZod<{
  service: AchDraftsService;
  downloads: DownloadTokens;
}> = async (app, { service, downloads }) => {
  app.post(
    PAYMENT_CALLS.prepareAchDraftAgreementPreview.path,
    {
      config: { auth: 'required' },
      schema: {
        body: AchDraftPreviewRequest,
        response: { 200: AchDraftPreviewResponse, ...NOT_FOUND },
      },
    },
    async (request, reply) => {
      const outcome = await service.prepare(callerOf(request), request.body);
      if (outcome.kind === 'notFound') return notFound(reply);
      return { ...okEnvelope(), PassableToken: outcome.value };
    },
  );

  app.get(
    PAYMENT_CALLS.renderAchDraftAgreementPreview.path,
    {
      config: { auth: 'optional' },
      schema: { querystring: AchDraftPreviewQuery, response: NOT_FOUND },
    },
    async (request, reply) => {
      const outcome = await service.renderPreview({
        institutionId: requestContext(request).institutionId,
        token: request.query.token,
        sessionUserId: signedInUserIdOf(request),
      });
      if (outcome.kind === 'notFound') return notFound(reply);
      return sendPdf(reply, outcome.value);
    },
  );

  app.get(
    PAYMENT_CALLS.getAchDrafts.path,
    {
      config: { auth: 'required' },
      schema: { response: { 200: AchDraftsResponse, 401: Envelope } },
    },
    async (request) => {
      const { institutionId, userId } = callerOf(request);
      const drafts = await service.list({ institutionId, userId });
      return {
        ...okEnvelope(),
        Drafts: drafts.map((draft) => ({
          Id: draft.id,
          LoanAccountNumber: draft.loanNumber,
          CreationDate: draft.createdAt.toISOString(),
        })),
      };
    },
  );

  app.post(
    PAYMENT_CALLS.renderAchDraftAgreement.path,
    {
      config: { auth: 'required' },
      schema: { body: RenderAchDraftAgreementRequest, response: NOT_FOUND },
    },
    async (request, reply) => {
      const { institutionId, userId } = callerOf(request);
      const outcome = await service.open({ institutionId, userId }, request.body.Id);
      if (outcome.kind === 'notFound') return notFound(reply);
      return sendPdf(reply, outcome.value);
    },
  );

  app.get(
    PAYMENT_CALLS.openAchDraftAgreement.path,
    {
      config: { auth: 'optional' },
      schema: { querystring: RenderAchDraftAgreementQuery, response: NOT_FOUND },
    },
    async (request, reply) => {
      const { institutionId } = requestContext(request);
      // A passable user token (GET /api/PassableToken/GetPassableToken): single-use, a minute,
      // bound to its user. A bad token answers as an unknown draft does.
      const redeemed = await downloads.redeem({
        institutionId,
        token: request.query.token,
        purpose: 'passable',
        sessionUserId: signedInUserIdOf(request),
      });
      if (!redeemed) return notFound(reply);
      const outcome = await service.open(
        { institutionId, userId: redeemed.userId },
        request.query.guid,
      );
      if (outcome.kind === 'notFound') return notFound(reply);
      return sendPdf(reply, outcome.value);
    },
  );
};
