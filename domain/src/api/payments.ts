import type { SettingKey } from '@portal/settings-schema';
import { z } from 'zod';
import { Envelope, withEnvelope } from '../envelope';
import { isCalendarDate } from '../rules/calendar';
import { moneyOf } from './money';
import { DAYS_BEFORE_DUE_MAX_MONTHLY } from '../payments/payment-dates';
import {
  PAYMENT_FREQUENCIES,
  RECURRING_OPTIONS,
  type RecurringDetails,
} from '../payments/payment-eligibility';
import type { ThirdPartyFeeRequest } from '../payments/payment-fees';
import {
  ACH_ACCOUNT_TYPES,
  DEBIT_CREDIT_TYPES,
  PAYMENT_CARD_TYPES,
} from '../payments/payment-forms';
import { PayoffDownloadTokenRequest, PayoffQuoteQuery, PayoffQuoteResponse } from './payoff-quote';
import { AgreementLoggingRequest } from './auth-steps';
import { PaymentStatus } from './payment-timeline';

/**
 * The payments area's calls (spec 001 sections 3, 7 and 8). Money on the wire is decimal dollars
 * with at most two decimals, integer cents once parsed (`./money`: the schemas decode and encode
 * it, so no caller converts); dates are calendar
 * dates 'YYYY-MM-DD', also accepted as the host's 'YYYY-MM-DDT00:00:00'.
 *
 * Card data: the card number and security code appear in `AddCardPaymentMethodRequest` only.
 * From then on a card is its ProfileId (the processor's token) and its last four digits; no
 * response schema has a field that could carry a full number or a security code, and the
 * server's serializer parses every answer through its schema, which drops undeclared keys.
 */

// ---------------------------------------------------------------------------------------------
// Shared pieces

/** The largest amount the wire takes: '$999,999,999.99' fills the 15-character amount input. */
export const MAX_PAYMENT_DOLLARS = 999_999_999.99;

/** An amount: 0 or more, at most two decimals on the wire; cents once parsed. */
const Dollars = moneyOf(z.number().min(0).max(MAX_PAYMENT_DOLLARS));

/** Whole cents, for state that never leaves the portal. */
const Cents = z
  .number()
  .int()
  .min(0)
  .max(Math.round(MAX_PAYMENT_DOLLARS * 100));

/** A loan account number as the account list names it: branch-account[-check]. */
const LoanAccountNumber = z.string().min(1).max(40);

/** 'YYYY-MM-DD', or the host's 'YYYY-MM-DDT00:00:00'; a real calendar day either way. */
const DateText = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2})?$/)
  .refine((text) => isCalendarDate(text.slice(0, 10)), 'Not a calendar date');

/** A moment: 'YYYY-MM-DDTHH:MM:SS', optionally with fractions and a zone ('Z' or '+02:00'). */
const DateTimeText = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,7})?(Z|[+-]\d{2}:\d{2})?$/)
  .refine((text) => isCalendarDate(text.slice(0, 10)), 'Not a calendar date');

/** A saved method's handle: the processor's token for a card, ours for a bank account. */
const ProfileId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.:-]+$/);

/** An opaque handle the server issued (a payment's EncryptedString, a draft token). */
const OpaqueText = z
  .string()
  .min(1)
  .max(1000)
  .regex(/^[\x21-\x7E]+$/);

/** A short-lived download or passable token (the download tokens have at most 200 characters). */
const TokenText = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[\x21-\x7E]+$/);

const CARD_EXPIRATION = /^(0[1-9]|1[0-2])\/\d{2}$/;
const ShortText = z.string().max(100);
const PersonName = z.string().trim().min(1).max(100);
const LoanAccountType = z.number().int().min(0).max(99);
const CompanyNumber = z.number().int().min(0).max(999_999_999);
const DaysBeforeDue = z.number().int().min(0).max(DAYS_BEFORE_DUE_MAX_MONTHLY);

// ---------------------------------------------------------------------------------------------
// Saved payment methods (section 3 "Saved payment method")

/**
 * A saved bank account. AccountNumber is its last four digits (fewer for a shorter account):
 * the whole number never leaves the server.
 */
export const AchInfo = z.object({
  AccountType: z.enum(ACH_ACCOUNT_TYPES),
  AccountNumber: z.string().regex(/^\d{1,4}$/),
  ProfileId,
});
export type AchInfo = z.infer<typeof AchInfo>;

/**
 * A card's last four digits, the only card digits any answer carries. Spec 001 names the field
 * CardInfo.CardNumber; it holds exactly four digits, so a whole number there is refused.
 */
export const CardLastFour = z.string().regex(/^\d{4}$/);

/**
 * A saved card. CardNumber is its last four digits (spec 001 section 3 "Saved payment method":
 * "CardNumber as last four"), never the whole number. ExpirationDate is MM/YY.
 */
export const CardInfo = z.object({
  CardType: z.enum(PAYMENT_CARD_TYPES),
  CardNumber: CardLastFour,
  ExpirationDate: z.string().regex(CARD_EXPIRATION),
  ProfileId,
  DebitCreditType: z.enum(DEBIT_CREDIT_TYPES),
});
export type CardInfo = z.infer<typeof CardInfo>;

/** A saved method: a card (IsCard true, CardInfo) or a bank account (IsCard false, AchInfo). */
export const SavedPaymentMethod = z.discriminatedUnion('IsCard', [
  z.object({ IsCard: z.literal(true), CardInfo }),
  z.object({ IsCard: z.literal(false), AchInfo }),
]);
export type SavedPaymentMethod = z.infer<typeof SavedPaymentMethod>;

// ---------------------------------------------------------------------------------------------
// GET /api/PaymentInformation/GetPaymentInfo?accountNumber={n}

export const PaymentInfoQuery = z.object({ accountNumber: LoanAccountNumber });
export type PaymentInfoQuery = z.infer<typeof PaymentInfoQuery>;

/** The account's first-party fees, in dollars (section 9: scheduled ACH, e-check, ...). */
export const PaymentInfoFirstPartyFees = z.object({
  ScheduledAchFee: Dollars,
  ECheckFeeAmount: Dollars,
  RecurringAchFee: Dollars,
  DebitCardFeeAmount: Dollars,
  CreditCardFeeAmount: Dollars,
});
export type PaymentInfoFirstPartyFees = z.infer<typeof PaymentInfoFirstPartyFees>;

export const PaymentInfoOptions = z.object({
  AllowACH: z.boolean(),
  AllowCards: z.boolean(),
  /** How many days ahead a one-time payment may be dated (today plus daysInPeriod). */
  NumberDaysInPeriod: z.number().int().min(0).max(3_660),
  RecurringAllowed: z.boolean(),
  FirstPartyFees: PaymentInfoFirstPartyFees,
});
export type PaymentInfoOptions = z.infer<typeof PaymentInfoOptions>;

/** The loan's regular payment: PaymentAmount is what 'Pay Amount Due' fills in. */
export const PaymentInfoDetails = z.object({
  LoanAccountNumber,
  /**
   * Decided (the spec does not say): the institution's today by the server's clock. The portal
   * dates the payment from it, not from the device's clock, which may be a day off (a borrower's
   * wrong clock, or the demo clock DEMO_CLOCK_START).
   */
  PaymentDate: DateText,
  PaymentAmount: Dollars,
  Company: CompanyNumber,
});
export type PaymentInfoDetails = z.infer<typeof PaymentInfoDetails>;

/**
 * The loan's recurring payment (section 3 "Recurring payment"). EncryptedData is the server's
 * handle on it, sent back as Payment.EncryptedString to delete it. NumberOfDays is the days before
 * due of a DaysBeforeDue option (0 is on the due date), else 0. PaymentAccountNum is the last four
 * digits of the card or bank account.
 */
