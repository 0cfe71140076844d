import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The outboxes run on the one job queue (issue 24): each e-mail and text is delivered by a job
 * of its own ('mail.deliver' keyed 'mail:<id>', 'sms.deliver' keyed 'sms:<id>', written by the
 * statement that writes the message), whose lease, attempts and retry time are the queue's. The
 * outbox rows' own claim, attempt count and retry time go. A message still to send gets its job
 * here, due when its retry was and with the attempts it has made, so nothing waiting is lost and
 * nothing gets more than its attempts; the sweep jobs still queued go (nothing sweeps any more).
 */
export const outboxOnTheJobQueue: Migration = {
  async up(db: Kysely<unknown>) {
    for (const { table, queue, prefix } of CHANNELS) {
      // A job of the key left from before the sweeps (migration 0009's, done) starts over.
      await sql`
        insert into jobs (queue, key, payload, run_at, attempts, max_attempts, last_error,
          created_at)
        select ${queue}, cast(${prefix} as text) || cast(id as text), jsonb_build_object('messageId', id), next_attempt_at,
          attempts, 8, last_error, created_at
        from ${sql.table(table)} where status = 'pending'
        on conflict (queue, key) do update set state = 'queued', payload = excluded.payload,
          run_at = excluded.run_at, attempts = excluded.attempts,
          max_attempts = excluded.max_attempts, lease_token = null, lease_until = null,
          last_error = excluded.last_error, finished_at = null`.execute(db);
      // The sweeps: jobs that name no message.
      await sql`
        delete from jobs
        where queue = ${queue} and state in ('queued', 'active')
          and payload -> 'messageId' is null`.execute(db);
      await db.schema.dropIndex(`${table}_due`).execute();
      await db.schema
        .alterTable(table)
        .dropColumn('attempts')
        .dropColumn('next_attempt_at')
        .dropColumn('claimed_until')
        .execute();
    }
  },
  async down(db: Kysely<unknown>) {
    for (const { table, queue, prefix } of CHANNELS) {
      await db.schema
        .alterTable(table)
        .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'timestamptz')
        .addColumn('claimed_until', 'timestamptz')
        .execute();
      await sql`
        update ${sql.table(table)} as message
        set next_attempt_at = coalesce(job.run_at, message.created_at),
          attempts = coalesce(job.attempts, 0)
        from ${sql.table(table)} as own
        left join jobs as job on job.queue = ${queue} and job.key = cast(${prefix} as text) || cast(own.id as text)
        where own.id = message.id`.execute(db);
      await sql`alter table ${sql.table(table)} alter column next_attempt_at set not null`.execute(
        db,
      );
      await db.schema
        .createIndex(`${table}_due`)
        .on(table)
        .columns(['status', 'next_attempt_at'])
        .execute();
      await sql`
        delete from jobs where queue = ${queue} and key like ${`${prefix}%`}
          and state in ('queued', 'active')`.execute(db);
    }
  },
};

const CHANNELS = [
  { table: 'outbox_messages', queue: 'mail.deliver', prefix: 'mail:' },
  { table: 'sms_messages', queue: 'sms.deliver', prefix: 'sms:' },
] as const;
