import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A hold the core puts on an account (spec 002 section 8, the loan page's on-load flags): paid
 * off and locked, in dispute, no online payments, no ACH payments. The loan page answers with the
 * hold's flag instead of the loan; the payments issue refuses payments by it too.
 */
export const accountHolds: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('core_accounts')
      .addColumn('host_hold', 'text', (column) =>
        column.check(
          sql`host_hold in ('LoanLockedPayoff', 'Dispute', 'NoPaymentOnline', 'NoAchPayment')`,
        ),
      )
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('core_accounts').dropColumn('host_hold').execute();
  },
};
