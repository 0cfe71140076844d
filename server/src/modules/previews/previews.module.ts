import type { PortalApp } from '../../plugins/portal-app';
import { registerAdminApi } from '../admin/admin-api';
import type { AdminService } from '../admin/admin.service';
import type { AdminAuthService } from '../staff/staff-auth.service';
import { previewTokensRoutes } from './preview-tokens.routes';
import { previewsRoutes } from './previews.routes';
import type { PreviewsService } from './previews.service';

export interface PreviewsModuleDeps {
  adminAuth: AdminAuthService;
  admin: AdminService;
  previews: PreviewsService;
  /** Admin app origins on other hosts that may receive preview tokens (ADMIN_ORIGINS). */
  adminOrigins: readonly string[];
}

/**
 * The admin's live preview: the admin API makes its tokens; the portal signs in as the sample
 * borrower with one.
 */
export async function previewsModule(app: PortalApp, deps: PreviewsModuleDeps): Promise<void> {
  await app.register(previewsRoutes, { service: deps.previews });
  await registerAdminApi(app, { auth: deps.adminAuth }, previewTokensRoutes, {
    admin: deps.admin,
    previews: deps.previews,
    adminOrigins: deps.adminOrigins,
  });
}
