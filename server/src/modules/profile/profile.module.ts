import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { PortalApp } from '../../plugins/portal-app';
import { loginHistoryRoutes } from './login-history.routes';

/** The profile area (login history so far). */
export async function profileModule(
  app: PortalApp,
  deps: { db: Kysely<Database>; clock: Clock },
): Promise<void> {
  await app.register(loginHistoryRoutes, { db: deps.db, clock: deps.clock });
}
