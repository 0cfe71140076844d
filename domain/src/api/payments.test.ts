import { SETTING_DEFINITIONS } from '@portal/settings-schema';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PAYMENT_AMOUNT_ERROR_KEY } from '../payments/payment-amounts';
import {
  PAYMENT_DATE_ISSUE_ERROR_KEYS,
  RECURRING_DATE_ISSUE_ERROR_KEYS,
} from '../payments/payment-dates';
import { holdSubmitError, permissionSubmitError } from '../payments/payment-eligibility';
import { thirdPartyFeeRequest } from '../payments/payment-fees';
import {
  AchDraftPreviewQuery,
  AchDraftPreviewRequest,
  AchDraftPreviewResponse,
  AchDraftsResponse,
  AchInfo,
  AddAchPaymentMethodRequest,
  AddCardPaymentMethodRequest,
  AddPaymentMethodResponse,
  CardInfo,
  CardLastFour,
  DeletePaymentRequest,
  DeletePaymentResponse,
  GetThirdPartyFeeRequest,
  IdempotencyKey,
  PAYMENT_CALLS,
  PAYMENT_DELETION_ERROR_TEXT_KEYS,
  PAYMENT_DELETION_ERRORS,
  PAYMENT_INFO_ERROR_TEXT_KEYS,
  PAYMENT_INFO_ERRORS,
  PAYMENT_METHOD_DELETED_TEXT,
  PAYMENT_METHOD_ERROR_TEXT_KEYS,
  PAYMENT_METHOD_ERRORS,
  PAYMENT_OTHER_ERROR_TEXT_KEYS,
  PAYMENT_OTHER_ERRORS,
  PassableTokenText,
  PaymentConfirmation,
  PaymentInfoQuery,
  PaymentInfoResponse,
  PaymentMethodsRequest,
  PaymentMethodsResponse,
  PaymentRequest,
  RecurringPaymentRequest,
  RemoveDefaultPaymentMethodQuery,
  RenderAchDraftAgreementQuery,
  RenderAchDraftAgreementRequest,
  RoutingLookupQuery,
  RoutingLookupResponse,
  SetDefaultPaymentMethodRequest,
  SUBMIT_ERROR_TEXT_KEYS,
  SUBMIT_ERRORS,
  SubmitPaymentResponse,
  ThirdPartyFeeResponse,
  ValidateAchPaymentMethodRequest,
} from './payments';
import { toWire } from './money';

const LOAN = '0001-123456-7';
const OK = { HasNoErrors: true, Errors: [] };
const FAILED = (message: string) => ({ HasNoErrors: false, Errors: [{ ErrorMessage: message }] });
const DRAFT_ID = '3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b';

const savedCard = {
  CardType: 'visa',
  CardNumber: '4242',
  ExpirationDate: '12/29',
  ProfileId: 'tok_7Hq2xLp9',
  DebitCreditType: 'DebitCard',
} as const;
const savedAch = { AccountType: 'Checking', AccountNumber: '6789', ProfileId: 'ach_51' } as const;
const newAch = {
  AccountType: 'Savings',
  RoutingNumber: '011000015',
  AccountNumber: '000123456789',
  OwnerName: 'Jordan Avery',
} as const;

const paymentInfo = {
  ...OK,
  DueDate: '2026-04-01T00:00:00',
  PaymentDetails: {
    LoanAccountNumber: LOAN,
    PaymentDate: '2026-04-01',
    PaymentAmount: 412.37,
    Company: 0,
  },
  PaymentOptions: {
    AllowACH: true,
    AllowCards: true,
    NumberDaysInPeriod: 30,
    RecurringAllowed: true,
    FirstPartyFees: {
      ScheduledAchFee: 0,
      ECheckFeeAmount: 1.5,
      RecurringAchFee: 0,
      DebitCardFeeAmount: 2.95,
      CreditCardFeeAmount: 3.95,
    },
  },
  ScheduledPayments: [
    {
      EncryptedString: 'sch_9d8c7b',
      IsCard: false,
      AccountNumber: '6789',
      PaymentDate: '2026-03-20',
      PaymentAmount: 100,
      CanDelete: true,
      HasBeenPosted: false,
      Status: 'scheduled',
    },
  ],
  RecurringPayment: {
    EncryptedData: 'rec_1a2b3c',
    IsCard: true,
    Date: '2026-03-27',
    RecurringOption: 'DaysBeforeDue',
    NumberOfDays: 5,
    TotalAmount: 412.37,
    AdditionalPrincipalAmount: 0,
    PaymentAccountNum: '4242',
    CanDelete: true,
  },
  PaymentMethods: [
    { IsCard: true, CardInfo: savedCard },
    { IsCard: false, AchInfo: savedAch },
  ],
  DefaultPaymentMethod: { IsCard: false, AchInfo: savedAch },
  Delinquent: false,
  TotalAmountDue: 412.37,
  PayOffAmount: 18_250.04,
  LoanBillingFrequency: 'Monthly',
  FeesAndCharges: 0,
  accountType: 0,
  RestrictionCode: '',
  NonPaymentDays: ['2026-05-25', '2026-07-03'],
  NonSchedulablePaymentDays: [],
  MailPreference: 1,
  BlockImmediateACHPaymentsAfterCutoffTime: true,
  AdjustedACHPaymentDateAfterCutoffTime: '2026-03-16',
};

