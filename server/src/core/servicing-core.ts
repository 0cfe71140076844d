import type { CalendarDate, Cents, LoanHold } from '@portal/domain';

/**
 * The core servicing system (the specs' "host"): the system of record for accounts, loans, their
 * history and statements. The portal's modules call only this interface; a bank plugs in its own
 * core by implementing it. The built-in core (`builtin/`) keeps its own tables and runs real
 * servicing rules, so every screen shows consistent numbers.
 *
 * Every call names the institution and the customer (the account holder the signed-in user
 * belongs to). A core answers `undefined` for an account the customer does not hold, exactly as
 * for one that does not exist: callers must not be able to tell the two apart.
 *
 * Money is integer cents, dates are calendar dates in the institution's time zone.
 *
 * A core adapter that cannot reach its system throws `CoreUnavailableError` (any other throw is
 * an unexpected failure): a payment submission meeting it before anything was written answers
 * the specs' Connection ('Connection error. Please try again later.'), since retrying the same
 * attempt later is safe. The built-in core runs in the server's own database and never throws it.
 *
 * What only a core the portal runs itself does (closing its days, seeding the demo, the admin
 * preview's sample accounts) is not here: `core-days.ts` and `core/builtin/` (issue 24, the core
 * boundary).
 */
export interface ServicingCore {
  /**
   * The holders of an account number at the institution, for registration's identity match.
   * `withoutCheckDigit`: the number was typed without its check digits.
   */
  findAccountHolders(
    institutionId: number,
    number: string,
    withoutCheckDigit: boolean,
  ): Promise<{ customerId: string; accountType: number }[]>;
  /** The customer's accounts, those hidden from the web included (the caller filters). */
  listAccounts(customer: CustomerRef, today: CalendarDate): Promise<CoreAccount[]>;
  /** One of the customer's accounts by its number, or undefined. */
  findAccount(
    customer: CustomerRef,
    number: string,
    today: CalendarDate,
  ): Promise<CoreAccount | undefined>;
  /** The loan's information (loans and lines of credit), or undefined. */
  loanInformation(
    customer: CustomerRef,
    number: string,
    today: CalendarDate,
  ): Promise<CoreLoanInformation | undefined>;
  /**
   * The account's transactions dated on or after `from`, newest first; 'denied' when the core
   * refuses history for this account (the specs' SecurityNotAllowed).
   */
  history(
    customer: CustomerRef,
    number: string,
    from: CalendarDate,
  ): Promise<CoreTransaction[] | 'denied' | undefined>;
  /** Statements of the account for a year, newest first. */
  statements(
    customer: CustomerRef,
    number: string,
    year: number,
  ): Promise<CoreStatement[] | undefined>;
  /** The PDF of one of the account's statements (provider 0), or undefined. */
  statementDocument(
    customer: CustomerRef,
    number: string,
    statementId: string,
  ): Promise<Uint8Array | undefined>;
  /** Insurance on the loan. */
  insurance(customer: CustomerRef, number: string): Promise<CoreInsurance[] | undefined>;
  /** The payoff of a loan as of a date (today or later). */
  payoffQuote(
    customer: CustomerRef,
    number: string,
    asOf: CalendarDate,
  ): Promise<CorePayoffQuote | undefined>;
  /**
   * Where the loan ends if each remaining installment is paid on its due date, with and without
   * `extraPrincipalCents` more each payment (by the core's own interest and payment rules).
   * Undefined when the account is not the customer's loan or line of credit.
   */
  payoffProjection(
    customer: CustomerRef,
    number: string,
    today: CalendarDate,
    extraPrincipalCents: Cents,
  ): Promise<{ regular: CorePayoffPath; extra: CorePayoffPath } | undefined>;
  /** Replaces the account's mailing address. */
  updateAddress(customer: CustomerRef, number: string, address: CoreAddress): Promise<boolean>;
  /** Hides the account from the web (only the institution can show it again). */
  hideFromWeb(customer: CustomerRef, number: string): Promise<boolean>;
  setStatementFormat(
    customer: CustomerRef,
    number: string,
    format: 'ElectronicOnly' | 'PaperOnly',
  ): Promise<boolean>;
  /** Loan applications the customer made, last modified on or after `since`. */
  applications(customer: CustomerRef, since: CalendarDate): Promise<CoreApplication[]>;
  /**
   * Takes a loan application from the customer (status 'Received'), once per `requestKey`: a
   * second call with the same key creates nothing and answers 'alreadyCreated' with the first
   * call's application (whatever the second call says), so a caller that does not know whether
   * its first call went through calls again with the same key. The core numbers it.
   */
  createApplication(
    customer: CustomerRef,
    application: CoreNewApplication,
  ): Promise<{ status: 'created' | 'alreadyCreated'; application: CoreApplication }>;
  /**
   * One application of the institution by its number, whoever made it (for the institution's
   * staff), with its customer; undefined when there is none.
   */
  findApplication(
    institutionId: number,
    number: string,
  ): Promise<(CoreApplication & { customerId: string }) | undefined>;
  /**
   * Moves an application to another status, only while it is still in `change.from` (the status
   * the caller decided on): 'statusChanged' with the application as it is when it has moved
   * since, and nothing changes. Approving records the amount approved; declining clears it. The
   * core does not judge the move: the portal's lifecycle (domain APPLICATION_STATUS_MOVES) does.
   */
  setApplicationStatus(
    institutionId: number,
    number: string,
    change: CoreApplicationStatusChange,
  ): Promise<
    | { status: 'updated'; application: CoreApplication }
    | { status: 'statusChanged'; application: CoreApplication }
    | { status: 'notFound' }
  >;
  /**
   * The payments posted (`postPayment`) on the institution's accounts as of `date`, each by its
   * posting key, reversed ones included with `reversed` true: what the daily reconciliation
   * matches with the portal's payments and the processors' charges and debits (issue 24).
   */
  listPostings(institutionId: number, date: CalendarDate): Promise<CorePostingRecord[]>;
  /**
   * What the core says about paying this loan or line of credit today (spec 001 section 3
   * "Payment info response": the host's part of it). Undefined when the account is not the
   * customer's loan or line of credit, exactly as for one that does not exist.
   */
  paymentTerms(
    customer: CustomerRef,
    number: string,
    today: CalendarDate,
  ): Promise<CorePaymentTerms | undefined>;
  /**
   * Posts a payment to a loan or line of credit (or takes it to post later: 'pending'), once per
   * `postingKey` and account: a second post
   * under the same key changes nothing and answers 'alreadyPosted' with the first post's figures
   * (whatever the second request says; the caller checks its own request's fingerprint). The
   * payment is divided as the loan's terms say (the built-in core: the installments due first,
   * interest accrued for the days before its date then principal, and late charges and fees only
   * out of what is beyond them); `additionalPrincipalCents` of it goes to principal only (refused
   * when the rest does not cover the interest owed). 'notFound' for an account
   * that is not the customer's, exactly as for one that does not exist.
   */
  postPayment(
    customer: CustomerRef,
    number: string,
    payment: CorePaymentPosting,
  ): Promise<CorePaymentPostingResult>;
  /**
   * Reverses a posted payment that was returned (an ACH return: the borrower did not pay). The
   * payment is undone as of its own date: interest accrues as if it had never been made, and the
   * payments after it are applied again without it. Its history line stays (it happened); a
   * reversal line dated `returnedOn` shows what it had paid (principal, interest, fees) put back.
   * DECISION: a return never charges a late fee retroactively: no late fee is charged for the days
   * before `returnedOn` because of it; an installment the payment had completed is due again, and
   * its late fee is charged only once its grace days, counted from `returnedOn`, have passed
   * unpaid (the built-in core: loan-engine.ts, the header). `feeCents` > 0 charges the
   * institution's returned-payment fee on `returnedOn`, in the same change.
   *
   * Once per `reversalKey` and account, and once per payment: a repeat under the same key, or a
   * reversal of a payment already reversed under another key, changes nothing and answers
   * 'alreadyReversed' with the first reversal's figures (whatever this request says). 'notFound'
   * when the account is not the customer's, or no payment was posted under `postingKey`, exactly
   * as for an account that does not exist; 'refused' for an account that is not a loan or line of
   * credit, for a `returnedOn` after the institution's today ('dayNotClosed'), and for a payment
   * the core cannot take back on its own ('cannotReverse': e.g. the loan's history since it cannot
   * be replayed), with nothing changed: staff reverse it by hand.
   */
  reversePayment(
    customer: CustomerRef,
    number: string,
    reversal: CorePaymentReversal,
  ): Promise<CorePaymentReversalResult>;
}

