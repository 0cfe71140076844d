// What the operators' commands (staff, institution) share: the server's configuration, its data
// key and its database, opened the way main.ts opens them.
import { ConfigError, loadConfig, type ServerConfig } from '../config';
import { createDatabase, type DatabaseHandle } from '../db/create-database';
import { migrateToLatest } from '../db/migrate';
import { PgliteLockedError } from '../db/pglite-lock';
import type { Clock } from '../lib/clock';
import { DataKeyError, loadDataKey } from '../lib/data-key';
import { createDataProtector, type DataProtector } from '../lib/data-protection';

export interface OperatorIo {
  /** The server's environment variables (README "Configuration"). */
  env: Readonly<Record<string, string | undefined>>;
  out(line: string): void;
  err(line: string): void;
  clock?: Clock;
}

/** A refusal: the message goes to stderr and the command exits with `code`. */
export class Refusal extends Error {
  constructor(
    message: string,
    readonly code: 1 | 2 = 1,
  ) {
    super(message);
    this.name = 'Refusal';
  }
}

export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * The folder relative paths resolve from: where the operator typed the command. npm runs
 * workspace scripts in server/, but passes the folder it was started in as INIT_CWD (the
 * repository root for `npm run staff --workspace @portal/server`, the folder `npm start` uses for
 * ./data).
 */
export function operatorCwd(env: OperatorIo['env']): string {
  return text(env.INIT_CWD) ?? process.cwd();
}

export function readConfig(env: OperatorIo['env']): ServerConfig {
  return loadConfig(env, { cwd: operatorCwd(env) });
}

export function dataProtectorOf(config: ServerConfig, env: OperatorIo['env']): DataProtector {
  const { key } = loadDataKey({
    envKey: env.DATA_ENCRYPTION_KEY,
    dataDir: config.dataDir,
    demoMode: config.demoMode,
  });
  return createDataProtector(key);
}

/** PostgreSQL's unique_violation, which PGlite reports too. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}

/**
 * Opens the server's database the way main.ts does, and brings its schema up to date. A PGlite
 * folder the running server holds is refused before anything is read or written.
 */
async function openDatabase(config: ServerConfig, io: OperatorIo): Promise<DatabaseHandle> {
  let database: DatabaseHandle;
  try {
    database = await createDatabase({
      url: config.databaseUrl,
      dataDir: config.pgliteDir,
      shortLived: true,
      onPoolError: (error) => io.err(`PostgreSQL connection error: ${error.message}`),
    });
  } catch (error) {
    if (error instanceof PgliteLockedError) {
      throw new Refusal(
        `The server is running on this data directory${
          error.pid === undefined ? '' : ` (pid ${error.pid})`
        }; stop it first, or use DATABASE_URL.`,
      );
    }
    throw error;
  }
  try {
    await migrateToLatest(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

export async function withDatabase<T>(
  config: ServerConfig,
  io: OperatorIo,
  work: (database: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const database = await openDatabase(config, io);
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/**
 * Runs one operator command and turns what stopped it into its exit code: 0 done, 1 refused or
 * failed (with the message on stderr), 2 wrong usage.
 */
export async function exitCodeOf(
  io: OperatorIo,
  commandName: string,
  work: () => Promise<void>,
): Promise<number> {
  try {
    await work();
    return 0;
  } catch (error) {
    if (error instanceof Refusal) {
      io.err(error.message);
      return error.code;
    }
    if (error instanceof ConfigError) {
      io.err(error.message);
      return 1;
    }
    if (error instanceof DataKeyError) {
      io.err(`Invalid configuration:\n  ${error.message}`);
      return 1;
    }
    io.err(
      `The ${commandName} command failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 1;
  }
}
