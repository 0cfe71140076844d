import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { AchDebitsTable, Database } from '../../../db/schema';

type Db = Kysely<Database>;

export type AchDebitRow = Selectable<AchDebitsTable>;

export async function findAchDebitByKey(
  db: Db,
  institutionId: number,
  idempotencyKey: string,
): Promise<AchDebitRow | undefined> {
  return db
    .selectFrom('ach_debits')
    .selectAll()
    .where('institution_id', '=', institutionId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

/**
 * The next trace sequence of an institution's processing day (1 for its first debit). The row
 * stays locked until the calling transaction ends, so concurrent debits of the same day take
 * their numbers one after another, and a rolled-back debit gives its number back.
 */
export async function takeTraceSequence(
  trx: Db,
  institutionId: number,
  processingDate: string,
): Promise<number> {
  const row = await trx
    .insertInto('ach_processing_days')
    .values({
      institution_id: institutionId,
      processing_date: processingDate,
      last_trace_sequence: 1,
    })
    .onConflict((conflict) =>
      conflict.columns(['institution_id', 'processing_date']).doUpdateSet({
        last_trace_sequence: sql<number>`ach_processing_days.last_trace_sequence + 1`,
      }),
    )
    .returning('last_trace_sequence')
    .executeTakeFirstOrThrow();
  return row.last_trace_sequence;
}

/**
 * Records a debit unless the institution already has one under its idempotency key. Answers the
 * row written, or undefined when another got there first (the caller then rolls back, so its
 * trace sequence is not used up).
 */
export async function insertAchDebitOnce(
  trx: Db,
  row: Insertable<AchDebitsTable>,
): Promise<AchDebitRow | undefined> {
  return trx
    .insertInto('ach_debits')
    .values(row)
    .onConflict((conflict) => conflict.columns(['institution_id', 'idempotency_key']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** The institution's processing days with debits, newest first, with their counts and totals. */
export async function listAchDebitDays(
  db: Db,
  institutionId: number,
): Promise<{ processing_date: string; entries: number; total_cents: number }[]> {
  return db
    .selectFrom('ach_debits')
    .select([
      'processing_date',
      sql<number>`count(*)::bigint`.as('entries'),
      sql<number>`sum(amount_cents)::bigint`.as('total_cents'),
    ])
    .where('institution_id', '=', institutionId)
    .groupBy('processing_date')
    .orderBy('processing_date', 'desc')
    .execute();
}

/** A processing day's debits in trace order. */
export async function listAchDebitsOfDay(
  db: Db,
  institutionId: number,
  processingDate: string,
): Promise<AchDebitRow[]> {
  return db
    .selectFrom('ach_debits')
    .selectAll()
    .where('institution_id', '=', institutionId)
    .where('processing_date', '=', processingDate)
    .orderBy('trace_sequence')
    .execute();
}
