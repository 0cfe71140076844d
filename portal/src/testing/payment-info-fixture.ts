import type { RecurringPaymentInfo, ScheduledPaymentInfo } from '@portal/domain';
import type { PaymentInfo } from '../lib/payments/payment-info';

/*
 * Answers of GetPaymentInfo for component tests (the HTTP boundary is stubbed with them). Shared
 * by the tests of the payment lists, the loan page and the payment page. Money is the wire's
 * decimal dollars, as the server sends it: the API client's schemas decode it to cents, so these
 * are not for passing to a component or rule directly.
 */

export const FIXTURE_LOAN_NUMBER = '001-100234-1';

export function recurringPaymentFixture(
  overrides: Partial<RecurringPaymentInfo> = {},
): RecurringPaymentInfo {
  return {
    EncryptedData: 'recurring-handle-1',
    IsCard: false,
    // A Monday.
    Date: '2026-12-07',
    RecurringOption: 'Weekly',
    NumberOfDays: 0,
    TotalAmount: 471.6,
    AdditionalPrincipalAmount: 25,
    PaymentAccountNum: '6789',
    CanDelete: true,
    ...overrides,
  };
}

export function scheduledPaymentFixture(
  overrides: Partial<ScheduledPaymentInfo> = {},
): ScheduledPaymentInfo {
  return {
    EncryptedString: 'scheduled-handle-1',
    IsCard: false,
    AccountNumber: '6789',
    PaymentDate: '2026-12-15T00:00:00',
    PaymentAmount: 100,
    CanDelete: true,
    HasBeenPosted: false,
    Status: 'scheduled',
    ...overrides,
  };
}

export function paymentInfoFixture(overrides: Partial<PaymentInfo> = {}): PaymentInfo {
  return {
    HasNoErrors: true,
    Errors: [],
    DueDate: '2026-12-02',
    PaymentDetails: {
      LoanAccountNumber: FIXTURE_LOAN_NUMBER,
      // The server's today (the payment page's harness runs on 2026-11-24).
      PaymentDate: '2026-11-24',
      PaymentAmount: 471.6,
      Company: 0,
    },
    PaymentOptions: {
      AllowACH: true,
      AllowCards: true,
      NumberDaysInPeriod: 30,
      RecurringAllowed: true,
      FirstPartyFees: {
        ScheduledAchFee: 0,
        ECheckFeeAmount: 0,
        RecurringAchFee: 0,
        DebitCardFeeAmount: 0,
        CreditCardFeeAmount: 0,
      },
    },
    ScheduledPayments: [],
    RecurringPayment: null,
    PaymentMethods: [],
    DefaultPaymentMethod: null,
    Delinquent: false,
    TotalAmountDue: 471.6,
    PayOffAmount: 18990.12,
    LoanBillingFrequency: 'monthly',
    FeesAndCharges: 0,
    accountType: 0,
    RestrictionCode: '',
    NonPaymentDays: [],
    NonSchedulablePaymentDays: [],
    MailPreference: 0,
    BlockImmediateACHPaymentsAfterCutoffTime: false,
    AdjustedACHPaymentDateAfterCutoffTime: null,
    ...overrides,
  };
}