export const RecurringPaymentInfo = z.object({
  EncryptedData: OpaqueText,
  IsCard: z.boolean(),
  Date: DateText,
  RecurringOption: z.enum(RECURRING_OPTIONS),
  NumberOfDays: DaysBeforeDue,
  TotalAmount: Dollars,
  AdditionalPrincipalAmount: Dollars,
  PaymentAccountNum: z.string().regex(/^\d{1,4}$/),
  CanDelete: z.boolean(),
});
export type RecurringPaymentInfo = z.infer<typeof RecurringPaymentInfo>;

/**
 * A scheduled one-time payment (section 3 "Scheduled payment"). EncryptedString is the server's
 * handle on it; AccountNumber is the last four digits of the card or bank account that pays it.
 */
export const ScheduledPaymentInfo = z.object({
  EncryptedString: OpaqueText,
  IsCard: z.boolean(),
  AccountNumber: z.string().regex(/^\d{1,4}$/),
  PaymentDate: DateText,
  PaymentAmount: Dollars,
  CanDelete: z.boolean(),
  HasBeenPosted: z.boolean(),
  /**
   * Its state (an addition to the spec's shape, issue 24): HasBeenPosted says only whether it is
   * shown as posted, and a scheduled payment settling (paid, waiting for the core or for its ACH
   * file) is processing as a recent one is (rules/processing-payments).
   */
  Status: PaymentStatus,
  /**
   * Submitted with Pay off ticked (an addition to the spec's shape, issue 24): the lists and its
   * details say it is a payoff. Answered only when true: absent for any other payment, whose
   * entry keeps the spec's shape.
   */
  IsPayoff: z.boolean().optional(),
});
export type ScheduledPaymentInfo = z.infer<typeof ScheduledPaymentInfo>;

/**
 * A payment of the loan the borrower's bank sent back (an ACH return, issue 24), shown on the
 * loan's screens for 45 days after its date: an addition to the spec's payment info.
 */
export const ReturnedPaymentInfo = z.object({
  /** Opens the payment's details (PaymentScheduled/Timeline) and nothing else. */
  EncryptedString: OpaqueText,
  PaymentDate: DateText,
  /** What was debited: the payment, its additional principal and its fees. */
  PaymentAmount: Dollars,
  IsCard: z.boolean(),
  AccountNumber: z.string().regex(/^\d{1,4}$/),
  /** The bank's reason in words ('Insufficient funds'). */
  Reason: z.string().max(100),
});
export type ReturnedPaymentInfo = z.infer<typeof ReturnedPaymentInfo>;

/**
 * A payment of the loan no longer waiting for its date, dated in the last 45 days (issue 24,
 * "Lifecycle of a payment": each state visible to the borrower): made with Pay Now, a date of a
 * recurring payment, or a scheduled payment once it left the scheduled list. Newest first. An
 * addition to the spec's payment info, absent when there is none; the waiting and cancelled ones
 * are not in it.
 */
export const RecentPaymentInfo = z.object({
  /** Opens the payment's details (PaymentScheduled/Timeline) and nothing else. */
  EncryptedString: OpaqueText,
  PaymentDate: DateText,
  /** What was paid: the payment, its additional principal and its fees. */
  PaymentAmount: Dollars,
  /**
   * Of it, what counts toward the amount due once credited: the payment without its additional
   * principal (principal only) and its fees (the processor's and the institution's).
   */
  TowardAmountDue: Dollars,
  IsCard: z.boolean(),
  AccountNumber: z.string().regex(/^\d{1,4}$/),
  Status: PaymentStatus,
  /**
   * A refunded card payment the institution gave back another way (a check), the card having
   * refused the refund: the borrower will not find it on the card. Absent otherwise.
   */
  RefundedElsewhere: z.literal(true).optional(),
});
export type RecentPaymentInfo = z.infer<typeof RecentPaymentInfo>;

/** The most recent payments an answer lists. */
export const RECENT_PAYMENTS_LISTED = 20;

/**
 * The payment info response (section 3), fields as the spec spells them (`accountType` is lower
 * case on the wire). The client adds accountNumber, valid, blockAchPayment and blockCardPayment
 * itself; they are not on the wire. The fields come only with HasNoErrors true. An error answer
 * (NiteMode, PaymentBlocked, ... of `PAYMENT_INFO_ERRORS`) is the envelope; an addition to the
 * spec's shape: a refusal about the loan (PaymentBlocked, Delinquent, BlockedOnPendingRecurring,
 * DisabledPaymentsAfterCutoffTime, NoPaymentNeeded) still carries the loan's ScheduledPayments
 * and RecurringPayment, so the borrower sees, and may delete, the payments behind it (a
 * DisabledPaymentsAfterCutoffTime is about a pending scheduled payment; a spec review found them
 * hidden exactly then).
 */
export const PaymentInfoResponse = z.discriminatedUnion('HasNoErrors', [
  Envelope.extend({ HasNoErrors: z.literal(true), ...paymentInfoFields() }),
  Envelope.extend({
    HasNoErrors: z.literal(false),
    ScheduledPayments: z.array(ScheduledPaymentInfo).max(100).optional(),
    RecurringPayment: RecurringPaymentInfo.nullable().optional(),
    ReturnedPayments: z.array(ReturnedPaymentInfo).max(20).optional(),
    RecentPayments: z.array(RecentPaymentInfo).max(RECENT_PAYMENTS_LISTED).optional(),
  }),
]);
export type PaymentInfoResponse = z.infer<typeof PaymentInfoResponse>;

function paymentInfoFields() {
  return {
    DueDate: DateText,
    PaymentDetails: PaymentInfoDetails,
    PaymentOptions: PaymentInfoOptions,
    ScheduledPayments: z.array(ScheduledPaymentInfo).max(100),
    RecurringPayment: RecurringPaymentInfo.nullable(),
    /** Absent from an answer of the spec's shape: none. */
    ReturnedPayments: z.array(ReturnedPaymentInfo).max(20).optional(),
    /** Absent from an answer of the spec's shape: none. */
    RecentPayments: z.array(RecentPaymentInfo).max(RECENT_PAYMENTS_LISTED).optional(),
    PaymentMethods: z.array(SavedPaymentMethod).max(100),
    DefaultPaymentMethod: SavedPaymentMethod.nullable(),
    Delinquent: z.boolean(),
    TotalAmountDue: Dollars,
    PayOffAmount: Dollars,
    LoanBillingFrequency: ShortText,
    FeesAndCharges: Dollars,
    /** The loan's type code: 9 is a line of credit. */
    accountType: LoanAccountType,
    /** 'InterestTooHighForDelayedPayment' allows immediate payments only; '' for none. */
    RestrictionCode: ShortText,
    NonPaymentDays: z.array(DateText).max(1_000),
    NonSchedulablePaymentDays: z.array(DateText).max(1_000),
    /** 1 and 2 drive the small-dollar rule (4 and 7 days); other values do not. */
    MailPreference: z.number().int().min(0).max(99),
    BlockImmediateACHPaymentsAfterCutoffTime: z.boolean(),
    /** The date an immediate ACH payment made after today's cutoff time gets. */
    AdjustedACHPaymentDateAfterCutoffTime: DateText.nullable(),
  };
}

// ---------------------------------------------------------------------------------------------
// POST /api/PaymentMethod/GetPaymentMethods

export const PaymentMethodsRequest = z.object({ AccountNumber: LoanAccountNumber });
export type PaymentMethodsRequest = z.infer<typeof PaymentMethodsRequest>;

/**
 * Shape not shown in the spec; decided here to match GetPaymentInfo: the saved methods usable for
 * the loan and the loan's default method (null when none). Empty and null on an error answer.
 */
export const PaymentMethodsResponse = withEnvelope({
  PaymentMethods: z.array(SavedPaymentMethod).max(100),
  DefaultPaymentMethod: SavedPaymentMethod.nullable(),
  /**
   * An addition to the spec's shape (which section 7 leaves unshown): the HostNums of the ACH
   * agreements (WhenToAgree ach) the signed-in user still has to accept today, by section 4's
   * rule (in force, and not accepted on or after the agreement's date). The ACH terms modal
   * asks these only. Optional: an answer without it (an older server) leaves the portal asking
   * every ACH agreement in force; the server refuses a save while one is still needed anyway.
   */
  AchAgreementsNeeded: z.array(z.number().int()).max(5).optional(),
});
export type PaymentMethodsResponse = z.infer<typeof PaymentMethodsResponse>;

