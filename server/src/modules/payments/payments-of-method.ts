import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import {
  cancelPaymentsOfMethod,
  listPaymentsOfMethod,
  type PaymentOwner,
} from './payments.repository';

/**
 * What removing a saved method does to the payments (spec 001): the user's waiting scheduled
 * payments and dates, and active recurring payments, made with it are cancelled. Pass the
 * transaction that deletes the method as `db`, so both happen or neither. Answers how many of
 * each were cancelled.
 */
export function cancelPaymentsMadeWith(
  db: Kysely<Database>,
  owner: PaymentOwner,
  methodId: number,
  at: Date,
): Promise<{ payments: number; recurring: number }> {
  return cancelPaymentsOfMethod(db, owner, methodId, at);
}

/**
 * The payments removing a saved method would cancel (issue 20 item 9: the delete dialog names
 * them), chosen as cancelPaymentsMadeWith chooses them.
 */
export function paymentsMadeWith(db: Kysely<Database>, owner: PaymentOwner, methodId: number) {
  return listPaymentsOfMethod(db, owner, methodId);
}