/** A posted payment as `ServicingCore.listPostings` lists it. */
export interface CorePostingRecord {
  /** The caller's posting key, as given to `postPayment` (a payment's id). */
  postingKey: string;
  /** The core's reference of the payment's line (what `postPayment` answered). */
  reference: string;
  /** The date the payment was credited as of. */
  date: CalendarDate;
  /** What the core credited: the payment's amount with its additional principal. */
  amountCents: Cents;
  /** Returned and reversed since (`reversePayment`). */
  reversed: boolean;
}

/** A returned payment to reverse (see `ServicingCore.reversePayment`). */
export interface CorePaymentReversal {
  /** The original posting's key, as given to `postPayment`. */
  postingKey: string;
  /** Unique per reversal: a repeat answers 'alreadyReversed' with the first figures. */
  reversalKey: string;
  /** The day the return arrived (the institution's today or earlier): the reversal line's date. */
  returnedOn: CalendarDate;
  /** The reversal line's text, e.g. 'Payment returned: insufficient funds (R01)'. */
  reason: string;
  /** The institution's returned-payment fee, charged on `returnedOn`; 0 for none. */
  feeCents: Cents;
  /** The fee line's text; 'Returned payment fee' by default. */
  feeDescription?: string;
}

/** What a reversal put back (the reversal line's figures, in cents). */
export interface CoreReversedPayment {
  /** The core's reference: the reversal line's id. */
  reference: string;
  /** The reversal line's date: `returnedOn`. */
  date: CalendarDate;
  /** The payment's amount, put back. */
  amountCents: Cents;
  principalCents: Cents;
  interestCents: Cents;
  /** Late charges and other fees the payment had paid, owed again. */
  feesCents: Cents;
  /** The principal after the reversal line. */
  newBalanceCents: Cents;
  /** The loan's next due date now (null when paid off). */
  nextDueDate: CalendarDate | null;
}

