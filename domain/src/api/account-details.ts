import { z } from 'zod';
import { Envelope, withEnvelope } from '../envelope';
import { LOAN_HOLDS } from '../rules/loan-holds';
import { Money, queryMoneyOf } from './money';
// The payoff quote's schemas live in their own module (payments.ts and this one both use them).
export { PayoffDownloadTokenRequest, PayoffQuoteQuery, PayoffQuoteResponse } from './payoff-quote';
import { RecurringPaymentInfo, ScheduledPaymentInfo } from './payments';

/**
 * The accounts area's calls (spec 002 sections 3 and 7). Money on the wire is decimal dollars
 * (1234.56); dates the host sends as date-times are 'YYYY-MM-DDT00:00:00' calendar dates, with
 * `DATE_NONE` meaning none (displayed as "None").
 */

/** The host's "no date" value (spec 002 section 3). */
export const DATE_NONE = '0001-01-01T00:00:00';

/** A calendar date as the host's date-time text: '2026-03-15' → '2026-03-15T00:00:00'. */
export function hostDateTime(date: string | null | undefined): string {
  return date ? `${date}T00:00:00` : DATE_NONE;
}

/** The calendar date of a host date-time, or undefined for the "none" sentinel and blanks. */
export function hostDateOf(text: string | null | undefined): string | undefined {
  if (!text || text.startsWith('0001-01-01')) return undefined;
  return /^(\d{4}-\d{2}-\d{2})/.exec(text)?.[1];
}

export const AccountNumberQuery = z.object({ accountNumber: z.string().min(1).max(40) });

// Shared with the profile, which the portal's start-up needs without the rest of this module.
import { AccountDocument, PostalAddress } from './shared-shapes';
export { AccountDocument, PostalAddress } from './shared-shapes';

export const DefaultPaymentMethodSummary = z.object({
  IsCard: z.boolean(),
  LastFour: z.string(),
});

/** Loan account information (spec 002 section 3). InterestRate is percent × 100. */
export const LoanAccountInformation = z.object({
  Name: z.string(),
  AccountNumber: z.string(),
  AccountType: z.number().int(),
  Description: z.string(),
  Comment: z.string(),
  Address: PostalAddress,
  PrincipalBalance: Money,
  PayoffAmount: Money,
  NextPaymentDate: z.string(),
  NextPaymentAmount: Money,
  InterestRate: z.number().int(),
  CurrentYearToDateInterest: Money,
  LastYearToDateInterest: Money,
  AvailableCredit: Money,
  CreditLimit: Money,
  LoanOriginationDate: z.string(),
  OriginalLoanAmount: Money,
  OriginalMaturityDate: z.string(),
  LateChargesDue: Money,
  TotalLoanFees: Money,
  LastPaymentDate: z.string(),
  LastPaymentAmount: Money,
  MonthlyInstallment: Money,
  BillingFrequency: z.string(),
  DaysPastDue: z.number().int(),
  /** Whole days since the account opened: the history's "All" range. */
  DaysSinceOpened: z.number().int(),
  PaymentInformation: z.object({
    TotalAmountDue: Money,
    // GetPaymentInfo's shapes, so the portal reads them one way.
    RecurringPayment: RecurringPaymentInfo.nullable(),
    DefaultPaymentMethod: DefaultPaymentMethodSummary.nullable(),
    ScheduledPayments: z.array(ScheduledPaymentInfo).max(100),
  }),
});
export type LoanAccountInformation = z.infer<typeof LoanAccountInformation>;

/** One alert channel of a loan (spec 002 "Account alerts (loan)"). */
export const TextAlerts = z.object({
  AlertLoanDelinquent: z.boolean(),
  EstatementAlert: z.boolean(),
});
/**
 * The longest days text of each due-date alert (spec 002 section 5: 3 for alerts 1 and 2, 20 for
 * alerts 3 and 4).
 */
export const DUE_DATE_ALERT_DAYS_MAX_LENGTH = [3, 3, 20, 20] as const;

/** The days of a due-date alert: empty, or digits up to the alert's length. */
export function isDueDateAlertDays(alert: 1 | 2 | 3 | 4, text: string): boolean {
  const max = DUE_DATE_ALERT_DAYS_MAX_LENGTH[alert - 1];
  return text === '' || new RegExp(`^\\d{1,${max}}$`).test(text);
}

