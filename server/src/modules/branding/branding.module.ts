import type { AppModule } from '../../app-module';
import { registerAdminApi } from '../admin/admin-api';
import { brandingRoutes } from './branding.routes';

/** The branding files and their uploads, under the admin API. */
export const brandingModule: AppModule = async ({ app, services, cdnRoots }) => {
  await registerAdminApi(app, { auth: services.adminAuth }, brandingRoutes, {
    admin: services.admin,
    branding: services.branding,
    cdnRoots,
  });
};
