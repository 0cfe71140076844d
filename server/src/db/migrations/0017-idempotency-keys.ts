import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The Idempotency-Key of each payment submission, per user: the request's fingerprint (a keyed
 * digest of the route and the validated body, never the body itself) and the first answer, so a
 * repeat gets that answer and a different request under the same key is refused. The claim, the
 * submission's own writes and the answer commit together (lib/idempotency.ts).
 */
export const idempotencyKeys: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('idempotency_keys')
      .addColumn('institution_id', 'integer', (column) => column.notNull())
      .addColumn('user_id', 'uuid', (column) => column.notNull())
      .addColumn('key', 'text', (column) =>
        column.notNull().check(sql`char_length(key) between 1 and 200`),
      )
      .addColumn('fingerprint', 'text', (column) => column.notNull())
      .addColumn('state', 'text', (column) =>
        column.notNull().check(sql`state in ('in_progress', 'done')`),
      )
      .addColumn('response_status', 'integer', (column) =>
        column.check(sql`response_status between 100 and 599`),
      )
      .addColumn('response_body', 'jsonb')
      .addColumn('created_at', 'timestamptz', (column) => column.notNull())
      .addColumn('completed_at', 'timestamptz')
      /** Housekeeping deletes the row after this; until then a repeat gets the stored answer. */
      .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['institution_id', 'user_id', 'key'])
      .addForeignKeyConstraint(
        'idempotency_keys_user',
        ['user_id', 'institution_id'],
        'users',
        ['id', 'institution_id'],
        (constraint) => constraint.onDelete('cascade'),
      )
      .addCheckConstraint(
        'idempotency_keys_answer',
        sql`(state = 'in_progress' and response_status is null and response_body is null and completed_at is null)
          or (state = 'done' and response_status is not null and response_body is not null and completed_at is not null)`,
      )
      .execute();
    await db.schema
      .createIndex('idempotency_keys_expiry')
      .on('idempotency_keys')
      .column('expires_at')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('idempotency_keys').execute();
  },
};
