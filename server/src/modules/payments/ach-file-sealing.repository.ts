import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** Ids asked about in one statement (PostgreSQL takes at most 65,535 parameters). */
const IDS_PER_STATEMENT = 1_000;

/**
 * The earliest payment date of the institution's bank-account payments that may wait for their
 * debit to be sent: 'settling' (not posted, not under review; its trace number may not be written
 * yet while the run that took the debit is under way). Undefined when none does. A debit is taken
 * on its payment's date or later, so no file of an earlier day holds one of them. The minimum is
 * read in the (status, pay_date) index, however old that payment is; what the sealing job does
 * with the date is bounded there (queueSentPosts reads only days with a file sealed since its
 * previous pass).
 */
export async function earliestSettlingAchDate(
  db: Db,
  institutionId: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.min('pay_date').as('earliest'))
    .where('institution_id', '=', institutionId)
    .where('status', '=', 'settling')
    .where('is_card', '=', false)
    .executeTakeFirst();
  return row?.earliest ?? undefined;
}

/** Which of these payments of the institution are still 'settling'. */
export async function listSettlingAmong(
  db: Db,
  institutionId: number,
  ids: readonly string[],
): Promise<string[]> {
  const settling: string[] = [];
  for (let first = 0; first < ids.length; first += IDS_PER_STATEMENT) {
    const rows = await db
      .selectFrom('payments')
      .select('id')
      .where('institution_id', '=', institutionId)
      .where('status', '=', 'settling')
      .where('id', 'in', ids.slice(first, first + IDS_PER_STATEMENT))
      .execute();
    settling.push(...rows.map((row) => row.id));
  }
  return settling;
}
