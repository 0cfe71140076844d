import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { BranchesTable } from '../../db/tables/branches';

type Db = Kysely<Database>;

export type BranchRow = Selectable<BranchesTable>;

/** A branch's own fields, as they are written (hours as a JSON array). */
export type BranchColumns = Omit<
  Insertable<BranchesTable>,
  'id' | 'institution_id' | 'position' | 'created_at' | 'updated_at'
>;

/**
 * Holds the institution's branch list for the rest of the transaction: the changes of its list
 * (a new branch at the end, a removal closing its gap, a move) run one at a time, so two staff
 * members acting at once never leave two branches at one place or a gap.
 */
export async function lockBranchList(trx: Db, institutionId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('branches'), ${institutionId})`.execute(trx);
}

/** The institution's branches in their order. */
export async function listBranches(db: Db, institutionId: number): Promise<BranchRow[]> {
  return db
    .selectFrom('branches')
    .selectAll()
    .where('institution_id', '=', institutionId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** One branch of the institution; undefined when it is not that institution's. */
export async function findBranch(
  db: Db,
  institutionId: number,
  id: string,
): Promise<BranchRow | undefined> {
  return db
    .selectFrom('branches')
    .selectAll()
    .where('institution_id', '=', institutionId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The place after the institution's last branch (0 for its first). */
export async function nextBranchPosition(db: Db, institutionId: number): Promise<number> {
  const row = await db
    .selectFrom('branches')
    .select((eb) => eb.fn.max('position').as('last'))
    .where('institution_id', '=', institutionId)
    .executeTakeFirst();
  const last = row?.last;
  return last === null || last === undefined ? 0 : Number(last) + 1;
}

export async function insertBranch(
  db: Db,
  row: BranchColumns & { institution_id: number; position: number; now: Date },
): Promise<BranchRow> {
  const { now, ...columns } = row;
  return db
    .insertInto('branches')
    .values({ ...columns, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Rewrites a branch's fields; the changed row, or undefined when it is not the institution's. */
export async function updateBranch(
  db: Db,
  key: { institutionId: number; id: string },
  columns: BranchColumns,
  now: Date,
): Promise<BranchRow | undefined> {
  return db
    .updateTable('branches')
    .set({ ...columns, updated_at: now })
    .where('institution_id', '=', key.institutionId)
    .where('id', '=', key.id)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes a branch; the deleted row, or undefined when it is not the institution's. */
export async function deleteBranch(
  db: Db,
  key: { institutionId: number; id: string },
): Promise<BranchRow | undefined> {
  return db
    .deleteFrom('branches')
    .where('institution_id', '=', key.institutionId)
    .where('id', '=', key.id)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Moves every branch after `position` one place up (closes the gap a removal left). A branch's
 * `updated_at` is when its own fields changed: a change of place leaves it.
 */
export async function closeBranchGap(
  db: Db,
  institutionId: number,
  position: number,
): Promise<void> {
  await db
    .updateTable('branches')
    .set((eb) => ({ position: eb('position', '-', 1) }))
    .where('institution_id', '=', institutionId)
    .where('position', '>', position)
    .execute();
}

export async function setBranchPosition(
  db: Db,
  key: { institutionId: number; id: string },
  position: number,
): Promise<void> {
  await db
    .updateTable('branches')
    .set({ position })
    .where('institution_id', '=', key.institutionId)
    .where('id', '=', key.id)
    .execute();
}
