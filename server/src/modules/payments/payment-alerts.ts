import type { CalendarDate } from '@portal/domain';
import type { PaymentFacts } from '../notifications/notification-events';
import type { EmailSettings } from '../mail/emails';
import { methodText } from './payment-receipt';
import type { PaymentRow } from './payments.repository';

type PaymentFiguresRow = Pick<
  PaymentRow,
  | 'id'
  | 'loan_number'
  | 'reference_number'
  | 'amount_cents'
  | 'additional_principal_cents'
  | 'first_party_fee_cents'
  | 'third_party_fee_cents'
  | 'is_card'
  | 'card_type'
  | 'last_four'
>;

/**
 * What a payment's alerts say of it (notifications' PaymentFacts): the total the borrower pays
 * (amount, additional principal and fees, as the receipt's total), the method by its last four
 * digits, the confirmation number. Works for a payment and a recurring payment's row alike.
 */
export function paymentFactsOf(
  settings: EmailSettings,
  row: PaymentFiguresRow,
  payDate: CalendarDate,
): PaymentFacts {
  return {
    paymentId: row.id,
    loanNumber: row.loan_number,
    amountCents:
      row.amount_cents +
      row.additional_principal_cents +
      row.first_party_fee_cents +
      row.third_party_fee_cents,
    payDate,
    method: methodText(settings, row),
    confirmationNumber: row.reference_number,
  };
}
