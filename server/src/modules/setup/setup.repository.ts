import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export interface ClientErrorEntry {
  institutionId: number;
  fingerprint: string;
  message: string;
  stack: string;
  userAgent: string;
  seenAt: Date;
}

/** Stores a report once per fingerprint; a repeat raises its count and last_seen_at. */
export async function upsertClientError(db: Db, entry: ClientErrorEntry): Promise<number> {
  const row = await db
    .insertInto('client_errors')
    .values({
      institution_id: entry.institutionId,
      fingerprint: entry.fingerprint,
      message: entry.message,
      stack: entry.stack,
      user_agent: entry.userAgent,
      count: 1,
      first_seen_at: entry.seenAt,
      last_seen_at: entry.seenAt,
    })
    .onConflict((conflict) =>
      conflict.columns(['institution_id', 'fingerprint']).doUpdateSet((eb) => ({
        count: eb('client_errors.count', '+', 1),
        last_seen_at: eb.ref('excluded.last_seen_at'),
        user_agent: eb.ref('excluded.user_agent'),
      })),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return row.count;
}

export async function findClientError(db: Db, institutionId: number, fingerprint: string) {
  return db
    .selectFrom('client_errors')
    .selectAll()
    .where('institution_id', '=', institutionId)
    .where('fingerprint', '=', fingerprint)
    .executeTakeFirst();
}

export async function insertPageView(
  db: Db,
  view: { institutionId: number; route: string; title: string; at: Date },
): Promise<void> {
  await db
    .insertInto('page_views')
    .values({
      institution_id: view.institutionId,
      route: view.route,
      title: view.title,
      created_at: view.at,
    })
    .execute();
}

export async function listPageViews(db: Db, institutionId: number) {
  return db
    .selectFrom('page_views')
    .select(['route', 'title', 'created_at'])
    .where('institution_id', '=', institutionId)
    .orderBy('id')
    .execute();
}

/** Deletes client-error reports not seen since `before`; the number deleted. */
export async function deleteClientErrorsSeenBefore(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('client_errors')
    .where('last_seen_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes page views recorded before `before`; the number deleted. */
export async function deletePageViewsBefore(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('page_views')
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
