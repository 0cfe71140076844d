import {
  addDays,
  payoffLessInFlight,
  daysBeforeDuePayDate,
  type CalendarDate,
  firstPartyFee,
  frequencyOffered,
  frequencyOfRecurringOption,
  holdBlocksOf,
  holdSubmitError,
  immediateAchBlockedAfterCutoff,
  isCardExpired,
  isBilledMonthly,
  isDaysBeforeDueAllowed,
  isImmediateOnlyRestriction,
  futurePayoffAllowed,
  PAYMENT_AMOUNT_ERROR_KEY,
  PAYMENT_DATE_ISSUE_ERROR_KEYS,
  paymentDateIssue,
  paymentKindOf,
  type PaymentFrequency,
  type PaymentKind,
  type PaymentRequest,
  permissionSubmitError,
  RECURRING_DATE_ISSUE_ERROR_KEYS,
  type RecurringDateFrequency,
  recurringBlocks,
  recurringDateIssue,
  type RecurringPaymentRequest,
  schedulingBlocks,
  type SubmitError,
  submittedPaymentAmountIssue,
  thirdPartyFeeFor,
  thirdPartyFeeRequest,
  thirdPartyFeeSettingsOf,
  usesThirdPartyRoute,
} from '@portal/domain';
import type { AchDraftTerms } from '../ach-drafts/ach-drafts.service';
import type { ServicingCore } from '../../core/servicing-core';
import { dayRulesOf, firstPartyFeesOf, type LoanContext } from './payment-context';
import type { ChosenPaymentMethod } from './payment-method-choice';

/*
 * The server's decision on a submitted payment (spec 001 sections 4, 5 and 8). The portal's
 * guidance is never trusted: every rule is the domain's, applied to the core's figures and the
 * institution's settings as they are now. Refusals are the section 8 keys; where the spec names
 * a case without a key, the decision is written beside it.
 */

export type SubmitRoute = 'immediate' | 'scheduled' | 'recurring';

export interface SubmitRequest {
  route: SubmitRoute;
  paymentType: 'ACH' | 'Card';
  body: PaymentRequest | RecurringPaymentRequest;
}

/** What an accepted submission writes (the money in cents, the dates decided). */
export interface AcceptedPlan {
  kind: PaymentKind;
  payDate: CalendarDate;
  amountCents: number;
  additionalPrincipalCents: number;
  firstPartyFeeCents: number;
  thirdPartyFeeCents: number;
  isPayoff: boolean;
  /**
   * Not written: the loan's payoff as of the payment's date as the core answered it for this
   * decision (the quote of a future payoff, else today's payoff), for `payoffRefusal` under the
   * loan's lock.
   */
  payoffCents: number;
  recurring?: {
    option: 'Weekly' | 'BiWeekly' | 'SemiMonthly' | 'DayOfMonth' | 'DaysBeforeDue';
    daysBeforeDue: number;
    firstDate: CalendarDate | null;
    nextDate: CalendarDate;
    paysTotalDue: boolean;
    achDraftToken: string;
  };
}

export type SubmitDecision =
  { kind: 'accept'; plan: AcceptedPlan } | { kind: 'refuse'; error: SubmitError };

const refuse = (error: SubmitError): SubmitDecision => ({ kind: 'refuse', error });

function recurringOf(body: SubmitRequest['body']) {
  return 'RecurringDetails' in body.Payment ? body.Payment.RecurringDetails : undefined;
}