// ---------------------------------------------------------------------------------------------
// POST /api/PaymentInformation/GetThirdPartyFee

export const GetThirdPartyFeeRequest = z.object({
  IsAch: z.boolean(),
  IsCreditCard: z.boolean(),
  IsDebitCard: z.boolean(),
  IsImmediate: z.boolean(),
  IsOneTime: z.boolean(),
  IsRecurring: z.boolean(),
  LoanNumber: LoanAccountNumber,
}) satisfies z.ZodType<ThirdPartyFeeRequest>;
export type GetThirdPartyFeeRequest = z.infer<typeof GetThirdPartyFeeRequest>;

/** ThirdPartyFeeAmount is 0 on an error answer. */
export const ThirdPartyFeeResponse = withEnvelope({ ThirdPartyFeeAmount: Dollars });
export type ThirdPartyFeeResponse = z.infer<typeof ThirdPartyFeeResponse>;

// ---------------------------------------------------------------------------------------------
// Default method: POST SetDefaultPaymentMethod, DELETE RemoveDefaultPaymentMethod

/** PaymentMethod is the saved method chosen in the dropdown. The answer is the envelope. */
export const SetDefaultPaymentMethodRequest = z.object({
  AccountNumber: LoanAccountNumber,
  PaymentMethod: SavedPaymentMethod,
});
export type SetDefaultPaymentMethodRequest = z.infer<typeof SetDefaultPaymentMethodRequest>;

/** The answer is the envelope (the portal only logs a failure). */
export const RemoveDefaultPaymentMethodQuery = z.object({ accountNumber: LoanAccountNumber });
export type RemoveDefaultPaymentMethodQuery = z.infer<typeof RemoveDefaultPaymentMethodQuery>;

// ---------------------------------------------------------------------------------------------
// GET /api/ACHRoutingData?routingNumber={routingNumber}

export const RoutingLookupQuery = z.object({ routingNumber: z.string().regex(/^\d{9}$/) });
export type RoutingLookupQuery = z.infer<typeof RoutingLookupQuery>;

/** The bank of a routing number; BankExists false (other fields '') when the directory lacks it. */
export const RoutingLookupResponse = withEnvelope({
  Address: ShortText,
  City: ShortText,
  State: ShortText,
  Zip: z.string().max(10),
  RoutingNumber: z.string().regex(/^(\d{9})?$/),
  BankExists: z.boolean(),
  Name: ShortText,
});
export type RoutingLookupResponse = z.infer<typeof RoutingLookupResponse>;

// ---------------------------------------------------------------------------------------------
// New methods: AddCardPaymentMethod, AddAchPaymentMethod, ValidateAchPaymentMethod

/**
 * The card's billing address. Address1, City and State are '' unless the full-address setting
 * asks for them; the form rules (`cardFormIssues`: required fields, forbidden characters) decide
 * the rest.
 */
export const CardBillingAddress = z.object({
  // As the form rule (isZipOrZipPlusFour): 12345 or 12345-6789.
  ZipCode: z.string().regex(/^\d{5}(-\d{4})?$/),
  Address1: z.string().max(100),
  Address2: z.string().max(100),
  City: z.string().max(50),
  State: z.string().max(50),
});
export type CardBillingAddress = z.infer<typeof CardBillingAddress>;

/**
 * POST /api/PaymentMethod/AddCardPaymentMethod: the ONLY schema with a card number and a
 * security code. The server hands both to the card processor in this request and keeps neither
 * (never in the database, a log line, an error report or an answer). The schema bounds them;
 * `cardFormIssues` decides the exact rules (length by type, accepted types, expiry, debit only).
 *
 * SavePaymentProfile is not in the spec's payload (its 'Save Payment Profile' checkbox is
 * client-side): a card is tokenized here even for single use, so that no later call carries the
 * number. false keeps it as a single-use method, which `methodCanSchedule` never schedules.
 * With SaveWithPayment (issue 20 item 9) it is not saved yet: it is kept for the payment that
 * names it with SavePaymentMethod, and saved with that payment; until then it is not listed.
 */
export const AddCardPaymentMethodRequest = z.object({
  BillingAddress: CardBillingAddress,
  CardHolderFirstName: PersonName,
  CardHolderLastName: PersonName,
  /** Digits only, spaces removed. */
  CardNumber: z.string().regex(/^\d{12,19}$/),
  /** MM/YY */
  ExpirationDate: z.string().regex(CARD_EXPIRATION),
  SecurityCode: z.string().regex(/^\d{3,4}$/),
  CardType: z.enum(PAYMENT_CARD_TYPES),
  DebitCreditType: z.enum(DEBIT_CREDIT_TYPES),
  LoanAccountNumber,
  SavePaymentProfile: z.boolean().optional().default(true),
  /**
   * An addition (issue 20 item 9): with SavePaymentProfile true, the card is not saved now but
   * kept for the payment that names it with SavePaymentMethod, and saved with that payment; the
   * portal sends it. Without it a card is saved at once, as the spec's clients expect.
   */
  SaveWithPayment: z.boolean().optional().default(false),
});
export type AddCardPaymentMethodRequest = z.infer<typeof AddCardPaymentMethodRequest>;

/**
 * The new ACH payload (AddAchPaymentMethod, ValidateAchPaymentMethod), and a single-use bank
 * account in a payment request. `achFormIssues` decides the rules beyond these bounds (the ABA
 * checksum, not all zeros, owner name of two words, savings allowed).
 */
export const NewAchPaymentMethod = z.object({
  AccountType: z.enum(ACH_ACCOUNT_TYPES),
  RoutingNumber: z.string().regex(/^\d{9}$/),
  AccountNumber: z.string().regex(/^\d{1,17}$/),
  OwnerName: PersonName,
});
export type NewAchPaymentMethod = z.infer<typeof NewAchPaymentMethod>;

export const AddAchPaymentMethodRequest = NewAchPaymentMethod;
export type AddAchPaymentMethodRequest = NewAchPaymentMethod;
/** The answer is the envelope; the error, if any, is Errors[0].ErrorMessage. */
export const ValidateAchPaymentMethodRequest = NewAchPaymentMethod;
export type ValidateAchPaymentMethodRequest = NewAchPaymentMethod;

/**
 * The answer of AddCardPaymentMethod and AddAchPaymentMethod. The spec shows the envelope only;
 * PaymentMethod (null on an error answer) is added so the portal can preselect the new method
 * without a second call, and so a single-use card is known by its token.
 */
export const AddPaymentMethodResponse = withEnvelope({
  PaymentMethod: SavedPaymentMethod.nullable(),
});
export type AddPaymentMethodResponse = z.infer<typeof AddPaymentMethodResponse>;

// POST /api/PaymentMethod/DeleteAchPayment takes `AchInfo`, DeleteCardPayment `CardInfo`; the
// answer is the envelope.

/**
 * POST /api/PaymentMethod/PaymentsOfMethod (an addition to the spec's calls, issue 20 item 9):
 * the scheduled and recurring payments that deleting a saved method would cancel, for the delete
 * dialog to name them. The method as DeleteAchPayment or DeleteCardPayment names it.
 */
export const PaymentsOfMethodRequest = z.object({ IsCard: z.boolean(), ProfileId });
export type PaymentsOfMethodRequest = z.infer<typeof PaymentsOfMethodRequest>;

/**
 * A payment deleting the method cancels: a scheduled payment (PaymentDate, PaymentAmount) or a
 * recurring one (its schedule: RecurringOption, Date the next one, NumberOfDays, and
 * PaymentAmount each time, 0 when a line pays its total due). LoanAccountNumber is masked.
 */
