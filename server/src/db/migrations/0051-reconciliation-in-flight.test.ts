import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../create-database';
import { MIGRATIONS } from './index';

/**
 * A run stored before the migration keeps no in-flight figures (null: out of date, made again by
 * the end of day), a run has both or neither, and the migration undoes.
 */
describe('migration 0051 (reconciliation in flight)', () => {
  let handle: DatabaseHandle;
  const names = Object.keys(MIGRATIONS);
  const previous = names[names.indexOf('0051_reconciliation_in_flight') - 1] ?? '';
  const migrator = () =>
    new Migrator({ db: handle.db, provider: { getMigrations: async () => ({ ...MIGRATIONS }) } });

  beforeAll(async () => {
    handle = await createDatabase({ inMemory: true });
    expect((await migrator().migrateTo(previous)).error).toBeUndefined();
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });

  it('leaves the runs stored before it without in-flight figures, keeps a run’s two together, and undoes', async () => {
    const { rows } = await sql<{ id: number }>`
      insert into institutions (slug, name, cdn_folder, time_zone)
      values ('harbor', 'harbor', '/cdn/harbor', 'America/New_York') returning id`.execute(
      handle.db,
    );
    const harbor = rows[0]?.id ?? 0;
    const run = (date: string) => sql`
      insert into reconciliation_runs (institution_id, date, trigger, ran_at, duration_ms,
        portal_count, portal_cents, card_count, card_cents, ach_count, ach_cents, core_count,
        core_cents, mismatch_count)
      values (${harbor}, ${date}, 'daily', now(), 10, 1, 24765, 0, 0, 0, 0, 0, 0, 0)`;
    await run('2026-11-23').execute(handle.db);

    expect((await migrator().migrateTo('0051_reconciliation_in_flight')).error).toBeUndefined();
    const { rows: stored } = await sql<{
      in_flight_count: number | null;
      in_flight_cents: string | number | null;
      refunded: unknown;
    }>`select in_flight_count, in_flight_cents, refunded from reconciliation_runs`.execute(
      handle.db,
    );
    // Not worked out from its totals (portal less card and ACH): counted by earlier rules.
    expect(stored).toEqual([{ in_flight_count: null, in_flight_cents: null, refunded: null }]);
    await expect(
      sql`update reconciliation_runs set in_flight_count = 1`.execute(handle.db),
    ).rejects.toThrow();
    await sql`update reconciliation_runs set in_flight_count = 1, in_flight_cents = 24765`.execute(
      handle.db,
    );

    expect((await migrator().migrateTo(previous)).error).toBeUndefined();
    const { rows: columns } = await sql<{ name: string }>`
      select column_name as name from information_schema.columns
      where table_name = 'reconciliation_runs'
        and column_name in ('in_flight_count', 'in_flight_cents', 'refunded')`.execute(handle.db);
    expect(columns).toEqual([]);
  });
});
