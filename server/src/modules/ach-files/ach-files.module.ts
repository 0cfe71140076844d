import type { AppModule } from '../../app-module';
import { achFilesRoutes } from './ach-files.routes';

/** Staff's NACHA day files of the ACH processor, under the admin API. */
export const achFilesModule: AppModule = async ({ app, services }) => {
  await app.register(achFilesRoutes, {
    prefix: '/admin-api/institutions/:slug/ach-files',
    auth: services.adminAuth,
    admin: services.admin,
    achProcessor: services.achProcessor,
  });
};