export const PaymentOfMethod = z.object({
  Kind: z.enum(['Scheduled', 'Recurring']),
  LoanAccountNumber: z.string().max(40),
  /**
   * The loan by its name and masked number, as every screen names it (domain loanName: 'Home
   * Equity Loan ****2352'); issue 20: the dialog named the loan by its masked number alone.
   * Optional for an older server.
   */
  LoanName: z.string().max(250).optional(),
  PaymentDate: DateText,
  PaymentAmount: Dollars,
  RecurringOption: z.enum(RECURRING_OPTIONS).nullable(),
  NumberOfDays: DaysBeforeDue,
});
export type PaymentOfMethod = z.infer<typeof PaymentOfMethod>;

export const PaymentsOfMethodResponse = withEnvelope({
  Payments: z.array(PaymentOfMethod).max(1_000),
});
export type PaymentsOfMethodResponse = z.infer<typeof PaymentsOfMethodResponse>;

// ---------------------------------------------------------------------------------------------
// The six submit calls: POST /api/Payment{Immediate,Scheduled,Recurring}/Submit{Card,Ach}

/** The header each submit carries; the same key on a retry of the same attempt. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IdempotencyKey = z
  .string()
  .min(8)
  .max(200)
  .regex(/^[\x21-\x7E]+$/);

/**
 * An addition to the spec's payment request (issue 20 item 9: a new method is saved with the
 * payment, and only when 'Save Payment Profile' was ticked): true on a method typed for this
 * payment (a card AddCardPaymentMethod tokenized, or a new bank account) saves it once the
 * payment is accepted (a scheduled or recurring one), or once it went through (one made today: a
 * declined card is not saved). Nothing is saved before. Ignored on a method already saved.
 */
const SavePaymentMethod = z.boolean().optional();

/**
 * The method a payment is made with. A card is always a ProfileId (saved, or single-use from
 * AddCardPaymentMethod); the server reads the ProfileId and takes the rest from its own record.
 * A bank account is a saved AchInfo, or a single-use account as the new ACH payload.
 */
export const PaymentRequestMethod = z.discriminatedUnion('IsCard', [
  z.object({ IsCard: z.literal(true), CardInfo, SavePaymentMethod }),
  z.object({
    IsCard: z.literal(false),
    AchInfo: z.union([AchInfo, NewAchPaymentMethod]),
    SavePaymentMethod,
  }),
]);
export type PaymentRequestMethod = z.infer<typeof PaymentRequestMethod>;

/**
 * PaymentAmount is 0 for a recurring line-of-credit payment paying total due (calculated at
 * payment time); the server checks every amount and fee against its own figures.
 */
export const PaymentRequestDetails = z.object({
  PaymentDate: DateText,
  LoanAccountNumber,
  Company: CompanyNumber,
  PaymentAmount: Dollars,
  FirstPartyFee: Dollars,
  ThirdPartyFee: Dollars,
  AdditionalPrincipalAmount: Dollars,
});
export type PaymentRequestDetails = z.infer<typeof PaymentRequestDetails>;

const PaymentFields = z.object({
  /** The signed-in user's name; the server pays as the session's user whatever this says. */
  LogonName: z.string().min(1).max(200),
  Details: PaymentRequestDetails,
  /** The loan's type code (9 line of credit). */
  AccountType: LoanAccountType,
  IsPayoff: z.boolean(),
  Method: PaymentRequestMethod,
});

/** Opaque to this server (the session says who pays); kept so the spec's clients fit. */
const EncryptedData = z.string().max(4000).optional().default('');

/** The immediate and scheduled submit calls' body (section 3 "Payment request"). */
export const PaymentRequest = z.object({ EncryptedData, Payment: PaymentFields });
export type PaymentRequest = z.infer<typeof PaymentRequest>;

/**
 * RecurringDetails as `recurringDetailsOf` maps a frequency: DaysBeforeDue carries its days
 * (0 is on the due date), every other option 0.
 */
export const RecurringDetailsPayload = z
  .object({ RecurringOption: z.enum(RECURRING_OPTIONS), DaysBeforeDue })
  .refine((details) => details.RecurringOption === 'DaysBeforeDue' || details.DaysBeforeDue === 0, {
    message: 'Only DaysBeforeDue carries days',
    path: ['DaysBeforeDue'],
  }) satisfies z.ZodType<RecurringDetails>;

/**
 * The recurring submit calls' body. The spec says a recurring request "adds" RecurringDetails and
 * AchDraftAgreementToken without placing them: RecurringDetails sits in Payment beside Details,
 * the token at the top beside EncryptedData ('' when no ACH draft agreement was needed).
 */
export const RecurringPaymentRequest = z.object({
  EncryptedData,
  AchDraftAgreementToken: z.string().max(200).optional().default(''),
  Payment: PaymentFields.extend({ RecurringDetails: RecurringDetailsPayload }),
});
export type RecurringPaymentRequest = z.infer<typeof RecurringPaymentRequest>;

/**
 * ReferenceNumber is the confirmation number; '' on an error answer. ReceivedAt (not in the spec's
 * answer; issue 20 item 16) is when the server received a payment made today, the instant its
 * confirmation shows as 'Payment Received': the server's clock decides it, not the device's
 * (a phone a day off said the wrong day). Absent on a refusal and for a scheduled or recurring
 * payment, which is received on its date.
 */
export const SubmitPaymentResponse = withEnvelope({
  ReferenceNumber: z.string().max(64),
  ReceivedAt: DateTimeText.optional(),
});
export type SubmitPaymentResponse = z.infer<typeof SubmitPaymentResponse>;

// ---------------------------------------------------------------------------------------------
// The four delete calls: POST /api/Payment{Recurring,Scheduled}/Delete{Ach,Card}

/**
 * EncryptedString is the payment's handle: a scheduled payment's EncryptedString, a recurring
 * payment's EncryptedData. Token is the spec's user token; with the session in a cookie it is ''.
 */
export const DeletePaymentRequest = z.object({
  Token: z.string().max(200).optional().default(''),
  Payment: z.object({ EncryptedString: OpaqueText, LoanAccountNumber }),
});
export type DeletePaymentRequest = z.infer<typeof DeletePaymentRequest>;

/** Token is the user token the portal passes up ('' with a cookie session). */
export const DeletePaymentResponse = withEnvelope({ Token: z.string().max(200) });
export type DeletePaymentResponse = z.infer<typeof DeletePaymentResponse>;

// ---------------------------------------------------------------------------------------------
// ACH draft agreements

/**
 * POST /api/AchDraftAgreement/PrepareAchDraftAgreementPreview. Amount and AdditionalPrincipal are
 * dollars; LocalTimeOffset is the browser's `getTimezoneOffset()` in minutes; daysBeforeDue is
 * lower case on the wire, as the spec spells it.
 */
export const AchDraftPreviewRequest = z.object({
  LoanAccountNumber,
  AchInfo: z.union([AchInfo, NewAchPaymentMethod]),
  Amount: Dollars,
  AdditionalPrincipal: Dollars,
  LocalTimeOffset: z.number().int().min(-900).max(900),
  daysBeforeDue: DaysBeforeDue,
  /**
   * An addition to the spec's shape (section 7 names daysBeforeDue only): the recurring option
   * and, for the date-based ones, the first payment date, so the preview states the schedule the
   * borrower then signs (a newcomer found the preview saying 'As chosen for this payment'). The
   * recurring submit must then name the same (draftTermsMatch).
   */
  RecurringOption: z.enum(RECURRING_OPTIONS).optional(),
  Date: DateText.optional(),
});
export type AchDraftPreviewRequest = z.infer<typeof AchDraftPreviewRequest>;

/**
 * The spec names the answer "PassableToken": decided here as the envelope with a PassableToken
 * field ('' on an error answer), which opens GET RenderACHDraftAgreementPreview?token=.
 */
export const AchDraftPreviewResponse = withEnvelope({ PassableToken: z.string().max(200) });
export type AchDraftPreviewResponse = z.infer<typeof AchDraftPreviewResponse>;

/** GET /api/AchDraftAgreement/RenderACHDraftAgreementPreview?token= (answers a document). */
export const AchDraftPreviewQuery = z.object({ token: TokenText });
export type AchDraftPreviewQuery = z.infer<typeof AchDraftPreviewQuery>;

