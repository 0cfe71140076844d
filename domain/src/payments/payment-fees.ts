import type { Cents } from '../rules/money';
import type { PaymentKind } from './payment-eligibility';
import type { DebitCreditType } from './payment-forms';

/**
 * Payment fees and totals (spec 001 section 9): the first-party fee by method and kind, the
 * third-party fee, the processing fee, the payment total and the amount an ACH draft agreement
 * charges. Every fee the specs and settings name is a flat amount, so nothing here rounds: all
 * figures are whole cents and only ever added.
 */

/** The method a fee depends on: ACH, or a card as debit or credit (DebitCreditType). */
export type FeeMethod = { type: 'ACH' } | { type: 'Card'; debitCredit: DebitCreditType };

/**
 * The account's first-party fees (GetPaymentInfo's PaymentOptions.FirstPartyFees), in cents.
 */
export interface FirstPartyFees {
  /** ScheduledAchFee: a future-dated one-time ACH payment. */
  scheduledAchFeeCents: Cents;
  /** ECheckFeeAmount: an immediate ACH payment. */
  eCheckFeeCents: Cents;
  /** RecurringAchFee: each recurring ACH payment. */
  recurringAchFeeCents: Cents;
  /** DebitCardFeeAmount: any debit card payment. */
  debitCardFeeCents: Cents;
  /** CreditCardFeeAmount: any credit card payment. */
  creditCardFeeCents: Cents;
}

export const NO_FIRST_PARTY_FEES: FirstPartyFees = {
  scheduledAchFeeCents: 0,
  eCheckFeeCents: 0,
  recurringAchFeeCents: 0,
  debitCardFeeCents: 0,
  creditCardFeeCents: 0,
};

function assertFee(name: string, cents: number): void {
  if (!Number.isSafeInteger(cents) || cents < 0) {
    throw new RangeError(`${name} must be a whole number of cents, 0 or more, got ${cents}`);
  }
}

/**
 * The first-party fee: for ACH by kind (immediate is the e-check fee, scheduled the scheduled ACH
 * fee, recurring the recurring ACH fee); for a card by debit or credit, whatever the kind.
 */
export function firstPartyFee(fees: FirstPartyFees, method: FeeMethod, kind: PaymentKind): Cents {
  const [name, cents] = firstPartyFeeEntry(fees, method, kind);
  assertFee(`FirstPartyFees.${name}`, cents);
  return cents;
}

function firstPartyFeeEntry(
  fees: FirstPartyFees,
  method: FeeMethod,
  kind: PaymentKind,
): [keyof FirstPartyFees, Cents] {
  if (method.type === 'Card') {
    return method.debitCredit === 'DebitCard'
      ? ['debitCardFeeCents', fees.debitCardFeeCents]
      : ['creditCardFeeCents', fees.creditCardFeeCents];
  }
  switch (kind) {
    case 'immediate':
      return ['eCheckFeeCents', fees.eCheckFeeCents];
    case 'scheduled':
      return ['scheduledAchFeeCents', fees.scheduledAchFeeCents];
    case 'recurring':
      return ['recurringAchFeeCents', fees.recurringAchFeeCents];
  }
}

/** The body of POST /api/PaymentInformation/GetThirdPartyFee. */
export interface ThirdPartyFeeRequest {
  IsAch: boolean;
  IsCreditCard: boolean;
  IsDebitCard: boolean;
  IsImmediate: boolean;
  IsOneTime: boolean;
  IsRecurring: boolean;
  LoanNumber: string;
}

/** The third-party fee request for a method and kind (one-time means immediate or scheduled). */
export function thirdPartyFeeRequest(
  method: FeeMethod,
  kind: PaymentKind,
  loanNumber: string,
): ThirdPartyFeeRequest {
  return {
    IsAch: method.type === 'ACH',
    IsCreditCard: method.type === 'Card' && method.debitCredit === 'CreditCard',
    IsDebitCard: method.type === 'Card' && method.debitCredit === 'DebitCard',
    IsImmediate: kind === 'immediate',
    IsOneTime: kind !== 'recurring',
    IsRecurring: kind === 'recurring',
    LoanNumber: loanNumber,
  };
}

