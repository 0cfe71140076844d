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

/**
 * The select list of an e-mail's outbox row, for an insert into `outbox_messages` (columns
 * `OUTBOX_MESSAGE_COLUMNS`) from a common table expression that decides whether it is written
 * (the payment's row a guarded update changed): the message is queued only with that change.
 */
export const OUTBOX_MESSAGE_COLUMNS = [
  'institution_id',
  'to_address',
  'subject',
  'body',
  'created_at',
] as const;

export function outboxMessageSelection(message: {
  institution_id: number;
  to_address: string;
  subject: string;
  body: string;
  created_at: Date;
}): AliasedRawBuilder<unknown, string>[] {
  return [
    sql`${message.institution_id}`.as('institution_id'),
    sql`${message.to_address}`.as('to_address'),
    sql`${message.subject}`.as('subject'),
    sql`${message.body}`.as('body'),
    sql`${message.created_at}`.as('created_at'),
  ];
}
