import type { AppModule } from '../../app-module';
import { registrationRoutes } from './registration.routes';
import { createRegistrationService } from './registration.service';

/** Registration, its e-mail security code and account activation. */
export const registrationModule: AppModule = async ({ app, db, clock, services }) => {
  const service = createRegistrationService({
    db,
    clock,
    settings: (institutionId) => services.institutions.settings(institutionId),
    hasher: services.passwordHasher,
    dataProtector: services.dataProtector,
    mail: services.mail,
    throttle: services.throttle,
    core: services.core,
  });
  await app.register(registrationRoutes, { service });
};
