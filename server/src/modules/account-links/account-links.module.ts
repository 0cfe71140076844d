import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { PortalApp } from '../../plugins/portal-app';
import type { ThrottleService } from '../throttle/throttle.service';
import { accountLinksRoutes } from './account-links.routes';
import { createAccountLinksService } from './account-links.service';

export interface AccountLinksModuleDeps {
  db: Kysely<Database>;
  clock: Clock;
  throttle: ThrottleService;
  /** The profile's e-mail changes: their links are verify-e-mail links too. */
  emailChanges: { confirm(institutionId: number, token: string): Promise<boolean> };
}

/** The links of e-mails: verify an address, opt out. */
export async function accountLinksModule(
  app: PortalApp,
  { db, clock, throttle, emailChanges }: AccountLinksModuleDeps,
): Promise<void> {
  await app.register(accountLinksRoutes, {
    service: createAccountLinksService({ db, clock, emailChanges }),
    throttle,
  });
}
