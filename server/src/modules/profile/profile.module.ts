import type { PortalApp } from '../../plugins/portal-app';
import type { LoginHistoryService } from '../auth/login-history.service';
import { loginHistoryRoutes } from './login-history.routes';
import { profileRoutes } from './profile.routes';
import type { ProfileService } from './profile.service';

/** The profile area: the profile data and its updates, and the login history. */
export async function profileModule(
  app: PortalApp,
  deps: { profile: ProfileService; loginHistory: LoginHistoryService },
): Promise<void> {
  await app.register(profileRoutes, { service: deps.profile });
  await app.register(loginHistoryRoutes, { loginHistory: deps.loginHistory });
}
