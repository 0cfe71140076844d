import type { AppModule } from '../../app-module';
import { registerAdminApi } from '../admin/admin-api';
import { createInstitutionsAdminService } from './institutions-admin.service';
import { institutionsRoutes } from './institutions.routes';

/**
 * The institutions staff work on, and creating one, under the admin API. (Which institution a
 * portal request is for, and its published settings, are services.institutions, built in app.ts
 * before the modules: the plugins need them.)
 */
export const institutionsModule: AppModule = async ({ app, db, services }) => {
  await registerAdminApi(app, { auth: services.adminAuth }, institutionsRoutes, {
    service: createInstitutionsAdminService({
      db,
      institutions: services.institutions,
      auditLog: services.auditLog,
      branding: services.branding,
    }),
  });
};
