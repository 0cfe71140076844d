import { lastFourOf } from '@portal/domain';
import type { Kysely } from 'kysely';
import type { AchCorrection } from '../../core/ach/nacha-returns';
import type { Database } from '../../db/schema';
import type { DataProtector } from '../../lib/data-protection';
import { achDuplicateKey } from './ach-account-checks';
import { correctSavedAchAccount, findPaymentMethodById } from './payment-methods.repository';

/**
 * A bank's notification of change (NACHA C01-C07, issue 24) applied to the saved bank account a
 * debit was drawn on: the corrected routing number, account number or type replace the old ones,
 * so the next debit goes to the account as the bank knows it (NACHA: an Originator makes the
 * change within six banking days or before the next entry). Answers the method as corrected
 * (its number in clear only in memory, for the recurring payment's copy), or undefined when the
 * method is gone (a deleted method needs nothing).
 */
export async function applyAchCorrection(
  db: Kysely<Database>,
  dataProtector: DataProtector,
  institutionId: number,
  methodId: number,
  correction: AchCorrection,
): Promise<
  { routingNumber: string; accountNumber: string; accountType: 'Checking' | 'Savings' } | undefined
> {
  const method = await findPaymentMethodById(db, institutionId, methodId);
  if (!method || method.is_card || !method.routing_number || !method.account_number_sealed) {
    return undefined;
  }
  const routingNumber = correction.routingNumber ?? method.routing_number;
  const accountNumber =
    correction.accountNumber ?? dataProtector.decrypt(method.account_number_sealed);
  const accountType =
    correction.accountType ?? (method.ach_account_type === 'Savings' ? 'Savings' : 'Checking');
  const changed = await correctSavedAchAccount(db, institutionId, methodId, {
    routing_number: routingNumber,
    account_number_sealed: dataProtector.encrypt(accountNumber),
    last_four: lastFourOf(accountNumber),
    duplicate_key: achDuplicateKey(dataProtector, routingNumber, accountNumber),
    ach_account_type: accountType,
  });
  return changed ? { routingNumber, accountNumber, accountType } : undefined;
}
