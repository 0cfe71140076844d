import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../create-database';
import { MIGRATIONS } from './index';

/**
 * Debits of before 0036 wait for their day's first file as single entries; the database itself
 * keeps a debit in one file of its own institution and day, the modifiers A-Z then 0-9 in order
 * and unique per day; the migration undoes.
 */
describe('migration 0036 (ACH files)', () => {
  let handle: DatabaseHandle;
  const names = Object.keys(MIGRATIONS);
  const previous = names[names.indexOf('0036_ach_files') - 1] ?? '';
  const migrator = () =>
    new Migrator({ db: handle.db, provider: { getMigrations: async () => ({ ...MIGRATIONS }) } });

  beforeAll(async () => {
    handle = await createDatabase({ inMemory: true });
    expect((await migrator().migrateTo(previous)).error).toBeUndefined();
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });

  it('keeps a debit in one file of its own day, and undoes', async () => {
    const { rows } = await sql<{ id: number }>`
      insert into institutions (slug, name, cdn_folder, time_zone)
      values ('harbor', 'Harbor', '/cdn/harbor', 'America/New_York') returning id`.execute(
      handle.db,
    );
    const institutionId = rows[0]?.id ?? 0;
    const insertDebit = (key: string, date: string, sequence: number) => sql`
      insert into ach_debits (institution_id, idempotency_key, request_digest, processing_date,
        trace_sequence, trace_number, requested_effective_date, routing_number, account_type,
        account_number_sealed, owner_name_sealed, loan_number, amount_cents, created_at)
      values (${institutionId}, ${key}, 'digest', ${date}, ${sequence},
        ${`08109999${String(sequence).padStart(7, '0')}`}, ${date}, '011099990', 'Checking',
        'sealed', 'sealed', '001-100234-1', 2500, now())`;
    await insertDebit('before', '2025-03-14', 1).execute(handle.db);

    expect((await migrator().migrateTo('0036_ach_files')).error).toBeUndefined();
    expect(
      await handle.db.selectFrom('ach_debits').select(['ach_file_id', 'recurring']).execute(),
    ).toEqual([{ ach_file_id: null, recurring: false }]);

    const insertFile = (date: string, number: number, modifier: string) =>
      sql<{ id: number }>`
        insert into ach_files (institution_id, processing_date, file_number, file_id_modifier,
          entries, total_debit_cents, content_sealed, sealed_at)
        values (${institutionId}, ${date}, ${number}, ${modifier}, 1, 2500, 'sealed', now())
        returning id`.execute(handle.db);
    const fileA = (await insertFile('2025-03-14', 1, 'A')).rows[0]?.id;
    const fileB = (await insertFile('2025-03-14', 2, 'B')).rows[0]?.id;
    const nextDay = (await insertFile('2025-03-15', 1, 'A')).rows[0]?.id;
    expect((await insertFile('2025-03-15', 27, '0')).rows).toHaveLength(1);
    // The modifier follows the number; a day's number and modifier are its own.
    await expect(insertFile('2025-03-14', 3, 'D')).rejects.toThrow();
    await expect(insertFile('2025-03-14', 1, 'A')).rejects.toThrow();
    await expect(insertFile('2025-03-14', 37, '0')).rejects.toThrow();

    const fileOf = (fileId: number | undefined) =>
      sql`update ach_debits set ach_file_id = ${fileId ?? null}`.execute(handle.db);
    // Another day's file cannot hold the debit.
    await expect(fileOf(nextDay)).rejects.toThrow();
    await fileOf(fileA);
    // Once sealed in a file, it stays there: not moved, not taken out.
    await expect(fileOf(fileB)).rejects.toThrow(/sealed in file/);
    await expect(fileOf(undefined)).rejects.toThrow(/sealed in file/);
    // Nor can its file go while it holds the debit.
    await expect(
      sql`delete from ach_files where id = ${fileA}`.execute(handle.db),
    ).rejects.toThrow();
    await insertDebit('after', '2025-03-14', 2).execute(handle.db);
    expect(
      await handle.db
        .selectFrom('ach_debits')
        .select(['idempotency_key', 'ach_file_id', 'recurring'])
        .orderBy('trace_sequence')
        .execute(),
    ).toEqual([
      { idempotency_key: 'before', ach_file_id: fileA, recurring: false },
      { idempotency_key: 'after', ach_file_id: null, recurring: false },
    ]);

    // An institution removed takes its files and debits with it.
    await sql`delete from institutions where id = ${institutionId}`.execute(handle.db);
    expect(await handle.db.selectFrom('ach_files').select('id').execute()).toEqual([]);

    expect((await migrator().migrateDown()).error).toBeUndefined();
    const { rows: columns } = await sql<{ column_name: string }>`
      select column_name from information_schema.columns
      where table_name = 'ach_debits' and column_name in ('ach_file_id', 'recurring')`.execute(
      handle.db,
    );
    expect(columns).toEqual([]);
    expect((await migrator().migrateTo('0036_ach_files')).error).toBeUndefined();
  });
});
