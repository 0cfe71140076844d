import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { DataProtector } from '../../lib/data-protection';
import type { PasswordHasher } from '../../lib/passwords';
import type { PortalApp } from '../../plugins/portal-app';
import type { InstitutionsService } from '../institutions/institutions.service';
import type { ThrottleService } from '../throttle/throttle.service';
import { credentialsRoutes } from './credentials.routes';
import { createCredentialsService } from './credentials.service';

export interface CredentialsModuleDeps {
  db: Kysely<Database>;
  clock: Clock;
  institutions: InstitutionsService;
  passwordHasher: PasswordHasher;
  dataProtector: DataProtector;
  throttle: ThrottleService;
}

/** Password and secret-answer checks and changes. */
export async function credentialsModule(
  app: PortalApp,
  deps: CredentialsModuleDeps,
): Promise<void> {
  const service = createCredentialsService({
    db: deps.db,
    clock: deps.clock,
    settings: (institutionId) => deps.institutions.settings(institutionId),
    hasher: deps.passwordHasher,
    dataProtector: deps.dataProtector,
    throttle: deps.throttle,
  });
  await app.register(credentialsRoutes, { service, throttle: deps.throttle });
}
