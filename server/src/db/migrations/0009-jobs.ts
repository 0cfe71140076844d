import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The job queue (modules/jobs): one table for every background job (mail delivery,
 * housekeeping, and next the posting of scheduled and recurring payments). Mail still queued in
 * the outbox when this runs gets its delivery job, so nothing waiting is lost.
 */
export const jobs: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('jobs')
      .addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('queue', 'text', (column) => column.notNull())
      // Enqueueing the same (queue, key) twice is one job: the idempotency key of a job.
      .addColumn('key', 'text')
      .addColumn('payload', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('state', 'text', (column) => column.notNull().defaultTo('queued'))
      .addColumn('run_at', 'timestamptz', (column) => column.notNull())
      .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('max_attempts', 'integer', (column) => column.notNull())
      .addColumn('lease_token', 'text')
      .addColumn('lease_until', 'timestamptz')
      .addColumn('last_error', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('created_at', 'timestamptz', (column) => column.notNull())
      .addColumn('finished_at', 'timestamptz')
      .addCheckConstraint('jobs_state', sql`state in ('queued', 'active', 'done', 'dead')`)
      .execute();
    await db.schema
      .createIndex('jobs_queue_key')
      .on('jobs')
      .columns(['queue', 'key'])
      .unique()
      .execute();
    await db.schema
      .createIndex('jobs_due')
      .on('jobs')
      .columns(['queue', 'run_at', 'id'])
      .where(sql.ref('state'), 'in', sql`('queued', 'active')`)
      .execute();
    await db.schema
      .createIndex('jobs_finished')
      .on('jobs')
      .columns(['state', 'finished_at'])
      .where(sql.ref('state'), 'in', sql`('done', 'dead')`)
      .execute();
    await sql`
      insert into jobs (queue, key, payload, run_at, max_attempts, created_at)
      select 'mail.deliver', 'mail:' || id, jsonb_build_object('messageId', id),
             next_attempt_at, 8, created_at
      from outbox_messages where status in ('pending', 'sending')`.execute(db);
    await sql`update outbox_messages set status = 'pending' where status = 'sending'`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('jobs').execute();
  },
};
