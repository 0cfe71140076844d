import { Migrator, sql, type Kysely } from 'kysely';
import { MIGRATIONS } from './migrations/index';
import type { Database } from './schema';

export interface MigrationOutcome {
  /** Names of the migrations this call applied (empty when the database was up to date). */
  applied: string[];
}

/**
 * Brings the schema up to date. Kysely takes a lock first, so several server instances starting
 * together on one PostgreSQL do not run a migration twice.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationOutcome> {
  if (await isUpToDate(db)) return { applied: [] };
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => ({ ...MIGRATIONS }) },
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((result) => result.status === 'Error');
  if (error !== undefined || failed) {
    const name = failed ? ` "${failed.migrationName}"` : '';
    throw new Error(`Database migration${name} failed`, { cause: error });
  }
  return {
    applied: results
      .filter((result) => result.status === 'Success')
      .map((result) => result.migrationName),
  };
}

/**
 * The usual start: every migration already ran. Two plain queries answer that, where the
 * migrator would first introspect the catalog and take its lock (a few hundred ms on PGlite).
 */
async function isUpToDate(db: Kysely<Database>): Promise<boolean> {
  const { rows: tables } = await sql<{ present: boolean }>`
    select to_regclass('kysely_migration') is not null as present`.execute(db);
  if (!tables[0]?.present) return false;
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const applied = new Set(rows.map((row) => row.name));
  return Object.keys(MIGRATIONS).every((name) => applied.has(name));
}
