import type { PortalApp } from '../../plugins/portal-app';
import { registerAdminApi } from '../admin/admin-api';
import type { AdminService } from '../admin/admin.service';
import type { AdminAuthService } from '../staff/staff-auth.service';
import { auditRoutes } from './audit.routes';
import type { AuditLog } from './audit.service';

export interface AuditModuleDeps {
  adminAuth: AdminAuthService;
  admin: AdminService;
  auditLog: AuditLog;
}

/** The audit log's reading, under the admin API (every module records through the AuditLog). */
export async function auditModule(app: PortalApp, deps: AuditModuleDeps): Promise<void> {
  await registerAdminApi(app, { auth: deps.adminAuth }, auditRoutes, {
    admin: deps.admin,
    auditLog: deps.auditLog,
  });
}
