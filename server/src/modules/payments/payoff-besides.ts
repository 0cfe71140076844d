import { payoffLessInFlight, type CalendarDate } from '@portal/domain';
import type { Kysely } from 'kysely';
import type { ServicingCore } from '../../core/servicing-core';
import type { Database } from '../../db/schema';
import { loanAmountInFlight, type PaymentRow } from './payments.repository';

/**
 * What pays a payment's loan off on `asOf` besides that payment: the core's payoff then, less the
 * loan's other payments in flight and, with `scheduledThrough`, its other one-time payments
 * scheduled on or before that day (domain payoffLessInFlight). The one computation behind a
 * scheduled payment's check before its money moves and a payoff's receipt (payment-settlement.ts)
 * and a scheduled payoff's warning (payment-timeline.ts). Undefined when the core gives no quote.
 */
export async function payoffBesides(
  deps: { db: Kysely<Database>; core: Pick<ServicingCore, 'payoffQuote'> },
  payment: Pick<PaymentRow, 'id' | 'institution_id' | 'customer_id' | 'loan_number'>,
  asOf: CalendarDate,
  options: { scheduledThrough?: CalendarDate } = {},
): Promise<{ quoteCents: number; leftCents: number } | undefined> {
  const quote = await deps.core.payoffQuote(
    { institutionId: payment.institution_id, customerId: payment.customer_id },
    payment.loan_number,
    asOf,
  );
  if (!quote) return undefined;
  const others = await loanAmountInFlight(deps.db, payment.institution_id, payment.loan_number, {
    excluding: payment.id,
    ...options,
  });
  return {
    quoteCents: quote.totalCents,
    leftCents: payoffLessInFlight(quote.totalCents, others).totalCents,
  };
}
