import { AccountListResponse, Envelope, okEnvelope } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInCaller } from '../../plugins/signed-in-caller';
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
      const { institutionId, timeZone, customerId } = signedInCaller(request);
      const { accounts, today } = await service.list({ institutionId, timeZone, customerId });
      return { ...okEnvelope(), Accounts: accounts, BusinessDate: today };
    },
  );
};
