import type { Kysely, Migration } from 'kysely';

/**
 * The portal's own records of the accounts area: each user's alert choices per account, and the
 * short-lived, single-use tokens that open a download (history CSV and PDF, payoff breakdown,
 * statements) in a new tab, bound to the user who asked.
 */
export const accountsArea: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('account_alerts')
      .addColumn('institution_id', 'integer', (column) => column.notNull())
      .addColumn('user_id', 'uuid', (column) => column.notNull())
      .addColumn('account_number', 'text', (column) => column.notNull())
      .addColumn('alerts', 'jsonb', (column) => column.notNull())
      .addColumn('updated_at', 'timestamptz', (column) => column.notNull())
      .addPrimaryKeyConstraint('account_alerts_pk', ['user_id', 'account_number'])
      .addForeignKeyConstraint(
        'account_alerts_user',
        ['user_id', 'institution_id'],
        'users',
        ['id', 'institution_id'],
        (constraint) => constraint.onDelete('cascade'),
      )
      .execute();

    await db.schema
      .createTable('download_tokens')
      .addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('institution_id', 'integer', (column) => column.notNull())
      .addColumn('user_id', 'uuid', (column) => column.notNull())
      /** SHA-256 of the token; the token itself is never stored. */
      .addColumn('token_hash', 'text', (column) => column.notNull().unique())
      .addColumn('purpose', 'text', (column) => column.notNull())
      .addColumn('payload', 'jsonb', (column) => column.notNull())
      .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
      .addColumn('used_at', 'timestamptz')
      .addForeignKeyConstraint(
        'download_tokens_user',
        ['user_id', 'institution_id'],
        'users',
        ['id', 'institution_id'],
        (constraint) => constraint.onDelete('cascade'),
      )
      .execute();
    await db.schema
      .createIndex('download_tokens_expiry')
      .on('download_tokens')
      .column('expires_at')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('download_tokens').execute();
    await db.schema.dropTable('account_alerts').execute();
  },
};
