import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../../db/schema';
import type { WorkItemsTable } from '../../db/tables/work-items';

type Db = Kysely<Database>;

export type WorkItemRow = Selectable<WorkItemsTable>;

/** Writes a new item; its id. In the caller's transaction when it passes one. */
export async function insertWorkItem(db: Db, row: Insertable<WorkItemsTable>): Promise<string> {
  const inserted = await db
    .insertInto('work_items')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** An institution's items, newest first, of a kind and status when given. */
export async function listWorkItems(
  db: Db,
  filter: { institutionId: number; kind?: string; status?: string; limit: number },
): Promise<WorkItemRow[]> {
  let query = db
    .selectFrom('work_items')
    .selectAll()
    .where('institution_id', '=', filter.institutionId);
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  if (filter.status) query = query.where('status', '=', filter.status);
  return query.orderBy('created_at', 'desc').orderBy('id').limit(filter.limit).execute();
}

/** How many items an institution has per kind and status. */
export async function countWorkItems(
  db: Db,
  institutionId: number,
): Promise<{ kind: string; status: string; count: number }[]> {
  const rows = await db
    .selectFrom('work_items')
    .select(['kind', 'status', (eb) => eb.fn.countAll<string>().as('count')])
    .where('institution_id', '=', institutionId)
    .groupBy(['kind', 'status'])
    .execute();
  return rows.map((row) => ({ kind: row.kind, status: row.status, count: Number(row.count) }));
}

/** One item of an institution; undefined when it is not that institution's. */
export async function findWorkItem(
  db: Db,
  institutionId: number,
  id: string,
): Promise<WorkItemRow | undefined> {
  return db
    .selectFrom('work_items')
    .selectAll()
    .where('institution_id', '=', institutionId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Whether the institution has an item of the kind for the sending module's reference. */
export async function hasWorkItemFor(
  db: Db,
  match: { institutionId: number; kind: string; reference: string },
): Promise<boolean> {
  const row = await db
    .selectFrom('work_items')
    .select('id')
    .where('institution_id', '=', match.institutionId)
    .where('kind', '=', match.kind)
    .where('reference', '=', match.reference)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A borrower's own items of a kind, newest first (what the portal shows of them). */
export async function listUserWorkItems(
  db: Db,
  filter: { institutionId: number; userId: string; kind: string },
): Promise<WorkItemRow[]> {
  return db
    .selectFrom('work_items')
    .selectAll()
    .where('institution_id', '=', filter.institutionId)
    .where('user_id', '=', filter.userId)
    .where('kind', '=', filter.kind)
    .orderBy('created_at', 'desc')
    .execute();
}

/**
 * Changes an item of the institution while its status is one of `from` (the transition's guard,
 * checked in the same statement, so two staff acting at once cannot both move it); the changed
 * row, or undefined when the item is not there or no longer in one of those statuses.
 */
export async function updateWorkItem(
  db: Db,
  target: { institutionId: number; id: string; from: readonly string[] },
  change: Updateable<WorkItemsTable>,
): Promise<WorkItemRow | undefined> {
  return db
    .updateTable('work_items')
    .set(change)
    .where('institution_id', '=', target.institutionId)
    .where('id', '=', target.id)
    .where('status', 'in', target.from)
    .returningAll()
    .executeTakeFirst();
}
