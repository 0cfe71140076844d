import type { Clock } from './clock';

/**
 * Answers built from the database, kept in memory until any statement writes a table they may
 * have read, and for at most `maxAgeMs` (what the database does not hold, such as settings kept
 * in their own short-lived cache, is at most that stale).
 *
 * Only where this process sees every write: PGlite, which one process holds (see
 * DatabaseHandle.watchStatements). Every write statement empties the cache unless it writes
 * only tables named in `unrelatedTables`; an unknown statement shape empties it too. A load that
 * was under way while a write ran does not store its answer.
 */
export interface ReadCache {
  /** Keys name their kind of answer ('loan|...'), so one key always holds one type. */
  get<V>(key: string, load: () => Promise<V>): Promise<V>;
  /** Call with each statement the database runs. */
  onStatement(sql: string): void;
  clear(): void;
  readonly size: number;
}

// "update" as a statement, not "on conflict ... do update" or "for (no key) update" locks.
const WRITE =
  /\b(?:insert\s+into|(?<!\b(?:do|for|key)\s+)update|delete\s+from|merge\s+into|truncate(?:\s+table)?)\s+/gi;
const TABLE = /^(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/i;
const SCHEMA_CHANGE = /\b(?:create|alter|drop)\s+(?:table|index|view)\b/i;
/**
 * One SELECT and nothing after it: it writes no table (a function it calls could, unseen here as
 * in any statement). Most statements are these; the test is cheaper than the scan for writes.
 */
const ONE_SELECT = /^\s*select\b[^;]*$/i;
const NOTHING: ReadonlySet<string> = new Set();

/** The tables a statement writes, or undefined when it writes in a way not recognised. */
export function writtenTables(sql: string): ReadonlySet<string> | undefined {
  if (ONE_SELECT.test(sql)) return NOTHING;
  if (SCHEMA_CHANGE.test(sql)) return undefined;
  const tables = new Set<string>();
  for (const match of sql.matchAll(WRITE)) {
    const table = TABLE.exec(sql.slice((match.index ?? 0) + match[0].length))?.[1];
    if (!table) return undefined;
    tables.add(table.toLowerCase());
  }
  return tables;
}

export function createReadCache(options: {
  clock: Clock;
  maxAgeMs: number;
  unrelatedTables: readonly string[];
  maxEntries?: number;
}): ReadCache {
  const unrelated = new Set(options.unrelatedTables);
  const maxEntries = options.maxEntries ?? 5_000;
  let entries = new Map<string, { value: unknown; at: number }>();
  let generation = 0;
  const clear = () => {
    generation += 1;
    if (entries.size > 0) entries = new Map();
  };
  return {
    async get<V>(key: string, load: () => Promise<V>): Promise<V> {
      const now = options.clock.now().getTime();
      const hit = entries.get(key);
      if (hit && now - hit.at < options.maxAgeMs) return hit.value as V;
      const started = generation;
      const value = await load();
      if (started === generation) {
        if (entries.size >= maxEntries) entries = new Map();
        entries.set(key, { value, at: now });
      }
      return value;
    },
    onStatement(sql) {
      const tables = writtenTables(sql);
      if (tables === undefined) return clear();
      for (const table of tables) if (!unrelated.has(table)) return clear();
    },
    clear,
    get size() {
      return entries.size;
    },
  };
}
