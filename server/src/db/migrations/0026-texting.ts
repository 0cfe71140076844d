import { type Kysely, type Migration } from 'kysely';

/**
 * Text messaging (issue 21): the SMS outbox, one row per text and dedupe key (a job that runs
 * twice queues nothing twice), replies the demo phone sent, and each phone number's opt-ins to
 * the institution's texting programmes.
 */
export const texting: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('sms_messages')
      .addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('institution_id', 'integer', (column) =>
        column.notNull().references('institutions.id').onDelete('cascade'),
      )
      .addColumn('direction', 'text', (column) => column.notNull().defaultTo('out'))
      .addColumn('phone_number', 'text', (column) => column.notNull())
      .addColumn('body', 'text', (column) => column.notNull())
      .addColumn('dedupe_key', 'text', (column) => column.notNull())
      .addColumn('status', 'text', (column) => column.notNull().defaultTo('pending'))
      .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'timestamptz', (column) => column.notNull())
      .addColumn('claimed_until', 'timestamptz')
      .addColumn('last_error', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('provider', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('provider_message_id', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('created_at', 'timestamptz', (column) => column.notNull())
      .addColumn('sent_at', 'timestamptz')
      .addUniqueConstraint('sms_messages_dedupe', ['institution_id', 'dedupe_key'])
      .execute();
    await db.schema
      .createIndex('sms_messages_due')
      .on('sms_messages')
      .columns(['status', 'next_attempt_at'])
      .execute();
    await db.schema
      .createIndex('sms_messages_phone')
      .on('sms_messages')
      .columns(['institution_id', 'phone_number', 'id'])
      .execute();

    await db.schema
      .createTable('text_subscriptions')
      .addColumn('institution_id', 'integer', (column) =>
        column.notNull().references('institutions.id').onDelete('cascade'),
      )
      .addColumn('phone_number', 'text', (column) => column.notNull())
      .addColumn('branding_id', 'integer', (column) => column.notNull())
      .addColumn('opt_in_marketing', 'boolean', (column) => column.notNull().defaultTo(false))
      .addColumn('opt_in_account', 'boolean', (column) => column.notNull().defaultTo(false))
      .addColumn('updated_at', 'timestamptz', (column) => column.notNull())
      .addPrimaryKeyConstraint('text_subscriptions_pk', [
        'institution_id',
        'phone_number',
        'branding_id',
      ])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('text_subscriptions').execute();
    await db.schema.dropTable('sms_messages').execute();
  },
};