const DraftId = z.uuid();

/** One recurring ACH authorization (section 3 "ACH draft list item"). */
export const AchDraftListItem = z.object({
  Id: DraftId,
  LoanAccountNumber,
  CreationDate: DateTimeText,
});
export type AchDraftListItem = z.infer<typeof AchDraftListItem>;

/**
 * GET /api/AchDraftAgreement/GetACHDrafts: "list of ACH draft items". Decided: the list is the
 * envelope's Drafts, not a bare array, so that this answer reports a failure the way every other
 * answer of the API does (HasNoErrors, Errors).
 */
export const AchDraftsResponse = withEnvelope({ Drafts: z.array(AchDraftListItem).max(1_000) });
export type AchDraftsResponse = z.infer<typeof AchDraftsResponse>;

/**
 * POST /api/AchDraftAgreement/RenderACHDraftAgreement: body not shown in the spec; decided as the
 * draft's Id (the signed-in session says whose). Answers the document.
 */
export const RenderAchDraftAgreementRequest = z.object({ Id: DraftId });
export type RenderAchDraftAgreementRequest = z.infer<typeof RenderAchDraftAgreementRequest>;

/** GET /api/AchDraftAgreement/RenderACHDraftAgreement?token=&guid= (a new window; a document). */
export const RenderAchDraftAgreementQuery = z.object({ token: TokenText, guid: DraftId });
export type RenderAchDraftAgreementQuery = z.infer<typeof RenderAchDraftAgreementQuery>;

/** GET /api/PassableToken/GetPassableToken answers the token as text. */
export const PassableTokenText = TokenText;

// ---------------------------------------------------------------------------------------------
// Confirmation data (section 3): the portal's state for myaccount/paymentConfirm, never on the
// wire. Money here is whole cents, as everywhere inside the apps.

export const PaymentConfirmation = z.object({
  referenceNumber: z.string().min(1).max(64),
  payDate: DateText,
  /** The server's today when it was submitted (GetPaymentInfo's PaymentDate), if known. */
  submittedOn: DateText.optional(),
  /**
   * The device's own date (in the institution's zone) at that moment: the confirmation counts
   * the days since on the device's clock from the server's day, so a device a day or a week off
   * (ahead or behind) still tells a scheduled payment from one made today. Absent in
   * confirmations stored before it was kept.
   */
  submittedOnDevice: DateText.optional(),
  /**
   * When a pay-now payment was received: the submit answer's ReceivedAt, the server's instant
   * (issue 20 item 16, the 'payment received' line). Absent for scheduled and recurring
   * payments, and in confirmations stored before it was kept.
   */
  receivedAt: DateTimeText.optional(),
  dueDate: DateText,
  isRecurringLOCPayingTotalDue: z.boolean(),
  /** Made with Pay off ticked: the confirmation says it is a payoff. Absent otherwise. */
  isPayoff: z.literal(true).optional(),
  submissionInfo: z.object({
    accountNumber: LoanAccountNumber,
    /** The loan's name (the account list's Description), so the confirmation names the loan. */
    accountDescription: z.string().max(200).optional(),
    amount: Cents,
    additionalPrincipalAmount: Cents,
    fees: z.object({ firstParty: Cents, thirdParty: Cents }),
    frequencyInfo: z.object({
      frequency: z.enum(PAYMENT_FREQUENCIES),
      numDays: DaysBeforeDue,
    }),
    /** method.CardInfo.CardNumber is the card's last four digits, as in CardInfo. */
    method: z.discriminatedUnion('IsCard', [
      z.object({
        IsCard: z.literal(true),
        CardInfo: CardInfo.pick({ CardType: true, CardNumber: true }),
      }),
      z.object({
        IsCard: z.literal(false),
        AchInfo: AchInfo.pick({ AccountNumber: true, AccountType: true }),
      }),
    ]),
  }),
});
export type PaymentConfirmation = z.infer<typeof PaymentConfirmation>;

// ---------------------------------------------------------------------------------------------
// Every call of section 7 this area answers

type CallSchema = z.ZodType;
export interface PaymentCall {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  query?: CallSchema;
  body?: CallSchema;
  /** A schema, or 'document' for a binary document answer. */
  response: CallSchema | 'document';
}

const submit = (path: string, body: CallSchema): PaymentCall => ({
  method: 'POST',
  path,
  body,
  response: SubmitPaymentResponse,
});
const deletion = (path: string): PaymentCall => ({
  method: 'POST',
  path,
  body: DeletePaymentRequest,
  response: DeletePaymentResponse,
});

/**
 * The payments area's calls, path, request and answer (section 7), for the routes and the API
 * client. The account list and AccountDetails belong to the accounts area.
 */
export const PAYMENT_CALLS = {
  getPaymentInfo: {
    method: 'GET',
    path: '/api/PaymentInformation/GetPaymentInfo',
    query: PaymentInfoQuery,
    response: PaymentInfoResponse,
  },
  getPaymentMethods: {
    method: 'POST',
    path: '/api/PaymentMethod/GetPaymentMethods',
    body: PaymentMethodsRequest,
    response: PaymentMethodsResponse,
  },
  getThirdPartyFee: {
    method: 'POST',
    path: '/api/PaymentInformation/GetThirdPartyFee',
    body: GetThirdPartyFeeRequest,
    response: ThirdPartyFeeResponse,
  },
  getPayOffQuote: {
    method: 'GET',
    path: '/api/PaymentInformation/GetPayOffQuote',
    query: PayoffQuoteQuery,
    response: PayoffQuoteResponse,
  },
  retrievePayoffDownloadToken: {
    method: 'POST',
    path: '/api/PaymentInformation/RetrieveDownloadToken',
    body: PayoffDownloadTokenRequest,
    response: TokenText,
  },
  downloadPayoffQuoteBreakdown: {
    method: 'GET',
    path: '/api/PaymentInformation/DownloadPayoffQuoteBreakdown',
    query: z.object({ downloadToken: TokenText }),
    response: 'document',
  },
  setDefaultPaymentMethod: {
    method: 'POST',
    path: '/api/PaymentMethod/SetDefaultPaymentMethod',
    body: SetDefaultPaymentMethodRequest,
    response: Envelope,
  },
  removeDefaultPaymentMethod: {
    method: 'DELETE',
    path: '/api/PaymentMethod/RemoveDefaultPaymentMethod',
    query: RemoveDefaultPaymentMethodQuery,
    response: Envelope,
  },
  achRoutingData: {
    method: 'GET',
    path: '/api/ACHRoutingData',
    query: RoutingLookupQuery,
    response: RoutingLookupResponse,
  },
  addCardPaymentMethod: {
    method: 'POST',
    path: '/api/PaymentMethod/AddCardPaymentMethod',
    body: AddCardPaymentMethodRequest,
    response: AddPaymentMethodResponse,
  },
  addAchPaymentMethod: {
    method: 'POST',
    path: '/api/PaymentMethod/AddAchPaymentMethod',
    body: AddAchPaymentMethodRequest,
    response: AddPaymentMethodResponse,
  },
  validateAchPaymentMethod: {
    method: 'POST',
    path: '/api/PaymentMethod/ValidateAchPaymentMethod',
    body: ValidateAchPaymentMethodRequest,
    response: Envelope,
  },
  deleteAchPaymentMethod: {
    method: 'POST',
    path: '/api/PaymentMethod/DeleteAchPayment',
    body: AchInfo,
    response: Envelope,
  },
  deleteCardPaymentMethod: {
    method: 'POST',
    path: '/api/PaymentMethod/DeleteCardPayment',
    body: CardInfo,
    response: Envelope,
  },
  paymentsOfMethod: {
    method: 'POST',
    path: '/api/PaymentMethod/PaymentsOfMethod',
    body: PaymentsOfMethodRequest,
    response: PaymentsOfMethodResponse,
  },
  submitImmediateCard: submit('/api/PaymentImmediate/SubmitCard', PaymentRequest),
  submitImmediateAch: submit('/api/PaymentImmediate/SubmitAch', PaymentRequest),
  submitScheduledCard: submit('/api/PaymentScheduled/SubmitCard', PaymentRequest),
  submitScheduledAch: submit('/api/PaymentScheduled/SubmitAch', PaymentRequest),
  submitRecurringCard: submit('/api/PaymentRecurring/SubmitCard', RecurringPaymentRequest),
  submitRecurringAch: submit('/api/PaymentRecurring/SubmitAch', RecurringPaymentRequest),
  deleteRecurringAch: deletion('/api/PaymentRecurring/DeleteAch'),
  deleteRecurringCard: deletion('/api/PaymentRecurring/DeleteCard'),
  deleteScheduledAch: deletion('/api/PaymentScheduled/DeleteAch'),
  deleteScheduledCard: deletion('/api/PaymentScheduled/DeleteCard'),
  prepareAchDraftAgreementPreview: {
    method: 'POST',
    path: '/api/AchDraftAgreement/PrepareAchDraftAgreementPreview',
    body: AchDraftPreviewRequest,
    response: AchDraftPreviewResponse,
  },
  renderAchDraftAgreementPreview: {
    method: 'GET',
    path: '/api/AchDraftAgreement/RenderACHDraftAgreementPreview',
    query: AchDraftPreviewQuery,
    response: 'document',
  },
  agreementLogging: {
    method: 'POST',
    path: '/api/AgreementLogging',
    body: AgreementLoggingRequest,
    response: Envelope,
  },
  getAchDrafts: {
    method: 'GET',
    path: '/api/AchDraftAgreement/GetACHDrafts',
    response: AchDraftsResponse,
  },
  renderAchDraftAgreement: {
    method: 'POST',
    path: '/api/AchDraftAgreement/RenderACHDraftAgreement',
    body: RenderAchDraftAgreementRequest,
    response: 'document',
  },
  openAchDraftAgreement: {
    method: 'GET',
    path: '/api/AchDraftAgreement/RenderACHDraftAgreement',
    query: RenderAchDraftAgreementQuery,
    response: 'document',
  },
  getPassableToken: {
    method: 'GET',
    path: '/api/PassableToken/GetPassableToken',
    response: PassableTokenText,
  },
} as const satisfies Record<string, PaymentCall>;

