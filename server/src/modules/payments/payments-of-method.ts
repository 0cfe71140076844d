import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { cancelPaymentsOfMethod, type PaymentOwner } from './payments.repository';

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
