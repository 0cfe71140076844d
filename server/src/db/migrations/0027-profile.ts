import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The profile (spec 002 "Profile page"): the customer's street address beside the ZIP code and
 * phone kept since registration, the phone's primary flag and texting opt-in; the profile's
 * notification preferences; e-mail address changes waiting for the link sent to the new address;
 * the login history read in the spec's order (EntryKey descending), and a user's biometric
 * devices found by user (the profile says whether biometrics are on).
 */
export const profile: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('customers')
      .addColumn('address1', 'text', (column) => column.notNull().defaultTo(sql`''`))
      .addColumn('city', 'text', (column) => column.notNull().defaultTo(sql`''`))
      .addColumn('state', 'text', (column) => column.notNull().defaultTo(sql`''`))
      .addColumn('phone_primary', 'boolean', (column) => column.notNull().defaultTo(true))
      .addColumn('phone_opt_in_texting', 'boolean', (column) => column.notNull().defaultTo(false))
      .execute();

    await db.schema
      .createTable('notification_preferences')
      .addColumn('user_id', 'uuid', (column) => column.primaryKey())
      .addColumn('institution_id', 'integer', (column) => column.notNull())
      .addColumn('preferences', 'jsonb', (column) => column.notNull())
      .addColumn('sequence_number', 'integer', (column) => column.notNull())
      .addColumn('updated_at', 'timestamptz', (column) => column.notNull())
      .addForeignKeyConstraint(
        'notification_preferences_user',
        ['user_id', 'institution_id'],
        'users',
        ['id', 'institution_id'],
        (constraint) => constraint.onDelete('cascade'),
      )
      .execute();

    await db.schema
      .createTable('email_changes')
      .addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('institution_id', 'integer', (column) => column.notNull())
      .addColumn('user_id', 'uuid', (column) => column.notNull())
      .addColumn('new_email', 'text', (column) => column.notNull())
      /** SHA-256 of the link token; the token itself is only in the e-mail. */
      .addColumn('token_hash', 'text', (column) => column.notNull().unique())
      .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
      /** When the link was opened and the address replaced, or the change was superseded. */
      .addColumn('ended_at', 'timestamptz')
      .addColumn('confirmed', 'boolean', (column) => column.notNull().defaultTo(false))
      .addColumn('created_at', 'timestamptz', (column) => column.notNull())
      .addForeignKeyConstraint(
        'email_changes_user',
        ['user_id', 'institution_id'],
        'users',
        ['id', 'institution_id'],
        (constraint) => constraint.onDelete('cascade'),
      )
      .execute();
    await db.schema
      .createIndex('email_changes_user')
      .on('email_changes')
      .columns(['user_id', 'id'])
      .execute();

    // The profile asks whether a user has a live biometric token on every load.
    await db.schema
      .createIndex('biometric_devices_user')
      .on('biometric_devices')
      .column('user_id')
      .execute();

    await db.schema
      .createIndex('login_history_user_id')
      .on('login_history')
      .columns(['user_id', 'id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('login_history_user_id').execute();
    await db.schema.dropIndex('biometric_devices_user').execute();
    await db.schema.dropTable('email_changes').execute();
    await db.schema.dropTable('notification_preferences').execute();
    await db.schema
      .alterTable('customers')
      .dropColumn('address1')
      .dropColumn('city')
      .dropColumn('state')
      .dropColumn('phone_primary')
      .dropColumn('phone_opt_in_texting')
      .execute();
  },
};