// ---------------------------------------------------------------------------------------------
// Error keys (section 8): each key is the ErrorMessage the server answers (or, for the portal's
// own failures, the name the portal gives it); each value is its default wording. Where the spec
// abridges a wording ('...') or only describes it, the wording is the default of the settings
// text that overrides it (`*_TEXT_KEYS`), which the tests hold equal.

/** A message starting with this is shown as the text after it, as a processing error. */
export const GENERIC_ERROR_PREFIX = 'Generic -';

const PAYMENT_TIME_NOT_ALLOWED = 'The payment can not be scheduled for that time.';
const MUST_SAVE_PAYMENT_METHOD =
  'A payment method that is not saved can only be used for a payment made today.';
const NIGHTLY_MAINTENANCE =
  'We are currently doing nightly system maintenance. Please try your payment again in about 15 minutes.';

/** Errors of GetPaymentInfo and of choosing a loan (section 8 "Payment info errors"). */
export const PAYMENT_INFO_ERRORS = {
  /** Also what an unknown message shows. */
  Generic: 'There was a problem retrieving your account information.',
  NiteMode: NIGHTLY_MAINTENANCE,
  PaymentBlocked:
    'Payment has been blocked for this account. Please contact your financial institution for further assistance.',
  BlockedOnPendingRecurring:
    'We see you have a payment due soon. Please call customer service to make additional payments.',
  Delinquent:
    'This account is delinquent. Please contact your financial institution for further assistance.',
  NoPaymentNeeded: 'No payment needed at this time. Credit line has no balance.',
  DisabledPaymentsAfterCutoffTime:
    "Payments are disabled because you are past today's payment cutoff time and you already have a scheduled payment pending.",
  /** The spec's "Info load problem", which it gives no key. */
  InfoLoad: 'There was a problem retrieving necessary information to complete your payment.',
} as const;
export type PaymentInfoError = keyof typeof PAYMENT_INFO_ERRORS;

/** Errors of the six submit calls (section 8 "Submit errors"). */
export const SUBMIT_ERRORS = {
  Error: 'There was a problem attempting to create a new payment.',
  New: 'There was a problem attempting to create a new payment. Please contact your financial institution for further assistance.',
  Invalid:
    'There was a problem attempting to submit, please ensure the information you entered is correct.',
  /** Shown as information (`paymentErrorSeverity`): see `permissionSubmitError`. */
  MultipleScheduled:
    'This loan has scheduled payments that cannot be modified online. Please contact your financial institution for further assistance.',
  /** Shown as information (`paymentErrorSeverity`): see `permissionSubmitError`. */
  Scheduled:
    'This loan has a scheduled payment that cannot be modified online. Please contact your financial institution for further assistance.',
  Retrieving: 'There was a problem retrieving information associated with this account.',
  SecurityNotAllowed:
    'Payment has been blocked for this account. Please contact your financial institution for further assistance.',
  PayWithoutSaving: MUST_SAVE_PAYMENT_METHOD,
  MustSavePaymentMethod: MUST_SAVE_PAYMENT_METHOD,
  Deleting: 'An error occurred attempting to delete that payment.',
  ReachedMaxScheduledAllowed:
    'You have scheduled the maximum amount of payments at this time. Cannot create another.',
  PaymentDateMinimum: PAYMENT_TIME_NOT_ALLOWED,
  PaymentDateMaximum: PAYMENT_TIME_NOT_ALLOWED,
  PaymentBeforeCutOffTime: PAYMENT_TIME_NOT_ALLOWED,
  SmallDollarBlockedDays: PAYMENT_TIME_NOT_ALLOWED,
  PaymentDateHoliday: 'Payment cannot be made on a holiday.',
  PaymentDateWeekend: 'Payment cannot be made on a weekend.',
  PayOffQuote: 'There was an error retrieving the pay off quote.',
  PaymentAmountMaximum: 'Payment amount cannot be greater than max.',
  PaymentAmountMinimum: 'Payment amount must be at least the minimum amount',
  RoutingNumberInvalid: 'Could not validate routing number.',
  Generic:
    'An error occurred. Please do not submit your payment again or your account could be charged multiple times. Please contact your financial institution to confirm your payment.',
  Connection: 'Connection error. Please try again later.',
  Declined: 'Transaction Declined.',
  OverLimit: 'Card limit exceeded.',
  InvalidInfo: 'Invalid information entered.',
  Expired: 'Card is expired.',
  ContactUs: 'Please contact your financial institution for assistance with this payment.',
  HostSecurity:
    'Your account is not set up for online payments. Please contact your financial institution.',
  HostACHSecurity:
    'Your account is not set up for ACH payments. Please contact your financial institution.',
  HostNightMode: NIGHTLY_MAINTENANCE,
  NoPaymentOnline:
    'Online payments are not allowed for this account. Please contact your financial institution.',
  NoAchPayment:
    'ACH payments are not allowed for this account. Please contact your financial institution.',
  NightError: 'Nightly processing error. Please try back in about 15 minutes.',
  // The "not allowed" variants: the spec names them without keys; these keys are the ones
  // `permissionSubmitError` answers, and their like for deleting and modifying.
  DeleteRecurringAchNotAllowed:
    'Deleting a recurring ACH payment is not allowed online. Please contact your financial institution.',
  DeleteRecurringCardNotAllowed:
    'Deleting a recurring card payment is not allowed online. Please contact your financial institution.',
  DeleteRecurringNotAllowed:
    'Deleting a recurring payment is not allowed online. Please contact your financial institution.',
  RecurringAchNotAllowed: 'Recurring ACH payments are not allowed for this account.',
  RecurringCardNotAllowed: 'Recurring card payments are not allowed for this account.',
  ScheduledAchNotAllowed: 'Scheduled ACH payments are not allowed for this account.',
  ScheduledCardNotAllowed: 'Scheduled card payments are not allowed for this account.',
  ModifyScheduledAchNotAllowed:
    'Scheduled ACH payments cannot be modified online. Please contact your financial institution.',
  ModifyScheduledCardNotAllowed:
    'Scheduled card payments cannot be modified online. Please contact your financial institution.',
  /** A credit card at an institution that takes debit cards only (key chosen here). */
  /**
   * Card testing guard (issue 20, not in the spec): too many card attempts or declines in a row;
   * worded without the limit, sending the borrower to the institution or a bank account.
   */
  CardAttemptsPaused:
    'For your security, paying by card is paused on your online account after several card attempts. Please contact your financial institution, or pay from a bank account.',
  CreditCardsNotAccepted: 'We do not accept Credit Cards.',
  // An addition to section 8's submit keys: the payment info outcomes a submit meets too (the
  // server applies the same loan outcome to a submit as to GetPaymentInfo), worded as there.
  DisabledPaymentsAfterCutoffTime:
    "Payments are disabled because you are past today's payment cutoff time and you already have a scheduled payment pending.",
  BlockedOnPendingRecurring:
    'We see you have a payment due soon. Please call customer service to make additional payments.',
  // An addition to section 8's submit keys: a bank account typed for one payment is checked as
  // ValidateAchPaymentMethod checks one, and refused with the same keys, worded as there.
  RoutingNumberAchNotAllowed: 'Invalid routing number.',
  RoutingAccountInvalidThirdParty: 'Invalid account number.',
  RoutingAccountInvalidInternal: 'Invalid account number.',
  RoutingLookup: 'An error has occured while verifying the routing number',
} as const;
export type SubmitError = keyof typeof SUBMIT_ERRORS;

