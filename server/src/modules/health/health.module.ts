import type { AppModule } from '../../app-module';
import { healthRoutes } from './health.routes';

/** Liveness and readiness (the service is shared: shutdown marks the instance not ready). */
export const healthModule: AppModule = async ({ app, services }) => {
  await app.register(healthRoutes, { service: services.health });
};
