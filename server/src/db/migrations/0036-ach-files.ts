import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The built-in ACH processor's sealed NACHA files (issue 24): a processing day's file is made
 * once, kept, and never rebuilt; debits that come after it go into the day's next file.
 *
 * - ach_files: one row per file, numbered 1, 2, 3... per institution and processing day; its File
 *   ID Modifier is A-Z then 0-9 in that order (unique too, so two files of a day can never carry
 *   the same modifier, and 36 is the most a day can have). The file's bytes are kept encrypted
 *   (DataProtector.encrypt): they hold every borrower's full account number.
 * - ach_debits.ach_file_id: the file the debit was sealed into, null until then. One column, so a
 *   debit is in at most one file; the foreign key names the institution and processing day too,
 *   so the file is one of the debit's own day; and a trigger refuses to move or take a sealed
 *   debit out of its file, whoever writes.
 * - ach_debits.recurring: the debit is one of a series under a recurring authorization, written
 *   with the WEB payment type code R (else S, a single entry). Existing debits are single entries.
 *
 * Debits made before this migration are in no file yet: a day's first file takes them all, the
 * file the processor used to rebuild on each download (modifier A).
 */
export const achFiles: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('ach_files')
      .addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('institution_id', 'integer', (column) =>
        column.notNull().references('institutions.id').onDelete('cascade'),
      )
      .addColumn('processing_date', 'date', (column) => column.notNull())
      .addColumn('file_number', 'smallint', (column) =>
        column.notNull().check(sql`file_number between 1 and 36`),
      )
      .addColumn('file_id_modifier', 'text', (column) =>
        column
          .notNull()
          .check(
            sql`file_id_modifier = substr('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', file_number, 1)`,
          ),
      )
      .addColumn('entries', 'integer', (column) => column.notNull().check(sql`entries >= 1`))
      .addColumn('total_debit_cents', 'bigint', (column) =>
        column.notNull().check(sql`total_debit_cents >= 1`),
      )
      /** The NACHA file exactly as it was sealed, encrypted. */
      .addColumn('content_sealed', 'text', (column) => column.notNull())
      .addColumn('sealed_at', 'timestamptz', (column) => column.notNull())
      .addUniqueConstraint('ach_files_number', ['institution_id', 'processing_date', 'file_number'])
      .addUniqueConstraint('ach_files_modifier', [
        'institution_id',
        'processing_date',
        'file_id_modifier',
      ])
      // The target of ach_debits' foreign key (a debit's file is of its institution and day).
      .addUniqueConstraint('ach_files_day', ['id', 'institution_id', 'processing_date'])
      .execute();

    await db.schema
      .alterTable('ach_debits')
      .addColumn('ach_file_id', 'bigint')
      .addColumn('recurring', 'boolean', (column) => column.notNull().defaultTo(false))
      .execute();
    await db.schema
      .alterTable('ach_debits')
      .addForeignKeyConstraint(
        'ach_debits_file',
        ['ach_file_id', 'institution_id', 'processing_date'],
        'ach_files',
        ['id', 'institution_id', 'processing_date'],
      )
      .execute();
    // What the next file of a day takes: its debits in no file yet.
    await db.schema
      .createIndex('ach_debits_unfiled')
      .on('ach_debits')
      .columns(['institution_id', 'processing_date', 'trace_sequence'])
      .where(sql.ref('ach_file_id'), 'is', null)
      .execute();
    await db.schema
      .createIndex('ach_debits_by_file')
      .on('ach_debits')
      .column('ach_file_id')
      .execute();

    await sql`
      create function ach_debit_stays_filed() returns trigger language plpgsql as $$
      begin
        if old.ach_file_id is not null and new.ach_file_id is distinct from old.ach_file_id then
          raise exception 'ACH debit % is sealed in file %', old.id, old.ach_file_id;
        end if;
        return new;
      end
      $$`.execute(db);
    await sql`
      create trigger ach_debits_stay_filed before update of ach_file_id on ach_debits
      for each row execute function ach_debit_stays_filed()`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop trigger ach_debits_stay_filed on ach_debits`.execute(db);
    await sql`drop function ach_debit_stays_filed()`.execute(db);
    await db.schema.dropIndex('ach_debits_by_file').execute();
    await db.schema.dropIndex('ach_debits_unfiled').execute();
    await db.schema.alterTable('ach_debits').dropConstraint('ach_debits_file').execute();
    await db.schema.alterTable('ach_debits').dropColumn('recurring').execute();
    await db.schema.alterTable('ach_debits').dropColumn('ach_file_id').execute();
    await db.schema.dropTable('ach_files').execute();
  },
};
