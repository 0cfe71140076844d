import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../../db/schema';
import type { AchReturnFilesTable } from '../../../db/tables/ach-returns';

type Db = Kysely<Database>;

export type AchReturnFileRow = Selectable<AchReturnFilesTable>;

/**
 * The institution's debits to test accounts that were sent (in a sealed file) and have not come
 * back, locked until the calling transaction ends: two instances receiving at once send each back
 * once (the second finds them taken when the first commits).
 */
export async function lockTestDebitsToReturn(trx: Db, institutionId: number) {
  return trx
    .selectFrom('ach_debits')
    .select([
      'id',
      'processing_date',
      'trace_number',
      'routing_number',
      'account_type',
      'account_number_sealed',
      'owner_name_sealed',
      'loan_number',
      'amount_cents',
      'test_return',
    ])
    .where('institution_id', '=', institutionId)
    .where('test_return', 'is not', null)
    .where('ach_file_id', 'is not', null)
    .where('ach_return_file_id', 'is', null)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** The number of the institution's last return file of a day (0 before the first). */
export async function lastReturnFileNumber(
  trx: Db,
  institutionId: number,
  receivedDate: string,
): Promise<number> {
  const row = await trx
    .selectFrom('ach_return_files')
    .select((eb) => eb.fn.max<number | null>('file_number').as('last'))
    .where('institution_id', '=', institutionId)
    .where('received_date', '=', receivedDate)
    .executeTakeFirst();
  return Number(row?.last ?? 0);
}

export async function insertReturnFile(
  trx: Db,
  row: Insertable<AchReturnFilesTable>,
): Promise<AchReturnFileRow> {
  return trx.insertInto('ach_return_files').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Marks debits as come back in a return file; answers how many were still out. */
export async function markDebitsReturned(
  trx: Db,
  fileId: number,
  debitIds: readonly number[],
): Promise<number> {
  if (debitIds.length === 0) return 0;
  const result = await trx
    .updateTable('ach_debits')
    .set({ ach_return_file_id: fileId })
    .where('id', 'in', debitIds)
    .where('ach_return_file_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The institution's return files received on or after `since`, oldest first. */
export async function listReturnFilesSince(
  db: Db,
  institutionId: number,
  since: string,
): Promise<AchReturnFileRow[]> {
  return db
    .selectFrom('ach_return_files')
    .selectAll()
    .where('institution_id', '=', institutionId)
    .where('received_date', '>=', since)
    .orderBy('received_date')
    .orderBy('file_number')
    .execute();
}
