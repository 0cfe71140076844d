import type { Kysely, Migration } from 'kysely';

/**
 * The admin's preview signs in as a built-in sample borrower (one per institution, made on first
 * use): `users.is_preview_sample` keeps that user out of every sign-in and recovery lookup, and
 * its sessions are `read_only`: the server refuses every change they ask for.
 */
export const previewSample: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('users')
      .addColumn('is_preview_sample', 'boolean', (column) => column.notNull().defaultTo(false))
      .execute();
    await db.schema
      .alterTable('sessions')
      .addColumn('read_only', 'boolean', (column) => column.notNull().defaultTo(false))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('sessions').dropColumn('read_only').execute();
    await db.schema.alterTable('users').dropColumn('is_preview_sample').execute();
  },
};
