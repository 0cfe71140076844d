import {
  PAYMENT_CARD_TYPE_NAMES,
  PAYMENT_CARD_TYPES,
  type StaffPaymentMethod,
} from '@portal/domain';

/** How staff read a payment's method: its kind and last four digits, never more. */
export function methodText(method: StaffPaymentMethod): string {
  if (!method.isCard) return `Bank account ending in ${method.lastFour}`;
  const brand = PAYMENT_CARD_TYPES.find((type) => type === method.cardType);
  return `${brand ? PAYMENT_CARD_TYPE_NAMES[brand] : 'Card'} ending in ${method.lastFour}`;
}
