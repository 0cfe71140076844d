import { AuditListResponse, RowIdText } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SlugParams, staffOf } from '../admin/admin-api';
import type { AdminService } from '../admin/admin.service';
import type { AuditLog } from './audit.service';

export interface AuditRoutesOptions {
  /** Who may read which institution. */
  admin: Pick<AdminService, 'access'>;
  auditLog: AuditLog;
}

/** `GET /admin-api/institutions/:slug/audit`: the institution's audit log, newest first. */
export const auditRoutes: FastifyPluginAsyncZod<AuditRoutesOptions> = async (app, options) => {
  app.get(
    '/institutions/:slug/audit',
    {
      schema: {
        params: SlugParams,
        querystring: z.object({
          before: RowIdText.optional(),
          limit: z.coerce.number().int().min(1).max(200).optional(),
        }),
        response: { 200: AuditListResponse },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const institution = await options.admin.access(staff, request.params.slug, 'read');
      // Only implementers, who serve every institution, see the staff sign-in events.
      return options.auditLog.list(institution.id, {
        ...request.query,
        staffSignIns: staff.isImplementer,
      });
    },
  );
};
