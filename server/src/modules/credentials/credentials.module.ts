import type { AppModule } from '../../app-module';
import { credentialsRoutes } from './credentials.routes';
import { createCredentialsService } from './credentials.service';

/** Password and secret-answer checks and changes. */
export const credentialsModule: AppModule = async ({ app, db, clock, services }) => {
  const service = createCredentialsService({
    db,
    clock,
    settings: (institutionId) => services.institutions.settings(institutionId),
    hasher: services.passwordHasher,
    dataProtector: services.dataProtector,
    throttle: services.throttle,
  });
  await app.register(credentialsRoutes, { service, throttle: services.throttle });
};
