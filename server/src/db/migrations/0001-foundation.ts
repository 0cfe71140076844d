import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Institutions, settings, borrowers, sessions, accounts and the portal's own telemetry. Every
 * institution-scoped row carries institution_id; rows that belong to a user reference
 * (user_id, institution_id) together so a row can never point at another institution's user.
 */
export const foundation: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('institutions')
      .addColumn('id', 'integer', (column) => column.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('slug', 'text', (column) => column.notNull().unique())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('cdn_folder', 'text', (column) => column.notNull())
      .addColumn('time_zone', 'text', (column) => column.notNull())
      .addColumn('maintenance_mode', 'boolean', (column) => column.notNull().defaultTo(false))
      .addColumn('is_default', 'boolean', (column) => column.notNull().defaultTo(false))
      .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .execute();
    // At most one default institution (it serves localhost).
    await db.schema
      .createIndex('institutions_one_default')
      .on('institutions')
      .column('is_default')
      .unique()
      .where(sql.ref('is_default'), '=', true)
      .execute();

    await db.schema
      .createTable('institution_hosts')
      .addColumn('host', 'text', (column) => column.primaryKey())
      .addColumn('institution_id', 'integer', (column) =>
        column.notNull().references('institutions.id').onDelete('cascade'),
      )
      .addCheckConstraint('institution_hosts_lower_case', sql`host = lower(host)`)
      .execute();

    await db.schema
      .createTable('settings_versions')
      .addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('institution_id', 'integer', (column) =>
        column.notNull().references('institutions.id').onDelete('cascade'),
      )
      .addColumn('version', 'integer', (column) => column.notNull())
      .addColumn('document', 'jsonb', (column) => column.notNull())
      .addColumn('comment', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('published_by', 'text', (column) => column.notNull())
      .addColumn('published_at', 'timestamptz', (column) => column.notNull())
      .addUniqueConstraint('settings_versions_institution_version', ['institution_id', 'version'])
      .execute();

    await db.schema
      .createTable('settings_drafts')
      .addColumn('institution_id', 'integer', (column) =>
        column.primaryKey().references('institutions.id').onDelete('cascade'),
      )
      .addColumn('document', 'jsonb', (column) => column.notNull())
      .addColumn('base_version', 'integer', (column) => column.notNull())
      .addColumn('updated_at', 'timestamptz', (column) => column.notNull())
      .addColumn('updated_by', 'text', (column) => column.notNull())
      .execute();

    await db.schema
      .createTable('users')
      .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('institution_id', 'integer', (column) =>
        column.notNull().references('institutions.id').onDelete('cascade'),
      )
      .addColumn('username', 'text', (column) => column.notNull())
      .addColumn('password_hash', 'text', (column) => column.notNull())
      .addColumn('personal_name', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('first_name', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('last_name', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('email', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('email_verified', 'boolean', (column) => column.notNull().defaultTo(false))
      .addColumn('company_number', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('servicing_branch', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('date_of_birth', 'date')
      .addColumn('zip', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('phone', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('must_change_password', 'boolean', (column) => column.notNull().defaultTo(false))
      .addColumn('password_question', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('password_answer_hash', 'text')
      .addColumn('restricted', 'boolean', (column) => column.notNull().defaultTo(false))
      .addColumn('logon_allowed', 'boolean', (column) => column.notNull().defaultTo(true))
      .addColumn('last_login_at', 'timestamptz')
      .addColumn('last_login_ip', 'text')
      .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('users_id_institution', ['id', 'institution_id'])
      .execute();
    // User names are unique per institution regardless of case (sign-in is case-insensitive).
    await db.schema
      .createIndex('users_institution_username')
      .on('users')
      .unique()
      .expression(sql`institution_id, lower(username)`)
      .execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('token_hash', 'text', (column) => column.notNull().unique())
      .addColumn('user_id', 'uuid', (column) => column.notNull())
      .addColumn('institution_id', 'integer', (column) => column.notNull())
      .addColumn('created_at', 'timestamptz', (column) => column.notNull())
      .addColumn('last_seen_at', 'timestamptz', (column) => column.notNull())
      .addColumn('idle_expires_at', 'timestamptz', (column) => column.notNull())
      .addColumn('absolute_expires_at', 'timestamptz', (column) => column.notNull())
      .addColumn('revoked_at', 'timestamptz')
      .addColumn('ip', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('user_agent', 'text', (column) => column.notNull().defaultTo(''))
      .addForeignKeyConstraint(
        'sessions_user',
        ['user_id', 'institution_id'],
        'users',
        ['id', 'institution_id'],
        (constraint) => constraint.onDelete('cascade'),
      )
      .execute();
    await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

    await db.schema
      .createTable('login_history')
      .addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('institution_id', 'integer', (column) =>
        column.notNull().references('institutions.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'uuid', (column) => column.references('users.id').onDelete('set null'))
      .addColumn('username_attempted', 'text', (column) => column.notNull())
      .addColumn('ip', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('success', 'boolean', (column) => column.notNull())
      .addColumn('reason', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('created_at', 'timestamptz', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('login_history_user_created')
      .on('login_history')
      .columns(['user_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('accounts')
      .addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('institution_id', 'integer', (column) => column.notNull())
      .addColumn('user_id', 'uuid', (column) => column.notNull())
      .addColumn('number', 'text', (column) => column.notNull())
      .addColumn('type', 'integer', (column) => column.notNull())
      .addColumn('description', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('comment', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('balance_cents', 'bigint', (column) => column.notNull().defaultTo(0))
      .addColumn('available_balance_cents', 'bigint', (column) => column.notNull().defaultTo(0))
      .addColumn('rate', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('statement_preference', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('loan_due_date', 'date')
      .addColumn('loan_amount_due_cents', 'bigint', (column) => column.notNull().defaultTo(0))
      .addColumn('monthly_installment_cents', 'bigint', (column) => column.notNull().defaultTo(0))
      .addColumn('fees_due_cents', 'bigint', (column) => column.notNull().defaultTo(0))
      .addColumn('name_on_account', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('opened_on', 'date', (column) => column.notNull())
      .addColumn('hidden_from_web', 'boolean', (column) => column.notNull().defaultTo(false))
      .addForeignKeyConstraint(
        'accounts_user',
        ['user_id', 'institution_id'],
        'users',
        ['id', 'institution_id'],
        (constraint) => constraint.onDelete('cascade'),
      )
      .addUniqueConstraint('accounts_user_number', ['institution_id', 'user_id', 'number'])
      .execute();
    await db.schema.createIndex('accounts_user').on('accounts').column('user_id').execute();

    await db.schema
      .createTable('client_errors')
      .addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('institution_id', 'integer', (column) =>
        column.notNull().references('institutions.id').onDelete('cascade'),
      )
      .addColumn('fingerprint', 'text', (column) => column.notNull())
      .addColumn('message', 'text', (column) => column.notNull())
      .addColumn('stack', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('user_agent', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('count', 'integer', (column) => column.notNull().defaultTo(1))
      .addColumn('first_seen_at', 'timestamptz', (column) => column.notNull())
      .addColumn('last_seen_at', 'timestamptz', (column) => column.notNull())
      .addUniqueConstraint('client_errors_fingerprint', ['institution_id', 'fingerprint'])
      .execute();

    await db.schema
      .createTable('page_views')
      .addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('institution_id', 'integer', (column) =>
        column.notNull().references('institutions.id').onDelete('cascade'),
      )
      .addColumn('route', 'text', (column) => column.notNull())
      .addColumn('title', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('created_at', 'timestamptz', (column) => column.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>) {
    for (const table of [
      'page_views',
      'client_errors',
      'accounts',
      'login_history',
      'sessions',
      'users',
      'settings_drafts',
      'settings_versions',
      'institution_hosts',
      'institutions',
    ]) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