/** Refusals about the loan and the method type, before any date or amount. */
export function loanRefusal(context: LoanContext, request: SubmitRequest): SubmitError | undefined {
  const { settings, terms, account } = context;
  const type = request.paymentType;
  if (request.body.Payment.Method.IsCard !== (type === 'Card')) return 'Invalid';
  // Decision: a loan paid on the third-party site, or a card payment while cards are paid on
  // the third-party card page, is not paid here (NoPaymentOnline).
  const thirdPartyRoute = usesThirdPartyRoute(account.number, {
    enabled: settings.get('thirdPartyPaymentOptions.useThirdPartyRouteOption'),
    branchMinimum: settings.get('thirdPartyPaymentOptions.thirdPartyRouteBranchMinimum'),
    branchMaximum: settings.get('thirdPartyPaymentOptions.thirdPartyRouteBranchMaximum'),
  });
  if (thirdPartyRoute) return 'NoPaymentOnline';
  if (type === 'Card' && settings.get('thirdPartyPaymentOptions.useThirdPartyCardPaymentsOption')) {
    return 'NoPaymentOnline';
  }
  const blockOnHolds = settings.get('paymentOptions.blockPaymentsOnHoldCodesOption');
  const hold = terms.hold ?? account.hold;
  const holdError = holdSubmitError(hold, type, blockOnHolds);
  if (holdError) return holdError;
  // Decision: the core or the settings refusing the method type is the host's "no security"
  // answer for it: HostACHSecurity for ACH, HostSecurity for cards.
  if (type === 'ACH' && (!terms.allowAch || settings.get('achPaymentOptions.hideAchOption'))) {
    return 'HostACHSecurity';
  }
  if (
    type === 'Card' &&
    (!terms.allowCards || !settings.get('cardPaymentOptions.allowCardsOption'))
  ) {
    return 'HostSecurity';
  }
  const blocks = holdBlocksOf(hold, blockOnHolds);
  if (blocks.ach && blocks.card) return 'SecurityNotAllowed';
  if (terms.delinquent && settings.get('paymentOptions.blockOnlinePaymentsWhenDelinquentOption')) {
    return 'SecurityNotAllowed';
  }
  return undefined;
}

function feeRefusal(
  context: LoanContext,
  request: SubmitRequest,
  method: ChosenPaymentMethod,
  kind: PaymentKind,
): { first: number; third: number } | SubmitError {
  const details = request.body.Payment.Details;
  const first = firstPartyFee(firstPartyFeesOf(context.terms), method.fee, kind);
  const third = thirdPartyFeeFor(
    thirdPartyFeeRequest(method.fee, kind, context.account.number),
    thirdPartyFeeSettingsOf(context.settings),
  );
  if (third === undefined) return 'Invalid';
  // The request's fees must be the server's: a portal showing other fees showed a wrong total.
  if (details.FirstPartyFee !== first) return 'Invalid';
  if (details.ThirdPartyFee !== third) return 'Invalid';
  return { first, third };
}

/** The one-time date's kind, or its refusal (the date rules first, then the route's kind). */
function oneTimeDate(
  context: LoanContext,
  request: SubmitRequest,
  method: ChosenPaymentMethod,
): { payDate: CalendarDate; kind: PaymentKind } | SubmitError {
  const date = request.body.Payment.Details.PaymentDate.slice(0, 10);
  const immediateAchBlocked =
    method.paymentType === 'ACH' &&
    immediateAchBlockedAfterCutoff(
      context.settings.get('achPaymentOptions.blockImmediateAchAfterCutoffOption'),
      context.settings.get('achPaymentOptions.achCutoffTime'),
      context.now,
      context.caller.timeZone,
    );
  const issue = paymentDateIssue(date, {
    ...dayRulesOf(context),
    daysInPeriod: context.terms.daysInPeriod,
    immediateAchBlocked,
  });
  if (issue) return PAYMENT_DATE_ISSUE_ERROR_KEYS[issue];
  const kind = paymentKindOf('OneTime', date, context.today);
  if (kind !== request.route) return 'Invalid';
  return { payDate: date, kind };
}

const DATE_FREQUENCY: Record<string, RecurringDateFrequency> = {
  Weekly: 'Weekly',
  TwoWeeks: 'TwoWeeks',
  SemiMonthly: 'SemiMonthly',
  MonthlyOnDate: 'MonthlyOnDate',
};

