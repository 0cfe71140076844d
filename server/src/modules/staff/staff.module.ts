import type { AppModule } from '../../app-module';
import { registerAdminApi } from '../admin/admin-api';
import { staffRoutes } from './staff.routes';

/** Staff sign-in, the signed-in member and the staff accounts, under the admin API. */
export const staffModule: AppModule = async ({ app, services, options, cookieSecure }) => {
  const auth = services.adminAuth;
  await registerAdminApi(app, { auth }, staffRoutes, {
    auth,
    cookieSecure,
    demoMode: options.demoMode ?? false,
  });
};
