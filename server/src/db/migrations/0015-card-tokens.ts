import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The built-in card processor's own tables (server/src/core/builtin/builtin-card-processor.ts).
 * Nothing else queries them; a real processor keeps these on its side. A token row holds what a
 * card may be shown as (brand, last four, expiry) and the test behaviour its number selected:
 * never the card number or the security code, which live only in memory during tokenizing.
 */
export const cardTokens: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('card_processor_tokens')
      .addColumn('token', 'text', (column) => column.primaryKey())
      .addColumn('institution_id', 'integer', (column) =>
        column.notNull().references('institutions.id').onDelete('cascade'),
      )
      .addColumn('brand', 'text', (column) =>
        column.notNull().check(sql`brand in ('visa', 'amex', 'master', 'discover')`),
      )
      .addColumn('funding', 'text', (column) =>
        column.notNull().check(sql`funding in ('debit', 'credit')`),
      )
      .addColumn('last_four', 'text', (column) =>
        column.notNull().check(sql`last_four ~ '^[0-9]{4}$'`),
      )
      .addColumn('expiry_month', 'integer', (column) =>
        column.notNull().check(sql`expiry_month between 1 and 12`),
      )
      .addColumn('expiry_year', 'integer', (column) =>
        column.notNull().check(sql`expiry_year between 2000 and 2099`),
      )
      /** What a charge of this card does in test mode, chosen by the test number. */
      .addColumn('behaviour', 'text', (column) =>
        column
          .notNull()
          .check(sql`behaviour in ('approve', 'decline', 'insufficientFunds', 'expiredCard')`),
      )
      .addColumn('created_at', 'timestamptz', (column) => column.notNull())
      .execute();

    await db.schema
      .createTable('card_processor_charges')
      .addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('charge_id', 'text', (column) => column.notNull().unique())
      .addColumn('institution_id', 'integer', (column) =>
        column.notNull().references('institutions.id').onDelete('cascade'),
      )
      .addColumn('idempotency_key', 'text', (column) => column.notNull())
      .addColumn('token', 'text', (column) =>
        column.notNull().references('card_processor_tokens.token').onDelete('cascade'),
      )
      .addColumn('amount_cents', 'bigint', (column) =>
        column.notNull().check(sql`amount_cents > 0`),
      )
      .addColumn('status', 'text', (column) =>
        column.notNull().check(sql`status in ('approved', 'declined')`),
      )
      .addColumn('error_key', 'text', (column) =>
        column.check(sql`error_key in ('Declined', 'OverLimit', 'Expired', 'InvalidInfo')`),
      )
      .addColumn('created_at', 'timestamptz', (column) => column.notNull())
      .addColumn('refunded_at', 'timestamptz')
      // One charge per key, whichever server instance gets there first.
      .addUniqueConstraint('card_processor_charges_idempotency', [
        'institution_id',
        'idempotency_key',
      ])
      .addCheckConstraint(
        'card_processor_charges_outcome',
        sql`(status = 'approved' and error_key is null) or (status = 'declined' and error_key is not null and refunded_at is null)`,
      )
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('card_processor_charges').execute();
    await db.schema.dropTable('card_processor_tokens').execute();
  },
};