/** The recurring schedule's first date, or its refusal. */
function recurringStart(
  context: LoanContext,
  request: SubmitRequest,
  method: ChosenPaymentMethod,
):
  | { firstDate: CalendarDate | null; nextDate: CalendarDate; frequency: PaymentFrequency }
  | SubmitError {
  const details = recurringOf(request.body);
  if (!details) return 'Invalid';
  const frequency = frequencyOfRecurringOption(details.RecurringOption, details.DaysBeforeDue);
  if (!frequencyOffered(frequency, true, context.rules.recurringFrequencies)) {
    return method.paymentType === 'ACH' ? 'RecurringAchNotAllowed' : 'RecurringCardNotAllowed';
  }
  if (details.RecurringOption === 'DaysBeforeDue') {
    const dueDate = context.terms.dueDate;
    if (!dueDate) return 'Invalid';
    const allowed = isDaysBeforeDueAllowed(details.DaysBeforeDue, {
      today: context.today,
      dueDate,
      billedMonthly: isBilledMonthly(context.terms.billingFrequency),
      nonPaymentDays: context.nonPaymentDays,
      allowSaturday: context.rules.days.allowSaturday,
      allowSunday: context.rules.days.allowSunday,
    });
    if (!allowed) return 'Invalid';
    const payDate = daysBeforeDuePayDate(dueDate, details.DaysBeforeDue, {
      nonPaymentDays: context.nonPaymentDays,
      allowSaturday: context.rules.days.allowSaturday,
      allowSunday: context.rules.days.allowSunday,
    });
    // Too late for this due date: the schedule starts the day after it, when the core has
    // moved the due date on (or, unpaid, the loan's next date is taken then).
    const nextDate = payDate > context.today ? payDate : addOneDay(dueDate, context.today);
    return { firstDate: null, nextDate, frequency };
  }
  const date = request.body.Payment.Details.PaymentDate.slice(0, 10);
  const dateFrequency = DATE_FREQUENCY[frequency];
  if (!dateFrequency) return 'Invalid';
  const issue = recurringDateIssue(dateFrequency, date, {
    ...dayRulesOf(context),
    nonSchedulablePaymentDays: context.terms.nonSchedulableDays,
  });
  if (issue) return RECURRING_DATE_ISSUE_ERROR_KEYS[issue];
  return { firstDate: date, nextDate: date, frequency };
}

function addOneDay(dueDate: CalendarDate, today: CalendarDate): CalendarDate {
  return addDays(dueDate > today ? dueDate : today, 1);
}

/** The permission rules of scheduling and recurring payments (counts read before the lock). */
export function permissionRefusal(
  context: LoanContext,
  kind: PaymentKind,
  method: ChosenPaymentMethod,
  existing: { scheduledCount: number; hasRecurring: boolean },
): SubmitError | undefined {
  if (kind === 'immediate') return undefined;
  // Section 8: a method that is not saved pays only today, card or bank account (the domain's
  // methodCanSchedule, through schedulingBlocks/recurringBlocks: MustSavePaymentMethod).
  const shared = {
    pastDue: context.terms.pastDue,
    delinquent: context.terms.delinquent,
    onlyImmediatePayments: isImmediateOnlyRestriction(context.terms.restrictionCode),
    hasRecurringPayment: existing.hasRecurring,
    method: { paymentType: method.paymentType, singleUse: method.singleUse },
    settings: context.rules.scheduling,
  };
  if (kind === 'scheduled') {
    const [block] = schedulingBlocks({ ...shared, numScheduledPayments: existing.scheduledCount });
    return block ? permissionSubmitError('scheduled', method.paymentType, block) : undefined;
  }
  const [block] = recurringBlocks({
    ...shared,
    recurringAllowedByHost: context.terms.recurringAllowed,
    hasScheduledPayments: existing.scheduledCount > 0,
  });
  return block
    ? permissionSubmitError('recurring', method.paymentType, block, existing.scheduledCount)
    : undefined;
}

/**
 * The amount rules (section 5) on the submitted amounts: a refusal, or the loan's payoff as of
 * the payment's date they were judged against (the core's: `payoffRefusal` takes the payments in
 * flight off it again under the loan's lock). A payoff is judged against the payoff less the
 * payments in flight, the amount GetPaymentInfo and the quotes offer (domain
 * `payoffLessInFlight`): a borrower who ticks Pay off while a payment is processing pays what is
 * left, and is not refused as Invalid for paying the figure shown.
 */
