import type { AppModule } from '../../app-module';
import { adminRoutes } from './admin.routes';

/** The staff admin API under /admin-api. */
export const adminModule: AppModule = async ({
  app,
  services,
  options,
  cookieSecure,
  cdnRoots,
}) => {
  await app.register(adminRoutes, {
    prefix: '/admin-api',
    auth: services.adminAuth,
    admin: services.admin,
    auditLog: services.auditLog,
    previews: services.previews,
    branding: services.branding,
    cookieSecure,
    demoMode: options.demoMode ?? false,
    adminOrigins: options.adminOrigins ?? [],
    cdnRoots,
  });
};
