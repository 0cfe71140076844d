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

/**
 * Once per run of the node project: gives the run an id, and at the end drops the seeded
 * template databases its workers made on TEST_DATABASE_URL's server.
 */
export default function setup(project: TestProject) {
  const run = randomBytes(4).toString('hex');
  project.provide('testRunId', run);
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