async function amountRefusal(
  core: ServicingCore,
  context: LoanContext,
  request: SubmitRequest,
  method: ChosenPaymentMethod,
  frequency: PaymentFrequency,
  payDate: CalendarDate | undefined,
  inFlightCents: number,
): Promise<SubmitError | { payoffCents: number }> {
  const payment = request.body.Payment;
  const isPayoff = payment.IsPayoff;
  let payoffQuoteCents: number | undefined;
  if (isPayoff) {
    if (frequency !== 'OneTime') return 'Invalid';
    if (payDate !== undefined && payDate > context.today) {
      if (!futurePayoffAllowed(method.paymentType, context.rules.futurePayoff)) {
        return 'Invalid';
      }
      const quote = await core.payoffQuote(
        { institutionId: context.caller.institutionId, customerId: context.caller.customerId },
        context.account.number,
        payDate,
      );
      if (!quote) return 'PayOffQuote';
      payoffQuoteCents = quote.totalCents;
    }
  }
  const issue = submittedPaymentAmountIssue(
    {
      method: method.paymentType,
      frequency,
      paymentDate: payDate,
      today: context.today,
      isPayoff,
      payoffQuoteCents:
        payoffQuoteCents === undefined
          ? undefined
          : payoffLessInFlight(payoffQuoteCents, inFlightCents).totalCents,
      loan: {
        regularPaymentCents: context.terms.regularPaymentCents,
        amountDueCents: context.account.amountDueCents,
        totalDueCents: context.terms.totalAmountDueCents,
        payoffCents: isPayoff
          ? payoffLessInFlight(context.terms.payoffTodayCents, inFlightCents).totalCents
          : context.terms.payoffTodayCents,
        delinquent: context.terms.delinquent,
        lineOfCredit: context.lineOfCredit,
      },
      settings: context.rules.amounts,
    },
    {
      amountCents: payment.Details.PaymentAmount,
      additionalPrincipalCents: payment.Details.AdditionalPrincipalAmount,
    },
  );
  if (!issue) return { payoffCents: payoffQuoteCents ?? context.terms.payoffTodayCents };
  switch (issue.key) {
    case 'amountRequired':
    case 'belowMinimum':
    case 'aboveMaximum':
    case 'achOnly':
      return PAYMENT_AMOUNT_ERROR_KEY[issue.key];
    case 'additionalPrincipalAboveMaximum':
      return 'PaymentAmountMaximum';
    default:
      return 'Invalid';
  }
}

/** Whether the ACH draft agreement the borrower previewed states this payment's terms. */
export function draftTermsMatch(
  terms: AchDraftTerms,
  plan: AcceptedPlan,
  method: ChosenPaymentMethod,
): boolean {
  return (
    terms.amountCents === plan.amountCents &&
    terms.additionalPrincipalCents === plan.additionalPrincipalCents &&
    terms.feesCents === plan.firstPartyFeeCents + plan.thirdPartyFeeCents &&
    terms.daysBeforeDue === (plan.recurring?.daysBeforeDue ?? 0) &&
    terms.lastFour === method.snapshot.last_four &&
    terms.accountType === method.snapshot.ach_account_type &&
    // A preview that named its schedule agreed to that one (older previews named none).
    (terms.recurringOption === null || terms.recurringOption === plan.recurring?.option) &&
    (terms.firstDate === null || terms.firstDate === plan.recurring?.firstDate)
  );
}

/**
 * The core's refusals a one-time payment would meet when it posts, known before any money moves
 * (finding: a bank payment made today posts only once the day's ACH file has sent its debit, and
 * a refusal then comes after the borrower's money has left their account).
 *
 * The core (`ServicingCore.postPayment`) refuses a payment for a loan paid off ('paidOff') or
 * one more than the payoff as of its date ('exceedsPayoff': the core holds no credit balances).
 * The payoff it compares with is reduced, by the time this payment posts, by the loan's payments
 * already in flight: accepted, their money moved or moving, not yet posted (a bank payment made
 * earlier today waiting for the ACH file; a card payment being settled; one under review). So a
 * payment whose amount and additional principal are more than the payoff as of its date less
 * those is refused here with PaymentAmountMaximum ('Payment amount cannot be greater than
 * max.', section 8, the specs' words for an amount above the largest allowed), whatever
 * `maxPayoffPercent` allows (above 1 it lets the form offer more than the core takes). A loan
 * paid off (or closed, its balance 0) has a payoff of 0: any amount is refused the same way
 * (the amount rules already refuse it: the domain's maximum is the payoff).
 *
 * The core's other refusals cannot reach a payment the rules accepted: a non-loan is refused
 * before (Retrieving), the amount is whole cents above 0, and additional principal (the
 * 'additionalPrincipalBeforeInterest' refusal) is offered to recurring payments only, whose
 * dates are decided one by one when they come. What can only happen after this decision (the
 * loan paid off at the core by a payment made elsewhere, the loan closed) is told after the
 * fact: payment-settlement.ts, the notice after a debit.
 *
 * Called under the loan's lock (payments.service `write`), with the sum read under it, so two
 * payments made at once cannot both pass against the same payoff.
 */
