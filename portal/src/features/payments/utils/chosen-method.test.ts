import { describe, expect, it } from 'vitest';
import { isSingleUse, requestMethodOf, savedWithPayment, type ChosenMethod } from './chosen-method';

const CARD = {
  IsCard: true as const,
  CardInfo: {
    CardType: 'visa' as const,
    CardNumber: '4242',
    ExpirationDate: '12/29',
    ProfileId: 'tok_1',
    DebitCreditType: 'CreditCard' as const,
  },
};
const ACH = {
  AccountType: 'Checking' as const,
  RoutingNumber: '011099990',
  AccountNumber: '20480113',
  OwnerName: 'Jordan Rivers',
};

describe('a new method saved with the payment (issue 20 item 9)', () => {
  it('asks the payment to save a ticked new card or bank account, and counts it as saved', () => {
    const card: ChosenMethod = { kind: 'singleUseCard', method: CARD, save: true };
    const ach: ChosenMethod = { kind: 'singleUseAch', ach: ACH, save: true };
    expect(requestMethodOf(card)).toEqual({ ...CARD, SavePaymentMethod: true });
    expect(requestMethodOf(ach)).toEqual({ IsCard: false, AchInfo: ACH, SavePaymentMethod: true });
    expect(isSingleUse(card)).toBe(false);
    expect(savedWithPayment(ach)).toBe(true);
  });

  it('leaves an unticked new method single use, and a saved one as it is', () => {
    const once: ChosenMethod = { kind: 'singleUseCard', method: CARD };
    expect(requestMethodOf(once)).toEqual(CARD);
    expect(isSingleUse(once)).toBe(true);
    const saved: ChosenMethod = { kind: 'saved', method: CARD };
    expect(requestMethodOf(saved)).toEqual(CARD);
    expect(savedWithPayment(saved)).toBe(false);
  });
});
