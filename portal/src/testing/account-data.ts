import type { AccountDataResponse } from '@portal/domain';

/** The loan of the fixture: jordan.rivers's past-due auto loan. */
export const LOAN_NUMBER = '001-100234-1';

/**
 * A loan page's data (GET /api/AccountData) as the server answers it (money in the wire's decimal
 * dollars), with overrides of its Information.
 */
export function loanAccountData(
  overrides: Partial<AccountDataResponse['Information']> = {},
): AccountDataResponse {
  return {
    HasNoErrors: true,
    Errors: [],
    Information: {
      Name: 'Jordan Rivers',
      AccountNumber: LOAN_NUMBER,
      AccountType: 0,
      Description: 'Auto Loan',
      Comment: '',
      Address: {
        Address1: '201 Commercial Street',
        City: 'Portland',
        State: 'ME',
        ZipCode: '04101',
      },
      PrincipalBalance: 18452.37,
      PayoffAmount: 18990.12,
      NextPaymentDate: '2025-03-02T00:00:00',
      NextPaymentAmount: 471.6,
      InterestRate: 649,
      CurrentYearToDateInterest: 210.5,
      LastYearToDateInterest: 1320.75,
      AvailableCredit: 0,
      CreditLimit: 0,
      LoanOriginationDate: '2022-05-02T00:00:00',
      OriginalLoanAmount: 28000,
      OriginalMaturityDate: '2028-05-02T00:00:00',
      LateChargesDue: 35,
      TotalLoanFees: 45,
      LastPaymentDate: '0001-01-01T00:00:00',
      LastPaymentAmount: 0,
      MonthlyInstallment: 471.6,
      BillingFrequency: 'monthly',
      DaysPastDue: 12,
      DaysSinceOpened: 1047,
      PaymentInformation: {
        TotalAmountDue: 978.2,
        RecurringPayment: null,
        DefaultPaymentMethod: null,
        ScheduledPayments: [],
      },
      ...overrides,
    },
    Alerts: {
      TextAlerts: { AlertLoanDelinquent: false, EstatementAlert: false },
      EmailAlerts: {
        AlertLoanDelinquent: false,
        EstatementAlert: false,
        AlertLoanDueDate1: false,
        AlertLoanDueDate2: false,
        AlertLoanDueDate3: false,
        AlertLoanDueDate4: false,
        AlertLoanDueDate1Before: false,
        AlertLoanDueDate2Before: false,
        AlertLoanDueDate3Before: false,
        AlertLoanDueDate4Before: false,
        AlertLoanDueDate1Days: '',
        AlertLoanDueDate2Days: '',
        AlertLoanDueDate3Days: '',
        AlertLoanDueDate4Days: '',
      },
    },
    StatementFormat: 'ElectronicOnly',
    Documents: [],
    EStatements: [],
    EStatementAgreements: [],
    Hold: null,
  };
}
