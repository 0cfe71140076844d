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

/** A trace number's sequence has seven digits (NACHA: the ODFI's eight-digit prefix before it). */
const LAST_TRACE_SEQUENCE = 9_999_999;

/**
 * The institution's next trace sequence (1 for its first debit ever), on any processing day: a
 * return names its debit by the trace number alone, and numbers that started again each day gave
 * a borrower's monthly debit the same one every month (migration 0050). After 9999999 it starts
 * again at 1, ten million debits later.
 *
 * Both rows it writes stay locked until the calling transaction ends, so concurrent debits take
 * their numbers one after another and a rolled-back debit gives its number back. The counter is
 * taken before the day's row (lockProcessingDay): making a file takes only the day's row, so the
 * two never wait on each other in opposite orders.
 */
export async function takeTraceSequence(
  trx: Db,
  institutionId: number,
  processingDate: string,
): Promise<number> {
  const { last_trace_sequence: sequence } = await trx
    .insertInto('ach_trace_counters')
    .values({ institution_id: institutionId, last_trace_sequence: 1 })
    .onConflict((conflict) =>
      conflict.column('institution_id').doUpdateSet({
        last_trace_sequence: sql<number>`case
          when ach_trace_counters.last_trace_sequence >= ${LAST_TRACE_SEQUENCE} then 1
          else ach_trace_counters.last_trace_sequence + 1 end`,
      }),
    )
    .returning('last_trace_sequence')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('ach_processing_days')
    .values({
      institution_id: institutionId,
      processing_date: processingDate,
      last_trace_sequence: sequence,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['institution_id', 'processing_date'])
        .doUpdateSet({ last_trace_sequence: sequence }),
    )
    .execute();
  return sequence;
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

/**
 * The institution's processing days with debits, newest first: their counts and totals, all and
 * in no file yet.
 */
export async function listAchDebitDays(
  db: Db,
  institutionId: number,
): Promise<
  {
    processing_date: string;
    entries: number;
    total_cents: number;
    pending_entries: number;
    pending_cents: number;
  }[]
> {
  return db
    .selectFrom('ach_debits')
    .select([
      'processing_date',
      sql<number>`count(*)::bigint`.as('entries'),
      sql<number>`sum(amount_cents)::bigint`.as('total_cents'),
      sql<number>`count(*) filter (where ach_file_id is null)::bigint`.as('pending_entries'),
      sql<number>`coalesce(sum(amount_cents) filter (where ach_file_id is null), 0)::bigint`.as(
        'pending_cents',
      ),
    ])
    .where('institution_id', '=', institutionId)
    .groupBy('processing_date')
    .orderBy('processing_date', 'desc')
    .execute();
}

/**
 * Locks the institution's processing day (its ach_processing_days row) until the transaction
 * ends; false when the day has no debits. A debit takes the same lock with its trace sequence
 * (takeTraceSequence) and keeps it until it is written, so once this answers, every debit of the
 * day is written or waits for the lock: making a file sees all the debits numbered before it,
 * and two instances make a day's files one after the other.
 */
export async function lockProcessingDay(
  trx: Db,
  institutionId: number,
  processingDate: string,
): Promise<boolean> {
  const row = await trx
    .selectFrom('ach_processing_days')
    .select('last_trace_sequence')
    .where('institution_id', '=', institutionId)
    .where('processing_date', '=', processingDate)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/** A processing day's debits in no file yet, in trace order. */
export async function listUnfiledDebitsOfDay(
  trx: Db,
  institutionId: number,
  processingDate: string,
): Promise<AchDebitRow[]> {
  return trx
    .selectFrom('ach_debits')
    .selectAll()
    .where('institution_id', '=', institutionId)
    .where('processing_date', '=', processingDate)
    .where('ach_file_id', 'is', null)
    .orderBy('trace_sequence')
    .execute();
}

/**
 * Puts the debits into the file; answers how many it put (a debit already in a file stays where
 * it is, and the database refuses to move it).
 */
export async function fileAchDebits(
  trx: Db,
  fileId: number,
  debitIds: readonly number[],
): Promise<number> {
  if (debitIds.length === 0) return 0;
  const result = await trx
    .updateTable('ach_debits')
    .set({ ach_file_id: fileId })
    .where('id', 'in', debitIds)
    .where('ach_file_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A processing day's debits, in trace order, with whether each was filed and came back. */
export async function listDebitsOfDay(
  db: Db,
  institutionId: number,
  processingDate: string,
): Promise<
  Pick<
    AchDebitRow,
    | 'idempotency_key'
    | 'trace_number'
    | 'amount_cents'
    | 'processing_date'
    | 'ach_file_id'
    | 'ach_return_file_id'
    | 'test_return'
  >[]
> {
  return db
    .selectFrom('ach_debits')
    .select([
      'idempotency_key',
      'trace_number',
      'amount_cents',
      'processing_date',
      'ach_file_id',
      'ach_return_file_id',
      'test_return',
    ])
    .where('institution_id', '=', institutionId)
    .where('processing_date', '=', processingDate)
    .orderBy('trace_sequence')
    .execute();
}
