import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/*
 * Test support only (the payments tests and fault tests): the counts that prove a payment moved
 * money and posted exactly once, read from the built-in core's and processors' own tables. No
 * production code calls these.
 */

/** History lines the built-in core wrote under a payment's posting key. */
export async function coreLines(db: Kysely<Database>, paymentId: string): Promise<number> {
  const { rows } = await sql<{ count: string }>`
    select count(*) as count from core_transactions where posting_key = ${`payment:${paymentId}`}`.execute(
    db,
  );
  return Number(rows[0]?.count ?? 0);
}

/** Charges (approved or declined) the built-in card processor recorded under a key. */
export async function charges(db: Kysely<Database>, paymentId: string): Promise<number> {
  const { rows } = await sql<{ count: string }>`
    select count(*) as count from card_processor_charges where idempotency_key = ${paymentId}`.execute(
    db,
  );
  return Number(rows[0]?.count ?? 0);
}

/** Debits the built-in ACH processor queued under a key. */
export async function debits(db: Kysely<Database>, paymentId: string): Promise<number> {
  const { rows } = await sql<{ count: string }>`
    select count(*) as count from ach_debits where idempotency_key = ${paymentId}`.execute(db);
  return Number(rows[0]?.count ?? 0);
}

/** Every row of every table as text (the card-number scan reads it). */
export async function databaseText(db: Kysely<Database>): Promise<string> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(db);
  const dump: string[] = [];
  for (const { table_name } of tables.rows) {
    const rows = await sql<{
      text: string;
    }>`select t::text as text from ${sql.table(table_name)} t`.execute(db);
    dump.push(...rows.rows.map((row) => row.text));
  }
  return dump.join('\n');
}
