import { AccountListResponse, Envelope, okEnvelope } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../plugins/auth';
import { institutionOf } from '../../plugins/institution';
import type { AccountsService } from './accounts.service';

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
      const institution = institutionOf(request);
      const { user } = sessionOf(request);
      const accounts = await service.list({
        institutionId: institution.id,
        timeZone: institution.timeZone,
        userId: user.id,
      });
      return { ...okEnvelope(), Accounts: accounts };
    },
  );
};
