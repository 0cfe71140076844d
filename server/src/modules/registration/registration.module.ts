import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ServicingCore } from '../../core/servicing-core';
import type { Clock } from '../../lib/clock';
import type { DataProtector } from '../../lib/data-protection';
import type { PasswordHasher } from '../../lib/passwords';
import type { PortalApp } from '../../plugins/portal-app';
import type { InstitutionsService } from '../institutions/institutions.service';
import type { MailService } from '../mail/mail.service';
import type { ThrottleService } from '../throttle/throttle.service';
import { registrationRoutes } from './registration.routes';
import { createRegistrationService } from './registration.service';

export interface RegistrationModuleDeps {
  db: Kysely<Database>;
  clock: Clock;
  core: ServicingCore;
  institutions: InstitutionsService;
  passwordHasher: PasswordHasher;
  dataProtector: DataProtector;
  mail: MailService;
  throttle: ThrottleService;
}

/** Registration, its e-mail security code and account activation. */
export async function registrationModule(
  app: PortalApp,
  deps: RegistrationModuleDeps,
): Promise<void> {
  const service = createRegistrationService({
    db: deps.db,
    clock: deps.clock,
    settings: (institutionId) => deps.institutions.settings(institutionId),
    hasher: deps.passwordHasher,
    dataProtector: deps.dataProtector,
    mail: deps.mail,
    throttle: deps.throttle,
    core: deps.core,
  });
  await app.register(registrationRoutes, { service });
}