/**
 * Each of the four due-date alerts (AlertLoanDueDateN, N = 1 to 4) has its own before/after
 * choice (AlertLoanDueDateNBefore: true is N days before the due date) and its number of days
 * as text (AlertLoanDueDateNDays, '' when unset).
 */
export const EmailAlerts = TextAlerts.extend({
  AlertLoanDueDate1: z.boolean(),
  AlertLoanDueDate2: z.boolean(),
  AlertLoanDueDate3: z.boolean(),
  AlertLoanDueDate4: z.boolean(),
  AlertLoanDueDate1Before: z.boolean(),
  AlertLoanDueDate2Before: z.boolean(),
  AlertLoanDueDate3Before: z.boolean(),
  AlertLoanDueDate4Before: z.boolean(),
  AlertLoanDueDate1Days: z.string().max(3),
  AlertLoanDueDate2Days: z.string().max(3),
  AlertLoanDueDate3Days: z.string().max(20),
  AlertLoanDueDate4Days: z.string().max(20),
});
export type EmailAlerts = z.infer<typeof EmailAlerts>;

/**
 * The due-date alerts that are on without a number of days. Spec 002 fills alert 1's days when it
 * is checked empty; it says nothing of alerts 2 to 4. A reminder with no days cannot be sent, so
 * an alert that is on needs its days: the portal marks the field and the server refuses the save.
 */
export function dueDateAlertsWithoutDays(alerts: EmailAlerts): (1 | 2 | 3 | 4)[] {
  return ([1, 2, 3, 4] as const).filter(
    (alert) =>
      alerts[`AlertLoanDueDate${alert}`] && alerts[`AlertLoanDueDate${alert}Days`].trim() === '',
  );
}
export const AccountAlerts = z.object({ TextAlerts, EmailAlerts });
export type AccountAlerts = z.infer<typeof AccountAlerts>;

/** An account's alerts before any are saved: all off, no days. */
export const DEFAULT_ALERTS: AccountAlerts = {
  TextAlerts: { AlertLoanDelinquent: false, EstatementAlert: false },
  EmailAlerts: {
    AlertLoanDelinquent: false,
    EstatementAlert: false,
    AlertLoanDueDate1: false,
    AlertLoanDueDate2: false,
    AlertLoanDueDate3: false,
    AlertLoanDueDate4: false,
    AlertLoanDueDate1Before: true,
    AlertLoanDueDate2Before: true,
    AlertLoanDueDate3Before: true,
    AlertLoanDueDate4Before: true,
    AlertLoanDueDate1Days: '',
    AlertLoanDueDate2Days: '',
    AlertLoanDueDate3Days: '',
    AlertLoanDueDate4Days: '',
  },
};

export const STATEMENT_FORMATS = ['ElectronicOnly', 'PaperOnly'] as const;
export const StatementFormat = z.enum(STATEMENT_FORMATS);
export type StatementFormat = z.infer<typeof StatementFormat>;

/** Statement providers (spec 002 "E-statements section"): 0 built in; 1 and 3 by URL; 4 by document. */
export const STATEMENT_PROVIDERS = { builtIn: 0, urlFamily: [1, 3], documentFamily: 4 } as const;

export const StatementListItem = z.object({
  Date: z.string(),
  Id: z.string(),
  Number: z.string(),
  Type: z.number().int(),
  Provider: z.number().int(),
});
export type StatementListItem = z.infer<typeof StatementListItem>;

export const StatementListQuery = z.object({
  AccountNumber: z.string().min(1).max(40),
  Year: z.coerce.number().int().min(1900).max(9999),
});
export const StatementListResponse = withEnvelope({ StatementList: z.array(StatementListItem) });

/** `GET /api/file/GetFileTypes` (spec 002 "File type": ID, Description). */
export const FileTypesResponse = withEnvelope({
  FileTypes: z.array(z.object({ ID: z.number().int(), Description: z.string() })),
});
export type FileType = z.infer<typeof FileTypesResponse>['FileTypes'][number];

/** A stored upload (the three /api/file/Upload* calls): the new document, as the lists show it. */
export const UploadResponse = withEnvelope({ Value: AccountDocument });

