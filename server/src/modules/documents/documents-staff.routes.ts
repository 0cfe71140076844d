import { WorkItemId } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SlugParams, staffOf } from '../admin/admin-api';
import type { DocumentsStaffService } from './documents-staff';
import { sendDocument } from './send-document';

/**
 * `GET /admin-api/institutions/:slug/work-items/:id/document`: the borrower's document of a
 * 'document' work item, as a download (registerAdminApi: the staff session, the admin API's
 * error shape). Who may open it, and the audit entry: documents-staff.ts.
 */
export const documentsStaffRoutes: FastifyPluginAsyncZod<{
  service: DocumentsStaffService;
}> = async (app, { service }) => {
  app.get(
    '/institutions/:slug/work-items/:id/document',
    { schema: { params: SlugParams.extend({ id: WorkItemId }) } },
    async (request, reply) => {
      const opened = await service.openItemDocument(
        staffOf(request),
        request.params.slug,
        request.params.id,
      );
      return sendDocument(reply, opened, 'attachment');
    },
  );
};
