import type { Kysely, Migration } from 'kysely';

/**
 * Housekeeping purges rate-limit windows that have ended (window_start older than the longest
 * window). Every signed-in session writes a counter row a minute, so without an index on
 * window_start (the primary key leads with institution_id) each purge scans the whole table.
 */
export const rateWindowPurge: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('rate_limit_counters_window_start')
      .on('rate_limit_counters')
      .column('window_start')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('rate_limit_counters_window_start').execute();
  },
};
