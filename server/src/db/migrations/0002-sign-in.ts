import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Sign-in and the logged-out account flows (spec 000).
 *
 * - `customers`: the core-banking account holders (identity data, SSN encrypted with a blind
 *   index), who own the accounts and may have no online user yet. Identity columns move out of
 *   `users`, which keep the online credentials; each existing user gets a customer with the same
 *   id, and its accounts move to that customer.
 * - Maintenance mode is a published setting (maintenanceOptions.maintenanceModeOption) only.
 * - Sessions carry their pending post-login steps.
 * - Counters (failed sign-ins, rate limits), security codes, one-time link tokens, trusted and
 *   biometric devices, password history, agreement records, institution secrets, used single
 *   sign-on token ids and the e-mail outbox.
 */
export const signIn: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('customers')
      .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('institution_id', 'integer', (column) =>
        column.notNull().references('institutions.id').onDelete('cascade'),
      )
      .addColumn('first_name', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('middle_name', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('last_name', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('personal_name', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('email', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('ssn_encrypted', 'text')
      .addColumn('ssn_blind_index', 'text')
      .addColumn('date_of_birth', 'date')
      .addColumn('zip', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('phone', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('company_number', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('servicing_branch', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('restricted', 'boolean', (column) => column.notNull().defaultTo(false))
      .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('customers_id_institution', ['id', 'institution_id'])
      .addCheckConstraint(
        'customers_ssn_pair',
        sql`(ssn_encrypted is null) = (ssn_blind_index is null)`,
      )
      .execute();
    await db.schema
      .createIndex('customers_ssn_blind_index')
      .on('customers')
      .columns(['institution_id', 'ssn_blind_index'])
      .execute();
    await db.schema
      .createIndex('customers_email')
      .on('customers')
      .expression(sql`institution_id, lower(email)`)
      .execute();

    // Every existing user becomes a customer with the same id.
    await sql`
      insert into customers (id, institution_id, first_name, last_name, personal_name, email,
        date_of_birth, zip, phone, company_number, servicing_branch, restricted, created_at)
      select id, institution_id, first_name, last_name, personal_name, email,
        date_of_birth, zip, phone, company_number, servicing_branch, restricted, created_at
      from users`.execute(db);

    await db.schema.alterTable('users').addColumn('customer_id', 'uuid').execute();
    await sql`update users set customer_id = id`.execute(db);
    await db.schema
      .alterTable('users')
      .alterColumn('customer_id', (column) => column.setNotNull())
      .execute();
    await db.schema
      .alterTable('users')
      .addForeignKeyConstraint(
        'users_customer',
        ['customer_id', 'institution_id'],
        'customers',
        ['id', 'institution_id'],
        (constraint) => constraint.onDelete('cascade'),
      )
      .execute();
    // One online user per account holder.
    await db.schema
      .alterTable('users')
      .addUniqueConstraint('users_one_per_customer', ['customer_id'])
      .execute();
    for (const column of [
      'personal_name',
      'first_name',
      'last_name',
      'email',
      'company_number',
      'servicing_branch',
      'date_of_birth',
      'zip',
      'phone',
      'restricted',
    ]) {
      await db.schema.alterTable('users').dropColumn(column).execute();
    }
    // A user created by staff has no password until activation.
    await db.schema
      .alterTable('users')
      .alterColumn('password_hash', (column) => column.dropNotNull())
      .execute();
    await db.schema
      .alterTable('users')
      .addColumn('email_opt_out', 'boolean', (column) => column.notNull().defaultTo(false))
      .addColumn('email_communication_restricted', 'boolean', (column) =>
        column.notNull().defaultTo(false),
      )
      .addColumn('password_changed_at', 'timestamptz')
      .execute();

    // Accounts belong to the customer.
    await db.schema.alterTable('accounts').addColumn('customer_id', 'uuid').execute();
    await sql`update accounts set customer_id = user_id`.execute(db);
    await db.schema.alterTable('accounts').dropConstraint('accounts_user_number').execute();
    await db.schema.alterTable('accounts').dropConstraint('accounts_user').execute();
    await db.schema.dropIndex('accounts_user').execute();
    await db.schema.alterTable('accounts').dropColumn('user_id').execute();
    await db.schema
      .alterTable('accounts')
      .alterColumn('customer_id', (column) => column.setNotNull())
      .execute();
    await db.schema
      .alterTable('accounts')
      .addForeignKeyConstraint(
        'accounts_customer',
        ['customer_id', 'institution_id'],
        'customers',
        ['id', 'institution_id'],
        (constraint) => constraint.onDelete('cascade'),
      )
      .execute();
    await db.schema
      .alterTable('accounts')
      .addUniqueConstraint('accounts_customer_number', ['institution_id', 'customer_id', 'number'])
      .execute();
    await db.schema
      .createIndex('accounts_number')
      .on('accounts')
      .columns(['institution_id', 'number'])
      .execute();

    await db.schema.alterTable('institutions').dropColumn('maintenance_mode').execute();

    await db.schema
      .alterTable('sessions')
      .addColumn('pending_steps', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('sign_in_method', 'text', (column) => column.notNull().defaultTo('password'))
      .addColumn('device_id', 'text')
      .execute();

    await db.schema
      .createTable('password_history')
      .addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('user_id', 'uuid', (column) =>
        column.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('password_hash', 'text', (column) => column.notNull())
      .addColumn('created_at', 'timestamptz', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('password_history_user')
      .on('password_history')
      .columns(['user_id', 'created_at'])
      .execute();

    // Failed attempts that lead to a lockout (sign-in per user name and per address, recovery).
    await db.schema
      .createTable('attempt_counters')
      .addColumn('institution_id', 'integer', (column) =>
        column.notNull().references('institutions.id').onDelete('cascade'),
      )
      .addColumn('scope', 'text', (column) => column.notNull())
      .addColumn('key', 'text', (column) => column.notNull())
      .addColumn('failures', 'integer', (column) => column.notNull())
      .addColumn('window_started_at', 'timestamptz', (column) => column.notNull())
      .addColumn('locked_until', 'timestamptz')
      .addPrimaryKeyConstraint('attempt_counters_pk', ['institution_id', 'scope', 'key'])
      .execute();

    // Fixed-window request counters.
    await db.schema
      .createTable('rate_limit_counters')
      .addColumn('institution_id', 'integer', (column) =>
        column.notNull().references('institutions.id').onDelete('cascade'),
      )
      .addColumn('bucket', 'text', (column) => column.notNull())
      .addColumn('key', 'text', (column) => column.notNull())
      .addColumn('window_start', 'timestamptz', (column) => column.notNull())
      .addColumn('count', 'integer', (column) => column.notNull())
      .addPrimaryKeyConstraint('rate_limit_counters_pk', [
        'institution_id',
        'bucket',
        'key',
        'window_start',
      ])
      .execute();

    // Security codes of the sign-in (per session) and of registration (per MFAToken).
    await db.schema
      .createTable('security_codes')
      .addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('institution_id', 'integer', (column) =>
        column.notNull().references('institutions.id').onDelete('cascade'),
      )
      .addColumn('purpose', 'text', (column) => column.notNull())
      .addColumn('session_id', 'bigint', (column) =>
        column.references('sessions.id').onDelete('cascade'),
      )
      .addColumn('token_hash', 'text', (column) => column.unique())
      .addColumn('subject', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('email', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('code_digest', 'text', (column) => column.notNull())
      .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
      .addColumn('verified_at', 'timestamptz')
      .addColumn('consumed_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('security_codes_session')
      .on('security_codes')
      .column('session_id')
      .execute();

    // One-time (or, for opt-out, lasting) link tokens: change password, reset, verify, activate.
    await db.schema
      .createTable('user_tokens')
      .addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('institution_id', 'integer', (column) =>
        column.notNull().references('institutions.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'uuid', (column) =>
        column.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('purpose', 'text', (column) => column.notNull())
      .addColumn('token_hash', 'text', (column) => column.notNull().unique())
      .addColumn('session_id', 'bigint', (column) =>
        column.references('sessions.id').onDelete('cascade'),
      )
      .addColumn('expires_at', 'timestamptz')
      .addColumn('used_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (column) => column.notNull())
      .execute();

    await db.schema
      .createTable('trusted_devices')
      .addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('institution_id', 'integer', (column) =>
        column.notNull().references('institutions.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'uuid', (column) =>
        column.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('token_hash', 'text', (column) => column.notNull().unique())
      .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
      .addColumn('created_at', 'timestamptz', (column) => column.notNull())
      .execute();

    await db.schema
      .createTable('biometric_devices')
      .addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('institution_id', 'integer', (column) =>
        column.notNull().references('institutions.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'uuid', (column) =>
        column.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('device_id', 'text', (column) => column.notNull())
      .addColumn('token_hash', 'text', (column) => column.notNull().unique())
      .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
      .addColumn('revoked_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (column) => column.notNull())
      .execute();

    await db.schema
      .createTable('agreement_logs')
      .addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('institution_id', 'integer', (column) =>
        column.notNull().references('institutions.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'uuid', (column) =>
        column.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('name_of_terms', 'text', (column) => column.notNull())
      .addColumn('account_number', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('ip_address', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('date_of_agreement', 'timestamptz', (column) => column.notNull())
      .addColumn('date_of_terms', 'date', (column) => column.notNull())
      .addColumn('agreement_type', 'integer', (column) => column.notNull())
      .addColumn('when_to_agree', 'integer', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('agreement_logs_user')
      .on('agreement_logs')
      .columns(['user_id', 'agreement_type'])
      .execute();

    // Per-institution secrets (the single sign-on shared secret), encrypted with the data key.
    await db.schema
      .createTable('institution_secrets')
      .addColumn('institution_id', 'integer', (column) =>
        column.notNull().references('institutions.id').onDelete('cascade'),
      )
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('secret_encrypted', 'text', (column) => column.notNull())
      .addColumn('created_at', 'timestamptz', (column) => column.notNull())
      .addPrimaryKeyConstraint('institution_secrets_pk', ['institution_id', 'name'])
      .execute();

    // Single sign-on tokens are single-use: their ids are kept until they expire.
    await db.schema
      .createTable('sso_token_uses')
      .addColumn('institution_id', 'integer', (column) =>
        column.notNull().references('institutions.id').onDelete('cascade'),
      )
      .addColumn('jti', 'text', (column) => column.notNull())
      .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
      .addPrimaryKeyConstraint('sso_token_uses_pk', ['institution_id', 'jti'])
      .execute();

    await db.schema
      .createTable('outbox_messages')
      .addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('institution_id', 'integer', (column) =>
        column.notNull().references('institutions.id').onDelete('cascade'),
      )
      .addColumn('to_address', 'text', (column) => column.notNull())
      .addColumn('subject', 'text', (column) => column.notNull())
      .addColumn('body', 'text', (column) => column.notNull())
      .addColumn('status', 'text', (column) => column.notNull().defaultTo('pending'))
      .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'timestamptz', (column) => column.notNull())
      .addColumn('claimed_until', 'timestamptz')
      .addColumn('last_error', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('transport', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('created_at', 'timestamptz', (column) => column.notNull())
      .addColumn('sent_at', 'timestamptz')
      .execute();
    await db.schema
      .createIndex('outbox_messages_due')
      .on('outbox_messages')
      .columns(['status', 'next_attempt_at'])
      .execute();
    await db.schema
      .createIndex('outbox_messages_institution')
      .on('outbox_messages')
      .columns(['institution_id', 'id'])
      .execute();
  },

  async down() {
    throw new Error('0002_sign_in cannot be reverted: restore a backup instead');
  },
};
