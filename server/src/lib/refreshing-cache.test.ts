import { describe, expect, it } from 'vitest';
import { createTestClock } from '../testing/clock';
import { createRefreshingCache } from './refreshing-cache';

function counter() {
  let loads = 0;
  return {
    load: async () => {
      loads += 1;
      return loads;
    },
    get loads() {
      return loads;
    },
  };
}

describe('createRefreshingCache', () => {
  it('shares one load between concurrent misses', async () => {
    const clock = createTestClock();
    const cache = createRefreshingCache<string, number>({ clock, maxAgeMs: 2000 });
    const source = counter();
    const values = await Promise.all([1, 2, 3].map(() => cache.get('a', source.load)));
    expect(values).toEqual([1, 1, 1]);
    expect(source.loads).toBe(1);
  });

  it('reloads in the background near the end of the lifetime and never serves an expired value', async () => {
    const clock = createTestClock();
    const cache = createRefreshingCache<string, number>({ clock, maxAgeMs: 2000 });
    const source = counter();
    await cache.get('a', source.load);

    clock.advance(1000);
    expect(await cache.get('a', source.load)).toBe(1);
    expect(source.loads).toBe(1);

    clock.advance(600);
    // Still the cached value, while the reload runs.
    expect(await cache.get('a', source.load)).toBe(1);
    expect(source.loads).toBe(2);
    expect(await cache.get('a', source.load)).toBe(2);

    clock.advance(2000);
    expect(await cache.get('a', source.load)).toBe(3);
  });

  it('does not keep values the keep option refuses', async () => {
    const clock = createTestClock();
    const cache = createRefreshingCache<string, number | undefined>({
      clock,
      maxAgeMs: 2000,
      keep: (value) => value !== undefined,
    });
    let loads = 0;
    const miss = async () => {
      loads += 1;
      return undefined;
    };
    await cache.get('unknown', miss);
    await cache.get('unknown', miss);
    expect(loads).toBe(2);
  });

  it('drops a value on delete, also one whose load was under way', async () => {
    const clock = createTestClock();
    const cache = createRefreshingCache<string, string>({ clock, maxAgeMs: 2000 });
    let release: (value: string) => void = () => undefined;
    const slow = cache.get('a', () => new Promise<string>((resolve) => (release = resolve)));
    cache.delete('a');
    release('stale');
    await slow;
    expect(await cache.get('a', async () => 'fresh')).toBe('fresh');
  });
});
