import { describe, expect, it } from 'vitest';
import { createTestClock } from '../testing/clock';
import { createReadCache, writtenTables } from './read-cache';

describe('writtenTables', () => {
  it.each([
    ['update "sessions" set "idle_expires_at" = $1 where "id" = $2', ['sessions']],
    ['insert into "page_views" ("route") values ($1)', ['page_views']],
    [
      'insert into "attempt_counters" ("key") values ($1) on conflict ("key") do update set "count" = "attempt_counters"."count" + 1',
      ['attempt_counters'],
    ],
    ['select * from "jobs" where "state" = $1 limit 1 for update skip locked', []],
    ['select * from "core_loans" where "account_id" = $1 for no key update', []],
    [
      'with "gone" as (delete from "core_statements" where "id" = $1 returning "id") select 1',
      ['core_statements'],
    ],
    ['UPDATE public.core_accounts SET comment = $1', ['core_accounts']],
    ['select 1', []],
  ])('reads %s as writing %j', (statement, tables) => {
    expect([...(writtenTables(statement) ?? ['?'])]).toEqual(tables);
  });

  it('does not know what a schema change writes', () => {
    expect(writtenTables('alter table "core_accounts" add column "x" text')).toBeUndefined();
  });
});

describe('createReadCache', () => {
  const make = () => {
    const clock = createTestClock();
    const cache = createReadCache({
      clock,
      maxAgeMs: 2_000,
      unrelatedTables: ['sessions', 'page_views'],
    });
    let loads = 0;
    const load = async () => {
      loads += 1;
      return loads;
    };
    return { clock, cache, load, loads: () => loads };
  };

  it('keeps an answer through writes to unrelated tables only', async () => {
    const { cache, load, loads } = make();
    expect(await cache.get('k', load)).toBe(1);
    cache.onStatement('update "sessions" set "idle_expires_at" = $1');
    cache.onStatement('insert into "page_views" ("route") values ($1)');
    cache.onStatement('select * from "core_accounts"');
    expect(await cache.get('k', load)).toBe(1);
    expect(loads()).toBe(1);
  });

  it('loads again after a write to any other table, or an unknown write', async () => {
    const { cache, load } = make();
    await cache.get('k', load);
    cache.onStatement('update "account_alerts" set "alerts" = $1');
    expect(await cache.get('k', load)).toBe(2);
    cache.onStatement('insert into "sessions" ("id") values ($1); update "core_loans" set "x" = 1');
    expect(await cache.get('k', load)).toBe(3);
    cache.onStatement('drop table "core_loans"');
    expect(await cache.get('k', load)).toBe(4);
  });

  it('loads again once the answer is older than its maximum age', async () => {
    const { clock, cache, load } = make();
    await cache.get('k', load);
    clock.advance(1_999);
    expect(await cache.get('k', load)).toBe(1);
    clock.advance(1);
    expect(await cache.get('k', load)).toBe(2);
  });

  it('does not keep what a load found while a write ran', async () => {
    const { cache } = make();
    let loads = 0;
    await cache.get('k', async () => {
      loads += 1;
      cache.onStatement('update "core_accounts" set "comment" = $1');
      return 1;
    });
    await cache.get('k', async () => {
      loads += 1;
      return 2;
    });
    expect(loads).toBe(2);
  });
});
