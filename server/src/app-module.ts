import type { Kysely } from 'kysely';
import type { AppServices, BuildAppOptions, PortalApp } from './app';
import type { Database } from './db/schema';
import type { Clock } from './lib/clock';

/**
 * What a module is built from: the app to register its routes on, the database and clock, the
 * shared services (app.services) and the options the app was built with.
 */
export interface ModuleContext {
  app: PortalApp;
  db: Kysely<Database>;
  clock: Clock;
  services: AppServices;
  options: BuildAppOptions;
  /** Session cookies only over HTTPS. */
  cookieSecure: boolean;
  /** Folders holding `<cdn folder>/...` branding files, first match wins. */
  cdnRoots: readonly string[];
}

/**
 * A feature module registers itself (its services and routes) through one function of this
 * shape, `<name>.module.ts` in its folder; `app.ts` lists them in order.
 */
export type AppModule = (context: ModuleContext) => Promise<void>;
