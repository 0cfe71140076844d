import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { SEEDED_TEMPLATE_PREFIX } from './databases';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Names this run's seeded PostgreSQL templates (databases.ts `openSeeded`). */
    testRunId: string;
  }
}

/** The test databases' names end with the worker's process id (databases.ts). */
const LEFTOVER = /^(?:portal_test_(\d+)_[0-9a-f]+|portal_seed_[0-9a-f]+_(\d+))$/;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, owned by someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Drops the test databases a killed run left behind on TEST_DATABASE_URL's server: those whose
 * worker process is gone from this machine and which nobody is connected to (a run still going,
 * here or on another machine sharing the server, keeps its own).
 */
async function dropLeftovers(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL?.trim();
  if (!url) return;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ name: string; connections: string }>(
      `select d.datname as name,
              (select count(*) from pg_stat_activity a where a.datname = d.datname) as connections
         from pg_database d
        where d.datname ~ '^portal_(test|seed)_'`,
    );
    for (const { name, connections } of rows) {
      const match = LEFTOVER.exec(name);
      const pid = Number(match?.[1] ?? match?.[2] ?? 0);
      if (!match || pid === 0 || processAlive(pid) || Number(connections) > 0) continue;
      await admin.query(`drop database if exists ${name} with (force)`);
    }
  } finally {
    await admin.end();
  }
}

/**
 * Once per run of the node project: drops a killed run's leftover test databases, gives the run
 * an id, and at the end drops the seeded template databases its workers made on
 * TEST_DATABASE_URL's server.
 */
export default async function setup(project: TestProject) {
  const run = randomBytes(4).toString('hex');
  project.provide('testRunId', run);
  await dropLeftovers();
  return async () => {
    const url = process.env.TEST_DATABASE_URL?.trim();
    if (!url) return;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ name: string }>(
        'select datname as name from pg_database where datname like $1',
        [`${SEEDED_TEMPLATE_PREFIX}${run}_%`],
      );
      for (const { name } of rows) {
        await admin.query(`drop database if exists ${name} with (force)`);
      }
    } finally {
      await admin.end();
    }
  };
}
