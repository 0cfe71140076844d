/**
 * @portal/server's entry point for tooling (scripts/). The server itself starts from main.ts; the
 * test kit is `@portal/server/testing` (src/testing/index.ts), so nothing here loads test code.
 */
export { buildApp } from './app';
export type { AppServices, BuildAppOptions, PortalApp } from './app';
export { ConfigError, loadConfig } from './config';
export type { ServerConfig } from './config';
export { createDatabase } from './db/create-database';
export type { CreateDatabaseOptions, DatabaseDialect, DatabaseHandle } from './db/create-database';
export { migrateToLatest } from './db/migrate';
export type { Database } from './db/schema';
export { DEMO_PASSWORD } from './demo/demo-users';
export { seedDemoData } from './demo/seed-demo-data';
export type { Clock } from './lib/clock';