/** After one of these the submit button stays disabled (section 4 "Submit"). */
export const CARD_REFUSAL_ERRORS = [
  'Declined',
  'OverLimit',
  'InvalidInfo',
  'Expired',
] as const satisfies readonly SubmitError[];

/**
 * Errors of the method, frequency and pay-off steps (section 8 "Payment method errors").
 * AlreadyExists, RoutingNumberInvalid, RoutingNumberAchNotAllowed and the two
 * RoutingAccountInvalid keys are server messages; the other keys name the portal's own failures.
 */
export const PAYMENT_METHOD_ERRORS = {
  /** A payoff quote failed: pay-off is unticked. */
  PayoffQuoteUnavailable: 'Could not get payoff quote',
  /** The third-party fee failed: the selection is invalid (setup text feeLoadingErrorText). */
  FeeLoading: 'There was a problem calculating the fee for this payment. Please try again.',
  RoutingLookup: 'An error has occured while verifying the routing number',
  AchAgreementSave: 'An error occurred, please try again.',
  AlreadyExists: 'Payment method already exists.',
  /** Any other failure, also a validation call failure without an error list. */
  MethodError: 'An error occurred.',
  /** The user disagreed to the ACH terms. */
  AchTermsDisagreed: 'In order to use the system you must agree to the terms and conditions.',
  RoutingNumberInvalid: 'Invalid routing number.',
  RoutingNumberAchNotAllowed: 'Invalid routing number.',
  RoutingAccountInvalidThirdParty: 'Invalid account number.',
  RoutingAccountInvalidInternal: 'Invalid account number.',
  DeleteMethodFailed: 'Error deleting payment method.',
  /** The spec says a set-default failure is flagged without a wording: the setting's default. */
  SetDefaultFailed: 'There was a problem setting your default payment method.',
  CardNotAllowed:
    'Card payment not allowed on this loan at this time. Please make an ACH payment or contact your institution.',
  AchNotAllowed:
    'ACH payment not allowed on this loan at this time. Please make a card payment or contact your institution.',
  /** AddCardPaymentMethod: the card processor's refusals, worded as for a payment (section 8). */
  Declined: 'Transaction Declined.',
  OverLimit: 'Card limit exceeded.',
  InvalidInfo: 'Invalid information entered.',
  Expired: 'Card is expired.',
  /** AddCardPaymentMethod refused by the card testing guard, worded as for a payment. */
  CardAttemptsPaused: SUBMIT_ERRORS.CardAttemptsPaused,
  CreditCardsNotAccepted: 'We do not accept Credit Cards.',
  /** Info rather than error. */
  AchFutureDateOnly: 'ACH payments can only be scheduled for a future date.',
} as const;
export type PaymentMethodError = keyof typeof PAYMENT_METHOD_ERRORS;

/** The note after a saved method is deleted (beside DeleteMethodFailed). */
export const PAYMENT_METHOD_DELETED_TEXT = 'Successfully deleted payment method.';

/**
 * Errors of deleting a recurring or scheduled payment (section 8 "Deletion errors"), and the
 * refusals the server answers a deletion with: HasBeenPosted (a scheduled payment that posted or
 * began to settle, worded as the list's 'Cannot delete scheduled payment.'), Deleting (section 8
 * "Submit errors", the payment is not the kind named) and the not-allowed keys of the delete
 * permission settings, each with the same wording as in `SUBMIT_ERRORS`.
 */
export const PAYMENT_DELETION_ERRORS = {
  RecurringDeleteFailed: 'An error occurred while attempting to cancel your recurring payment.',
  ScheduledDeleteFailed: 'There was an error deleting your payment.',
  HasBeenPosted: 'Cannot delete scheduled payment.',
  Deleting: SUBMIT_ERRORS.Deleting,
  DeleteRecurringAchNotAllowed: SUBMIT_ERRORS.DeleteRecurringAchNotAllowed,
  DeleteRecurringCardNotAllowed: SUBMIT_ERRORS.DeleteRecurringCardNotAllowed,
  DeleteRecurringNotAllowed: SUBMIT_ERRORS.DeleteRecurringNotAllowed,
  ModifyScheduledAchNotAllowed: SUBMIT_ERRORS.ModifyScheduledAchNotAllowed,
  ModifyScheduledCardNotAllowed: SUBMIT_ERRORS.ModifyScheduledCardNotAllowed,
} as const;
export type PaymentDeletionError = keyof typeof PAYMENT_DELETION_ERRORS;

/** Section 8 "Other": the payoff quote dialog and the Documents screen. */
export const PAYMENT_OTHER_ERRORS = {
  PayoffQuoteRequest: 'An error occurred when attempting to submit a payoff quote request.',
  DraftRetrieval: 'There was an error retrieving the draft.',
  // Spec 001 words it 'There are no associated documents with this account.'; the Documents page
  // now lists the loans' own documents too, under their own heading, so the empty list of
  // authorizations says what is missing (issue 20 item 13; paymentDocumentsTexts.noDocumentsText
  // gives an institution the spec's sentence back).
  NoDocuments: 'You have no recurring ACH authorizations.',
} as const;

/** The settings text that overrides each wording, where the settings schema has one. */
export const PAYMENT_INFO_ERROR_TEXT_KEYS = {
  Generic: 'paymentErrorTexts.genericInfoErrorText',
  NiteMode: 'paymentErrorTexts.niteModeText',
  PaymentBlocked: 'paymentErrorTexts.paymentBlockedText',
  BlockedOnPendingRecurring: 'paymentErrorTexts.blockedOnPendingRecurringText',
  Delinquent: 'paymentErrorTexts.delinquentText',
  NoPaymentNeeded: 'paymentErrorTexts.noPaymentNeededText',
  DisabledPaymentsAfterCutoffTime: 'paymentErrorTexts.disabledAfterCutoffText',
  InfoLoad: 'paymentErrorTexts.infoLoadErrorText',
} as const satisfies Record<PaymentInfoError, SettingKey>;

