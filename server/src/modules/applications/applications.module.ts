import type { AppModule } from '../../app-module';
import { applicationsRoutes } from './applications.routes';

/** Loan applications and their status. */
export const applicationsModule: AppModule = async ({ app, clock, services }) => {
  await app.register(applicationsRoutes, { core: services.core, clock });
};