export type CorePaymentReversalResult =
  | ({ status: 'reversed' | 'alreadyReversed' } & CoreReversedPayment)
  | { status: 'notFound' }
  | { status: 'refused'; reason: 'notALoan' | 'dayNotClosed' | 'cannotReverse' };

/**
 * The host's side of a loan's payment information. The portal adds the institution's settings,
 * the saved methods and its own scheduled and recurring payments.
 */
export interface CorePaymentTerms {
  /** The core accepts ACH (bank account) payments on this loan. */
  allowAch: boolean;
  /** The core accepts card payments on this loan. */
  allowCards: boolean;
  /** How many days ahead a one-time payment may be dated (spec: NumberDaysInPeriod). */
  daysInPeriod: number;
  /** The core allows recurring payments on this loan. */
  recurringAllowed: boolean;
  /** First-party fees by method and kind, in cents (spec: FirstPartyFees). */
  fees: {
    scheduledAchCents: Cents;
    eCheckCents: Cents;
    recurringAchCents: Cents;
    debitCardCents: Cents;
    creditCardCents: Cents;
  };
  /** The installment (regular payment amount). */
  regularPaymentCents: Cents;
  /** What is due now: past-due installments, the current one, late charges and fees. */
  totalAmountDueCents: Cents;
  /** The payoff as of today. */
  payoffTodayCents: Cents;
  /** Late charges and fees owed. */
  feesAndChargesCents: Cents;
  dueDate: CalendarDate | null;
  /**
   * As the loan is billed, as `loanInformation` reports it ('monthly', 'semiMonthly', 'biWeekly',
   * 'weekly' in the built-in core; the domain compares it without regard to case).
   */
  billingFrequency: string;
  /** An installment's due date has passed unpaid (the loan page's past-due flag). */
  pastDue: boolean;
  /** Past due long enough for the core to call it delinquent (built-in core: 30 days or more). */
  delinquent: boolean;
  /** '' or 'InterestTooHighForDelayedPayment' (only immediate payments). */
  restrictionCode: string;
  /** Days the core takes no payment at all (its own holidays), from today on. */
  nonPaymentDays: readonly CalendarDate[];
  /** Days a payment cannot be scheduled for (the core's processing calendar), from today on. */
  nonSchedulableDays: readonly CalendarDate[];
  /** 0 none; 1 and 2 drive the small-dollar window (4 and 7 days). */
  mailPreference: number;
  /** The core's hold on the account, if any. */
  hold: LoanHold | null;
}

