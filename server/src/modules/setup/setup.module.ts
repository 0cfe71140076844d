import type { PortalApp } from '../../plugins/portal-app';
import type { ThrottleService } from '../throttle/throttle.service';
import { setupRoutes } from './setup.routes';
import type { SetupService } from './setup.service';

/** Start-up settings, client error reports and page views (spec 000 section 3). */
export async function setupModule(
  app: PortalApp,
  deps: { setup: SetupService; throttle: ThrottleService },
): Promise<void> {
  await app.register(setupRoutes, { service: deps.setup, throttle: deps.throttle });
}