/**
 * A refused upload: the envelope plus the Message the uploader shows (spec 002 section 8: "a
 * failed status shows the server's Message, else 'Internal Server Error'").
 */
export const UploadFailure = Envelope.extend({ Message: z.string() });
export type UploadFailure = z.infer<typeof UploadFailure>;

/** The core's hold on a loan, or null when none: the loan's on-load flag (spec 002 section 8). */
export const LoanHoldField = z.enum(LOAN_HOLDS).nullable();

/** The loan page's data load (path chosen here: `GET /api/AccountData?accountNumber=`). */
export const AccountDataResponse = withEnvelope({
  Information: LoanAccountInformation,
  Alerts: AccountAlerts,
  StatementFormat,
  Documents: z.array(AccountDocument),
  EStatements: z.array(StatementListItem),
  /**
   * The e-statement agreements the user has yet to accept (not in the spec's answer; added so the
   * page can ask for them before paperless, and show the agreement-updated notice while paperless).
   */
  EStatementAgreements: z.array(
    z.object({ Name: z.string(), Url: z.string(), HostNum: z.number() }),
  ),
  /** The core's hold on the loan, if any (not in the spec's answer: its on-load flag). */
  Hold: LoanHoldField,
});
export type AccountDataResponse = z.infer<typeof AccountDataResponse>;

/**
 * `GET /api/AccountDetails?accountNumber`: the information with its own envelope (spec 002
 * section 7 names Information.HasNoErrors and Information.Errors only).
 */
export const AccountDetailsResponse = withEnvelope({
  Information: withEnvelope({ Information: LoanAccountInformation.nullable() }),
  /**
   * The core's hold on the loan, if any: an addition to the spec's answer, the same as
   * AccountData's. The payment screen (spec 001 section 7 calls AccountDetails) reads it to apply
   * `paymentOptions.blockPaymentsOnHoldCodesOption` without loading the whole loan page.
   */
  Hold: LoanHoldField,
});
export type AccountDetailsResponse = z.infer<typeof AccountDetailsResponse>;

export const UpdateAddressRequest = z.object({
  AccountNumber: z.string().min(1).max(40),
  Address: PostalAddress,
});
export const UpdateAddressResponse = withEnvelope({ Address: PostalAddress.nullable() });

export const AccountAlertsRequest = AccountAlerts.extend({
  AccountNumber: z.string().min(1).max(40),
});

/** The error of a paperless request from a user with no e-mail address. */
export const EMAIL_REQUIRED_ERROR = 'EmailRequired';

/**
 * Whether a statement format needs an e-mail address the user does not have. Spec 002 only
 * prompts for an address when none exists; paperless without one would stop the paper statements
 * with nowhere to send the statement-ready notice, so the product refuses it: the portal keeps the
 * switch off and the server answers EmailRequired. Going back to paper never needs one.
 */
export function paperlessWithoutEmail(format: StatementFormat, emailAddress: string): boolean {
  return format === 'ElectronicOnly' && emailAddress.trim() === '';
}

export const SetStatementFormatRequest = z.object({
  AccountNumber: z.string().min(1).max(40),
  AccountType: z.number().int(),
  Format: StatementFormat,
});

export const HistoryItem = z.object({
  TransactionDate: z.string(),
  TransactionDescription: z.string(),
  PrincipalAmount: Money,
  InterestAmount: Money,
  OtherAmount: Money,
  TotalPaymentAmount: Money,
  RunningPrincipalBalance: Money,
  TransactionTime: z.string(),
});
export type HistoryItem = z.infer<typeof HistoryItem>;

export const AccountHistoryQuery = z.object({
  accountNumber: z.string().min(1).max(40),
  days: z.coerce.number().int().min(1).max(36_600),
  downloadCSV: z.enum(['true', 'false']).optional(),
});
export const AccountHistoryResponse = withEnvelope({ List: z.array(HistoryItem) });

/** Download types of history (spec 002 "Statement format"): Csv=0, Pdf=1. */
export const DOWNLOAD_TYPES = { csv: 0, pdf: 1 } as const;
export const HistoryDownloadTokenRequest = z.object({
  AccountNumber: z.string().min(1).max(40),
  DaysOfHistory: z.number().int().min(1).max(36_600),
  DownloadType: z.union([z.literal(0), z.literal(1)]),
});

