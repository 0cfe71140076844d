import type { PortalApp } from '../../plugins/portal-app';
import type { LoginHistoryService } from '../auth/login-history.service';
import { loginHistoryRoutes } from './login-history.routes';

/** The profile area (login history so far). */
export async function profileModule(
  app: PortalApp,
  deps: { loginHistory: LoginHistoryService },
): Promise<void> {
  await app.register(loginHistoryRoutes, { loginHistory: deps.loginHistory });
}
