import type { Clock } from '../../lib/clock';
import { createReadCache, type ReadCache } from '../../lib/read-cache';

/**
 * Tables no account answer reads, written on nearly every request (sessions, rate counters, the
 * job queue, logs): writes to them leave the kept account lists and loan pages alone. Any other
 * write empties them (read-cache.ts).
 */
export const UNRELATED_TO_ACCOUNTS = [
  'sessions',
  'login_history',
  'download_tokens',
  'client_errors',
  'page_views',
  'password_history',
  'attempt_counters',
  'rate_limit_counters',
  'security_codes',
  'user_tokens',
  'trusted_devices',
  'biometric_devices',
  'sso_token_uses',
  'outbox_messages',
  'jobs',
] as const;

/**
 * The account list and loan page answers, kept in memory on PGlite with the built-in core and
 * document store (every write they depend on passes through this process); undefined otherwise:
 * a bank's own core, or PostgreSQL shared with other instances, changes data this process does
 * not see. Two seconds at most, the age of the settings cache (the statement provider setting
 * shapes the statement list).
 */
export function accountReadCache(options: {
  clock: Clock;
  watchStatements?: (listener: (sql: string) => void) => () => void;
  ownCore: boolean;
  onClose(unwatch: () => void): void;
}): ReadCache | undefined {
  if (!options.watchStatements || !options.ownCore) return undefined;
  const cache = createReadCache({
    clock: options.clock,
    maxAgeMs: 2_000,
    unrelatedTables: UNRELATED_TO_ACCOUNTS,
  });
  options.onClose(options.watchStatements((sql) => cache.onStatement(sql)));
  return cache;
}
