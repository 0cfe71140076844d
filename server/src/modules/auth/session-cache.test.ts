import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDatabases } from '../../testing/databases';
import { signIn, startTestApp, type TestApp } from '../../testing/test-app';
import { hashToken } from '../../lib/tokens';
import { createSessionCache, writesSessionTables } from './session-cache';

describe('writesSessionTables', () => {
  it.each([
    'update "sessions" set "revoked_at" = $1 where "id" = $2',
    'delete from "sessions" where "expires_at" < $1',
    'insert into "users" ("id") values ($1) on conflict ("id") do update set "email" = $2',
    'UPDATE customers SET email = $1',
    'with "gone" as (delete from "sessions" where "id" = $1 returning "id") select count(*) from "gone"',
    'update "public"."users" set "logon_allowed" = false',
    'truncate table "sessions"',
    'alter table "users" add column "nickname" text',
  ])('counts %s as a write to the session tables', (statement) => {
    expect(writesSessionTables(statement)).toBe(true);
  });

  it.each([
    'select * from "sessions" where "token_hash" = $1',
    'update "session_devices" set "revoked_at" = $1',
    'insert into "login_history" ("user_id") values ($1)',
    'update "core_accounts" set "comment" = $1 where "customer_id" = $2',
    'delete from "users_archive"',
    'insert into "attempt_counters" ("key") values ($1) on conflict ("key") do update set "count" = 1',
    'select * from "sessions" where "id" = $1 for update',
  ])('does not count %s', (statement) => {
    expect(writesSessionTables(statement)).toBe(false);
  });
});

describe('createSessionCache', () => {
  const now = new Date('2026-01-01T12:00:00Z');
  const row = (idleMinutes: number) => ({
    idle_expires_at: new Date(now.getTime() + idleMinutes * 60_000),
    absolute_expires_at: new Date(now.getTime() + 600 * 60_000),
  });

  it('answers a second lookup from memory and loads again after a clear', async () => {
    const cache = createSessionCache<ReturnType<typeof row>>();
    let loads = 0;
    const load = async () => {
      loads += 1;
      return row(20);
    };
    await cache.lookup('k', now, load);
    await cache.lookup('k', now, load);
    expect(loads).toBe(1);
    cache.clear();
    await cache.lookup('k', now, load);
    expect(loads).toBe(2);
  });

  it('does not keep what a lookup found while a write cleared the cache', async () => {
    const cache = createSessionCache<ReturnType<typeof row>>();
    let loads = 0;
    await cache.lookup('k', now, async () => {
      loads += 1;
      // A revocation runs while this lookup's query is under way.
      cache.clear();
      return row(20);
    });
    await cache.lookup('k', now, async () => {
      loads += 1;
      return undefined;
    });
    expect(loads).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('does not answer with a session whose idle time ran out since it was kept', async () => {
    const cache = createSessionCache<ReturnType<typeof row>>();
    await cache.lookup('k', now, async () => row(1));
    const later = new Date(now.getTime() + 2 * 60_000);
    const found = await cache.lookup('k', later, async () => undefined);
    expect(found).toBeUndefined();
  });
});

// The cache is on where main.ts turns it on (PGlite); on PostgreSQL every request looks up.
describe.each(testDatabases('both'))('resolved sessions on $name', (testDatabase) => {
  let test: TestApp;
  let statements: string[] = [];
  let unwatch: (() => void) | undefined;

  beforeAll(async () => {
    test = await startTestApp(testDatabase);
    unwatch = test.database.watchStatements?.((statement) => statements.push(statement));
  });
  afterAll(async () => {
    unwatch?.();
    await test?.close();
  });

  const accountList = (cookie: string) =>
    test.app.inject({ method: 'GET', url: '/api/accountList', headers: { cookie } });
  const sessionLookups = () =>
    statements.filter((statement) => statement.startsWith('select "sessions"."id"')).length;

  it('looks a session up once while nothing writes to it (PGlite)', async () => {
    const { cookie } = await signIn(test.app, { username: 'pat.lee' });
    expect((await accountList(cookie)).statusCode).toBe(200);
    statements = [];
    for (let call = 0; call < 3; call += 1) {
      expect((await accountList(cookie)).statusCode).toBe(200);
    }
    if (testDatabase.name === 'pglite') expect(sessionLookups()).toBe(0);
  });

  it('refuses a revoked session on the next request', async () => {
    const { cookie, token } = await signIn(test.app, { username: 'pat.lee' });
    expect((await accountList(cookie)).statusCode).toBe(200);
    await test.database.db
      .updateTable('sessions')
      .set({ revoked_at: test.clock.now() })
      .where('token_hash', '=', hashToken(token))
      .execute();
    expect((await accountList(cookie)).statusCode).toBe(401);
  });

  it('refuses a session whose user may no longer sign in, and signs out at once', async () => {
    const first = await signIn(test.app, { username: 'pat.lee' });
    expect((await accountList(first.cookie)).statusCode).toBe(200);
    await sql`update users set logon_allowed = false where username = 'pat.lee'`.execute(
      test.database.db,
    );
    try {
      expect((await accountList(first.cookie)).statusCode).toBe(401);
    } finally {
      await sql`update users set logon_allowed = true where username = 'pat.lee'`.execute(
        test.database.db,
      );
    }
    const second = await signIn(test.app, { username: 'pat.lee' });
    expect((await accountList(second.cookie)).statusCode).toBe(200);
    const logout = await test.app.inject({
      method: 'POST',
      url: '/api/Login/Logout',
      headers: { cookie: second.cookie, 'x-requested-with': 'portal' },
      payload: {},
    });
    expect(logout.statusCode).toBeLessThan(300);
    expect((await accountList(second.cookie)).statusCode).toBe(401);
  });
});
