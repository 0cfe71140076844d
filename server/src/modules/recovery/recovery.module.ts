import type { AppModule } from '../../app-module';
import { recoveryRoutes } from './recovery.routes';
import { createRecoveryService } from './recovery.service';

/** Forgotten user name and password. */
export const recoveryModule: AppModule = async ({ app, db, clock, services }) => {
  const service = createRecoveryService({
    db,
    clock,
    settings: (institutionId) => services.institutions.settings(institutionId),
    hasher: services.passwordHasher,
    mail: services.mail,
    throttle: services.throttle,
  });
  await app.register(recoveryRoutes, { service });
};
