import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../create-database';
import { MIGRATIONS } from './index';

/**
 * An institution that already numbered debits goes on after the highest sequence it used on any
 * day, so no trace number of before the migration comes again; one with none starts at 1 with
 * its first debit; the migration undoes.
 */
describe('migration 0050 (ACH trace counters)', () => {
  let handle: DatabaseHandle;
  const names = Object.keys(MIGRATIONS);
  const previous = names[names.indexOf('0050_ach_trace_counters') - 1] ?? '';
  const migrator = () =>
    new Migrator({ db: handle.db, provider: { getMigrations: async () => ({ ...MIGRATIONS }) } });

  beforeAll(async () => {
    handle = await createDatabase({ inMemory: true });
    expect((await migrator().migrateTo(previous)).error).toBeUndefined();
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });

  it('seeds each institution with the highest sequence it used, and undoes', async () => {
    const institution = async (slug: string) => {
      const { rows } = await sql<{ id: number }>`
        insert into institutions (slug, name, cdn_folder, time_zone)
        values (${slug}, ${slug}, ${`/cdn/${slug}`}, 'America/New_York') returning id`.execute(
        handle.db,
      );
      return rows[0]?.id ?? 0;
    };
    const harbor = await institution('harbor');
    const summit = await institution('summit');
    await institution('quiet');
    for (const [date, last] of [
      ['2026-11-23', 41],
      ['2026-11-24', 7],
    ] as const) {
      await sql`insert into ach_processing_days (institution_id, processing_date, last_trace_sequence)
        values (${harbor}, ${date}, ${last})`.execute(handle.db);
    }
    await sql`insert into ach_processing_days (institution_id, processing_date, last_trace_sequence)
      values (${summit}, '2026-11-24', 3)`.execute(handle.db);

    expect((await migrator().migrateTo('0050_ach_trace_counters')).error).toBeUndefined();
    const { rows } = await sql<{ institution_id: number; last_trace_sequence: number }>`
      select institution_id, last_trace_sequence from ach_trace_counters
      order by institution_id`.execute(handle.db);
    expect(rows).toEqual([
      { institution_id: harbor, last_trace_sequence: 41 },
      { institution_id: summit, last_trace_sequence: 3 },
    ]);
    await expect(
      sql`update ach_trace_counters set last_trace_sequence = 10000000`.execute(handle.db),
    ).rejects.toThrow();

    expect((await migrator().migrateTo(previous)).error).toBeUndefined();
    const { rows: tables } = await sql<{ name: string | null }>`
      select to_regclass('ach_trace_counters')::text as name`.execute(handle.db);
    expect(tables).toEqual([{ name: null }]);
  });
});
