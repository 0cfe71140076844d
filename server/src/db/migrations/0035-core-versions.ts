import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Versions the database raises whoever writes (a trigger: the built-in core, an operator's
 * statement, a test), so a server can tell from one small read whether what it keeps in memory is
 * still what is stored: each core account's (on every update of its row; a loan's state has its
 * own in `core_loans`, raised by every state the core writes) and each institution's closed days'
 * (`core_calendar_versions`, on every insert, update or delete of its `core_calendar_days`).
 */
export const coreVersions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('core_accounts')
      .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
      .execute();
    await sql`
      create function core_account_next_version() returns trigger language plpgsql as $$
      begin
        new.version := old.version + 1;
        return new;
      end
      $$`.execute(db);
    await sql`
      create trigger core_accounts_version before update on core_accounts
      for each row execute function core_account_next_version()`.execute(db);

    // No row: the institution's closed days have not changed since this migration.
    await db.schema
      .createTable('core_calendar_versions')
      .addColumn('institution_id', 'integer', (column) => column.primaryKey())
      .addColumn('version', 'bigint', (column) => column.notNull())
      .execute();
    await sql`
      create function core_calendar_next_version() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then
          insert into core_calendar_versions as kept (institution_id, version)
          values (old.institution_id, 1)
          on conflict (institution_id) do update set version = kept.version + 1;
        end if;
        if tg_op <> 'DELETE' then
          insert into core_calendar_versions as kept (institution_id, version)
          values (new.institution_id, 1)
          on conflict (institution_id) do update set version = kept.version + 1;
        end if;
        return null;
      end
      $$`.execute(db);
    await sql`
      create trigger core_calendar_days_version after insert or update or delete
      on core_calendar_days for each row execute function core_calendar_next_version()`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop trigger core_calendar_days_version on core_calendar_days`.execute(db);
    await sql`drop function core_calendar_next_version()`.execute(db);
    await db.schema.dropTable('core_calendar_versions').execute();
    await sql`drop trigger core_accounts_version on core_accounts`.execute(db);
    await sql`drop function core_account_next_version()`.execute(db);
    await db.schema.alterTable('core_accounts').dropColumn('version').execute();
  },
};
