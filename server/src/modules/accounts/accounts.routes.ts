import { AccountListResponse, Envelope, okEnvelope } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../plugins/auth';
import type { AccountsService } from './accounts.service';
import { requestContext } from '../../plugins/request-context';

export const accountsRoutes: FastifyPluginAsyncZod<{ service: AccountsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/accountList',
    {
      config: { auth: 'required' },
      schema: { response: { 200: AccountListResponse, 401: Envelope } },
    },
    async (request) => {
      const { institutionId, timeZone } = requestContext(request);
      const { user } = sessionOf(request);
      const accounts = await service.list({ institutionId, timeZone, customerId: user.customerId });
      return { ...okEnvelope(), Accounts: accounts };
    },
  );
};