const newCard = {
  BillingAddress: {
    ZipCode: '30301',
    Address1: '12 Peachtree St',
    Address2: '',
    City: 'Atlanta',
    State: 'GA',
  },
  CardHolderFirstName: 'Jordan',
  CardHolderLastName: 'Avery',
  CardNumber: '4242424242424242',
  ExpirationDate: '08/29',
  SecurityCode: '123',
  CardType: 'visa',
  DebitCreditType: 'DebitCard',
  LoanAccountNumber: LOAN,
};

const payment = {
  EncryptedData: '',
  Payment: {
    LogonName: 'jordan',
    Details: {
      PaymentDate: '2026-03-16',
      LoanAccountNumber: LOAN,
      Company: 0,
      PaymentAmount: 412.37,
      FirstPartyFee: 2.95,
      ThirdPartyFee: 0,
      AdditionalPrincipalAmount: 0,
    },
    AccountType: 0,
    IsPayoff: false,
    Method: { IsCard: true, CardInfo: savedCard },
  },
};

const recurringPayment = {
  ...payment,
  AchDraftAgreementToken: 'draft_5e6f',
  Payment: {
    ...payment.Payment,
    Details: { ...payment.Payment.Details, FirstPartyFee: 0, AdditionalPrincipalAmount: 25 },
    Method: { IsCard: false, AchInfo: savedAch },
    RecurringDetails: { RecurringOption: 'DaysBeforeDue', DaysBeforeDue: 3 },
  },
};

/** A copy of `value` with `replacement` at `path`. */
function withValue(
  value: unknown,
  path: readonly (string | number)[],
  replacement: unknown,
): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return replacement;
  if (Array.isArray(value)) {
    return value.map((item: unknown, index) =>
      index === key ? withValue(item, rest, replacement) : item,
    );
  }
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, item]: [string, unknown]) => [
      name,
      name === String(key) ? withValue(item, rest, replacement) : item,
    ]),
  );
}

describe('payment info (GET GetPaymentInfo)', () => {
  it('reads a loan with fees, a scheduled and a recurring payment, and saved methods', () => {
    const parsed = PaymentInfoResponse.parse(paymentInfo);
    // The wire's dollars are cents once parsed, and encode back to the same dollars.
    expect(parsed.HasNoErrors && parsed.PaymentOptions.FirstPartyFees.DebitCardFeeAmount).toBe(295);
    expect(toWire(PaymentInfoResponse, parsed)).toEqual(paymentInfo);
    expect(PaymentInfoQuery.parse({ accountNumber: LOAN })).toEqual({ accountNumber: LOAN });
  });

  it('answers an error as the bare envelope, without the fields', () => {
    expect(PaymentInfoResponse.parse(FAILED('NiteMode'))).toEqual(FAILED('NiteMode'));
    expect(() => PaymentInfoResponse.parse({ ...paymentInfo, DueDate: undefined })).toThrow();
  });

  it.each([
    ['a negative fee', ['PaymentOptions', 'FirstPartyFees', 'ECheckFeeAmount'], -1.5],
    ['an amount with three decimals', ['TotalAmountDue'], 412.375],
    ['an unknown recurring option', ['RecurringPayment', 'RecurringOption'], 'Monthly'],
    [
      'a whole card number as the last four',
      ['PaymentMethods', 0, 'CardInfo', 'CardNumber'],
      '4242424242424242',
    ],
    ['five digits as the last four', ['PaymentMethods', 0, 'CardInfo', 'CardNumber'], '42424'],
    [
      'a whole account number as the last four',
      ['DefaultPaymentMethod', 'AchInfo', 'AccountNumber'],
      '000123456789',
    ],
    ['a non-date', ['NonPaymentDays', 0], '2026-02-30'],
    ['a fractional day count', ['PaymentOptions', 'NumberDaysInPeriod'], 1.5],
    ['an account type as text', ['accountType'], '9'],
  ])('refuses %s', (_name, path, value) => {
    expect(PaymentInfoResponse.safeParse(withValue(paymentInfo, path, value)).success).toBe(false);
  });
});

