import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/**
 * Records that an event's alert is sent; false when it was recorded before (nothing is written).
 * Call it in the transaction that queues the alert's e-mail and text.
 */
export async function recordNotification(
  db: Db,
  row: {
    institutionId: number;
    userId: string;
    kind: string;
    eventKey: string;
    emailed: boolean;
    texted: boolean;
    at: Date;
  },
): Promise<boolean> {
  const inserted = await db
    .insertInto('notification_events')
    .values({
      institution_id: row.institutionId,
      user_id: row.userId,
      kind: row.kind,
      event_key: row.eventKey,
      emailed: row.emailed,
      texted: row.texted,
      created_at: row.at,
    })
    .onConflict((conflict) => conflict.columns(['user_id', 'kind', 'event_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Whether an event's alert was sent (the day's pass skips what it asked before). */
export async function notificationSent(
  db: Db,
  key: { userId: string; kind: string; eventKey: string },
): Promise<boolean> {
  const row = await db
    .selectFrom('notification_events')
    .select('id')
    .where('user_id', '=', key.userId)
    .where('kind', '=', key.kind)
    .where('event_key', '=', key.eventKey)
    .executeTakeFirst();
  return row !== undefined;
}
