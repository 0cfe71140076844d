import { writtenTables } from '../../lib/read-cache';

/**
 * The live sessions this process has resolved, so a signed-in request does not look its session
 * up in the database every time (the lookup was half the database time of an account-list call
 * on PGlite).
 *
 * Only where this process sees every write: PGlite, which one process holds (the data directory
 * is locked). Any statement that writes the tables a session row is read from (sessions, users,
 * customers) empties the cache, so a sign-out, a revocation, a disabled sign-in or a changed
 * e-mail address is seen by the very next request. A lookup that was under way while such a
 * statement ran does not store its answer (the generation check). Expiry is checked on every
 * hit against the clock, as the database query does. With PostgreSQL another server instance may
 * write, so there is no cache there (app.ts).
 */

const SESSION_TABLES = new Set(['sessions', 'users', 'customers']);

/**
 * Whether a statement may change a cached session row: it writes one of their tables, or writes
 * in a way writtenTables (the account answers' reading of statements) cannot read.
 */
export function writesSessionTables(sql: string): boolean {
  const tables = writtenTables(sql);
  return tables === undefined || [...tables].some((table) => SESSION_TABLES.has(table));
}

interface Expiring {
  idle_expires_at: Date;
  absolute_expires_at: Date;
}

export interface SessionCache<Row extends Expiring> {
  /** The cached live row of `key`, else what `load` finds (stored when live). */
  lookup(key: string, now: Date, load: () => Promise<Row | undefined>): Promise<Row | undefined>;
  /** Drops every entry (a write to the session tables). */
  clear(): void;
  readonly size: number;
}

/** At most this many sessions are kept; past it the cache starts again empty. */
const MAX_ENTRIES = 20_000;

export function createSessionCache<Row extends Expiring>(): SessionCache<Row> {
  let entries = new Map<string, Row>();
  let generation = 0;
  const live = (row: Row, now: Date) =>
    row.idle_expires_at.getTime() > now.getTime() &&
    row.absolute_expires_at.getTime() > now.getTime();
  return {
    async lookup(key, now, load) {
      const hit = entries.get(key);
      if (hit) {
        if (live(hit, now)) return hit;
        entries.delete(key);
      }
      const started = generation;
      const row = await load();
      if (row && started === generation && live(row, now)) {
        if (entries.size >= MAX_ENTRIES) entries = new Map();
        entries.set(key, row);
      }
      return row;
    },
    clear() {
      generation += 1;
      if (entries.size > 0) entries = new Map();
    },
    get size() {
      return entries.size;
    },
  };
}
