import type { AppModule } from '../../app-module';
import { applicationsRoutes } from './applications.routes';
import { createApplicationsService } from './applications.service';

/** Loan applications and their status. */
export const applicationsModule: AppModule = async ({ app, clock, services }) => {
  await app.register(applicationsRoutes, {
    service: createApplicationsService({ core: services.core, clock }),
  });
};
