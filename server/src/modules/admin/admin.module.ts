import type { AppModule } from '../../app-module';
import { registerAdminApi } from './admin-api';
import { adminRoutes } from './admin.routes';

/**
 * The admin API's institution configuration (drafts, publishing, versions, import, export, diff);
 * its context also answers the /admin-api paths no module has. The other admin API modules (staff,
 * institutions, audit, branding, previews) register beside it through registerAdminApi.
 */
export const adminModule: AppModule = async ({ app, services }) => {
  await registerAdminApi(app, { auth: services.adminAuth, answersNotFound: true }, adminRoutes, {
    admin: services.admin,
  });
};
