import type { AchProcessor } from '../../core/ach/ach-processor';
import type { PortalApp } from '../../plugins/portal-app';
import { registerAdminApi } from '../admin/admin-api';
import type { AdminService } from '../admin/admin.service';
import type { AdminAuthService } from '../staff/staff-auth.service';
import { achFilesRoutes } from './ach-files.routes';
import { createAchFilesService } from './ach-files.service';

export interface AchFilesModuleDeps {
  adminAuth: AdminAuthService;
  admin: AdminService;
  achProcessor: AchProcessor;
}

/** Staff's NACHA day files of the ACH processor, under the admin API. */
export async function achFilesModule(app: PortalApp, deps: AchFilesModuleDeps): Promise<void> {
  await registerAdminApi(app, { auth: deps.adminAuth }, achFilesRoutes, {
    service: createAchFilesService({ admin: deps.admin, achProcessor: deps.achProcessor }),
  });
}
