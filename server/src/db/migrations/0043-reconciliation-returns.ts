import type { Kysely, Migration } from 'kysely';

/**
 * The reconciliation's returns (issue 24): of a day's payments, those the bank sent back, as each
 * system has them (the portal's Returned payments, the ACH processor's returned debits, the core's
 * reversed postings), counted and totalled per run so staff see at a glance that the three agree.
 * JSON ({ portal, ach, core }, each { count, cents }); null for a run made before this column.
 */
export const reconciliationReturns: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('reconciliation_runs').addColumn('returned', 'jsonb').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('reconciliation_runs').dropColumn('returned').execute();
  },
};