/** The institution's third-party fees, in cents. */
export interface ThirdPartyFeeSettings {
  /** `paymentAmountOptions.useThirdPartyFeeOption`: off means every third-party fee is 0. */
  useThirdPartyFee: boolean;
  /** `paymentAmountOptions.thirdPartyAchFee` (default 0). */
  achFeeCents: Cents;
  /** `paymentAmountOptions.thirdPartyDebitCardFee` (default 0). */
  debitCardFeeCents: Cents;
  /** `paymentAmountOptions.thirdPartyCreditCardFee` (default 0). */
  creditCardFeeCents: Cents;
}

/**
 * The server's ThirdPartyFeeAmount for a request: the method's fee, the same for every kind (the
 * settings give one fee per method), or 0 when `useThirdPartyFeeOption` is off. Undefined for a
 * request that names not exactly one method, or not exactly one of one-time and recurring, or
 * that is immediate and recurring at once: the server answers it as invalid.
 */
export function thirdPartyFeeFor(
  request: Omit<ThirdPartyFeeRequest, 'LoanNumber'>,
  settings: ThirdPartyFeeSettings,
): Cents | undefined {
  const methods = [request.IsAch, request.IsCreditCard, request.IsDebitCard].filter(Boolean);
  if (methods.length !== 1) return undefined;
  if (request.IsOneTime === request.IsRecurring) return undefined;
  if (request.IsImmediate && request.IsRecurring) return undefined;
  if (!settings.useThirdPartyFee) return 0;
  const [name, cents] = request.IsAch
    ? ['thirdPartyAchFee', settings.achFeeCents]
    : request.IsDebitCard
      ? ['thirdPartyDebitCardFee', settings.debitCardFeeCents]
      : ['thirdPartyCreditCardFee', settings.creditCardFeeCents];
  assertFee(`paymentAmountOptions.${name}`, cents);
  return cents;
}

/** A payment's money (the spec's Total: amount, firstPartyFee, thirdPartyFee, additionalPrincipal). */
export interface PaymentMoney {
  amountCents: Cents;
  firstPartyFeeCents: Cents;
  thirdPartyFeeCents: Cents;
  additionalPrincipalCents: Cents;
}

function assertMoney(money: PaymentMoney): void {
  assertFee('amountCents', money.amountCents);
  assertFee('firstPartyFeeCents', money.firstPartyFeeCents);
  assertFee('thirdPartyFeeCents', money.thirdPartyFeeCents);
  assertFee('additionalPrincipalCents', money.additionalPrincipalCents);
}

/** The Processing Fee line: first-party fee plus third-party fee. */
export function processingFee(
  money: Pick<PaymentMoney, 'firstPartyFeeCents' | 'thirdPartyFeeCents'>,
): Cents {
  assertFee('firstPartyFeeCents', money.firstPartyFeeCents);
  assertFee('thirdPartyFeeCents', money.thirdPartyFeeCents);
  return money.firstPartyFeeCents + money.thirdPartyFeeCents;
}

/**
 * The Payment Total: amount plus both fees plus additional principal. For a recurring line of
 * credit paying the total due the amount is 0 and the total step shows instead that the amount
 * is calculated at payment time.
 */
export function paymentTotal(money: PaymentMoney): Cents {
  assertMoney(money);
  return (
    money.amountCents +
    money.firstPartyFeeCents +
    money.thirdPartyFeeCents +
    money.additionalPrincipalCents
  );
}

/**
 * What an ACH draft agreement says will be charged: the payment amount plus the first- and
 * third-party fees. The additional principal is not in it (spec 001 section 9); the preview
 * call carries it separately (AdditionalPrincipal).
 */
export function achDraftChargedAmount(
  money: Pick<PaymentMoney, 'amountCents' | 'firstPartyFeeCents' | 'thirdPartyFeeCents'>,
): Cents {
  assertFee('amountCents', money.amountCents);
  return money.amountCents + processingFee(money);
}
