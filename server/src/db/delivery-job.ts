import { sql, type AliasedRawBuilder } from 'kysely';

/**
 * The job that delivers a message row (an e-mail of the outbox, a text of the SMS outbox),
 * written by the statement that writes the row, so a message exists exactly when its job does:
 * on `queue`, keyed `keyPrefix` and the row's id ('mail:42'), its payload { messageId: 42 }
 * (mail/outbox-delivery.ts reads it), due when the row was created.
 */
export interface DeliveryJob {
  queue: string;
  keyPrefix: string;
  maxAttempts: number;
}

/** The `jobs` columns `deliveryJobSelection` fills, in its order. */
export const DELIVERY_JOB_COLUMNS = [
  'queue',
  'key',
  'payload',
  'run_at',
  'max_attempts',
  'created_at',
] as const;

/**
 * The select list that makes a message's delivery job from the common table expression `cte`
 * that inserted the message (its `id` column), for `insertInto('jobs').columns(
 * [...DELIVERY_JOB_COLUMNS]).expression((eb) => eb.selectFrom(cte).select(...))`. The values
 * are parameters: PostgreSQL gives them the columns' types in an insert's select list.
 */
export function deliveryJobSelection(
  job: DeliveryJob,
  cte: string,
  at: Date,
): AliasedRawBuilder<unknown, string>[] {
  const id = sql.ref(`${cte}.id`);
  return [
    sql`${job.queue}`.as('queue'),
    sql`cast(${job.keyPrefix} as text) || cast(${id} as text)`.as('key'),
    sql`jsonb_build_object('messageId', ${id})`.as('payload'),
    sql`${at}`.as('run_at'),
    sql`${job.maxAttempts}`.as('max_attempts'),
    sql`${at}`.as('created_at'),
  ];
}
