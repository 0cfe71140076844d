import {
  ApplicationOptionsResponse,
  ClientErrorRequest,
  ENVELOPE_CODES,
  Envelope,
  errorEnvelope,
  escapeClientErrorText,
  InstitutionOptionsResponse,
  MaintenanceModeResponse,
  okEnvelope,
  PageViewRequest,
  PREVIEW_TOKEN_HEADER,
  PreviewSessionResponse,
} from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { institutionOf } from '../../plugins/institution';
import { MINUTE_MS, type ThrottleService } from '../throttle/throttle.service';
import type { SetupService } from './setup.service';

const PREVIEW_HEADER = PREVIEW_TOKEN_HEADER.toLowerCase();

/** The preview token of the admin's preview frame, when the request carries one. */
function presentedPreviewToken(request: FastifyRequest): string | undefined {
  const header = request.headers[PREVIEW_HEADER];
  return typeof header === 'string' && header.trim() !== '' ? header.trim() : undefined;
}

export interface SetupRoutesOptions {
  service: SetupService;
  throttle: ThrottleService;
}

/**
 * Reports and page views need no sign-in, so each address gets a budget a minute: a portal
 * tab sends a page view per screen and a report per distinct failure, far below these.
 */
export const CLIENT_ERRORS_PER_MINUTE_PER_IP = 30;
export const PAGE_VIEWS_PER_MINUTE_PER_IP = 120;

/** Start-up settings, institution options, maintenance mode, client error reports, page views. */
export const setupRoutes: FastifyPluginAsyncZod<SetupRoutesOptions> = async (
  app,
  { service, throttle },
) => {
  app.get(
    '/api/setup/ApplicationOptions',
    { schema: { response: { 200: ApplicationOptionsResponse } } },
    async (request, reply) => {
      const previewToken = presentedPreviewToken(request);
      if (previewToken !== undefined) {
        const preview = await service.previewApplicationOptions(
          institutionOf(request),
          previewToken,
        );
        // A draft is never cached or shared: no ETag, and caches must key on the token.
        reply.header('vary', PREVIEW_TOKEN_HEADER);
        if (preview) return preview;
      }
      const { body, etag } = await service.applicationOptions(institutionOf(request));
      // conditional-get answers 304 when the client already holds this version.
      reply.header('etag', etag);
      return body;
    },
  );

  app.get(
    '/api/setup/PreviewSession',
    { schema: { response: { 200: PreviewSessionResponse, 404: Envelope } } },
    async (request, reply) => {
      const token = presentedPreviewToken(request);
      const grant =
        token === undefined ? undefined : await service.previewGrant(institutionOf(request), token);
      if (!grant) return reply.code(404).send(errorEnvelope(ENVELOPE_CODES.notFound));
      return {
        ...okEnvelope(),
        AdminOrigin: grant.adminOrigin,
        ExpiresAt: grant.expiresAt.toISOString(),
      };
    },
  );

  app.get(
    '/api/Login/GetInstitutionOptions',
    { schema: { response: { 200: InstitutionOptionsResponse } } },
    async (request) => {
      const { body } = await service.applicationOptions(institutionOf(request));
      return { ...okEnvelope(), InstitutionOptions: body.institutionOptions };
    },
  );

  app.get(
    '/api/MaintenanceMode',
    { schema: { response: { 200: MaintenanceModeResponse } } },
    async (request) => ({
      ...okEnvelope(),
      isEnabled: await service.maintenanceMode(institutionOf(request)),
    }),
  );

  app.post(
    '/api/ClientError',
    { schema: { body: ClientErrorRequest, response: { 200: Envelope } } },
    async (request) => {
      await throttle.enforce({
        institutionId: institutionOf(request).id,
        bucket: 'client-error-ip',
        key: request.ip,
        limit: CLIENT_ERRORS_PER_MINUTE_PER_IP,
        windowMs: MINUTE_MS,
      });
      const { fingerprint, count } = await service.recordClientError(
        institutionOf(request),
        request.body,
      );
      request.log.warn(
        {
          clientError: {
            fingerprint,
            count,
            message: escapeClientErrorText(request.body.Message.slice(0, 500)),
          },
        },
        'client error reported',
      );
      return okEnvelope();
    },
  );

  app.post(
    '/api/Analytics/PageView',
    { schema: { body: PageViewRequest, response: { 200: Envelope, 404: Envelope } } },
    async (request, reply) => {
      await throttle.enforce({
        institutionId: institutionOf(request).id,
        bucket: 'page-view-ip',
        key: request.ip,
        limit: PAGE_VIEWS_PER_MINUTE_PER_IP,
        windowMs: MINUTE_MS,
      });
      const recorded = await service.recordPageView(institutionOf(request), request.body);
      if (!recorded) return reply.code(404).send(errorEnvelope(ENVELOPE_CODES.notFound));
      return okEnvelope();
    },
  );
};
