import type { Kysely, Migration } from 'kysely';

/**
 * Housekeeping (server/src/jobs/housekeeping.ts) deletes ended sessions; their change-password
 * links go with them (ON DELETE CASCADE), which needs an index on user_tokens.session_id or
 * PostgreSQL scans user_tokens once per deleted session.
 */
export const housekeeping: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('user_tokens_session')
      .on('user_tokens')
      .column('session_id')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('user_tokens_session').execute();
  },
};
