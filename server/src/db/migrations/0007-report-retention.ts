import type { Kysely, Migration } from 'kysely';

/**
 * Housekeeping deletes client-error reports and page views past their retention period; these
 * indexes let it find them without scanning tables that anyone can write to.
 */
export const reportRetention: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('client_errors_last_seen_at')
      .on('client_errors')
      .column('last_seen_at')
      .execute();
    await db.schema
      .createIndex('page_views_created_at')
      .on('page_views')
      .column('created_at')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('page_views_created_at').execute();
    await db.schema.dropIndex('client_errors_last_seen_at').execute();
  },
};
