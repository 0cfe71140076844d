import type { Kysely } from 'kysely';
import type { CustomerRow, Database } from '../../db/schema';

type Db = Kysely<Database>;

/** The account holders with these ids at the institution (the core's answer to an account number). */
export async function findCustomersByIds(
  db: Db,
  institutionId: number,
  ids: readonly string[],
): Promise<CustomerRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('customers')
    .selectAll()
    .where('institution_id', '=', institutionId)
    .where('id', 'in', ids)
    .execute();
}
