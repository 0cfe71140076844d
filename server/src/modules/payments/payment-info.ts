import {
  accountSelectionOutcome,
  adjustedAchPaymentDate,
  addDays,
  type CalendarDate,
  errorEnvelope,
  holdBlocksOf,
  immediateAchBlockedAfterCutoff,
  isPayableAccountComment,
  okEnvelope,
  type PaymentInfoError,
  type PaymentInfoResponse,
  paymentInfoOutcome,
  payoffLessInFlight,
  RECURRING_OPTIONS,
  type RecurringPaymentInfo,
  type SavedPaymentMethod,
  type ReturnedPaymentInfo,
  type RecentPaymentInfo,
  type ScheduledPaymentInfo,
  type SubmitError,
  RECURRING_FIRST_DATE_MAX_DAYS,
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import type { Kysely } from 'kysely';
import { achReturnReasonText } from '../../core/ach/nacha-returns';
import type { Database } from '../../db/schema';
import type { DataProtector } from '../../lib/data-protection';
import type { LoanContext, PaymentCaller } from './payment-context';
import { paymentHandleOf } from './payment-handles';
import { statusOf } from './payments-staff';
import {
  type ListedRecurringPayment,
  type ListedSavedMethod,
  type ListedReturnedPayment,
  type ListedRecentPayment,
  type ListedScheduledPayment,
  type LoanPaymentFacts,
  loanPaymentListRows,
  type LoanPaymentListRows,
  paymentInfoRows,
} from './payments.repository';

/**
 * The NonPaymentDays answered: those the portal may offer a date on. The one-time window (at most
 * a year ahead), the recurring first date's 31 days, and through the due date (the days-before-due
 * dates), whichever reaches furthest.
 */
const NON_PAYMENT_DAYS_ANSWERED = 366;

type InfoDependencies = { db: Kysely<Database>; dataProtector: DataProtector };

/**
 * The payment info errors the server decides (spec 001 section 8), in the order of section 4:
 * a hold blocking every type is PaymentBlocked, no balance NoPaymentNeeded, then the fetched
 * outcome (Delinquent, PaymentBlocked, DisabledPaymentsAfterCutoffTime).
 *
 * Decision: BlockedOnPendingRecurring ('We see you have a payment due soon...') answers while a
 * date of the loan's recurring payment has been made and waits to post: another payment now
 * could pay the same installment twice.
 */
async function infoError(
  context: LoanContext,
  payments: {
    /** A scheduled payment of the loan is waiting (not shown as posted). */
    hasWaitingScheduled: boolean;
    /** Asked only when every other rule passes (GetPaymentInfo reads it then). */
    hasPendingOccurrence: () => Promise<boolean>;
  },
): Promise<PaymentInfoError | undefined> {
  const { settings, terms, account } = context;
  const achAllowed = !settings.get('achPaymentOptions.hideAchOption');
  const cardsAllowed = settings.get('cardPaymentOptions.allowCardsOption');
  const holdBlocks = holdBlocksOf(
    terms.hold ?? account.hold,
    settings.get('paymentOptions.blockPaymentsOnHoldCodesOption'),
  );
  const selection = accountSelectionOutcome({
    accountNumber: account.number,
    balance: account.balanceCents,
    holdBlocks,
    settings: {
      achAllowed,
      cardsAllowed,
      useThirdPartyCardPayments: settings.get(
        'thirdPartyPaymentOptions.useThirdPartyCardPaymentsOption',
      ),
      thirdPartyRoute: { enabled: false, branchMinimum: 0, branchMaximum: 0 },
    },
  });
  if (selection.kind === 'blocked' || selection.kind === 'noPaymentNeeded') return selection.error;
  // Section 3 (after NoPaymentNeeded: a paid-off loan's comment is CLOSED, and it still has
  // nothing to pay): in the payment selector only an empty comment or 'NOX$' counts as open, so the
  // portal never offers another loan; the server refuses it too. Decision: PaymentBlocked, not
  // NotFound: the loan is the caller's and the account list shows it ('IRSO' is open there),
  // so NotFound would hide nothing, and 'Payment has been blocked for this account. Please
  // contact your financial institution...' is what is true of it.
  if (!isPayableAccountComment(account.comment)) return 'PaymentBlocked';
  const outcome = paymentInfoOutcome({
    blockAchPayment: holdBlocks.ach,
    blockCardPayment: holdBlocks.card,
    accountAllowsAch: terms.allowAch,
    accountAllowsCards: terms.allowCards,
    delinquent: terms.delinquent,
    blockImmediateAchAfterCutoff: achCutoffBlocked(context),
    // Only those not shown as posted (HasBeenPosted: posted or settling), as the portal counts.
    hasScheduledPayments: payments.hasWaitingScheduled,
    settings: {
      achAllowed,
      cardsAllowed,
      blockOnlinePaymentsWhenDelinquent: settings.get(
        'paymentOptions.blockOnlinePaymentsWhenDelinquentOption',
      ),
    },
  });
  if (outcome.kind === 'invalid') return outcome.error;
  if (await payments.hasPendingOccurrence()) return 'BlockedOnPendingRecurring';
  return undefined;
}

/**
 * The loan outcome of GetPaymentInfo applied to a submit (the server decides, whatever the
 * portal showed): the same `infoError` on the loan's current payments (`loanPaymentFacts`), as a
 * submit key. DisabledPaymentsAfterCutoffTime and BlockedOnPendingRecurring answer their own
 * keys; a blocked or delinquent loan answers SecurityNotAllowed (worded as PaymentBlocked).
 * Decision: NoPaymentNeeded is left to the amount rules, which refuse a payment above what is
 * owed.
 */
export async function loanSubmitError(
  context: LoanContext,
  facts: LoanPaymentFacts,
): Promise<SubmitError | undefined> {
  const error = await infoError(context, {
    hasWaitingScheduled: facts.hasWaitingScheduled,
    hasPendingOccurrence: async () => facts.hasPendingOccurrence,
  });
  switch (error) {
    case undefined:
    case 'NoPaymentNeeded':
      return undefined;
    case 'DisabledPaymentsAfterCutoffTime':
    case 'BlockedOnPendingRecurring':
      return error;
    default:
      return 'SecurityNotAllowed';
  }
}

function achCutoffBlocked(context: LoanContext): boolean {
  return immediateAchBlockedAfterCutoff(
    context.settings.get('achPaymentOptions.blockImmediateAchAfterCutoffOption'),
    context.settings.get('achPaymentOptions.achCutoffTime'),
    context.now,
    context.caller.timeZone,
  );
}

/**
 * Who reads a loan's payments, and when: the caller (their handles, and whether they may delete),
 * the institution's settings and its today (the posted payments listed are today's and later).
 * A LoanContext is one.
 */
export interface PaymentListReader {
  caller: Pick<PaymentCaller, 'institutionId' | 'userId'>;
  settings: SettingsAccessor;
  today: CalendarDate;
}

/** A loan's payments as GetPaymentInfo lists them. */
export interface LoanPaymentLists {
  ScheduledPayments: ScheduledPaymentInfo[];
  RecurringPayment: RecurringPaymentInfo | null;
  /** Only when a payment came back: otherwise the answer keeps the spec's shape. */
  ReturnedPayments?: ReturnedPaymentInfo[];
  /** Only when there is one: otherwise the answer keeps the spec's shape. */
  RecentPayments?: RecentPaymentInfo[];
}

/**
 * A recent payment with its status (the scheduled list's "posted" covers settling and under
 * review; here each says which), with a handle that opens its timeline only.
 */
function recentInfo(
  deps: InfoDependencies,
  context: PaymentListReader,
  payment: ListedRecentPayment,
): RecentPaymentInfo {
  return {
    EncryptedString: paymentHandleOf(deps.dataProtector, 'payment', context.caller, payment.id),
    PaymentDate: payment.pay_date,
    PaymentAmount: payment.total_cents,
    TowardAmountDue: payment.amount_cents,
    IsCard: payment.is_card,
    AccountNumber: payment.last_four,
    Status: statusOf(payment.status),
    ...(payment.status === 'refunded' && payment.refunded_elsewhere
      ? { RefundedElsewhere: true as const }
      : {}),
  };
}

/**
 * A returned payment as the loan's notices show it (the reason in the bank's words), with a
 * handle that opens its timeline only (never a deletion).
 */
function returnedInfo(
  deps: InfoDependencies,
  context: PaymentListReader,
  payment: ListedReturnedPayment,
): ReturnedPaymentInfo {
  const code = payment.reason_code ?? '';
  return {
    EncryptedString: paymentHandleOf(deps.dataProtector, 'payment', context.caller, payment.id),
    PaymentDate: payment.pay_date,
    PaymentAmount: payment.total_cents,
    IsCard: payment.is_card,
    AccountNumber: payment.last_four,
    Reason: achReturnReasonText(code),
  };
}

function scheduledInfo(
  deps: InfoDependencies,
  context: PaymentListReader,
  payment: ListedScheduledPayment,
): ScheduledPaymentInfo {
  // Settling, or under review after its posting job died: its money may have moved already, so
  // it is shown (and kept) as posted; its timeline (PaymentScheduled/Timeline) says which.
  const posted =
    payment.status === 'posted' ||
    payment.status === 'settling' ||
    payment.status === 'needsReview';
  return {
    EncryptedString: paymentHandleOf(deps.dataProtector, 'scheduled', context.caller, payment.id),
    IsCard: payment.is_card,
    AccountNumber: payment.last_four,
    PaymentDate: payment.pay_date,
    PaymentAmount: payment.amount_cents,
    // Only the user who made it may delete it (another user of the customer sees it listed).
    CanDelete:
      !posted &&
      payment.user_id === context.caller.userId &&
      context.settings.get('paymentOptions.allowDeleteScheduledPaymentOption'),
    HasBeenPosted: posted,
    Status: statusOf(payment.status),
    // Only a payoff says so: any other keeps the spec's shape.
    ...(payment.is_payoff ? { IsPayoff: true } : {}),
  };
}

function recurringInfo(
  deps: InfoDependencies,
  context: PaymentListReader,
  recurring: ListedRecurringPayment,
): RecurringPaymentInfo {
  const option = RECURRING_OPTIONS.find((choice) => choice === recurring.recurring_option);
  if (!option)
    throw new Error(`recurring_payments: unexpected option ${recurring.recurring_option}`);
  return {
    EncryptedData: paymentHandleOf(deps.dataProtector, 'recurring', context.caller, recurring.id),
    IsCard: recurring.is_card,
    // Decided: the date the schedule is worded by (the portal shows no date of it). A monthly
    // schedule keeps its first date's day: its next date is the month's last day in a shorter
    // month (the 30th pays on February 28th), which would read 'Monthly on the 28th'.
    Date:
      option === 'DayOfMonth' && recurring.first_date ? recurring.first_date : recurring.next_date,
    RecurringOption: option,
    NumberOfDays: recurring.days_before_due,
    TotalAmount: recurring.amount_cents,
    AdditionalPrincipalAmount: recurring.additional_principal_cents,
    PaymentAccountNum: recurring.last_four,
    CanDelete:
      recurring.user_id === context.caller.userId &&
      context.settings.get('paymentOptions.allowDeleteRecurringPaymentOption'),
  };
}

/**
 * The loan's scheduled payments (waiting, settling, and posted from today) and its active
 * recurring payment, as GetPaymentInfo answers them; the loan page (AccountDetails, AccountData)
 * lists the same. Every payment of the loan is listed, whichever of the customer's users made it:
 * the caller must hold the loan (the core's answer for their customer proves it), and only its
 * maker may delete one (CanDelete).
 */
export async function loanPaymentLists(
  deps: InfoDependencies,
  reader: PaymentListReader,
  loanNumber: string,
): Promise<LoanPaymentLists> {
  const rows = await loanPaymentListRows(
    deps.db,
    reader.caller.institutionId,
    loanNumber,
    reader.today,
  );
  return loanPaymentsOf(deps, reader, rows).lists;
}

/**
 * A loan's payment lists, whether a date of its recurring payment waits to post, and what its
 * payments in flight will still bring to the core.
 */
export interface LoanPayments {
  lists: LoanPaymentLists;
  hasPendingOccurrence: boolean;
  inFlightCents: number;
}

function loanPaymentsOf(
  deps: InfoDependencies,
  reader: PaymentListReader,
  rows: LoanPaymentListRows,
): LoanPayments {
  return {
    lists: {
      ScheduledPayments: rows.scheduled.map((payment) => scheduledInfo(deps, reader, payment)),
      RecurringPayment: rows.recurring ? recurringInfo(deps, reader, rows.recurring) : null,
      ...(rows.returned.length > 0
        ? {
            ReturnedPayments: rows.returned.map((payment) => returnedInfo(deps, reader, payment)),
          }
        : {}),
      ...(rows.recent.length > 0
        ? { RecentPayments: rows.recent.map((payment) => recentInfo(deps, reader, payment)) }
        : {}),
    },
    hasPendingOccurrence: rows.hasPendingOccurrence,
    inFlightCents: rows.inFlightCents,
  };
}

/**
 * What GetPaymentInfo reads of the portal's tables for the context's loan, in one statement
 * (`paymentInfoRows`): the loan's payments, and the caller's saved methods as stored, each marked
 * when it is their default for the loan (the payment methods module decides which are usable).
 */
export async function readPaymentInfo(
  deps: InfoDependencies,
  context: LoanContext,
): Promise<{ payments: LoanPayments; savedMethods: ListedSavedMethod[] }> {
  const { institutionId, userId } = context.caller;
  const rows = await paymentInfoRows(
    deps.db,
    { institutionId, userId },
    context.account.number,
    context.today,
  );
  return { payments: loanPaymentsOf(deps, context, rows), savedMethods: rows.savedMethods };
}

/**
 * GET /api/PaymentInformation/GetPaymentInfo's answer: the core's terms, the institution's
 * settings, the user's saved methods and this module's scheduled and recurring payments (as
 * `readPaymentInfo` read them for the context's loan).
 */
export async function paymentInfoResponse(
  context: LoanContext,
  payments: LoanPayments,
  methods: { methods: SavedPaymentMethod[]; defaultMethod: SavedPaymentMethod | null },
  companyNumber: number,
): Promise<PaymentInfoResponse> {
  const { terms, account, settings, today } = context;
  const { lists, hasPendingOccurrence, inFlightCents } = payments;
  const error = await infoError(context, {
    // Waiting: status 'scheduled', the only one listed that is not shown as posted.
    hasWaitingScheduled: lists.ScheduledPayments.some((payment) => !payment.HasBeenPosted),
    hasPendingOccurrence: async () => hasPendingOccurrence,
  });
  if (error) {
    // The loan's payments go with a refusal about the loan (domain PaymentInfoResponse).
    return {
      HasNoErrors: false,
      Errors: errorEnvelope(error).Errors,
      ...lists,
    };
  }
  const cutoffBlocked = achCutoffBlocked(context);
  const windowEnd = [
    addDays(today, Math.min(terms.daysInPeriod, NON_PAYMENT_DAYS_ANSWERED)),
    addDays(today, RECURRING_FIRST_DATE_MAX_DAYS),
    terms.dueDate ?? today,
  ].reduce((latest, day) => (day > latest ? day : latest));
  const nonPaymentDays = context.nonPaymentDays.filter((day) => day <= windowEnd);
  // The envelope's two fields are written out, not spread: an object literal that opens with a
  // spread and goes on with some twenty fields took V8 (Node 20) 25 µs to build, every time.
  return {
    HasNoErrors: true,
    Errors: okEnvelope().Errors,
    DueDate: terms.dueDate ?? today,
    PaymentDetails: {
      LoanAccountNumber: account.number,
      PaymentDate: today,
      PaymentAmount: terms.regularPaymentCents,
      Company: companyNumber,
    },
    PaymentOptions: {
      AllowACH: terms.allowAch && !settings.get('achPaymentOptions.hideAchOption'),
      AllowCards: terms.allowCards && settings.get('cardPaymentOptions.allowCardsOption'),
      NumberDaysInPeriod: terms.daysInPeriod,
      RecurringAllowed: terms.recurringAllowed,
      FirstPartyFees: {
        ScheduledAchFee: terms.fees.scheduledAchCents,
        ECheckFeeAmount: terms.fees.eCheckCents,
        RecurringAchFee: terms.fees.recurringAchCents,
        DebitCardFeeAmount: terms.fees.debitCardCents,
        CreditCardFeeAmount: terms.fees.creditCardCents,
      },
    },
    ...lists,
    PaymentMethods: methods.methods,
    DefaultPaymentMethod: methods.defaultMethod,
    Delinquent: terms.delinquent,
    TotalAmountDue: terms.totalAmountDueCents,
    // What pays the loan off now: the core's payoff less the payments it has not credited yet,
    // the most a payment may be (payments.service refuses more, with the same sum): a borrower
    // who ticks Pay off while a payment is processing is offered what is left, not refused.
    PayOffAmount: payoffLessInFlight(terms.payoffTodayCents, inFlightCents).totalCents,
    LoanBillingFrequency: terms.billingFrequency,
    FeesAndCharges: terms.feesAndChargesCents,
    accountType: account.type,
    RestrictionCode: terms.restrictionCode,
    NonPaymentDays: nonPaymentDays,
    NonSchedulablePaymentDays: terms.nonSchedulableDays.slice(0, 1_000),
    MailPreference: terms.mailPreference,
    BlockImmediateACHPaymentsAfterCutoffTime: cutoffBlocked,
    AdjustedACHPaymentDateAfterCutoffTime: cutoffBlocked
      ? adjustedAchPaymentDate(today, context.nonPaymentDays)
      : null,
  };
}
