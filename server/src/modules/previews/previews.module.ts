import type { AppModule } from '../../app-module';
import { registerAdminApi } from '../admin/admin-api';
import { previewTokensRoutes } from './preview-tokens.routes';
import { previewsRoutes } from './previews.routes';

/**
 * The admin's live preview: the admin API makes its tokens; the portal signs in as the sample
 * borrower with one.
 */
export const previewsModule: AppModule = async ({ app, services, options }) => {
  await app.register(previewsRoutes, { service: services.previews });
  await registerAdminApi(app, { auth: services.adminAuth }, previewTokensRoutes, {
    admin: services.admin,
    previews: services.previews,
    adminOrigins: options.adminOrigins ?? [],
  });
};
