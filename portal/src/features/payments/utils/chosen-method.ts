import {
  lastFourOf,
  type FeeMethod,
  type NewAchPaymentMethod,
  type PaymentRequestMethod,
  type PaymentType,
  type ReviewedMethod,
  type SavedPaymentMethod,
} from '@portal/domain';

export type SavedCard = Extract<SavedPaymentMethod, { IsCard: true }>;

/**
 * The method the payment is made with: a saved method, a new card (tokenized by
 * AddCardPaymentMethod: only its token and last four are held), or a new bank account (the new
 * ACH payload, held in memory until the payment is sent). A new one with `save` (the ticked 'Save
 * Payment Profile') is saved with the payment (issue 20 item 9), and counts as saved for the
 * scheduling rules; without it, it is used once.
 */
export type ChosenMethod =
  | { kind: 'saved'; method: SavedPaymentMethod }
  | { kind: 'singleUseCard'; method: SavedCard; save?: boolean }
  | { kind: 'singleUseAch'; ach: NewAchPaymentMethod; save?: boolean };

export function paymentTypeOf(chosen: ChosenMethod): PaymentType {
  if (chosen.kind === 'singleUseAch') return 'ACH';
  return chosen.method.IsCard ? 'Card' : 'ACH';
}

export function isSingleUse(chosen: ChosenMethod): boolean {
  return chosen.kind !== 'saved' && chosen.save !== true;
}

/** A new method that the payment will save (issue 20 item 9). */
export function savedWithPayment(chosen: ChosenMethod | undefined): boolean {
  return chosen !== undefined && chosen.kind !== 'saved' && chosen.save === true;
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
    return `ach-once:${chosen.ach.RoutingNumber}:${chosen.ach.AccountNumber}:${chosen.save === true}`;
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
  const save = savedWithPayment(chosen) ? { SavePaymentMethod: true } : {};
  if (chosen.kind === 'singleUseAch') return { IsCard: false, AchInfo: chosen.ach, ...save };
  if (chosen.kind === 'singleUseCard') {
    return { IsCard: true, CardInfo: chosen.method.CardInfo, ...save };
  }
  return chosen.method.IsCard
    ? { IsCard: true, CardInfo: chosen.method.CardInfo }
    : { IsCard: false, AchInfo: chosen.method.AchInfo };
}

/** The method as the payment summary shows it: its type and last four only. */
export function reviewedMethodOf(chosen: ChosenMethod): ReviewedMethod {
  if (chosen.kind === 'singleUseAch') {
    return {
      IsCard: false,
      AccountType: chosen.ach.AccountType,
      lastFour: lastFourOf(chosen.ach.AccountNumber),
    };
  }
  return chosen.method.IsCard
    ? {
        IsCard: true,
        CardType: chosen.method.CardInfo.CardType,
        lastFour: chosen.method.CardInfo.CardNumber,
      }
    : {
        IsCard: false,
        AccountType: chosen.method.AchInfo.AccountType,
        lastFour: chosen.method.AchInfo.AccountNumber,
      };
}
