import type { Clock } from './clock';

export interface RefreshingCacheOptions<V> {
  clock: Clock;
  /** No value older than this (counted from when its load started) is ever returned. */
  maxAgeMs: number;
  /**
   * From this age on, a read still returns the cached value but starts a reload in the
   * background, so under steady traffic no request waits for a reload (default 3/4 of maxAgeMs).
   */
  refreshAfterMs?: number;
  /** Values for which this is false are handed to the waiting callers but not kept. */
  keep?: (value: V) => boolean;
}

export interface RefreshingCache<K, V> {
  get(key: K, load: () => Promise<V>): Promise<V>;
  delete(key: K): void;
}

interface Entry<V> {
  value: V;
  loadedAt: number;
}

/**
 * A small in-process cache for values that are read on every request and change rarely.
 * Concurrent misses share one load; values are reloaded ahead of expiry.
 */
export function createRefreshingCache<K, V>(
  options: RefreshingCacheOptions<V>,
): RefreshingCache<K, V> {
  const { clock, maxAgeMs } = options;
  const refreshAfterMs = options.refreshAfterMs ?? Math.floor(maxAgeMs * 0.75);
  const keep = options.keep ?? (() => true);
  const entries = new Map<K, Entry<V>>();
  const loading = new Map<K, Promise<V>>();
  // Bumped by delete(): a load that started before it must not store its (older) value.
  const generations = new Map<K, number>();

  function load(key: K, loader: () => Promise<V>): Promise<V> {
    const pending = loading.get(key);
    if (pending) return pending;
    const startedAt = clock.now().getTime();
    const generation = generations.get(key) ?? 0;
    const promise = loader().then(
      (value) => {
        loading.delete(key);
        if ((generations.get(key) ?? 0) === generation) {
          if (keep(value)) entries.set(key, { value, loadedAt: startedAt });
          else entries.delete(key);
        }
        return value;
      },
      (error: unknown) => {
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, promise);
    return promise;
  }

  return {
    get(key, loader) {
      const entry = entries.get(key);
      const age = entry ? clock.now().getTime() - entry.loadedAt : Infinity;
      if (entry && age < maxAgeMs) {
        if (age >= refreshAfterMs) {
          // A failed background reload keeps the current value until it expires.
          load(key, loader).catch(() => undefined);
        }
        return Promise.resolve(entry.value);
      }
      return load(key, loader);
    },
    delete(key) {
      entries.delete(key);
      loading.delete(key);
      generations.set(key, (generations.get(key) ?? 0) + 1);
    },
  };
}
