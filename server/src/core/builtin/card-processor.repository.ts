import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type {
  CardProcessorChargesTable,
  CardProcessorTokensTable,
  Database,
} from '../../db/schema';

type Db = Kysely<Database>;

export type CardTokenRow = Selectable<CardProcessorTokensTable>;
export type CardChargeRow = Selectable<CardProcessorChargesTable>;

export async function insertCardToken(db: Db, row: Insertable<CardProcessorTokensTable>) {
  await db.insertInto('card_processor_tokens').values(row).execute();
}

/** A token, only under the institution that made it. */
export async function findCardToken(
  db: Db,
  institutionId: number,
  token: string,
): Promise<CardTokenRow | undefined> {
  return db
    .selectFrom('card_processor_tokens')
    .selectAll()
    .where('institution_id', '=', institutionId)
    .where('token', '=', token)
    .executeTakeFirst();
}

export async function findChargeByIdempotencyKey(
  db: Db,
  institutionId: number,
  idempotencyKey: string,
): Promise<CardChargeRow | undefined> {
  return db
    .selectFrom('card_processor_charges')
    .selectAll()
    .where('institution_id', '=', institutionId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

/**
 * Records a charge unless the institution already has one under its idempotency key: the
 * unique constraint decides between concurrent duplicates, also across server instances.
 * Answers the row written, or undefined when another got there first.
 */
export async function insertChargeOnce(
  db: Db,
  row: Insertable<CardProcessorChargesTable>,
): Promise<CardChargeRow | undefined> {
  return db
    .insertInto('card_processor_charges')
    .values(row)
    .onConflict((conflict) => conflict.columns(['institution_id', 'idempotency_key']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function findCharge(
  db: Db,
  institutionId: number,
  chargeId: string,
): Promise<CardChargeRow | undefined> {
  return db
    .selectFrom('card_processor_charges')
    .selectAll()
    .where('institution_id', '=', institutionId)
    .where('charge_id', '=', chargeId)
    .executeTakeFirst();
}

/** Marks an approved charge refunded once; a second call keeps the first refund's time. */
export async function markChargeRefunded(
  db: Db,
  institutionId: number,
  chargeId: string,
  at: Date,
): Promise<CardChargeRow | undefined> {
  return db
    .updateTable('card_processor_charges')
    .set((eb) => ({ refunded_at: eb.fn.coalesce('refunded_at', eb.val(at)) }))
    .where('institution_id', '=', institutionId)
    .where('charge_id', '=', chargeId)
    .where('status', '=', 'approved')
    .returningAll()
    .executeTakeFirst();
}

/**
 * The institution's charges made on a calendar day of `timeZone`, oldest first: the day's bounds
 * are computed by the database (its zone rules), so the range uses the index on created_at
 * (migration 0042).
 */
export async function listChargesOfDay(
  db: Db,
  institutionId: number,
  date: string,
  timeZone: string,
): Promise<
  Pick<
    CardChargeRow,
    'idempotency_key' | 'charge_id' | 'amount_cents' | 'status' | 'refunded_at' | 'created_at'
  >[]
> {
  return db
    .selectFrom('card_processor_charges')
    .select(['idempotency_key', 'charge_id', 'amount_cents', 'status', 'refunded_at', 'created_at'])
    .where('institution_id', '=', institutionId)
    .where('created_at', '>=', sql<Date>`(${date}::date)::timestamp at time zone ${timeZone}`)
    .where('created_at', '<', sql<Date>`((${date}::date) + 1)::timestamp at time zone ${timeZone}`)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
