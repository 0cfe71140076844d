/**
 * @portal/server's entry point for the cross-package tests (tests/) and tooling. The server
 * itself starts from main.ts.
 */
export { buildApp } from './app';
export type { AppServices, BuildAppOptions, PortalApp } from './app';
export { ConfigError, loadConfig } from './config';
export type { ServerConfig } from './config';
export { createDatabase } from './db/create-database';
export type { CreateDatabaseOptions, DatabaseDialect, DatabaseHandle } from './db/create-database';
export { migrateToLatest } from './db/migrate';
export type { Database } from './db/schema';
export { DEMO_PASSWORD } from './db/seed/demo-users';
export { seedDemoData } from './db/seed/seed-demo-data';
export type { Clock } from './lib/clock';
export { createTestClock } from './testing/clock';
export type { TestClock } from './testing/clock';
export { testDatabases } from './testing/databases';
export type { TestDatabase } from './testing/databases';
export { PORTAL_WRITE_HEADERS, signIn, startTestApp } from './testing/test-app';
export type { SignedIn, TestApp } from './testing/test-app';
