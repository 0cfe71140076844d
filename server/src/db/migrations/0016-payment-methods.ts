import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The borrower's saved payment methods (spec 001 "Saved payment method") and each loan's default
 * method. A card row holds the processor's token and what the card may be shown as (brand, last
 * four, expiry): never its number or security code. A bank account row holds the full account
 * number only encrypted (DataProtector) and a keyed digest of routing and account number, so a
 * duplicate is found without the number being readable.
 */
export const paymentMethods: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('payment_methods')
      .addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('institution_id', 'integer', (column) => column.notNull())
      .addColumn('user_id', 'uuid', (column) => column.notNull())
      /** The card processor's token, or our own handle on a bank account. */
      .addColumn('profile_id', 'text', (column) => column.notNull())
      .addColumn('is_card', 'boolean', (column) => column.notNull())
      /** false: a single-use card, usable for a payment made today only and never listed. */
      .addColumn('saved', 'boolean', (column) => column.notNull())
      /** What makes two methods the same: brand, last four and expiry; a digest for an account. */
      .addColumn('duplicate_key', 'text', (column) => column.notNull())
      .addColumn('last_four', 'text', (column) =>
        column.notNull().check(sql`last_four ~ '^[0-9]{1,4}$'`),
      )
      .addColumn('card_type', 'text', (column) =>
        column.check(sql`card_type in ('visa', 'amex', 'master', 'discover')`),
      )
      .addColumn('debit_credit_type', 'text', (column) =>
        column.check(sql`debit_credit_type in ('DebitCard', 'CreditCard')`),
      )
      /** MM/YY */
      .addColumn('expiration_date', 'text')
      .addColumn('ach_account_type', 'text', (column) =>
        column.check(sql`ach_account_type in ('Checking', 'Savings')`),
      )
      .addColumn('routing_number', 'text', (column) =>
        column.check(sql`routing_number ~ '^[0-9]{9}$'`),
      )
      /** DataProtector.encrypt of the whole account number. */
      .addColumn('account_number_sealed', 'text')
      .addColumn('owner_name_sealed', 'text')
      .addColumn('created_at', 'timestamptz', (column) => column.notNull())
      .addForeignKeyConstraint(
        'payment_methods_user',
        ['user_id', 'institution_id'],
        'users',
        ['id', 'institution_id'],
        (constraint) => constraint.onDelete('cascade'),
      )
      .addUniqueConstraint('payment_methods_profile', ['institution_id', 'profile_id'])
      .addCheckConstraint(
        'payment_methods_kind',
        sql`(is_card and card_type is not null and debit_credit_type is not null and expiration_date is not null and account_number_sealed is null)
          or (not is_card and ach_account_type is not null and routing_number is not null and account_number_sealed is not null and card_type is null)`,
      )
      .execute();
    // One saved copy of a method per user, whichever server instance saves it first.
    await db.schema
      .createIndex('payment_methods_saved_once')
      .on('payment_methods')
      .columns(['institution_id', 'user_id', 'duplicate_key'])
      .unique()
      .where(sql.ref('saved'), '=', true)
      .execute();

    await db.schema
      .createTable('payment_method_defaults')
      .addColumn('institution_id', 'integer', (column) => column.notNull())
      .addColumn('user_id', 'uuid', (column) => column.notNull())
      .addColumn('account_number', 'text', (column) => column.notNull())
      .addColumn('payment_method_id', 'bigint', (column) =>
        column.notNull().references('payment_methods.id').onDelete('cascade'),
      )
      .addColumn('updated_at', 'timestamptz', (column) => column.notNull())
      .addPrimaryKeyConstraint('payment_method_defaults_pk', ['user_id', 'account_number'])
      .addForeignKeyConstraint(
        'payment_method_defaults_user',
        ['user_id', 'institution_id'],
        'users',
        ['id', 'institution_id'],
        (constraint) => constraint.onDelete('cascade'),
      )
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('payment_method_defaults').execute();
    await db.schema.dropTable('payment_methods').execute();
  },
};
