import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { expect, inject } from 'vitest';
import {
  createDatabase,
  createPgliteDatabase,
  type DatabaseDialect,
  type DatabaseHandle,
} from '../db/create-database';
import { migrateToLatest } from '../db/migrate';
import { MIGRATIONS } from '../db/migrations/index';
import { seedDemoData } from '../demo/seed-demo-data';
import { createTestClock } from './clock';
import { TEST_DATA_PROTECTOR } from './keys';

export interface TestDatabase {
  /** 'pglite' or 'postgres', for test names (`describe.each(testDatabases())('on $name', …)`). */
  name: DatabaseDialect;
  /**
   * A fresh, migrated, empty database. PGlite: in memory. PostgreSQL: a new uniquely named
   * database next to TEST_DATABASE_URL's, dropped again by `close()`.
   */
  open(): Promise<DatabaseHandle>;
  /**
   * A fresh database holding the demo data exactly as `seedDemoData` writes it with the test
   * clock's start and the test key (what `startTestApp` needs). Seeding runs the built-in core
   * from each loan's origination (seconds), so each worker seeds once per run and copies that:
   * PGlite from an in-memory dump, PostgreSQL with `create database … template`.
   */
  openSeeded(): Promise<DatabaseHandle>;
}

/**
 * The databases a test file runs on (README "Two commands"). Without TEST_DATABASE_URL, PGlite.
 * With it, a file whose subject is the database itself (`'both'`: migrations, the job queue and
 * its leases, two server instances on one database, what is kept in memory on PGlite and read
 * from the database on PostgreSQL, posting under faults) runs on both; every other file runs on
 * one of the two, half of the files on each, chosen by a hash of the file's path so a file keeps
 * its database from run to run. PGlite is PostgreSQL's own code (the same parser, planner and
 * SQL), so running every API test twice checked the same SQL twice: the suite's time went to
 * that (a third of the server stage) rather than to finding anything.
 */
export function testDatabases(
  coverage: 'both' | 'one' = 'one',
  env: Readonly<Record<string, string | undefined>> = process.env,
  testPath: string = expect.getState().testPath ?? '',
): TestDatabase[] {
  const pglite: TestDatabase = { name: 'pglite', open: openPglite, openSeeded: openSeededPglite };
  const url = env.TEST_DATABASE_URL?.trim();
  if (!url) return [pglite];
  const postgres: TestDatabase = {
    name: 'postgres',
    open: () => openPostgres(url),
    openSeeded: () => openSeededPostgres(url),
  };
  if (coverage === 'both') return [pglite, postgres];
  return [databaseOfFile(testPath) === 'postgres' ? postgres : pglite];
}

/** The database of a file that runs on one: a stable half of the files each. */
export function databaseOfFile(testPath: string): DatabaseDialect {
  const relative = testPath.replace(/\\/g, '/').replace(/^.*?\/(server|tests|domain)\//, '$1/');
  const digest = createHash('sha256').update(relative).digest();
  return (digest[0] ?? 0) % 2 === 0 ? 'pglite' : 'postgres';
}

/** Writes the demo data as `startTestApp` always has: the test clock's start, the test key. */
async function seed(handle: DatabaseHandle): Promise<void> {
  await seedDemoData(handle.db, { clock: createTestClock(), dataProtector: TEST_DATA_PROTECTOR });
}

let seededPglite: Promise<Blob> | undefined;

async function openSeededPglite(): Promise<DatabaseHandle> {
  seededPglite ??= (async () => {
    const handle = await createPgliteDatabase({
      inMemory: true,
      pgliteTemplate: await pgliteTemplate(),
    });
    try {
      await seed(handle);
      return await handle.client.dumpDataDir('none');
    } finally {
      await handle.close();
    }
  })();
  return await createDatabase({ inMemory: true, pgliteTemplate: await seededPglite });
}

/**
 * The seeded template database of this worker, named after the run (so the run's global
 * teardown drops it, server/src/testing/global-setup.ts) and the process. Without a run (a file
 * run outside this configuration) each database is seeded itself.
 */
let seededPostgres: Promise<string> | undefined;
/** PostgreSQL copies a template for one `create database` at a time. */
let copying: Promise<unknown> = Promise.resolve();

async function openSeededPostgres(adminUrl: string): Promise<DatabaseHandle> {
  const run = inject('testRunId');
  if (!run) {
    const handle = await openPostgres(adminUrl);
    await seed(handle);
    return handle;
  }
  seededPostgres ??= (async () => {
    const name = `${SEEDED_TEMPLATE_PREFIX}${run}_${process.pid}`;
    const handle = await openPostgres(adminUrl, { name, keep: true });
    try {
      await seed(handle);
    } finally {
      await handle.close();
    }
    return name;
  })();
  const template = await seededPostgres;
  const opening = copying.then(() => openPostgres(adminUrl, { template }));
  copying = opening.catch(() => undefined);
  return await opening;
}

/**
 * A fresh PGlite runs initdb (several seconds). The first test file to need one migrates it and
 * dumps it to a file in the temp folder, named after the migrations' source and the PGlite build;
 * later files, and later runs, load the dump in well under a second.
 */
function templateFile(): string {
  const require = createRequire(import.meta.url);
  const pglite = require.resolve('@electric-sql/pglite');
  const fingerprint = createHash('sha256')
    .update(`${pglite}:${statSync(pglite).mtimeMs}`)
    .update(
      Object.entries(MIGRATIONS)
        .map(([name, migration]) => `${name}:${migration.up.toString()}`)
        .join('\n'),
    )
    .digest('hex')
    .slice(0, 16);
  return join(tmpdir(), `portal-pglite-template-${fingerprint}.tar`);
}

export async function pgliteTemplate(): Promise<Blob> {
  const file = templateFile();
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const fresh = await createPgliteDatabase({ inMemory: true });
  try {
    await migrateToLatest(fresh.db);
    const dump = await fresh.client.dumpDataDir('none');
    // Write then rename: a parallel test file never reads half a template.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
    renameSync(partial, file);
    return dump;
  } finally {
    await fresh.close();
  }
}

async function openPglite(): Promise<DatabaseHandle> {
  const handle = await createDatabase({ inMemory: true, pgliteTemplate: await pgliteTemplate() });
  await migrateToLatest(handle.db);
  return handle;
}

/** Seeded template databases start with this, then the run's id (global-setup.ts). */
export const SEEDED_TEMPLATE_PREFIX = 'portal_seed_';

async function openPostgres(
  adminUrl: string,
  options: { name?: string; template?: string; keep?: boolean } = {},
): Promise<DatabaseHandle> {
  const name = options.name ?? `portal_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(
      `create database ${name}${options.template ? ` template ${options.template}` : ''}`,
    );
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await createDatabase({ url: url.toString() });
  await migrateToLatest(handle.db);
  if (options.keep) return handle;
  let dropping: Promise<void> | undefined;
  const dropDatabase = async () => {
    await handle.close();
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    try {
      await cleanup.query(`drop database if exists ${name} with (force)`);
    } finally {
      await cleanup.end();
    }
  };
  return {
    db: handle.db,
    dialect: handle.dialect,
    close: () => {
      dropping ??= dropDatabase();
      return dropping;
    },
  };
}
