import { formatUsd, PAYMENT_CARD_TYPE_NAMES, PAYMENT_CARD_TYPES } from '@portal/domain';
import type { OutgoingMail } from '../mail/mail.service';
import type { PaymentRow } from './payments.repository';

/**
 * The e-mail receipt of a posted payment.
 *
 * Decision (the settings schema has no receipt texts yet, and this module may not add keys):
 * the wording is fixed here, in the spec's register; `emailTexts.paymentReceiptSubjectText` and
 * `...BodyText` are the natural keys once the schema grows them. The receipt names the
 * confirmation number, the loan, the date, the amounts and the method by its kind and last four
 * digits only: never a full card or account number.
 */
export function paymentReceiptEmail(input: {
  institutionName: string;
  to: string;
  payment: PaymentRow;
}): OutgoingMail {
  const { payment } = input;
  const fees = payment.first_party_fee_cents + payment.third_party_fee_cents;
  const total = payment.amount_cents + payment.additional_principal_cents + fees;
  const brand = PAYMENT_CARD_TYPES.find((type) => type === payment.card_type);
  const method = payment.is_card
    ? `${brand ? PAYMENT_CARD_TYPE_NAMES[brand] : 'Card'} ending in ${payment.last_four}`
    : `Account ending in ${payment.last_four}`;
  const lines = [
    `Thank you. ${input.institutionName} has received your payment.`,
    '',
    `Confirmation number: ${payment.reference_number}`,
    `Loan: ${payment.loan_number}`,
    `Payment date: ${payment.pay_date}`,
    `Payment amount: ${formatUsd(payment.amount_cents)}`,
    ...(payment.additional_principal_cents > 0
      ? [`Additional principal: ${formatUsd(payment.additional_principal_cents)}`]
      : []),
    ...(fees > 0 ? [`Processing fee: ${formatUsd(fees)}`] : []),
    `Total: ${formatUsd(total)}`,
    `Paid with: ${method}`,
  ];
  return {
    institutionId: payment.institution_id,
    to: input.to,
    subject: `Payment received: ${payment.reference_number}`,
    body: lines.join('\n'),
  };
}
