import type { Kysely } from 'kysely';
import type { CustomerRow, Database } from '../../db/schema';

type Db = Kysely<Database>;

/**
 * Account holders who own an account with this number (branch-account-check, dashes included).
 * `withoutCheckDigit`: the number was typed without its check digits (removeCheckDigitOption),
 * so a stored number that continues with '-<check digits>' matches too. The number is digits and
 * dashes only (checked before), so it holds no LIKE wildcard.
 */
export async function findCustomersByAccountNumber(
  db: Db,
  institutionId: number,
  accountNumber: string,
  withoutCheckDigit: boolean,
): Promise<(CustomerRow & { account_type: number })[]> {
  return db
    .selectFrom('accounts')
    .innerJoin('customers', (join) =>
      join
        .onRef('customers.id', '=', 'accounts.customer_id')
        .onRef('customers.institution_id', '=', 'accounts.institution_id'),
    )
    .selectAll('customers')
    .select('accounts.type as account_type')
    .where('accounts.institution_id', '=', institutionId)
    .where((eb) =>
      withoutCheckDigit
        ? eb.or([
            eb('accounts.number', '=', accountNumber),
            eb('accounts.number', 'like', `${accountNumber}-%`),
          ])
        : eb('accounts.number', '=', accountNumber),
    )
    .execute();
}
