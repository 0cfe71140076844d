import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/databases';
import { createDatabase, parseBigintColumn, type DatabaseHandle } from './create-database';
import { migrateToLatest } from './migrate';
import { MIGRATIONS } from './migrations/index';

describe('parseBigintColumn', () => {
  it('reads safe integers and refuses the rest', () => {
    expect(parseBigintColumn('2475000055')).toBe(2_475_000_055);
    expect(parseBigintColumn('-12')).toBe(-12);
    expect(() => parseBigintColumn('9007199254740993')).toThrow(/safe integer/);
  });
});

describe.each(testDatabases())('the database on $name', (testDatabase) => {
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