describe('payment methods', () => {
  it('lists the methods of a loan with its default', () => {
    expect(PaymentMethodsRequest.parse({ AccountNumber: LOAN }).AccountNumber).toBe(LOAN);
    const parsed = PaymentMethodsResponse.parse({
      ...OK,
      PaymentMethods: [{ IsCard: true, CardInfo: savedCard }],
      DefaultPaymentMethod: null,
    });
    expect(parsed.PaymentMethods).toHaveLength(1);
  });

  it('sets and removes the default method', () => {
    expect(
      SetDefaultPaymentMethodRequest.parse({
        AccountNumber: LOAN,
        PaymentMethod: { IsCard: false, AchInfo: savedAch },
      }).PaymentMethod.IsCard,
    ).toBe(false);
    expect(RemoveDefaultPaymentMethodQuery.safeParse({ accountNumber: LOAN }).success).toBe(true);
    expect(RemoveDefaultPaymentMethodQuery.safeParse({ accountNumber: '' }).success).toBe(false);
    expect(
      SetDefaultPaymentMethodRequest.safeParse({
        AccountNumber: LOAN,
        PaymentMethod: { IsCard: true, AchInfo: savedAch },
      }).success,
    ).toBe(false);
  });

  it('takes a new card with its number and security code, saved by default', () => {
    const parsed = AddCardPaymentMethodRequest.parse(newCard);
    expect(parsed.SavePaymentProfile).toBe(true);
    expect(parsed.CardNumber).toBe('4242424242424242');
    expect(
      AddCardPaymentMethodRequest.parse({ ...newCard, SavePaymentProfile: false })
        .SavePaymentProfile,
    ).toBe(false);
  });

  it.each([
    ['a card number with spaces', { CardNumber: '4242 4242 4242 4242' }],
    ['a card number of letters', { CardNumber: '4242abcd42424242' }],
    ['a 20-digit card number', { CardNumber: '4'.repeat(20) }],
    ['a 5-digit security code', { SecurityCode: '12345' }],
    ['a security code as a number', { SecurityCode: 123 }],
    ['an expiry without the slash', { ExpirationDate: '0829' }],
    ['month 13', { ExpirationDate: '13/29' }],
    ['an unknown card type', { CardType: 'diners' }],
    ['an unknown debit/credit type', { DebitCreditType: 'Prepaid' }],
    ['a blank first name', { CardHolderFirstName: '  ' }],
    ['a 101-character last name', { CardHolderLastName: 'a'.repeat(101) }],
    ['a 4-digit zip code', { BillingAddress: { ...newCard.BillingAddress, ZipCode: '3030' } }],
    [
      'a 101-character address',
      { BillingAddress: { ...newCard.BillingAddress, Address1: 'a'.repeat(101) } },
    ],
    ['a 41-character loan number', { LoanAccountNumber: '1'.repeat(41) }],
  ])('refuses a new card with %s', (_name, change) => {
    expect(AddCardPaymentMethodRequest.safeParse({ ...newCard, ...change }).success).toBe(false);
  });

  it('takes a new bank account to add or validate', () => {
    expect(AddAchPaymentMethodRequest.parse(newAch)).toEqual(newAch);
    expect(ValidateAchPaymentMethodRequest.parse(newAch)).toEqual(newAch);
  });

  it.each([
    ['an 8-digit routing number', { RoutingNumber: '01100001' }],
    ['an 18-digit account number', { AccountNumber: '1'.repeat(18) }],
    ['an account number with a dash', { AccountNumber: '1234-5678' }],
    ['a money-market account type', { AccountType: 'MoneyMarket' }],
    ['no owner name', { OwnerName: '' }],
  ])('refuses a new bank account with %s', (_name, change) => {
    expect(AddAchPaymentMethodRequest.safeParse({ ...newAch, ...change }).success).toBe(false);
  });

  it('answers a new method as a saved one, or null on an error', () => {
    expect(
      AddPaymentMethodResponse.parse({
        ...OK,
        PaymentMethod: { IsCard: true, CardInfo: savedCard },
      }).PaymentMethod?.IsCard,
    ).toBe(true);
    expect(
      AddPaymentMethodResponse.parse({ ...FAILED('AlreadyExists'), PaymentMethod: null })
        .PaymentMethod,
    ).toBeNull();
  });

  it('deletes a saved method by its AchInfo or CardInfo', () => {
    expect(AchInfo.parse(savedAch)).toEqual(savedAch);
    expect(CardInfo.parse(savedCard)).toEqual(savedCard);
    expect(AchInfo.safeParse({ ...savedAch, ProfileId: '' }).success).toBe(false);
    expect(CardInfo.safeParse({ ...savedCard, ProfileId: 'tok 1' }).success).toBe(false);
  });

  it.each([
    ['a whole card number', '4242424242424242'],
    ['three digits', '424'],
    ['five digits', '42424'],
    ['a masked number', '**** 4242'],
    ['letters', '42a2'],
  ])("refuses %s as a saved card's CardNumber (its last four)", (_name, value) => {
    expect(CardInfo.safeParse({ ...savedCard, CardNumber: value }).success).toBe(false);
  });

  it('knows a saved card by CardNumber (the last four), not by the former LastFour', () => {
    const { CardNumber, ...rest } = savedCard;
    expect(CardInfo.safeParse({ ...rest, LastFour: CardNumber }).success).toBe(false);
  });

  it('looks up a bank by its 9-digit routing number', () => {
    expect(RoutingLookupQuery.safeParse({ routingNumber: '011000015' }).success).toBe(true);
    expect(RoutingLookupQuery.safeParse({ routingNumber: '01100001X' }).success).toBe(false);
    const bank = {
      ...OK,
      Address: '600 Atlantic Ave',
      City: 'Boston',
      State: 'MA',
      Zip: '02210',
      RoutingNumber: '011000015',
      BankExists: true,
      Name: 'Federal Reserve Bank of Boston',
    };
    expect(RoutingLookupResponse.parse(bank).BankExists).toBe(true);
    expect(
      RoutingLookupResponse.parse({
        ...bank,
        Address: '',
        City: '',
        State: '',
        Zip: '',
        RoutingNumber: '',
        Name: '',
        BankExists: false,
      }).BankExists,
    ).toBe(false);
  });
});

