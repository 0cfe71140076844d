import type { Kysely } from 'kysely';
import type { AccountRow, Database } from '../../db/schema';

/**
 * The accounts of one user's account holder (customer) that the web may show. Both the
 * institution and the user are in the condition: a user id alone must never be enough to read
 * across institutions.
 */
export async function listVisibleAccounts(
  db: Kysely<Database>,
  institutionId: number,
  userId: string,
): Promise<AccountRow[]> {
  return db
    .selectFrom('accounts')
    .selectAll()
    .where('institution_id', '=', institutionId)
    .where('customer_id', '=', (eb) =>
      eb
        .selectFrom('users')
        .select('users.customer_id')
        .where('users.id', '=', userId)
        .where('users.institution_id', '=', institutionId),
    )
    .where('hidden_from_web', '=', false)
    .orderBy('type')
    .orderBy('number')
    .execute();
}
