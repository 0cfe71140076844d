import type { AppModule } from '../../app-module';
import { registerAdminApi } from '../admin/admin-api';
import { achFilesRoutes } from './ach-files.routes';
import { createAchFilesService } from './ach-files.service';

/** Staff's NACHA day files of the ACH processor, under the admin API. */
export const achFilesModule: AppModule = async ({ app, services }) => {
  await registerAdminApi(app, { auth: services.adminAuth }, achFilesRoutes, {
    service: createAchFilesService({
      admin: services.admin,
      achProcessor: services.achProcessor,
    }),
  });
};