describe('third-party fee', () => {
  it('takes the request the fee rules build and answers the fee in dollars', () => {
    const request = thirdPartyFeeRequest(
      { type: 'Card', debitCredit: 'CreditCard' },
      'immediate',
      LOAN,
    );
    expect(GetThirdPartyFeeRequest.parse(request)).toEqual(request);
    expect(
      ThirdPartyFeeResponse.parse({ ...OK, ThirdPartyFeeAmount: 1.25 }).ThirdPartyFeeAmount,
    ).toBe(125);
    expect(toWire(ThirdPartyFeeResponse, { ...OK, ThirdPartyFeeAmount: 125 })).toEqual({
      ...OK,
      ThirdPartyFeeAmount: 1.25,
    });
  });

  it('refuses a negative fee and a flag as text', () => {
    expect(ThirdPartyFeeResponse.safeParse({ ...OK, ThirdPartyFeeAmount: -0.01 }).success).toBe(
      false,
    );
    expect(
      GetThirdPartyFeeRequest.safeParse({
        ...thirdPartyFeeRequest({ type: 'ACH' }, 'recurring', LOAN),
        IsAch: 'true',
      }).success,
    ).toBe(false);
  });
});

describe('submitting a payment', () => {
  it('takes an immediate card payment by its saved token', () => {
    const parsed = PaymentRequest.parse(payment);
    expect(parsed.Payment.Method.IsCard).toBe(true);
    expect(PaymentRequest.parse({ ...payment, EncryptedData: undefined }).EncryptedData).toBe('');
  });

  it('takes a scheduled payment with a single-use bank account', () => {
    const scheduled = withValue(payment, ['Payment', 'Method'], { IsCard: false, AchInfo: newAch });
    const parsed = PaymentRequest.parse(scheduled);
    expect(parsed.Payment.Method.IsCard === false && parsed.Payment.Method.AchInfo).toEqual(newAch);
  });

  it('takes a recurring ACH payment with its draft agreement token and days before due', () => {
    const parsed = RecurringPaymentRequest.parse(recurringPayment);
    expect(parsed.Payment.RecurringDetails).toEqual({
      RecurringOption: 'DaysBeforeDue',
      DaysBeforeDue: 3,
    });
    expect(parsed.AchDraftAgreementToken).toBe('draft_5e6f');
  });

  it('takes a recurring line-of-credit payment of 0 (total due, calculated at payment time)', () => {
    const total = withValue(recurringPayment, ['Payment', 'Details', 'PaymentAmount'], 0);
    expect(RecurringPaymentRequest.safeParse(total).success).toBe(true);
  });

  it.each([
    ['a negative amount', ['Payment', 'Details', 'PaymentAmount'], -10],
    ['an amount as text', ['Payment', 'Details', 'PaymentAmount'], '412.37'],
    ['an amount with three decimals', ['Payment', 'Details', 'PaymentAmount'], 10.001],
    ['an amount past $999,999,999.99', ['Payment', 'Details', 'PaymentAmount'], 1_000_000_000],
    ['a negative fee', ['Payment', 'Details', 'FirstPartyFee'], -2.95],
    ['a negative additional principal', ['Payment', 'Details', 'AdditionalPrincipalAmount'], -1],
    ['a day that does not exist', ['Payment', 'Details', 'PaymentDate'], '2026-02-29'],
    ['a date in another format', ['Payment', 'Details', 'PaymentDate'], '03/16/2026'],
    ['a 201-character user name', ['Payment', 'LogonName'], 'a'.repeat(201)],
    ['a fractional company', ['Payment', 'Details', 'Company'], 0.5],
    [
      'a card known by its number',
      ['Payment', 'Method', 'CardInfo'],
      { ...savedCard, ProfileId: undefined, CardNumber: '4242424242424242' },
    ],
    [
      'a whole card number as the last four',
      ['Payment', 'Method', 'CardInfo', 'CardNumber'],
      '4242424242424242',
    ],
    ['a card without its flag', ['Payment', 'Method', 'IsCard'], 'yes'],
    ['an oversized EncryptedData', ['EncryptedData'], 'x'.repeat(4001)],
  ])('refuses a payment with %s', (_name, path, value) => {
    expect(PaymentRequest.safeParse(withValue(payment, path, value)).success).toBe(false);
  });

  it.each([
    ['an unknown frequency', { RecurringOption: 'Monthly', DaysBeforeDue: 0 }],
    ['a spec frequency instead of its option', { RecurringOption: 'TwoWeeks', DaysBeforeDue: 0 }],
    ['10 days before due', { RecurringOption: 'DaysBeforeDue', DaysBeforeDue: 10 }],
    ['negative days before due', { RecurringOption: 'DaysBeforeDue', DaysBeforeDue: -1 }],
    ['days on a calendar option', { RecurringOption: 'Weekly', DaysBeforeDue: 3 }],
  ])('refuses a recurring payment with %s', (_name, details) => {
    const request = withValue(recurringPayment, ['Payment', 'RecurringDetails'], details);
    expect(RecurringPaymentRequest.safeParse(request).success).toBe(false);
  });

  it('refuses a recurring payment without its details', () => {
    expect(RecurringPaymentRequest.safeParse(payment).success).toBe(false);
  });

  it('answers the reference number', () => {
    expect(SubmitPaymentResponse.parse({ ...OK, ReferenceNumber: 'P-20260316-0001' })).toEqual({
      ...OK,
      ReferenceNumber: 'P-20260316-0001',
    });
    expect(SubmitPaymentResponse.safeParse({ ...FAILED('Declined') }).success).toBe(false);
    expect(
      SubmitPaymentResponse.parse({ ...FAILED('Declined'), ReferenceNumber: '' }).Errors[0]
        ?.ErrorMessage,
    ).toBe('Declined');
  });

  it('takes an idempotency key of printable characters only', () => {
    expect(IdempotencyKey.safeParse('4b1c0d9e-8f7a-4c3b-a2d1-e0f9a8b7c6d5').success).toBe(true);
    expect(IdempotencyKey.safeParse('short').success).toBe(false);
    expect(IdempotencyKey.safeParse('with a space').success).toBe(false);
    expect(IdempotencyKey.safeParse('k'.repeat(201)).success).toBe(false);
  });
});

