import { ApplicationStatusChangeRequest, WorkItemApplication, WorkItemId } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SlugParams, staffOf } from '../admin/admin-api';
import type { ApplicationsStaffService } from './applications-staff';

const ItemParams = SlugParams.extend({ id: WorkItemId });

/**
 * `/admin-api/institutions/:slug/work-items/:id/application...`: a loan application's work-queue
 * item as staff work it (registerAdminApi: the staff session, the admin API's error shape). Who
 * may do what, and what is audited: applications-staff.ts; the contract: domain
 * api/loan-applications.ts.
 */
export const applicationsStaffRoutes: FastifyPluginAsyncZod<{
  service: ApplicationsStaffService;
}> = async (app, { service }) => {
  app.get(
    '/institutions/:slug/work-items/:id/application',
    { schema: { params: ItemParams, response: { 200: WorkItemApplication } } },
    async (request) =>
      service.application(staffOf(request), request.params.slug, request.params.id),
  );

  app.post(
    '/institutions/:slug/work-items/:id/application/status',
    {
      schema: {
        params: ItemParams,
        body: ApplicationStatusChangeRequest,
        response: { 200: WorkItemApplication },
      },
    },
    async (request) =>
      service.changeStatus(staffOf(request), request.params.slug, request.params.id, request.body),
  );
};
