import type { PortalApp } from '../../plugins/portal-app';
import { registerAdminApi } from '../admin/admin-api';
import type { AdminAuthService } from './staff-auth.service';
import { staffRoutes } from './staff.routes';

/** Staff sign-in, the signed-in member and the staff accounts, under the admin API. */
export async function staffModule(
  app: PortalApp,
  deps: { adminAuth: AdminAuthService; cookieSecure: boolean; demoMode: boolean },
): Promise<void> {
  const auth = deps.adminAuth;
  await registerAdminApi(app, { auth }, staffRoutes, {
    auth,
    cookieSecure: deps.cookieSecure,
    demoMode: deps.demoMode,
  });
}
