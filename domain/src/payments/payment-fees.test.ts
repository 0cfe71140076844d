import { describe, expect, it } from 'vitest';
import {
  achDraftChargedAmount,
  firstPartyFee,
  NO_FIRST_PARTY_FEES,
  paymentTotal,
  processingFee,
  thirdPartyFeeFor,
  thirdPartyFeeRequest,
  type FeeMethod,
  type FirstPartyFees,
  type ThirdPartyFeeSettings,
} from './payment-fees';
import type { PaymentKind } from './payment-eligibility';

// Each fee different, so picking the wrong one shows.
const FEES: FirstPartyFees = {
  scheduledAchFeeCents: 101,
  eCheckFeeCents: 202,
  recurringAchFeeCents: 303,
  debitCardFeeCents: 404,
  creditCardFeeCents: 505,
};
const ACH: FeeMethod = { type: 'ACH' };
const DEBIT: FeeMethod = { type: 'Card', debitCredit: 'DebitCard' };
const CREDIT: FeeMethod = { type: 'Card', debitCredit: 'CreditCard' };
const KINDS: PaymentKind[] = ['immediate', 'scheduled', 'recurring'];

const THIRD_PARTY: ThirdPartyFeeSettings = {
  useThirdPartyFee: true,
  achFeeCents: 150,
  debitCardFeeCents: 250,
  creditCardFeeCents: 395,
};

describe('the first-party fee', () => {
  it('charges ACH by kind: e-check when immediate, scheduled ACH, recurring ACH', () => {
    expect(firstPartyFee(FEES, ACH, 'immediate')).toBe(202);
    expect(firstPartyFee(FEES, ACH, 'scheduled')).toBe(101);
    expect(firstPartyFee(FEES, ACH, 'recurring')).toBe(303);
  });

  it('charges a card by debit or credit, whatever the kind', () => {
    for (const kind of KINDS) {
      expect(firstPartyFee(FEES, DEBIT, kind)).toBe(404);
      expect(firstPartyFee(FEES, CREDIT, kind)).toBe(505);
    }
  });

  it('is 0 where the account charges none', () => {
    for (const method of [ACH, DEBIT, CREDIT]) {
      for (const kind of KINDS) expect(firstPartyFee(NO_FIRST_PARTY_FEES, method, kind)).toBe(0);
    }
  });

  it('refuses a fee that is not whole cents, naming it', () => {
    expect(() => firstPartyFee({ ...FEES, eCheckFeeCents: 2.5 }, ACH, 'immediate')).toThrow(
      /FirstPartyFees\.eCheckFeeCents/,
    );
    expect(() => firstPartyFee({ ...FEES, creditCardFeeCents: -1 }, CREDIT, 'scheduled')).toThrow(
      /creditCardFeeCents/,
    );
    // Only the fee that applies is read.
    expect(firstPartyFee({ ...FEES, eCheckFeeCents: 2.5 }, ACH, 'scheduled')).toBe(101);
  });
});

describe('the third-party fee', () => {
  it('asks for it with the method and kind flags', () => {
    expect(thirdPartyFeeRequest(ACH, 'immediate', '0001-123456-7')).toEqual({
      IsAch: true,
      IsCreditCard: false,
      IsDebitCard: false,
      IsImmediate: true,
      IsOneTime: true,
      IsRecurring: false,
      LoanNumber: '0001-123456-7',
    });
    expect(thirdPartyFeeRequest(DEBIT, 'scheduled', '1')).toMatchObject({
      IsAch: false,
      IsCreditCard: false,
      IsDebitCard: true,
      IsImmediate: false,
      IsOneTime: true,
      IsRecurring: false,
    });
    expect(thirdPartyFeeRequest(CREDIT, 'recurring', '1')).toMatchObject({
      IsAch: false,
      IsCreditCard: true,
      IsDebitCard: false,
      IsImmediate: false,
      IsOneTime: false,
      IsRecurring: true,
    });
  });

  it('answers the method’s configured fee for every kind', () => {
    for (const kind of KINDS) {
      expect(thirdPartyFeeFor(thirdPartyFeeRequest(ACH, kind, '1'), THIRD_PARTY)).toBe(150);
      expect(thirdPartyFeeFor(thirdPartyFeeRequest(DEBIT, kind, '1'), THIRD_PARTY)).toBe(250);
      expect(thirdPartyFeeFor(thirdPartyFeeRequest(CREDIT, kind, '1'), THIRD_PARTY)).toBe(395);
    }
  });

  it('is 0 when the third-party fee setting is off', () => {
    const off = { ...THIRD_PARTY, useThirdPartyFee: false };
    for (const method of [ACH, DEBIT, CREDIT]) {
      expect(thirdPartyFeeFor(thirdPartyFeeRequest(method, 'immediate', '1'), off)).toBe(0);
    }
  });

  it('refuses a request that does not name one method and one kind', () => {
    const good = thirdPartyFeeRequest(ACH, 'scheduled', '1');
    expect(thirdPartyFeeFor({ ...good, IsDebitCard: true }, THIRD_PARTY)).toBeUndefined();
    expect(thirdPartyFeeFor({ ...good, IsAch: false }, THIRD_PARTY)).toBeUndefined();
    expect(thirdPartyFeeFor({ ...good, IsRecurring: true }, THIRD_PARTY)).toBeUndefined();
    expect(thirdPartyFeeFor({ ...good, IsOneTime: false }, THIRD_PARTY)).toBeUndefined();
    expect(
      thirdPartyFeeFor(
        { ...good, IsImmediate: true, IsOneTime: false, IsRecurring: true },
        THIRD_PARTY,
      ),
    ).toBeUndefined();
  });

  it('refuses a configured fee that is not whole cents, naming the setting', () => {
    expect(() =>
      thirdPartyFeeFor(thirdPartyFeeRequest(DEBIT, 'immediate', '1'), {
        ...THIRD_PARTY,
        debitCardFeeCents: 0.5,
      }),
    ).toThrow(/paymentAmountOptions\.thirdPartyDebitCardFee/);
  });
});

describe('processing fee and totals', () => {
  const money = {
    amountCents: 25_000,
    firstPartyFeeCents: 303,
    thirdPartyFeeCents: 150,
    additionalPrincipalCents: 10_000,
  };

  it('adds the first- and third-party fees into the processing fee', () => {
    expect(processingFee(money)).toBe(453);
    expect(processingFee({ firstPartyFeeCents: 0, thirdPartyFeeCents: 0 })).toBe(0);
  });

  it('totals the amount, both fees and the additional principal', () => {
    expect(paymentTotal(money)).toBe(35_453);
    expect(
      paymentTotal({
        ...money,
        firstPartyFeeCents: 0,
        thirdPartyFeeCents: 0,
        additionalPrincipalCents: 0,
      }),
    ).toBe(25_000);
    // A recurring line of credit paying the total due sends 0: only fees and principal remain.
    expect(paymentTotal({ ...money, amountCents: 0 })).toBe(10_453);
  });

  it('charges the amount and both fees in the ACH draft agreement, not the additional principal', () => {
    expect(achDraftChargedAmount(money)).toBe(25_453);
  });

  it('refuses amounts that are not whole cents', () => {
    expect(() => paymentTotal({ ...money, additionalPrincipalCents: 0.1 })).toThrow(
      /additionalPrincipalCents/,
    );
    expect(() => achDraftChargedAmount({ ...money, amountCents: -1 })).toThrow(/amountCents/);
    expect(() => processingFee({ firstPartyFeeCents: 1, thirdPartyFeeCents: Number.NaN })).toThrow(
      /thirdPartyFeeCents/,
    );
  });
});
