import type { PortalApp } from '../../plugins/portal-app';
import type { AdminAuthService } from '../staff/staff-auth.service';
import { registerAdminApi } from './admin-api';
import { adminRoutes } from './admin.routes';
import type { AdminService } from './admin.service';

export interface AdminModuleDeps {
  adminAuth: AdminAuthService;
  admin: AdminService;
}

/**
 * The admin API's institution configuration (drafts, publishing, versions, import, export, diff);
 * its context also answers the /admin-api paths no module has. The other admin API modules (staff,
 * institutions, audit, branding, previews) register beside it through registerAdminApi.
 */
export async function adminModule(app: PortalApp, deps: AdminModuleDeps): Promise<void> {
  await registerAdminApi(app, { auth: deps.adminAuth, answersNotFound: true }, adminRoutes, {
    admin: deps.admin,
  });
}
