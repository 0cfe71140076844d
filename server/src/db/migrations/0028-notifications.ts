import { type Kysely, type Migration } from 'kysely';

/**
 * Notifications (issue 21): one row per alert sent, keyed by what makes the event one of a kind
 * (the user, the alert and the event: a loan, its due date and the alert's number; a payment and
 * its status). The key is written in the same transaction as the outbox rows of its e-mail and
 * text, so a job that runs twice, or two servers at once, send nothing twice.
 */
export const notifications: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('notification_events')
      .addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('institution_id', 'integer', (column) => column.notNull())
      .addColumn('user_id', 'uuid', (column) => column.notNull())
      .addColumn('kind', 'text', (column) => column.notNull())
      .addColumn('event_key', 'text', (column) => column.notNull())
      .addColumn('emailed', 'boolean', (column) => column.notNull())
      .addColumn('texted', 'boolean', (column) => column.notNull())
      .addColumn('created_at', 'timestamptz', (column) => column.notNull())
      .addUniqueConstraint('notification_events_once', ['user_id', 'kind', 'event_key'])
      .addForeignKeyConstraint(
        'notification_events_user',
        ['user_id', 'institution_id'],
        'users',
        ['id', 'institution_id'],
        (constraint) => constraint.onDelete('cascade'),
      )
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('notification_events').execute();
  },
};
