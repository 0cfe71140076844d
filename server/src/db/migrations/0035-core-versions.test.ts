import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../create-database';
import { MIGRATIONS } from './index';

/**
 * The versions a server checks before it reuses what it keeps of a core account (builtin-core.ts)
 * are raised by the database itself, whoever writes: existing accounts start at 1, and the
 * migration undoes cleanly.
 */
describe('migration 0035 (core versions)', () => {
  let handle: DatabaseHandle;
  const migrator = () =>
    new Migrator({ db: handle.db, provider: { getMigrations: async () => ({ ...MIGRATIONS }) } });
  const names = Object.keys(MIGRATIONS);
  const before = names[names.indexOf('0035_core_versions') - 1] ?? '';

  beforeAll(async () => {
    handle = await createDatabase({ inMemory: true });
    expect((await migrator().migrateTo(before)).error).toBeUndefined();
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });

  it("raises an account's version on every update and an institution's calendar version on every change", async () => {
    const { rows: institutions } = await sql<{ id: number }>`
      insert into institutions (slug, name, cdn_folder, time_zone)
      values ('harbor', 'Harbor', '/cdn/harbor', 'America/New_York') returning id`.execute(
      handle.db,
    );
    const institutionId = institutions[0]?.id;
    const { rows: customers } = await sql<{ id: string }>`
      insert into customers (institution_id, email) values (${institutionId}, 'kept@example.test')
      returning id`.execute(handle.db);
    await sql`
      insert into core_accounts (institution_id, customer_id, number, type, opened_on)
      values (${institutionId}, ${customers[0]?.id}, '001-900001-1', 0, '2020-03-02')`.execute(
      handle.db,
    );

    expect((await migrator().migrateTo('0035_core_versions')).error).toBeUndefined();
    const accountVersion = async () =>
      (await sql<{ version: number }>`select version from core_accounts`.execute(handle.db)).rows[0]
        ?.version;
    const calendarVersion = async () =>
      (
        await sql<{ version: string }>`
          select version from core_calendar_versions where institution_id = ${institutionId}`.execute(
          handle.db,
        )
      ).rows[0]?.version;
    expect(await accountVersion()).toBe(1);
    await sql`update core_accounts set address1 = '9 Fore Street'`.execute(handle.db);
    // A writer that sets the version itself cannot hold it back.
    await sql`update core_accounts set city = 'Portland', version = 1`.execute(handle.db);
    expect(await accountVersion()).toBe(3);

    expect(await calendarVersion()).toBeUndefined();
    await sql`
      insert into core_calendar_days (institution_id, date, kind)
      values (${institutionId}, '2025-03-26', 'noPayment'), (${institutionId}, '2025-03-27', 'noSchedule')`.execute(
      handle.db,
    );
    await sql`update core_calendar_days set kind = 'noSchedule' where date = '2025-03-26'`.execute(
      handle.db,
    );
    await sql`delete from core_calendar_days where date = '2025-03-27'`.execute(handle.db);
    expect(Number(await calendarVersion())).toBe(5);

    expect((await migrator().migrateDown()).error).toBeUndefined();
    const { rows } = await sql<{ count: string }>`
      select count(*) as count from core_calendar_days`.execute(handle.db);
    expect(Number(rows[0]?.count)).toBe(1);
    expect((await migrator().migrateTo('0035_core_versions')).error).toBeUndefined();
  });
});
