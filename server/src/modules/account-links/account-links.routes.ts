import {
  Envelope,
  errorEnvelope,
  okEnvelope,
  OptOutRequest,
  ValidateEmailRequest,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { institutionOf } from '../../plugins/institution';
import { HOUR_MS, type ThrottleService } from '../throttle/throttle.service';
import type { AccountLinksService } from './account-links.service';

export interface AccountLinksRoutesOptions {
  service: AccountLinksService;
  throttle: ThrottleService;
}

/**
 * Link tokens are 256-bit and cannot be guessed; the limit only keeps a script from filling the
 * log. The specs fix no number.
 */
export const LINK_REQUESTS_PER_HOUR_PER_IP = 60;

/** The verify-e-mail and opt-out links (spec 000 sections 2.7, 2.12 and 7). */
export const accountLinksRoutes: FastifyPluginAsyncZod<AccountLinksRoutesOptions> = async (
  app,
  { service, throttle },
) => {
  async function limit(institutionId: number, ip: string) {
    await throttle.enforce({
      institutionId,
      bucket: 'account-link-ip',
      key: ip,
      limit: LINK_REQUESTS_PER_HOUR_PER_IP,
      windowMs: HOUR_MS,
    });
  }

  app.post(
    '/api/Login/ValidateEmail',
    { schema: { body: ValidateEmailRequest, response: { 200: Envelope, 403: Envelope } } },
    async (request, reply) => {
      const institutionId = institutionOf(request).id;
      await limit(institutionId, request.ip);
      const verified = await service.validateEmail(institutionId, request.body.EncryptedUserData);
      return verified ? okEnvelope() : reply.code(403).send(errorEnvelope('Invalid'));
    },
  );

  app.post(
    '/api/OptOut/OptOut',
    { schema: { body: OptOutRequest, response: { 200: Envelope, 403: Envelope } } },
    async (request, reply) => {
      const institutionId = institutionOf(request).id;
      await limit(institutionId, request.ip);
      const optedOut = await service.optOut(institutionId, request.body.EmailAddress);
      return optedOut ? okEnvelope() : reply.code(403).send(errorEnvelope('Invalid'));
    },
  );
};
