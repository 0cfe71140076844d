import { lastFourOf } from '@portal/domain';
import type { Kysely } from 'kysely';
import type { AchCorrection } from '../../core/ach/nacha-returns';
import type { Database } from '../../db/schema';
import type { DataProtector } from '../../lib/data-protection';
import { achDuplicateKey } from './ach-account-checks';
import {
  correctSavedAchAccount,
  findSavedDuplicateId,
  findUserAchMethod,
  type MethodOwner,
  type PaymentMethodRow,
} from './payment-methods.repository';

/** What a notification of change knows of the debit it names: its payment's account and payer. */
export interface DebitOfNotice {
  institution_id: number;
  /** The payer: only a method of theirs is corrected. */
  user_id: string;
  payment_method_id: number | null;
  routing_number: string | null;
  account_number_sealed: string | null;
}

/**
 * The payer's saved bank account a debit drew on: the method the payment keeps, when it is the
 * payer's bank account; else (a payment that keeps none: a bank account typed for it and not
 * saved, or saved after it, or a method deleted since) the payer's saved account with the debit's
 * routing and account number, found by its keyed digest (`duplicate_key`), so only the debit's own
 * number is opened, never the saved ones. `accountNumber`: the account number in clear when it
 * was opened for the look-up (the found method's own, the digest being of both numbers).
 */
async function savedAccountOfDebit(
  db: Kysely<Database>,
  dataProtector: DataProtector,
  debit: DebitOfNotice,
): Promise<{ method: PaymentMethodRow; accountNumber?: string } | undefined> {
  const owner: MethodOwner = { institutionId: debit.institution_id, userId: debit.user_id };
  if (debit.payment_method_id !== null) {
    const kept = await findUserAchMethod(db, owner, debit.payment_method_id);
    if (kept) return { method: kept };
  }
  if (!debit.routing_number || !debit.account_number_sealed) return undefined;
  const accountNumber = dataProtector.decrypt(debit.account_number_sealed);
  const id = await findSavedDuplicateId(
    db,
    owner,
    achDuplicateKey(dataProtector, debit.routing_number, accountNumber),
  );
  const method = id === undefined ? undefined : await findUserAchMethod(db, owner, id);
  return method ? { method, accountNumber } : undefined;
}

/**
 * A bank's notification of change (NACHA C01-C07, issue 24) applied to the saved bank account a
 * debit was drawn on (`savedAccountOfDebit`: the payer's own, never another user's with the same
 * number): the corrected routing number, account number or type replace the old ones, so the
 * next debit goes to the account as the bank knows it (NACHA: an Originator makes the change
 * within six banking days or before the next entry). Answers the method's id and its account as
 * corrected (its number in clear only in memory, for the copies the waiting payments keep), or
 * undefined when the payer keeps no such account (one typed for the payment and not saved, or
 * deleted since: nothing to correct).
 */
export async function applyAchCorrection(
  db: Kysely<Database>,
  dataProtector: DataProtector,
  debit: DebitOfNotice,
  correction: AchCorrection,
): Promise<
  | {
      methodId: number;
      routingNumber: string;
      accountNumber: string;
      accountType: 'Checking' | 'Savings';
    }
  | undefined
> {
  const found = await savedAccountOfDebit(db, dataProtector, debit);
  if (!found) return undefined;
  const { method } = found;
  if (!method.routing_number || !method.account_number_sealed) return undefined;
  const routingNumber = correction.routingNumber ?? method.routing_number;
  const accountNumber =
    correction.accountNumber ??
    found.accountNumber ??
    dataProtector.decrypt(method.account_number_sealed);
  const accountType =
    correction.accountType ?? (method.ach_account_type === 'Savings' ? 'Savings' : 'Checking');
  const changed = await correctSavedAchAccount(
    db,
    { institutionId: debit.institution_id, userId: debit.user_id },
    method.id,
    {
      routing_number: routingNumber,
      account_number_sealed: dataProtector.encrypt(accountNumber),
      last_four: lastFourOf(accountNumber),
      duplicate_key: achDuplicateKey(dataProtector, routingNumber, accountNumber),
      ach_account_type: accountType,
    },
  );
  return changed ? { methodId: method.id, routingNumber, accountNumber, accountType } : undefined;
}
