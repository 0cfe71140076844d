import type { AppModule } from '../../app-module';
import { registerAdminApi } from '../admin/admin-api';
import { auditRoutes } from './audit.routes';

/** The audit log's reading, under the admin API (every module records through services.auditLog). */
export const auditModule: AppModule = async ({ app, services }) => {
  await registerAdminApi(app, { auth: services.adminAuth }, auditRoutes, {
    admin: services.admin,
    auditLog: services.auditLog,
  });
};
