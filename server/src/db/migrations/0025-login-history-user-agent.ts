import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The browser's User-Agent of each sign-in attempt, so the login history can say which browser
 * and device signed in (rows of before stay '', shown as unknown).
 */
export const loginHistoryUserAgent: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('login_history')
      .addColumn('user_agent', 'text', (column) => column.notNull().defaultTo(sql`''`))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('login_history').dropColumn('user_agent').execute();
  },
};
