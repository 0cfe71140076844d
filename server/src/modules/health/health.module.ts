import type { PortalApp } from '../../plugins/portal-app';
import { healthRoutes } from './health.routes';
import type { HealthService } from './health.service';

/** Liveness and readiness (the service is shared: shutdown marks the instance not ready). */
export async function healthModule(app: PortalApp, deps: { health: HealthService }): Promise<void> {
  await app.register(healthRoutes, { service: deps.health });
}
