import type { AppModule } from '../../app-module';
import { setupRoutes } from './setup.routes';

/** Start-up settings, client error reports and page views (spec 000 section 3). */
export const setupModule: AppModule = async ({ app, services }) => {
  await app.register(setupRoutes, { service: services.setup, throttle: services.throttle });
};
