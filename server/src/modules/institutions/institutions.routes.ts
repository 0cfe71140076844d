import {
  CreateInstitutionRequest,
  InstitutionListResponse,
  InstitutionSummary,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffOf } from '../admin/admin-api';
import type { InstitutionsAdminService } from './institutions-admin.service';

export interface InstitutionsRoutesOptions {
  service: InstitutionsAdminService;
}

/** `/admin-api/institutions`: the institutions of the signed-in staff member, and creating one. */
export const institutionsRoutes: FastifyPluginAsyncZod<InstitutionsRoutesOptions> = async (
  app,
  { service },
) => {
  app.get(
    '/institutions',
    { schema: { response: { 200: InstitutionListResponse } } },
    async (request) => ({ institutions: await service.listInstitutions(staffOf(request)) }),
  );

  app.post(
    '/institutions',
    { schema: { body: CreateInstitutionRequest, response: { 201: InstitutionSummary } } },
    async (request, reply) => {
      const created = await service.createInstitution(staffOf(request), request.body);
      return reply.code(201).send(created);
    },
  );
};
