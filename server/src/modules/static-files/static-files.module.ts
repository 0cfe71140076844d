import type { AppModule } from '../../app-module';
import { staticFilesRoutes } from './static-files.routes';

const NOWHERE = '/nonexistent';

/** The built portal and admin apps, branding files under /cdn, the favicon. Registered last. */
export const staticFilesModule: AppModule = async ({ app, services, options, cdnRoots }) => {
  await app.register(staticFilesRoutes, {
    portalDist: options.portalDist ?? NOWHERE,
    adminDist: options.adminDist ?? NOWHERE,
    cdnRoots,
    portalHosts: () => services.admin.portalHosts(),
    primaryColor: async (institutionId) =>
      (await services.institutions.settings(institutionId)).get('themeOptions.primaryColor'),
  });
};
