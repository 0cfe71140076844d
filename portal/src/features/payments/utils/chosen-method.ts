import {
  lastFourOf,
  type FeeMethod,
  type NewAchPaymentMethod,
  type PaymentRequestMethod,
  type PaymentType,
  type SavedPaymentMethod,
} from '@portal/domain';

export type SavedCard = Extract<SavedPaymentMethod, { IsCard: true }>;

/**
 * The method the payment is made with: a saved method, a single-use card (tokenized by
 * AddCardPaymentMethod without saving: only its token and last four are held), or a single-use
 * bank account (the new ACH payload, held in memory until the payment is sent).
 */
export type ChosenMethod =
  | { kind: 'saved'; method: SavedPaymentMethod }
  | { kind: 'singleUseCard'; method: SavedCard }
  | { kind: 'singleUseAch'; ach: NewAchPaymentMethod };

export function paymentTypeOf(chosen: ChosenMethod): PaymentType {
  if (chosen.kind === 'singleUseAch') return 'ACH';
  return chosen.method.IsCard ? 'Card' : 'ACH';
}

export function isSingleUse(chosen: ChosenMethod): boolean {
  return chosen.kind !== 'saved';
}

export function chosenLastFour(chosen: ChosenMethod): string {
  if (chosen.kind === 'singleUseAch') return lastFourOf(chosen.ach.AccountNumber);
  return savedLastFour(chosen.method);
}

export function savedLastFour(method: SavedPaymentMethod): string {
  return method.IsCard ? method.CardInfo.CardNumber : method.AchInfo.AccountNumber;
}

export function profileIdOf(method: SavedPaymentMethod): string {
  return method.IsCard ? method.CardInfo.ProfileId : method.AchInfo.ProfileId;
}

export function sameSavedMethod(a: SavedPaymentMethod, b: SavedPaymentMethod): boolean {
  return a.IsCard === b.IsCard && profileIdOf(a) === profileIdOf(b);
}

/** A stable identity, for resetting the later steps when the method changes. */
export function chosenMethodKey(chosen: ChosenMethod | undefined): string {
  if (!chosen) return 'none';
  if (chosen.kind === 'singleUseAch') {
    return `ach-once:${chosen.ach.RoutingNumber}:${chosen.ach.AccountNumber}`;
  }
  return `${chosen.kind}:${chosen.method.IsCard ? 'card' : 'ach'}:${profileIdOf(chosen.method)}`;
}

export function feeMethodOf(chosen: ChosenMethod): FeeMethod {
  if (chosen.kind !== 'singleUseAch' && chosen.method.IsCard) {
    return { type: 'Card', debitCredit: chosen.method.CardInfo.DebitCreditType };
  }
  return { type: 'ACH' };
}

export function requestMethodOf(chosen: ChosenMethod): PaymentRequestMethod {
  if (chosen.kind === 'singleUseAch') return { IsCard: false, AchInfo: chosen.ach };
  return chosen.method.IsCard
    ? { IsCard: true, CardInfo: chosen.method.CardInfo }
    : { IsCard: false, AchInfo: chosen.method.AchInfo };
}