export interface CorePaymentPosting {
  /** Unique per account: one payment occurrence (a submission, or a scheduled date). */
  postingKey: string;
  /**
   * The payment's date: it is credited as of this date whenever it is posted (Regulation Z
   * 1026.36(c)(1)). A date before the loan's open day (the day after its last closed day) is
   * applied as of it all the same: the built-in core replays the loan from that date, so the
   * interest and late fees of the days since are what they would have been (the ones no longer
   * owed reversed in the history). A later date (a payment made after midnight, before the
   * night's end of day ran) first closes the loan's days before it, as the end of day would
   * (which then skips them). A date after the institution's today is refused ('dayNotClosed').
   */
  date: CalendarDate;
  /** The whole payment, additional principal included. */
  amountCents: Cents;
  /** Of `amountCents`, what goes to principal only (it does not count toward installments). */
  additionalPrincipalCents: Cents;
  method: 'ach' | 'card';
  /** The history line's text; by default 'Payment received' (or 'Payoff payment') and the method. */
  description?: string;
}

/** What a posting did (figures of the history line, in cents). */
export interface CorePostedPayment {
  /** The core's reference: the history line's id. */
  reference: string;
  /** The date it posted as (see `CorePaymentPosting.date`). */
  date: CalendarDate;
  amountCents: Cents;
  principalCents: Cents;
  interestCents: Cents;
  /** Late charges and other fees paid. */
  feesCents: Cents;
  /** The principal after the payment. */
  newBalanceCents: Cents;
  /**
   * The loan's next due date; null once paid off. For 'alreadyPosted', the loan's next due date
   * now (later payments may have moved it since).
   */
  nextDueDate: CalendarDate | null;
}

export type CorePaymentRefusal =
  /** A deposit or investment, or a loan the core does not service by its rules. */
  | 'notALoan'
  | 'paidOff'
  /** Not a positive whole number of cents, or additional principal beyond the amount. */
  | 'invalidAmount'
  /** More than the payoff as of the date (the core holds no credit balances). */
  | 'exceedsPayoff'
  /**
   * The rest of the payment does not cover the late charges, fees and interest owed, so the
   * additional principal would not go to principal only.
   */
  | 'additionalPrincipalBeforeInterest'
  /** The date is after the institution's today: that day has not begun. */
  | 'dayNotClosed';

export type CorePaymentPostingResult =
  | ({ status: 'posted' | 'alreadyPosted' } & CorePostedPayment)
  /**
   * The core took the payment and posts it later in its own batch (a core that memo-posts during
   * the day), under `reference`. Another call under the same key answers 'pending' until it has
   * posted, then 'alreadyPosted' with the figures: the portal keeps the payment processing and
   * asks again (the posting job's retries), so it is marked posted exactly when the core posted
   * it. The built-in core posts at once and never answers it.
   */
  | { status: 'pending'; reference: string }
  | { status: 'notFound' }
  | { status: 'refused'; reason: CorePaymentRefusal };

export interface CustomerRef {
  institutionId: number;
  customerId: string;
}

export type CoreAccountCategory = 'loan' | 'lineOfCredit' | 'deposit' | 'investment';

export interface CoreAddress {
  address1: string;
  city: string;
  state: string;
  zipCode: string;
}

/** An account as the account list shows it (spec 002 "Account list item"). */

export interface CoreAccount {
  number: string;
  /** The host's type code: 0 loan, 9 line of credit, 1/3/5/6 deposit, 7/8 investment. */
  type: number;
  description: string;
  /** The host's status comment: '', 'NOX$', 'IRSO' (open) or one containing CLOSED. */
  comment: string;
  balanceCents: Cents;
  availableBalanceCents: Cents;
  /** Percent × 100. */
  rate: number;
  statementPreference: 'ElectronicOnly' | 'PaperOnly';
  dueDate: CalendarDate | null;
  amountDueCents: Cents;
  installmentCents: Cents;
  feesDueCents: Cents;
  nameOnAccount: string;
  openedOn: CalendarDate;
  hiddenFromWeb: boolean;
  pastDue: boolean;
  address: CoreAddress;
  /** Certificates: when the term ends. */
  maturityDate: CalendarDate | null;
  /** The core's hold on the account, if any (spec 002 section 8's on-load flags). */
  hold: LoanHold | null;
}

