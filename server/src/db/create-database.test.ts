import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/databases';
import { createDatabase, parseBigintColumn, type DatabaseHandle } from './create-database';
import { migrateToLatest } from './migrate';
import { MIGRATIONS } from './migrations/index';
import type { CoreTables } from '../core/builtin/core.schema';

describe('parseBigintColumn', () => {
  it('reads safe integers and refuses the rest', () => {
    expect(parseBigintColumn('2475000055')).toBe(2_475_000_055);
    expect(parseBigintColumn('-12')).toBe(-12);
    expect(() => parseBigintColumn('9007199254740993')).toThrow(/safe integer/);
  });
});

describe.each(testDatabases('both'))('the database on $name', (testDatabase) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await testDatabase.open();
  });
  afterAll(async () => {
    await handle.close();
  });

  async function addInstitution(slug: string) {
    return handle.db
      .insertInto('institutions')
      .values({ slug, name: slug, cdn_folder: `/cdn/${slug}`, time_zone: 'UTC' })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  function addCustomer(institutionId: number) {
    return handle.db
      .insertInto('customers')
      .values({ institution_id: institutionId, last_name: 'Test' })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  it('has run every migration, and running them again changes nothing', async () => {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(
      handle.db,
    );
    expect(rows.map((row) => row.name)).toEqual(Object.keys(MIGRATIONS));
    await expect(migrateToLatest(handle.db)).resolves.toEqual({ applied: [] });
  });

  it('reads bigint cents beyond 32 bits as exact numbers and dates as text', async () => {
    const { id: institutionId } = await addInstitution('numbers');
    const { id: customerId } = await addCustomer(institutionId);
    await handle.db
      .withTables<CoreTables>()
      .insertInto('core_accounts')
      .values({
        institution_id: institutionId,
        customer_id: customerId,
        number: '001-900001-1',
        type: 0,
        balance_cents: 2_475_000_055,
        opened_on: '2020-03-02',
        loan_due_date: '2025-12-31',
      })
      .execute();
    const account = await handle.db
      .withTables<CoreTables>()
      .selectFrom('core_accounts')
      .select(['balance_cents', 'opened_on', 'loan_due_date'])
      .where('customer_id', '=', customerId)
      .executeTakeFirstOrThrow();
    expect(account).toEqual({
      balance_cents: 2_475_000_055,
      opened_on: '2020-03-02',
      loan_due_date: '2025-12-31',
    });
  });

  it('refuses a second user name that differs only in case within an institution', async () => {
    const first = await addInstitution('case-a');
    const second = await addInstitution('case-b');
    const user = async (institutionId: number, username: string) => {
      const customer = await addCustomer(institutionId);
      return handle.db
        .insertInto('users')
        .values({
          institution_id: institutionId,
          customer_id: customer.id,
          username,
          password_hash: 'x',
        })
        .execute();
    };
    await user(first.id, 'Jordan.Rivers');
    await expect(user(first.id, 'jordan.rivers')).rejects.toThrow(/users_institution_username/);
    await expect(user(second.id, 'jordan.rivers')).resolves.toBeDefined();
  });

  it("refuses an account that points at another institution's customer", async () => {
    const home = await addInstitution('tenant-a');
    const other = await addInstitution('tenant-b');
    const { id: customerId } = await addCustomer(home.id);
    await expect(
      handle.db
        .withTables<CoreTables>()
        .insertInto('core_accounts')
        .values({
          institution_id: other.id,
          customer_id: customerId,
          number: '1',
          type: 1,
          opened_on: '2020-01-01',
        })
        .execute(),
    ).rejects.toThrow(/accounts_customer/);
  });

  it('keeps concurrent transactions apart', async () => {
    const { id } = await addInstitution('counter');
    const increment = () =>
      handle.db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('institutions')
          .select('name')
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirstOrThrow();
        const next = String(Number(row.name === 'counter' ? 0 : row.name) + 1);
        await trx.updateTable('institutions').set({ name: next }).where('id', '=', id).execute();
      });
    await Promise.all(Array.from({ length: 10 }, increment));
    const row = await handle.db
      .selectFrom('institutions')
      .select('name')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('10');
  });

  // PGlite keeps statements prepared (pglite-dialect.ts PgliteStatements): these hold on both.
  describe('a statement run again', () => {
    it('is planned with its own parameters each time (an ON CONFLICT naming a partial index)', async () => {
      await sql`create table prepared_upsert (k text not null, saved boolean not null)`.execute(
        handle.db,
      );
      await sql`create unique index prepared_upsert_saved on prepared_upsert (k) where saved`.execute(
        handle.db,
      );
      const upsert = (k: string, saved: boolean) =>
        sql<{ k: string }>`insert into prepared_upsert (k, saved) values (${k}, ${saved})
          on conflict (k) where saved = ${true} do nothing returning k`.execute(handle.db);
      // PostgreSQL would plan a kept statement once for any parameters after its fifth run.
      for (let run = 0; run < 8; run += 1) {
        expect((await upsert(`key ${run}`, true)).rows).toEqual([{ k: `key ${run}` }]);
        expect((await upsert(`key ${run}`, true)).rows).toEqual([]);
      }
      expect((await upsert('key 0', false)).rows).toEqual([{ k: 'key 0' }]);
    });

    it('sees a table as it is after a change, and as it was after a change rolled back', async () => {
      await sql`create table prepared_shape (id integer primary key)`.execute(handle.db);
      await sql`insert into prepared_shape (id) values (1)`.execute(handle.db);
      const read = () =>
        sql<Record<string, unknown>>`select * from prepared_shape where id = ${1}`.execute(
          handle.db,
        );
      expect((await read()).rows).toEqual([{ id: 1 }]);
      await sql`alter table prepared_shape add column note text default 'added'`.execute(handle.db);
      expect((await read()).rows).toEqual([{ id: 1, note: 'added' }]);
      await handle.db
        .transaction()
        .execute(async (trx) => {
          await sql`alter table prepared_shape add column other text default 'gone'`.execute(trx);
          const inside = await sql<
            Record<string, unknown>
          >`select * from prepared_shape where id = ${1}`.execute(trx);
          expect(inside.rows).toEqual([{ id: 1, note: 'added', other: 'gone' }]);
          throw new Error('roll back');
        })
        .catch((error: unknown) => {
          if (!(error instanceof Error) || error.message !== 'roll back') throw error;
        });
      expect((await read()).rows).toEqual([{ id: 1, note: 'added' }]);
    });

    it('answers as before after an error, and after many other statements', async () => {
      const read = (value: number) =>
        sql<{ value: number }>`select ${value}::integer + 1 as value`.execute(handle.db);
      // Past its fifth run PostgreSQL may keep one plan for any parameters, and past its
      // thousandth the statement is prepared again.
      for (let value = 0; value < 1_010; value += 1) {
        expect((await read(value)).rows).toEqual([{ value: value + 1 }]);
      }
      // The same statement failing (integer out of range), then running again.
      await expect(read(2_147_483_647)).rejects.toMatchObject({ code: '22003' });
      expect((await read(2)).rows).toEqual([{ value: 3 }]);
      // More different statements than PGlite keeps prepared (500).
      for (let other = 0; other < 520; other += 1) {
        const text = sql.raw(`select $1::integer + ${other} as value`);
        const { rows } = await handle.db.executeQuery<{ value: number }>({
          ...text.compile(handle.db),
          parameters: [other],
        });
        expect(rows).toEqual([{ value: 2 * other }]);
      }
      expect((await read(3)).rows).toEqual([{ value: 4 }]);
    });
  });

  it('reports how many rows an update touched', async () => {
    await addInstitution('touched');
    const result = await handle.db
      .updateTable('institutions')
      .set({ name: 'Touched' })
      .where('slug', '=', 'touched')
      .executeTakeFirst();
    expect(result.numUpdatedRows).toBe(1n);
  });
});

describe('PGlite on disk', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-pglite-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps its data across a restart and does not migrate twice', async () => {
    const first = await createDatabase({ dataDir: join(dataDir, 'pglite') });
    expect(first.dialect).toBe('pglite');
    expect((await migrateToLatest(first.db)).applied).toEqual(Object.keys(MIGRATIONS));
    await first.db
      .insertInto('institutions')
      .values({ slug: 'kept', name: 'Kept', cdn_folder: '/cdn/kept', time_zone: 'UTC' })
      .execute();
    await first.close();

    const second = await createDatabase({ dataDir: join(dataDir, 'pglite') });
    try {
      expect((await migrateToLatest(second.db)).applied).toEqual([]);
      const rows = await second.db.selectFrom('institutions').select('slug').execute();
      expect(rows).toEqual([{ slug: 'kept' }]);
    } finally {
      await second.close();
    }
  }, 120_000);
});