export const SUBMIT_ERROR_TEXT_KEYS = {
  Error: 'paymentErrorTexts.submitErrorText',
  New: 'paymentErrorTexts.submitNewErrorText',
  Invalid: 'paymentErrorTexts.submitInvalidText',
  MultipleScheduled: 'paymentErrorTexts.multipleScheduledText',
  Scheduled: 'paymentErrorTexts.scheduledText',
  Retrieving: 'paymentErrorTexts.retrievingText',
  SecurityNotAllowed: 'paymentErrorTexts.securityNotAllowedText',
  PayWithoutSaving: 'paymentErrorTexts.mustSavePaymentMethodText',
  MustSavePaymentMethod: 'paymentErrorTexts.mustSavePaymentMethodText',
  Deleting: 'paymentErrorTexts.deletingText',
  ReachedMaxScheduledAllowed: 'paymentErrorTexts.reachedMaxScheduledText',
  PaymentDateMinimum: 'paymentErrorTexts.paymentTimeNotAllowedText',
  PaymentDateMaximum: 'paymentErrorTexts.paymentTimeNotAllowedText',
  PaymentBeforeCutOffTime: 'paymentErrorTexts.paymentTimeNotAllowedText',
  SmallDollarBlockedDays: 'paymentErrorTexts.paymentTimeNotAllowedText',
  PaymentDateHoliday: 'recurringPaymentTexts.paymentDateHolidayText',
  PaymentDateWeekend: 'paymentErrorTexts.paymentDateWeekendText',
  PayOffQuote: 'paymentErrorTexts.payOffQuoteText',
  PaymentAmountMaximum: 'paymentErrorTexts.paymentAmountMaximumText',
  PaymentAmountMinimum: 'paymentErrorTexts.paymentAmountMinimumText',
  RoutingNumberInvalid: 'paymentErrorTexts.routingNumberInvalidText',
  Generic: 'paymentErrorTexts.genericSubmitText',
  Connection: 'paymentErrorTexts.connectionText',
  Declined: 'paymentErrorTexts.declinedText',
  OverLimit: 'paymentErrorTexts.overLimitText',
  InvalidInfo: 'paymentErrorTexts.invalidInfoText',
  Expired: 'paymentErrorTexts.cardExpiredText',
  ContactUs: 'paymentErrorTexts.contactUsText',
  HostSecurity: 'paymentErrorTexts.hostSecurityText',
  HostACHSecurity: 'paymentErrorTexts.hostAchSecurityText',
  HostNightMode: 'paymentErrorTexts.hostNightModeText',
  NoPaymentOnline: 'paymentErrorTexts.noPaymentOnlineText',
  NoAchPayment: 'paymentErrorTexts.noAchPaymentText',
  NightError: 'paymentErrorTexts.nightErrorText',
  DeleteRecurringAchNotAllowed: 'paymentErrorTexts.deleteRecurringAchNotAllowedText',
  DeleteRecurringCardNotAllowed: 'paymentErrorTexts.deleteRecurringCardNotAllowedText',
  DeleteRecurringNotAllowed: 'paymentErrorTexts.deleteRecurringNotAllowedText',
  RecurringAchNotAllowed: 'paymentErrorTexts.recurringAchNotAllowedText',
  RecurringCardNotAllowed: 'paymentErrorTexts.recurringCardNotAllowedText',
  ScheduledAchNotAllowed: 'paymentErrorTexts.scheduledAchNotAllowedText',
  ScheduledCardNotAllowed: 'paymentErrorTexts.scheduledCardNotAllowedText',
  ModifyScheduledAchNotAllowed: 'paymentErrorTexts.modifyScheduledAchNotAllowedText',
  ModifyScheduledCardNotAllowed: 'paymentErrorTexts.modifyScheduledCardNotAllowedText',
  CardAttemptsPaused: 'paymentErrorTexts.cardAttemptsPausedText',
  CreditCardsNotAccepted: 'cardPaymentTexts.creditCardsNotAcceptedText',
  DisabledPaymentsAfterCutoffTime: 'paymentErrorTexts.disabledAfterCutoffText',
  BlockedOnPendingRecurring: 'paymentErrorTexts.blockedOnPendingRecurringText',
  RoutingNumberAchNotAllowed: 'achPaymentTexts.routingNumberNotAllowedText',
  RoutingAccountInvalidThirdParty: 'achPaymentTexts.accountInvalidThirdPartyText',
  RoutingAccountInvalidInternal: 'achPaymentTexts.accountInvalidInternalText',
  RoutingLookup: 'achPaymentTexts.routingLookupErrorText',
} as const satisfies Record<SubmitError, SettingKey>;

export const PAYMENT_METHOD_ERROR_TEXT_KEYS = {
  PayoffQuoteUnavailable: 'paymentTexts.payoffQuoteErrorText',
  FeeLoading: 'paymentErrorTexts.feeLoadingErrorText',
  RoutingLookup: 'achPaymentTexts.routingLookupErrorText',
  AchAgreementSave: 'achPaymentTexts.achAgreementSaveErrorText',
  AlreadyExists: 'paymentErrorTexts.methodAlreadyExistsText',
  MethodError: 'paymentErrorTexts.methodErrorText',
  AchTermsDisagreed: 'achPaymentTexts.achTermsRequiredText',
  RoutingNumberInvalid: 'achPaymentTexts.bankNotFoundText',
  RoutingNumberAchNotAllowed: 'achPaymentTexts.routingNumberNotAllowedText',
  RoutingAccountInvalidThirdParty: 'achPaymentTexts.accountInvalidThirdPartyText',
  RoutingAccountInvalidInternal: 'achPaymentTexts.accountInvalidInternalText',
  DeleteMethodFailed: 'paymentTexts.deleteMethodErrorText',
  SetDefaultFailed: 'paymentTexts.setDefaultErrorText',
  CardNotAllowed: 'paymentErrorTexts.cardNotAllowedText',
  AchNotAllowed: 'paymentErrorTexts.achNotAllowedText',
  AchFutureDateOnly: 'recurringPaymentTexts.achFutureDateOnlyText',
  Declined: 'paymentErrorTexts.declinedText',
  OverLimit: 'paymentErrorTexts.overLimitText',
  InvalidInfo: 'paymentErrorTexts.invalidInfoText',
  Expired: 'paymentErrorTexts.cardExpiredText',
  CardAttemptsPaused: 'paymentErrorTexts.cardAttemptsPausedText',
  CreditCardsNotAccepted: 'cardPaymentTexts.creditCardsNotAcceptedText',
} as const satisfies Record<PaymentMethodError, SettingKey>;

export const PAYMENT_DELETION_ERROR_TEXT_KEYS = {
  RecurringDeleteFailed: 'recurringPaymentTexts.deleteRecurringErrorText',
  ScheduledDeleteFailed: 'recurringPaymentTexts.deleteScheduledErrorText',
  HasBeenPosted: 'recurringPaymentTexts.scheduledDeleteBlockedText',
  Deleting: SUBMIT_ERROR_TEXT_KEYS.Deleting,
  DeleteRecurringAchNotAllowed: SUBMIT_ERROR_TEXT_KEYS.DeleteRecurringAchNotAllowed,
  DeleteRecurringCardNotAllowed: SUBMIT_ERROR_TEXT_KEYS.DeleteRecurringCardNotAllowed,
  DeleteRecurringNotAllowed: SUBMIT_ERROR_TEXT_KEYS.DeleteRecurringNotAllowed,
  ModifyScheduledAchNotAllowed: SUBMIT_ERROR_TEXT_KEYS.ModifyScheduledAchNotAllowed,
  ModifyScheduledCardNotAllowed: SUBMIT_ERROR_TEXT_KEYS.ModifyScheduledCardNotAllowed,
} as const satisfies Record<PaymentDeletionError, SettingKey>;

export const PAYMENT_OTHER_ERROR_TEXT_KEYS = {
  PayoffQuoteRequest: 'payoffQuoteTexts.requestErrorText',
  DraftRetrieval: 'paymentDocumentsTexts.retrieveErrorText',
  NoDocuments: 'paymentDocumentsTexts.noDocumentsText',
} as const satisfies Record<keyof typeof PAYMENT_OTHER_ERRORS, SettingKey>;
