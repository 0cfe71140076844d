import type { PortalApp } from '../../plugins/portal-app';
import { registerAdminApi } from '../admin/admin-api';
import type { AdminService } from '../admin/admin.service';
import type { AdminAuthService } from '../staff/staff-auth.service';
import { brandingRoutes } from './branding.routes';
import type { BrandingService } from './branding.service';

export interface BrandingModuleDeps {
  adminAuth: AdminAuthService;
  admin: AdminService;
  branding: BrandingService;
  /** Folders holding `<cdn folder>/...` branding files, first match wins. */
  cdnRoots: readonly string[];
}

/** The branding files and their uploads, under the admin API. */
export async function brandingModule(app: PortalApp, deps: BrandingModuleDeps): Promise<void> {
  await registerAdminApi(app, { auth: deps.adminAuth }, brandingRoutes, {
    admin: deps.admin,
    branding: deps.branding,
    cdnRoots: deps.cdnRoots,
  });
}