export function payoffRefusal(plan: AcceptedPlan, inFlightCents: number): SubmitError | undefined {
  if (plan.recurring) return undefined;
  const paying = plan.amountCents + plan.additionalPrincipalCents;
  return paying > payoffLessInFlight(plan.payoffCents, inFlightCents).totalCents
    ? 'PaymentAmountMaximum'
    : undefined;
}

/**
 * Decides a submission with the loan's context, the chosen method and the loan's current
 * scheduled and recurring payments (checked again under the loan's lock when it is written).
 */
export async function decideSubmission(
  core: ServicingCore,
  context: LoanContext,
  request: SubmitRequest,
  method: ChosenPaymentMethod,
  existing: {
    scheduledCount: number;
    hasRecurring: boolean;
    /** The loan's payments in flight (a payoff only; 0 otherwise). */
    inFlightCents?: number;
  },
): Promise<SubmitDecision> {
  const details = request.body.Payment.Details;
  let kind: PaymentKind;
  let payDate: CalendarDate;
  let frequency: PaymentFrequency = 'OneTime';
  let recurring: AcceptedPlan['recurring'];
  if (request.route === 'recurring') {
    const start = recurringStart(context, request, method);
    if (typeof start === 'string') return refuse(start);
    const recurringDetails = recurringOf(request.body);
    if (!recurringDetails) return refuse('Invalid');
    kind = 'recurring';
    payDate = start.nextDate;
    frequency = start.frequency;
    const token =
      'AchDraftAgreementToken' in request.body ? request.body.AchDraftAgreementToken : '';
    recurring = {
      option: recurringDetails.RecurringOption,
      daysBeforeDue: recurringDetails.DaysBeforeDue,
      firstDate: start.firstDate,
      nextDate: start.nextDate,
      paysTotalDue: context.lineOfCredit && details.PaymentAmount === 0,
      achDraftToken: token,
    };
  } else {
    const date = oneTimeDate(context, request, method);
    if (typeof date === 'string') return refuse(date);
    kind = date.kind;
    payDate = date.payDate;
  }
  // A card good on the request's PaymentDate (checked with the method) must still be good on the
  // date the server charges it: a recurring payment's first date is the server's (days before
  // due, on the due date), whatever date the request carried.
  if (method.paymentType === 'Card' && isCardExpired(method.expiration ?? '', payDate)) {
    return refuse('Expired');
  }
  const permission = permissionRefusal(context, kind, method, existing);
  if (permission) return refuse(permission);
  const fees = feeRefusal(context, request, method, kind);
  if (typeof fees === 'string') return refuse(fees);
  const amountDate = recurring && recurring.firstDate === null ? undefined : payDate;
  const amount = await amountRefusal(
    core,
    context,
    request,
    method,
    frequency,
    amountDate,
    existing.inFlightCents ?? 0,
  );
  if (typeof amount === 'string') return refuse(amount);
  return {
    kind: 'accept',
    plan: {
      kind,
      payDate,
      amountCents: details.PaymentAmount,
      additionalPrincipalCents: details.AdditionalPrincipalAmount,
      firstPartyFeeCents: fees.first,
      thirdPartyFeeCents: fees.third,
      isPayoff: request.body.Payment.IsPayoff,
      payoffCents: amount.payoffCents,
      ...(recurring ? { recurring } : {}),
    },
  };
}
