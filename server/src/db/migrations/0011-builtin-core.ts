import type { Kysely, Migration } from 'kysely';

/**
 * The built-in core servicing system gets its own tables (server/src/core/builtin/core.schema.ts):
 * `accounts` becomes `core_accounts` (its rows kept) with the mailing address, maturity date and
 * history permission; loans run by the engine keep their terms and state in `core_loans`; the
 * history, statements, insurance, applications and the end-of-day ledger follow.
 */
export const builtinCore: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('accounts').renameTo('core_accounts').execute();
    await db.schema
      .alterTable('core_accounts')
      .addColumn('address1', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('city', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('state', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('zip_code', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('maturity_date', 'date')
      .addColumn('history_denied', 'boolean', (column) => column.notNull().defaultTo(false))
      .execute();

    await db.schema
      .createTable('core_loans')
      .addColumn('account_id', 'bigint', (column) =>
        column.primaryKey().references('core_accounts.id').onDelete('cascade'),
      )
      .addColumn('terms', 'jsonb', (column) => column.notNull())
      .addColumn('state', 'jsonb', (column) => column.notNull())
      .addColumn('version', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('updated_at', 'timestamptz', (column) => column.notNull())
      .execute();

    await db.schema
      .createTable('core_transactions')
      .addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('account_id', 'bigint', (column) =>
        column.notNull().references('core_accounts.id').onDelete('cascade'),
      )
      .addColumn('date', 'date', (column) => column.notNull())
      .addColumn('time', 'text', (column) => column.notNull().defaultTo('00:00:00'))
      .addColumn('kind', 'text', (column) => column.notNull())
      .addColumn('description', 'text', (column) => column.notNull())
      .addColumn('principal_cents', 'bigint', (column) => column.notNull())
      .addColumn('interest_cents', 'bigint', (column) => column.notNull())
      .addColumn('other_cents', 'bigint', (column) => column.notNull())
      .addColumn('total_cents', 'bigint', (column) => column.notNull())
      .addColumn('principal_balance_cents', 'bigint', (column) => column.notNull())
      .addColumn('posting_key', 'text')
      .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo('now()'))
      .addUniqueConstraint('core_transactions_posting', ['account_id', 'posting_key'])
      .execute();
    await db.schema
      .createIndex('core_transactions_account_date')
      .on('core_transactions')
      .columns(['account_id', 'date'])
      .execute();

    await db.schema
      .createTable('core_statements')
      .addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('account_id', 'bigint', (column) =>
        column.notNull().references('core_accounts.id').onDelete('cascade'),
      )
      .addColumn('date', 'date', (column) => column.notNull())
      .addColumn('period_start', 'date', (column) => column.notNull())
      .addColumn('provider', 'integer', (column) => column.notNull())
      .addColumn('type', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('snapshot', 'jsonb', (column) => column.notNull())
      .addUniqueConstraint('core_statements_account_date', ['account_id', 'date'])
      .execute();

    await db.schema
      .createTable('core_insurance')
      .addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('account_id', 'bigint', (column) =>
        column.notNull().references('core_accounts.id').onDelete('cascade'),
      )
      .addColumn('type', 'text', (column) => column.notNull())
      .addColumn('coverage', 'integer', (column) => column.notNull())
      .addColumn('premium_cents', 'bigint', (column) => column.notNull())
      .execute();

    await db.schema
      .createTable('core_applications')
      .addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('institution_id', 'integer', (column) => column.notNull())
      .addColumn('customer_id', 'uuid', (column) => column.notNull())
      .addColumn('number', 'text', (column) => column.notNull())
      .addColumn('status', 'text', (column) => column.notNull())
      .addColumn('amount_requested_cents', 'bigint', (column) => column.notNull())
      .addColumn('amount_approved_cents', 'bigint', (column) => column.notNull())
      .addColumn('last_modified', 'date', (column) => column.notNull())
      .addColumn('office', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('funds_expected', 'date')
      .addForeignKeyConstraint(
        'core_applications_customer',
        ['customer_id', 'institution_id'],
        'customers',
        ['id', 'institution_id'],
        (constraint) => constraint.onDelete('cascade'),
      )
      .addUniqueConstraint('core_applications_number', ['institution_id', 'number'])
      .execute();

    await db.schema
      .createTable('core_end_of_day')
      .addColumn('institution_id', 'integer', (column) => column.notNull())
      .addColumn('date', 'date', (column) => column.notNull())
      .addColumn('finished_at', 'timestamptz', (column) => column.notNull().defaultTo('now()'))
      .addPrimaryKeyConstraint('core_end_of_day_pk', ['institution_id', 'date'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of [
      'core_end_of_day',
      'core_applications',
      'core_insurance',
      'core_statements',
      'core_transactions',
      'core_loans',
    ]) {
      await db.schema.dropTable(table).execute();
    }
    await db.schema
      .alterTable('core_accounts')
      .dropColumn('address1')
      .dropColumn('city')
      .dropColumn('state')
      .dropColumn('zip_code')
      .dropColumn('maturity_date')
      .dropColumn('history_denied')
      .execute();
    await db.schema.alterTable('core_accounts').renameTo('accounts').execute();
  },
};
