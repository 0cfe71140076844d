import { paymentTotal } from '@portal/domain';

/** The money columns of a stored payment. */
export interface StoredPaymentMoney {
  amount_cents: number;
  additional_principal_cents: number;
  first_party_fee_cents: number;
  third_party_fee_cents: number;
}

/**
 * The Payment Total of a stored payment, by the domain's one rule (`paymentTotal`: amount,
 * additional principal and both fees): what its charge or debit moves, what its e-mails, the
 * staff's search and the reconciliation show.
 */
export function storedPaymentTotal(payment: StoredPaymentMoney): number {
  return paymentTotal({
    amountCents: payment.amount_cents,
    additionalPrincipalCents: payment.additional_principal_cents,
    firstPartyFeeCents: payment.first_party_fee_cents,
    thirdPartyFeeCents: payment.third_party_fee_cents,
  });
}