describe('deleting a recurring or scheduled payment', () => {
  it('takes the payment handle and answers a new token', () => {
    const request = {
      Token: '',
      Payment: { EncryptedString: 'sch_9d8c7b', LoanAccountNumber: LOAN },
    };
    expect(DeletePaymentRequest.parse(request)).toEqual(request);
    expect(DeletePaymentRequest.parse({ Payment: request.Payment }).Token).toBe('');
    expect(DeletePaymentResponse.parse({ ...OK, Token: '' }).HasNoErrors).toBe(true);
  });

  it('refuses a missing handle or a handle with spaces', () => {
    expect(
      DeletePaymentRequest.safeParse({ Payment: { EncryptedString: '', LoanAccountNumber: LOAN } })
        .success,
    ).toBe(false);
    expect(
      DeletePaymentRequest.safeParse({
        Payment: { EncryptedString: 'a b', LoanAccountNumber: LOAN },
      }).success,
    ).toBe(false);
  });
});

describe('ACH draft agreements', () => {
  const preview = {
    LoanAccountNumber: LOAN,
    AchInfo: savedAch,
    Amount: 412.37,
    AdditionalPrincipal: 25,
    LocalTimeOffset: 300,
    daysBeforeDue: 0,
  };

  it('prepares a preview for a saved or a new bank account', () => {
    expect(AchDraftPreviewRequest.parse(preview)).toEqual({
      ...preview,
      Amount: 41_237,
      AdditionalPrincipal: 2_500,
    });
    expect(AchDraftPreviewRequest.parse({ ...preview, AchInfo: newAch }).AchInfo).toEqual(newAch);
    expect(AchDraftPreviewResponse.parse({ ...OK, PassableToken: 'pt_Zx81' }).PassableToken).toBe(
      'pt_Zx81',
    );
    expect(AchDraftPreviewQuery.parse({ token: 'pt_Zx81' }).token).toBe('pt_Zx81');
  });

  it.each([
    ['a negative amount', { Amount: -412.37 }],
    ['a time offset of a day', { LocalTimeOffset: 1_440 }],
    ['days before due as text', { daysBeforeDue: '3' }],
  ])('refuses a preview with %s', (_name, change) => {
    expect(AchDraftPreviewRequest.safeParse({ ...preview, ...change }).success).toBe(false);
  });

  it('lists the drafts and renders one by id, or by token and guid', () => {
    const drafts = AchDraftsResponse.parse({
      ...OK,
      Drafts: [{ Id: DRAFT_ID, LoanAccountNumber: LOAN, CreationDate: '2026-03-16T14:03:22Z' }],
    });
    expect(drafts.Drafts[0]?.Id).toBe(DRAFT_ID);
    expect(RenderAchDraftAgreementRequest.parse({ Id: DRAFT_ID }).Id).toBe(DRAFT_ID);
    expect(RenderAchDraftAgreementQuery.parse({ token: 'pt_Zx81', guid: DRAFT_ID }).guid).toBe(
      DRAFT_ID,
    );
    expect(PassableTokenText.safeParse('pt_Zx81').success).toBe(true);
  });

  it('refuses a draft id that is not a guid, a creation date that is not a moment, a long token', () => {
    expect(RenderAchDraftAgreementRequest.safeParse({ Id: '../etc/passwd' }).success).toBe(false);
    expect(
      AchDraftsResponse.safeParse({
        ...OK,
        Drafts: [{ Id: DRAFT_ID, LoanAccountNumber: LOAN, CreationDate: '3/16/26' }],
      }).success,
    ).toBe(false);
    expect(AchDraftPreviewQuery.safeParse({ token: 't'.repeat(201) }).success).toBe(false);
  });
});

