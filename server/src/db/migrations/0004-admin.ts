import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The admin app (issue 4): staff accounts (separate from borrowers) with per-institution roles,
 * their sign-in challenges and sessions, the audit log of configuration changes and the preview
 * tokens of the admin's live preview.
 */
export const admin: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('staff_accounts')
      .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('email', 'text', (column) => column.notNull().unique())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('password_hash', 'text', (column) => column.notNull())
      .addColumn('totp_secret_encrypted', 'text')
      .addColumn('totp_last_step', 'bigint', (column) => column.notNull().defaultTo(0))
      .addColumn('is_implementer', 'boolean', (column) => column.notNull().defaultTo(false))
      .addColumn('disabled', 'boolean', (column) => column.notNull().defaultTo(false))
      .addColumn('failed_attempts', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('locked_until', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .addCheckConstraint('staff_accounts_email_lower', sql`email = lower(email)`)
      .execute();

    await db.schema
      .createTable('staff_memberships')
      .addColumn('staff_id', 'uuid', (column) =>
        column.notNull().references('staff_accounts.id').onDelete('cascade'),
      )
      .addColumn('institution_id', 'integer', (column) =>
        column.notNull().references('institutions.id').onDelete('cascade'),
      )
      .addColumn('role', 'text', (column) => column.notNull())
      .addPrimaryKeyConstraint('staff_memberships_pk', ['staff_id', 'institution_id'])
      .addCheckConstraint('staff_memberships_role', sql`role in ('viewer', 'editor', 'publisher')`)
      .execute();

    await db.schema
      .createTable('staff_challenges')
      .addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('token_hash', 'text', (column) => column.notNull().unique())
      .addColumn('staff_id', 'uuid', (column) =>
        column.notNull().references('staff_accounts.id').onDelete('cascade'),
      )
      .addColumn('method', 'text', (column) => column.notNull())
      .addColumn('code_digest', 'text')
      .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
      .addColumn('consumed_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (column) => column.notNull())
      .execute();

    await db.schema
      .createTable('staff_sessions')
      .addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('token_hash', 'text', (column) => column.notNull().unique())
      .addColumn('staff_id', 'uuid', (column) =>
        column.notNull().references('staff_accounts.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'timestamptz', (column) => column.notNull())
      .addColumn('last_seen_at', 'timestamptz', (column) => column.notNull())
      .addColumn('idle_expires_at', 'timestamptz', (column) => column.notNull())
      .addColumn('absolute_expires_at', 'timestamptz', (column) => column.notNull())
      .addColumn('revoked_at', 'timestamptz')
      .execute();

    await db.schema
      .createTable('settings_audit')
      .addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('institution_id', 'integer', (column) =>
        column.notNull().references('institutions.id').onDelete('cascade'),
      )
      .addColumn('staff_id', 'uuid', (column) =>
        column.references('staff_accounts.id').onDelete('set null'),
      )
      .addColumn('staff_email', 'text', (column) => column.notNull())
      .addColumn('action', 'text', (column) => column.notNull())
      .addColumn('comment', 'text')
      .addColumn('changes', 'jsonb', (column) => column.notNull())
      .addColumn('at', 'timestamptz', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('settings_audit_institution')
      .on('settings_audit')
      .columns(['institution_id', 'id'])
      .execute();

    await db.schema
      .createTable('preview_tokens')
      .addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('token_hash', 'text', (column) => column.notNull().unique())
      .addColumn('staff_id', 'uuid', (column) =>
        column.notNull().references('staff_accounts.id').onDelete('cascade'),
      )
      .addColumn('institution_id', 'integer', (column) =>
        column.notNull().references('institutions.id').onDelete('cascade'),
      )
      .addColumn('admin_origin', 'text', (column) => column.notNull())
      .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
      .addColumn('created_at', 'timestamptz', (column) => column.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>) {
    for (const table of [
      'preview_tokens',
      'settings_audit',
      'staff_sessions',
      'staff_challenges',
      'staff_memberships',
      'staff_accounts',
    ]) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
