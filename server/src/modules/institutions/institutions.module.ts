import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { PortalApp } from '../../plugins/portal-app';
import { registerAdminApi } from '../admin/admin-api';
import type { AuditLog } from '../audit/audit.service';
import type { BrandingService } from '../branding/branding.service';
import type { AdminAuthService } from '../staff/staff-auth.service';
import { createInstitutionsAdminService } from './institutions-admin.service';
import { institutionsRoutes } from './institutions.routes';
import type { InstitutionsService } from './institutions.service';

export interface InstitutionsModuleDeps {
  db: Kysely<Database>;
  adminAuth: AdminAuthService;
  institutions: InstitutionsService;
  auditLog: AuditLog;
  branding: BrandingService;
}

/**
 * The institutions staff work on, and creating one, under the admin API. (Which institution a
 * portal request is for, and its published settings, are the InstitutionsService, built in app.ts
 * before the modules: the plugins need them.)
 */
export async function institutionsModule(
  app: PortalApp,
  deps: InstitutionsModuleDeps,
): Promise<void> {
  await registerAdminApi(app, { auth: deps.adminAuth }, institutionsRoutes, {
    service: createInstitutionsAdminService({
      db: deps.db,
      institutions: deps.institutions,
      auditLog: deps.auditLog,
      branding: deps.branding,
    }),
  });
}
