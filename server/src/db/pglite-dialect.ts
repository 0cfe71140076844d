import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * Kysely dialect for PGlite. kysely-pglite is not used: its driver hands the single PGlite
 * connection to every caller at once, so a query from one request can land inside another
 * request's BEGIN…COMMIT, and it reports `affectedRows` where Kysely reads `numAffectedRows`.
 * Here the one connection is lent to one holder at a time (a query, or a whole transaction).
 */
export function createPgliteDialect(client: PGlite, options: PgliteDialectOptions = {}): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new PgliteDriver(client, options.onStatement),
    createIntrospector: (db: Kysely<unknown>) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}

export interface PgliteDialectOptions {
  /**
   * Called with each statement's SQL once it has run (before its caller sees the result), so an
   * in-process cache can drop what a write may have changed. PGlite is one process's database:
   * every write passes here.
   */
  onStatement?: (sql: string) => void;
}

/** A first-come first-served lock: `acquire` resolves when every earlier holder has released. */
class Mutex {
  #tail: Promise<void> = Promise.resolve();

  acquire(): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const acquired = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => released);
    return acquired;
  }
}

const WRITE_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

class PgliteConnection implements DatabaseConnection {
  readonly #client: PGlite;
  readonly #onStatement: ((sql: string) => void) | undefined;

  constructor(client: PGlite, onStatement?: (sql: string) => void) {
    this.#client = client;
    this.#onStatement = onStatement;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    let result;
    try {
      result = await this.#client.query<R>(compiledQuery.sql, [...compiledQuery.parameters], {
        rowMode: 'object',
      });
    } finally {
      // A failed statement inside a transaction may still precede a commit of earlier writes.
      this.#onStatement?.(compiledQuery.sql);
    }
    const command = 'command' in result && typeof result.command === 'string' ? result.command : '';
    return {
      rows: result.rows,
      ...(WRITE_COMMANDS.has(command) && result.affectedRows !== undefined
        ? { numAffectedRows: BigInt(result.affectedRows) }
        : {}),
    };
  }

  // eslint-disable-next-line require-yield -- the Driver contract needs a generator; PGlite has no cursors here
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not support streaming queries.');
  }
}

class PgliteDriver implements Driver {
  readonly #client: PGlite;
  readonly #connection: PgliteConnection;
  readonly #mutex = new Mutex();
  readonly #releases = new Map<DatabaseConnection, () => void>();

  constructor(client: PGlite, onStatement?: (sql: string) => void) {
    this.#client = client;
    this.#connection = new PgliteConnection(client, onStatement);
  }

  async init(): Promise<void> {
    await this.#client.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.#mutex.acquire();
    this.#releases.set(this.#connection, release);
    return this.#connection;
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const release = this.#releases.get(connection);
    this.#releases.delete(connection);
    release?.();
  }

  async beginTransaction(
    connection: DatabaseConnection,
    settings: TransactionSettings,
  ): Promise<void> {
    const modes = [
      settings.isolationLevel ? `isolation level ${settings.isolationLevel}` : '',
      settings.accessMode ?? '',
    ].filter((mode) => mode !== '');
    await connection.executeQuery(
      CompiledQuery.raw(modes.length > 0 ? `start transaction ${modes.join(', ')}` : 'begin'),
    );
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy(): Promise<void> {
    if (!this.#client.closed) await this.#client.close();
  }
}
