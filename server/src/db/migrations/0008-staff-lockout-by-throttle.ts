import type { Kysely, Migration } from 'kysely';

/**
 * Staff sign-in failures are counted by the throttle service (attempt_counters), like the
 * borrowers'; the account's own counter and lock columns are no longer read or written.
 */
export const staffLockoutByThrottle: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('staff_accounts')
      .dropColumn('failed_attempts')
      .dropColumn('locked_until')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema
      .alterTable('staff_accounts')
      .addColumn('failed_attempts', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('locked_until', 'timestamptz')
      .execute();
  },
};
