import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../create-database';
import { MIGRATIONS } from './index';

/**
 * Customers of before 0027 keep their ZIP code and phone and get an empty street address, a
 * primary phone and no texting; the migration also undoes cleanly.
 */
describe('migration 0027 (profile)', () => {
  let handle: DatabaseHandle;
  const migrator = () =>
    new Migrator({ db: handle.db, provider: { getMigrations: async () => ({ ...MIGRATIONS }) } });

  beforeAll(async () => {
    handle = await createDatabase({ inMemory: true });
    expect((await migrator().migrateTo('0026_texting')).error).toBeUndefined();
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });

  it('gives existing customers an empty address, a primary phone and no texting, and undoes', async () => {
    const { rows } = await sql<{ id: number }>`
      insert into institutions (slug, name, cdn_folder, time_zone)
      values ('harbor', 'Harbor', '/cdn/harbor', 'America/New_York') returning id`.execute(
      handle.db,
    );
    await sql`
      insert into customers (institution_id, email, zip, phone)
      values (${rows[0]?.id}, 'kept@example.test', '04101', '2075550134')`.execute(handle.db);

    expect((await migrator().migrateTo('0027_profile')).error).toBeUndefined();
    const customer = await handle.db
      .selectFrom('customers')
      .select([
        'zip',
        'phone',
        'address1',
        'city',
        'state',
        'phone_primary',
        'phone_opt_in_texting',
      ])
      .executeTakeFirstOrThrow();
    expect(customer).toEqual({
      zip: '04101',
      phone: '2075550134',
      address1: '',
      city: '',
      state: '',
      phone_primary: true,
      phone_opt_in_texting: false,
    });

    expect((await migrator().migrateDown()).error).toBeUndefined();
    expect((await migrator().migrateTo('0027_profile')).error).toBeUndefined();
  });
});