export const ShowHideAccountRequest = z.object({ AccountNumber: z.string().min(1).max(40) });

/** Insurance (spec 002): IsIndividual 1 Individual, 2 Joint, anything else None. */
export const InsuranceItem = z.object({
  Type: z.string(),
  IsIndividual: z.number().int(),
  Premium: Money,
});
export const InsuranceRequest = z.object({ accountNumber: z.string().min(1).max(40) });
export const InsuranceResponse = withEnvelope({ Insurances: z.array(InsuranceItem) });

export const Application = z.object({
  ApplicationNumber: z.string(),
  Status: z.string(),
  AmountRequested: Money,
  AmountApproved: Money,
  LastModified: z.string(),
  Office: z.string(),
  /** DATE_NONE when not known (treated as null). */
  FundsExpected: z.string(),
  /**
   * Beyond the spec (issue 22, applications made in the portal): the product's name, the term in
   * months and the documents the application asks for (their names), when the core has them.
   */
  Product: z.string().optional(),
  TermMonths: z.number().int().nullable().optional(),
  RequiredDocuments: z.array(z.string()).optional(),
});
export type Application = z.infer<typeof Application>;
export const ApplicationListQuery = z.object({
  numDaysToRetrieve: z.coerce.number().int().min(1).max(3_660).default(30),
});
export const ApplicationQuery = ApplicationListQuery.extend({
  applicationNumber: z.string().min(1).max(40),
});
export const ApplicationListResponse = withEnvelope({ Applications: z.array(Application) });
export const ApplicationResponse = withEnvelope({ Application: Application.nullable() });

/**
 * One sign-in attempt of `GET /api/Profile/LoginHistory`. Beyond the spec's date and address:
 * the browser and device (describeUserAgent of the attempt's User-Agent, '' when unknown) and
 * whether it succeeded, so that a borrower can tell their own sign-ins from someone else's and
 * sees attempts that failed.
 */
export const LoginHistoryEntry = z.object({
  EntryKey: z.string(),
  LoginDate: z.string(),
  IPAddress: z.string(),
  Browser: z.string().max(64),
  Device: z.string().max(64),
  Succeeded: z.boolean(),
});
export type LoginHistoryEntry = z.infer<typeof LoginHistoryEntry>;
export const LoginHistoryResponse = withEnvelope({ List: z.array(LoginHistoryEntry) });

/**
 * The most extra principal a payoff projection takes per payment, in dollars as the query's
 * schema checks them (the wire's unit), and in cents as the portal checks what is typed.
 */
export const MAX_PROJECTED_EXTRA_PRINCIPAL = 100_000;
export const MAX_PROJECTED_EXTRA_PRINCIPAL_CENTS = 10_000_000;

/**
 * `GET /api/Account/BalanceHistory?accountNumber=` (not in the spec; the loan page's balance
 * chart): the principal balance at the end of each month since the account opened, from the
 * history.
 */
export const BalanceHistoryResponse = withEnvelope({
  Points: z.array(z.object({ Date: z.string(), Balance: Money })),
});
export type BalanceHistoryResponse = z.infer<typeof BalanceHistoryResponse>;

/**
 * `GET /api/Account/PayoffProjection?accountNumber=&extraPrincipal=` (not in the spec): where the
 * loan ends if each installment is paid on its due date, with and without `extraPrincipal`
 * dollars more each payment, by the core's own rules.
 */
export const PayoffProjectionQuery = z.object({
  accountNumber: z.string().min(1).max(40),
  extraPrincipal: queryMoneyOf(z.number().min(0).max(MAX_PROJECTED_EXTRA_PRINCIPAL)),
});
const PayoffPath = z.object({
  /** ISO date of the last payment; null when the payments never repay the loan. */
  PayoffDate: z.string().nullable(),
  TotalInterest: Money,
  Payments: z.number().int(),
  /** The principal after each payment, at most one point a month (the month's last). */
  Balances: z.array(z.object({ Date: z.string(), Balance: Money })),
});
export const PayoffProjectionResponse = withEnvelope({
  Regular: PayoffPath,
  WithExtra: PayoffPath,
});
export type PayoffProjectionResponse = z.infer<typeof PayoffProjectionResponse>;
