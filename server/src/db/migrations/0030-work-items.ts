import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The staff work queue (issue 22): what borrowers send the institution, one row each, listed per
 * institution by kind and status, newest first.
 */
export const workItems: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('work_items')
      .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('institution_id', 'integer', (column) =>
        column.notNull().references('institutions.id').onDelete('cascade'),
      )
      .addColumn('kind', 'text', (column) => column.notNull())
      .addColumn('status', 'text', (column) => column.notNull())
      // A borrower's items outlive the borrower's user (the request was made): the link goes.
      .addColumn('user_id', 'uuid', (column) => column.references('users.id').onDelete('set null'))
      .addColumn('sender_name', 'text', (column) => column.notNull())
      .addColumn('sender_email', 'text', (column) => column.notNull())
      .addColumn('summary', 'text', (column) => column.notNull())
      .addColumn('details', 'jsonb', (column) => column.notNull())
      .addColumn('reference', 'text')
      .addColumn('assigned_to', 'uuid')
      .addColumn('handled_note', 'text')
      .addColumn('handled_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (column) => column.notNull())
      .addColumn('updated_at', 'timestamptz', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('work_items_queue')
      .on('work_items')
      .columns(['institution_id', 'kind', 'status', 'created_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('work_items').execute();
  },
};
