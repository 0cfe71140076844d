// What the operators' commands (staff, institution) share: the server's configuration, its data
// key and its database, opened the way main.ts opens them.
import { ConfigError, loadConfig, type ServerConfig } from '../config';
import { createDatabase, type DatabaseHandle } from '../db/create-database';
import { migrateToLatest } from '../db/migrate';
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

/** Opens the server's database the way main.ts does, and brings its schema up to date. */
async function openDatabase(config: ServerConfig, io: OperatorIo): Promise<DatabaseHandle> {
  const database = await createDatabase({
    url: config.databaseUrl,
    dataDir: config.pgliteDir,
    onPoolError: (error) => io.err(`PostgreSQL connection error: ${error.message}`),
  });
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
