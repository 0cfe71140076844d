import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { createPgliteDialect } from './pglite-dialect';
import { lockPgliteDir, type PgliteLock } from './pglite-lock';
import type { Database } from './schema';

export type DatabaseDialect = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DatabaseDialect;
  /** Closes the pool or the embedded database; safe to call more than once. */
  close(): Promise<void>;
  /**
   * PGlite only (one process holds the database, so this process sees every write): calls
   * `listener` with the SQL of each statement run and the milliseconds it took, and returns the
   * unsubscribe function. PostgreSQL has other writers (a second server instance), so it offers
   * no such watch.
   */
  watchStatements?: (listener: (sql: string, ms: number) => void) => () => void;
}

export interface CreateDatabaseOptions {
  /** A postgres:// URL: PostgreSQL through a pg pool. Wins over the PGlite options. */
  url?: string;
  /** Where PGlite keeps its files (created when missing). */
  dataDir?: string;
  /** PGlite in memory (tests). */
  inMemory?: boolean;
  /**
   * An operator's one-shot command (create staff, load the FedACH directory): a handful of
   * statements, so PGlite starts with a small buffer pool as in memory (`SMALL_POOL_START`).
   */
  shortLived?: boolean;
  /** A PGlite data directory dump to start from instead of running initdb (tests use it). */
  pgliteTemplate?: Blob;
  /** Errors of idle pooled PostgreSQL connections, which would otherwise crash the process. */
  onPoolError?: (error: Error) => void;
}

const INT8_OID = 20;
const DATE_OID = 1082;

/**
 * bigint columns hold integer cents and counters; reading them as JS numbers keeps arithmetic
 * simple, and anything a number cannot hold exactly is refused instead of silently rounded.
 */
export function parseBigintColumn(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`bigint value ${text} is outside the safe integer range`);
  }
  return value;
}

/** Calendar dates stay 'YYYY-MM-DD' text: a Date would shift them by the server's time zone. */
function keepDateText(text: string): string {
  return text;
}

function onlyOnce(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= close();
    return closing;
  };
}

async function createPostgres(url: string, onPoolError?: (error: Error) => void) {
  const pool = new pg.Pool({
    connectionString: url,
    application_name: 'borrower-portal',
    types: {
      getTypeParser: (oid: number, format?: 'text' | 'binary') => {
        if (oid === INT8_OID) return parseBigintColumn;
        if (oid === DATE_OID) return keepDateText;
        return pg.types.getTypeParser(oid, format);
      },
    },
  });
  pool.on('error', (error) => onPoolError?.(error));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres' as const, close: onlyOnce(() => db.destroy()) };
}

/**
 * An in-memory PGlite's files are memory already, so a buffer pool in front of them caches
 * nothing a read would not find at once, and a one-shot command reads too little to fill one:
 * 16 MB instead of PostgreSQL's 128 MB, which PostgreSQL zeroes and lays out at every start
 * (1.4 s to 0.65 s a start here; the tests start one per file). The server keeps the default, in
 * front of real files.
 */
const SMALL_POOL_START = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

async function createPglite(options: CreateDatabaseOptions) {
  let dataDir: string | undefined;
  let lock: PgliteLock | undefined;
  if (!options.inMemory) {
    if (!options.dataDir) {
      throw new Error('createDatabase needs a url, a dataDir or inMemory: true');
    }
    mkdirSync(options.dataDir, { recursive: true });
    dataDir = options.dataDir;
    // Throws PgliteLockedError while another process (a running server) has the folder open.
    lock = lockPgliteDir(dataDir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      ...(options.inMemory || options.shortLived ? { startParams: SMALL_POOL_START } : {}),
      ...(options.pgliteTemplate ? { loadDataDir: options.pgliteTemplate } : {}),
      parsers: { [INT8_OID]: parseBigintColumn, [DATE_OID]: keepDateText },
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const listeners = new Set<(sql: string, ms: number) => void>();
  const watchStatements = (listener: (sql: string, ms: number) => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const onStatement = (sql: string, ms: number) => {
    for (const listener of listeners) listener(sql, ms);
  };
  const db = new Kysely<Database>({ dialect: createPgliteDialect(client, { onStatement }) });
  const close = onlyOnce(async () => {
    try {
      await db.destroy();
    } finally {
      lock?.release();
    }
  });
  return { db, dialect: 'pglite' as const, close, client, watchStatements };
}

/**
 * Opens the database: PostgreSQL when a URL is given, else PGlite (files under `dataDir`, or in
 * memory). Both read bigint as number and date as text (see schema.ts).
 */
export async function createDatabase(options: CreateDatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) return createPostgres(options.url, options.onPoolError);
  const { db, dialect, close, watchStatements } = await createPglite(options);
  return { db, dialect, close, watchStatements };
}

/** PGlite with access to its client, for dumping a template (tests). */
export async function createPgliteDatabase(
  options: CreateDatabaseOptions,
): Promise<DatabaseHandle & { client: PGlite }> {
  return createPglite(options);
}
