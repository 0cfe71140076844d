import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { PasswordHasher } from '../../lib/passwords';
import type { PortalApp } from '../../plugins/portal-app';
import type { InstitutionsService } from '../institutions/institutions.service';
import type { MailService } from '../mail/mail.service';
import type { ThrottleService } from '../throttle/throttle.service';
import { recoveryRoutes } from './recovery.routes';
import { createRecoveryService } from './recovery.service';

export interface RecoveryModuleDeps {
  db: Kysely<Database>;
  clock: Clock;
  institutions: InstitutionsService;
  passwordHasher: PasswordHasher;
  mail: MailService;
  throttle: ThrottleService;
}

/** Forgotten user name and password. */
export async function recoveryModule(app: PortalApp, deps: RecoveryModuleDeps): Promise<void> {
  const service = createRecoveryService({
    db: deps.db,
    clock: deps.clock,
    settings: (institutionId) => deps.institutions.settings(institutionId),
    hasher: deps.passwordHasher,
    mail: deps.mail,
    throttle: deps.throttle,
  });
  await app.register(recoveryRoutes, { service });
}