describe('confirmation data (portal state)', () => {
  const confirmation = {
    referenceNumber: 'P-20260316-0001',
    payDate: '2026-03-16',
    dueDate: '2026-04-01',
    isRecurringLOCPayingTotalDue: false,
    submissionInfo: {
      accountNumber: LOAN,
      amount: 41_237,
      additionalPrincipalAmount: 0,
      fees: { firstParty: 295, thirdParty: 0 },
      frequencyInfo: { frequency: 'OneTime', numDays: 0 },
      method: { IsCard: true, CardInfo: { CardType: 'visa', CardNumber: '4242' } },
    },
  };

  it('keeps what the confirmation screen shows, in cents', () => {
    expect(PaymentConfirmation.parse(confirmation)).toEqual(confirmation);
  });

  it.each([
    ['an unknown frequency', ['submissionInfo', 'frequencyInfo', 'frequency'], 'Fortnightly'],
    [
      'a recurring option instead of a frequency',
      ['submissionInfo', 'frequencyInfo', 'frequency'],
      'BiWeekly',
    ],
    ['dollars instead of cents', ['submissionInfo', 'amount'], 412.37],
    ['a negative fee', ['submissionInfo', 'fees', 'firstParty'], -1],
    [
      'a whole card number as the last four',
      ['submissionInfo', 'method', 'CardInfo', 'CardNumber'],
      '4242424242424242',
    ],
    [
      'the former LastFour shape',
      ['submissionInfo', 'method', 'CardInfo'],
      { CardType: 'visa', LastFour: '4242' },
    ],
  ])('refuses %s', (_name, path, value) => {
    expect(PaymentConfirmation.safeParse(withValue(confirmation, path, value)).success).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// Card data stays in the new-card request

const CARD_DATA_FIELD = /card.?num|^pan$|security.?code|cvv|cvc|^cid$|^cvn/i;

/** Each field of a schema at any depth, with its schema; throws on a schema kind it cannot read. */
function fields(schema: z.core.$ZodType): { name: string; schema: z.core.$ZodType }[] {
  if (schema instanceof z.ZodObject) {
    return Object.entries(schema.shape).flatMap(([name, value]) => [
      { name, schema: value },
      ...fields(value),
    ]);
  }
  if (schema instanceof z.ZodArray) return fields(schema.element);
  if (
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodNullable ||
    schema instanceof z.ZodDefault
  ) {
    return fields(schema.unwrap());
  }
  if (schema instanceof z.ZodUnion) {
    return schema.options.flatMap((option) => fields(option));
  }
  if (schema instanceof z.ZodPipe) {
    return [...fields(schema.in), ...fields(schema.out)];
  }
  if (
    schema instanceof z.ZodString ||
    schema instanceof z.ZodStringFormat ||
    schema instanceof z.ZodNumber ||
    schema instanceof z.ZodBoolean ||
    schema instanceof z.ZodLiteral ||
    schema instanceof z.ZodEnum
  ) {
    return [];
  }
  throw new Error(`fields does not know ${schema.constructor.name}`);
}

/**
 * The fields of a schema named like card data (a card number, a security code), less a card's
 * last four: the spec names it CardInfo.CardNumber, and its schema, CardLastFour, holds exactly
 * four digits. A field of that name with any other schema counts as a card number.
 */
function cardDataFields(schema: z.core.$ZodType): string[] {
  return fields(schema)
    .filter((field) => CARD_DATA_FIELD.test(field.name) && field.schema !== CardLastFour)
    .map((field) => field.name);
}

const calls = Object.entries(PAYMENT_CALLS);

describe('card numbers and security codes', () => {
  it('has a field named like a card number or security code in the new-card request only', () => {
    expect(cardDataFields(AddCardPaymentMethodRequest)).toEqual(['CardNumber', 'SecurityCode']);
    const requests = calls.flatMap(([name, call]) =>
      ['query' in call ? call.query : undefined, 'body' in call ? call.body : undefined]
        .filter(
          (schema): schema is z.ZodType =>
            schema !== undefined && schema !== AddCardPaymentMethodRequest,
        )
        .map((schema) => ({ call: name, fields: cardDataFields(schema) })),
    );
    expect(requests.filter(({ fields }) => fields.length > 0)).toEqual([]);
  });

  it.each(calls.filter(([, call]) => call.response !== 'document'))(
    'never answers %s with a card number or security code',
    (_name, call) => {
      if (call.response === 'document') return;
      expect(cardDataFields(call.response)).toEqual([]);
    },
  );

  it("passes a card's CardNumber only as its last four, exactly four digits", () => {
    const lastFours = [
      ...calls.flatMap(([, call]) => (call.response === 'document' ? [] : fields(call.response))),
      ...fields(PaymentConfirmation),
    ].filter((field) => field.name === 'CardNumber');
    expect(lastFours.length).toBeGreaterThan(0);
    expect(lastFours.every((field) => field.schema === CardLastFour)).toBe(true);
    expect(CardLastFour.safeParse('4242').success).toBe(true);
    for (const value of ['4242424242424242', '42424', '424', '', ' 4242', '42 4']) {
      expect(CardLastFour.safeParse(value).success).toBe(false);
    }
  });

  it('refuses a whole card number as the last four, and drops one slipped in under another name', () => {
    const answer = (cardInfo: object) =>
      PaymentMethodsResponse.safeParse({
        ...OK,
        PaymentMethods: [{ IsCard: true, CardInfo: cardInfo }],
        DefaultPaymentMethod: null,
      });
    expect(answer({ ...savedCard, CardNumber: '4242424242424242' }).success).toBe(false);
    const slipped = answer({ ...savedCard, Pan: '4242424242424242' });
    expect(slipped.success).toBe(true);
    expect(JSON.stringify(slipped.data)).not.toContain('4242424242424242');
  });
});

describe('the calls of spec 001 section 7', () => {
  it('names each path once per method', () => {
    const keys = calls.map(([, call]) => `${call.method} ${call.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual(
      expect.arrayContaining([
        'POST /api/PaymentImmediate/SubmitCard',
        'POST /api/PaymentImmediate/SubmitAch',
        'POST /api/PaymentScheduled/SubmitCard',
        'POST /api/PaymentScheduled/SubmitAch',
        'POST /api/PaymentRecurring/SubmitCard',
        'POST /api/PaymentRecurring/SubmitAch',
        'POST /api/PaymentRecurring/DeleteAch',
        'POST /api/PaymentRecurring/DeleteCard',
        'POST /api/PaymentScheduled/DeleteAch',
        'POST /api/PaymentScheduled/DeleteCard',
        'DELETE /api/PaymentMethod/RemoveDefaultPaymentMethod',
        'GET /api/ACHRoutingData',
        'GET /api/AchDraftAgreement/RenderACHDraftAgreement',
        'POST /api/AchDraftAgreement/RenderACHDraftAgreement',
      ]),
    );
  });

  it('submits recurring payments with their details and the others without', () => {
    expect(PAYMENT_CALLS.submitRecurringAch.body).toBe(RecurringPaymentRequest);
    expect(PAYMENT_CALLS.submitScheduledCard.body).toBe(PaymentRequest);
  });
});

// ---------------------------------------------------------------------------------------------
// Error keys and wordings

describe('error keys of spec 001 section 8', () => {
  it('gives the wordings the spec gives in full', () => {
    expect(PAYMENT_INFO_ERRORS.NoPaymentNeeded).toBe(
      'No payment needed at this time. Credit line has no balance.',
    );
    expect(SUBMIT_ERRORS.PaymentDateMinimum).toBe(
      'The payment can not be scheduled for that time.',
    );
    expect(SUBMIT_ERRORS.SmallDollarBlockedDays).toBe(SUBMIT_ERRORS.PaymentBeforeCutOffTime);
    expect(SUBMIT_ERRORS.PaymentAmountMinimum).toBe(
      'Payment amount must be at least the minimum amount',
    );
    expect(SUBMIT_ERRORS.Declined).toBe('Transaction Declined.');
    expect(PAYMENT_METHOD_ERRORS.RoutingLookup).toBe(
      'An error has occured while verifying the routing number',
    );
    expect(PAYMENT_METHOD_ERRORS.RoutingAccountInvalidInternal).toBe('Invalid account number.');
    expect(PAYMENT_DELETION_ERRORS.ScheduledDeleteFailed).toBe(
      'There was an error deleting your payment.',
    );
  });

  it('completes the wordings the spec abridges with "..."', () => {
    expect(
      SUBMIT_ERRORS.SecurityNotAllowed.startsWith('Payment has been blocked for this account'),
    ).toBe(true);
    expect(SUBMIT_ERRORS.PaymentDateWeekend).toBe('Payment cannot be made on a weekend.');
    expect(
      SUBMIT_ERRORS.Generic.startsWith(
        'An error occurred. Please do not submit your payment again or your account could be charged multiple times',
      ),
    ).toBe(true);
  });

  it.each([
    ['payment info', PAYMENT_INFO_ERRORS, PAYMENT_INFO_ERROR_TEXT_KEYS],
    ['submit', SUBMIT_ERRORS, SUBMIT_ERROR_TEXT_KEYS],
    ['payment method', PAYMENT_METHOD_ERRORS, PAYMENT_METHOD_ERROR_TEXT_KEYS],
    ['deletion', PAYMENT_DELETION_ERRORS, PAYMENT_DELETION_ERROR_TEXT_KEYS],
    ['other', PAYMENT_OTHER_ERRORS, PAYMENT_OTHER_ERROR_TEXT_KEYS],
  ] as const)(
    'matches each %s wording with the default of the setting that overrides it',
    (_group, wordings, textKeys) => {
      Object.entries(textKeys).forEach(([key, textKey]) => {
        expect([key, SETTING_DEFINITIONS[textKey].default]).toEqual([
          key,
          new Map<string, string>(Object.entries(wordings)).get(key),
        ]);
      });
      expect(Object.keys(textKeys).sort()).toEqual(Object.keys(wordings).sort());
    },
  );

  it('words the success note of a deleted method as its setting does', () => {
    expect(PAYMENT_METHOD_DELETED_TEXT).toBe(
      SETTING_DEFINITIONS['paymentTexts.deleteMethodSuccessText'].default,
    );
  });

  it('has a wording for every submit error the payment rules answer', () => {
    const answered = [
      ...Object.values(PAYMENT_AMOUNT_ERROR_KEY),
      ...Object.values(PAYMENT_DATE_ISSUE_ERROR_KEYS),
      ...Object.values(RECURRING_DATE_ISSUE_ERROR_KEYS),
      holdSubmitError('NoPaymentOnline', 'Card', true),
      holdSubmitError('NoAchPayment', 'ACH', true),
      holdSubmitError('Dispute', 'ACH', true),
      permissionSubmitError('scheduled', 'ACH', 'scheduledQuotaReached'),
      permissionSubmitError('scheduled', 'ACH', 'pastDue'),
      permissionSubmitError('scheduled', 'Card', 'pastDue'),
      permissionSubmitError('recurring', 'ACH', 'pastDue'),
      permissionSubmitError('recurring', 'Card', 'pastDue'),
    ];
    expect(answered.filter((key) => key === undefined || !(key in SUBMIT_ERRORS))).toEqual([]);
  });
});