export interface CoreLoanInformation {
  account: CoreAccount;
  principalCents: Cents;
  payoffTodayCents: Cents;
  originalPrincipalCents: Cents;
  originationDate: CalendarDate;
  maturityDate: CalendarDate | null;
  nextDueDate: CalendarDate | null;
  nextPaymentCents: Cents;
  totalAmountDueCents: Cents;
  installmentCents: Cents;
  billingFrequency: string;
  lateChargesDueCents: Cents;
  /** Late charges and every other fee owed. */
  totalFeesCents: Cents;
  lastPaymentDate: CalendarDate | null;
  lastPaymentCents: Cents;
  interestThisYearCents: Cents;
  interestLastYearCents: Cents;
  creditLimitCents: Cents;
  availableCreditCents: Cents;
  daysPastDue: number;
}

/**
 * A line of an account's history as the borrower reads it: a payment's amounts are positive, and a
 * returned payment's line has them negative (the payment taken back off the loan).
 */
export interface CoreTransaction {
  id: string;
  date: CalendarDate;
  /** Time of day it posted ('HH:MM:SS', institution time). */
  time: string;
  description: string;
  principalCents: Cents;
  interestCents: Cents;
  otherCents: Cents;
  totalCents: Cents;
  principalBalanceCents: Cents;
}

export interface CoreStatement {
  id: string;
  /** The statement date (the end of its period). */
  date: CalendarDate;
  periodStart: CalendarDate;
  /** 0 built in; 1 and 3 an external family opened by URL; 4 one opened by document. */
  provider: number;
  type: number;
}

export interface CoreInsurance {
  type: string;
  /** 1 individual, 2 joint, else none. */
  coverage: number;
  premiumCents: Cents;
}

/** A projected path to payoff. */
export interface CorePayoffPath {
  /** The last payment's date; null when the payments never repay the loan. */
  payoffDate: CalendarDate | null;
  interestCents: Cents;
  payments: number;
  /** The principal after each payment. */
  balances: { date: CalendarDate; principalCents: Cents }[];
}

export interface CorePayoffQuote {
  asOf: CalendarDate;
  principalCents: Cents;
  interestCents: Cents;
  lateChargesCents: Cents;
  otherFeesCents: Cents;
  totalCents: Cents;
  perDiemCents: Cents;
  /**
   * How the loan counts days for interest, when the core says (Actual/365 when it does not):
   * under 30/360 a per diem is a 30/360 day's, and the breakdown says so.
   */
  dayCount?: 'actual/365' | 'actual/360' | '30/360';
}

export interface CoreApplication {
  number: string;
  status: string;
  amountRequestedCents: Cents;
  amountApprovedCents: Cents;
  lastModified: CalendarDate;
  office: string;
  fundsExpected: CalendarDate | null;
  /** The product's name ('' when the core does not say, as for applications taken elsewhere). */
  product: string;
  /** The term asked for, in months (null when not known). */
  termMonths: number | null;
  /** The documents the application asks for (their names), for the borrower to upload. */
  requiredDocuments: string[];
}

/** A loan application as the portal takes it (issue 22: `POST /api/Register/Apply`). */
export interface CoreNewApplication {
  /** Unique per institution: one attempt of the borrower (see `createApplication`). */
  requestKey: string;
  /** The institution's today: the application's first "last modified". */
  date: CalendarDate;
  productId: string;
  productName: string;
  amountRequestedCents: Cents;
  termMonths: number;
  purpose: string;
  annualIncomeCents: Cents;
  /** domain EMPLOYMENT_STATUSES. */
  employmentStatus: string;
  /** When the borrower agreed to be contacted about it. */
  contactConsentAt: Date;
  /** The documents the product asks for (their names), kept with the application. */
  requiredDocuments: readonly string[];
}

export interface CoreApplicationStatusChange {
  /** The status the caller saw and decided on. */
  from: string;
  to: string;
  /** The day of the change (the institution's today): the application's last modified. */
  date: CalendarDate;
  /** Approved: the amount approved. Ignored otherwise (declining sets 0, others keep it). */
  amountApprovedCents?: Cents;
  /** When the funds are expected; undefined keeps the date the application has. */
  fundsExpected?: CalendarDate | null;
  /** Who made the change (a staff member's e-mail address), kept by the core. */
  changedBy: string;
}

/** The core could not be reached (a connection refused or timed out before it answered). */
export class CoreUnavailableError extends Error {
  constructor(message = 'the core servicing system could not be reached', options?: ErrorOptions) {
    super(message, options);
    this.name = 'CoreUnavailableError';
  }
}
