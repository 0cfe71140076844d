import type { CalendarDate } from '../rules/calendar';
import { formatUsd, type Cents } from '../rules/money';
import {
  isDaysBeforeDueFrequency,
  type PaymentFrequency,
  type PaymentType,
} from './payment-eligibility';

/**
 * The payment amount step (spec 001 section 4 "Payment amount" and "Pay-off", section 5
 * "Payment amount", section 9): the minimum and maximum, the amount the step starts with, what the
 * borrower may edit, when the step is skipped and what a typed or submitted amount is refused for.
 * The portal guides with these; the server decides with them.
 *
 * All money is integer cents. The only rounding is the max payoff percent, rounded down to the
 * cent so the largest payment never exceeds the configured share of the payoff amount.
 */

/** The loan's figures from GET /api/PaymentInformation/GetPaymentInfo, in cents. */
export interface PaymentAmountLoan {
  /** The regular installment (regularPmtAmount): what 'Pay Amount Due' fills in. */
  regularPaymentCents: Cents;
  /**
   * The amount currently due (accountInfo.defaultPmtAmount, the account list's LoanAmountDue);
   * only the minimum-payment setting reads it. Pass the regular installment when the core has
   * one figure.
   */
  amountDueCents: Cents;
  /** TotalAmountDue: the amount due plus anything past due and fees. */
  totalDueCents: Cents;
  /** PayOffAmount: the payoff as of today. */
  payoffCents: Cents;
  /** Delinquent. */
  delinquent: boolean;
  /** accountType 9. */
  lineOfCredit: boolean;
}

/**
 * The institution settings the amount rules read, in cents where they are money (the schema
 * holds dollars: convert with `settingCents`).
 */
export interface PaymentAmountSettings {
  /** `paymentAmountOptions.minimumAchPaymentAmount` (default 0.01). */
  minimumAchPaymentCents: Cents;
  /** `paymentAmountOptions.minimumCardPaymentAmount` (default 0.01). */
  minimumCardPaymentCents: Cents;
  /** `paymentAmountOptions.maximumCardPaymentAmount`; 0 means no card maximum (default 0). */
  maximumCardPaymentCents: Cents;
  /**
   * `paymentAmountOptions.maxPayoffPercent`: the multiplier of the payoff amount that gives the
   * largest payment (1 is 100 %). Undefined or 1 means the payoff amount itself (default 1).
   */
  maxPayoffPercent: number | undefined;
  /** `paymentAmountOptions.useMinimumPaymentOption` (default false). */
  useMinimumPayment: boolean;
  /** `paymentAmountOptions.forceTotalDueOption` (default false). */
  forceTotalDue: boolean;
  /** `paymentAmountOptions.requireTotalDueWhenDelinquentOption` (default false). */
  requireTotalDueWhenDelinquent: boolean;
  /** `paymentAmountOptions.allowAdditionalAmountOnRecurringOption` (default false). */
  allowAdditionalAmountOnRecurring: boolean;
  /** `paymentAmountOptions.allowAdditionalPrincipalOnRecurringAchOption` (default false). */
  allowAdditionalPrincipalOnRecurringAch: boolean;
  /** `paymentAmountOptions.allowCustomAmountOnDaysBeforeDueOption` (default false). */
  allowCustomAmountOnDaysBeforeDue: boolean;
  /** `paymentOptions.allowPayoffOption` (default true). */
  allowPayoff: boolean;
}

/** Spec 001 section 9: 'Minimum payment default 0.01'. */
export const DEFAULT_MINIMUM_PAYMENT_CENTS: Cents = 1;

/** The settings schema's defaults. */
export const DEFAULT_PAYMENT_AMOUNT_SETTINGS: PaymentAmountSettings = {
  minimumAchPaymentCents: DEFAULT_MINIMUM_PAYMENT_CENTS,
  minimumCardPaymentCents: DEFAULT_MINIMUM_PAYMENT_CENTS,
  maximumCardPaymentCents: 0,
  maxPayoffPercent: 1,
  useMinimumPayment: false,
  forceTotalDue: false,
  requireTotalDueWhenDelinquent: false,
  allowAdditionalAmountOnRecurring: false,
  allowAdditionalPrincipalOnRecurringAch: false,
  allowCustomAmountOnDaysBeforeDue: false,
  allowPayoff: true,
};

/** Everything the amount rules look at: the choices of the earlier steps, the loan, the settings. */
export interface PaymentAmountContext {
  method: PaymentType;
  frequency: PaymentFrequency;
  /**
   * The one-time payment's date, or a recurring payment's first date; undefined for
   * days-before-due and on-due-date payments (always ahead of today).
   */
  paymentDate: CalendarDate | undefined;
  /** Today in the institution's time zone. */
  today: CalendarDate;
  /** 'Pay off the full amount' is ticked. */
  isPayoff: boolean;
  /** The payoff quote for a future payoff date; today's payoff is `loan.payoffCents`. */
  payoffQuoteCents?: Cents | undefined;
  loan: PaymentAmountLoan;
  settings: PaymentAmountSettings;
}

export interface PaymentAmountBounds {
  minimumCents: Cents;
  maximumCents: Cents;
  /**
   * A card payment whose minimum is at or above the card maximum: 'Only payment by ACH is allowed
   * at this time...' shows and the form is invalid whatever the amount.
   */
  achOnly: boolean;
}

function assertCents(name: string, cents: number): void {
  if (!Number.isSafeInteger(cents) || cents < 0) {
    throw new RangeError(`${name} must be a whole number of cents, 0 or more, got ${cents}`);
  }
}

function assertContext(context: PaymentAmountContext): void {
  const { loan, settings } = context;
  assertCents('loan.regularPaymentCents', loan.regularPaymentCents);
  assertCents('loan.amountDueCents', loan.amountDueCents);
  assertCents('loan.totalDueCents', loan.totalDueCents);
  assertCents('loan.payoffCents', loan.payoffCents);
  if (context.payoffQuoteCents !== undefined) {
    assertCents('payoffQuoteCents', context.payoffQuoteCents);
  }
  assertCents('paymentAmountOptions.minimumAchPaymentAmount', settings.minimumAchPaymentCents);
  assertCents('paymentAmountOptions.minimumCardPaymentAmount', settings.minimumCardPaymentCents);
  assertCents('paymentAmountOptions.maximumCardPaymentAmount', settings.maximumCardPaymentCents);
}

function isRecurringFrequency(frequency: PaymentFrequency): boolean {
  return frequency !== 'OneTime';
}

/** Whether the max payoff percent is off (unset or exactly 1). */
function payoffPercentIsOff(percent: number | undefined): boolean {
  return percent === undefined || percent === 1;
}

/**
 * The payoff amount times the max payoff percent, rounded down to the cent (the cap is a limit:
 * rounding up would let a payment exceed it). The multiplier counts to a millionth.
 */
export function payoffCapCents(payoffCents: Cents, maxPayoffPercent: number | undefined): Cents {
  assertCents('payoffCents', payoffCents);
  if (payoffPercentIsOff(maxPayoffPercent)) return payoffCents;
  if (
    maxPayoffPercent === undefined ||
    !Number.isFinite(maxPayoffPercent) ||
    maxPayoffPercent <= 0
  ) {
    throw new RangeError(
      `paymentAmountOptions.maxPayoffPercent must be a number above 0, got ${maxPayoffPercent}`,
    );
  }
  const millionths = BigInt(Math.round(maxPayoffPercent * 1_000_000));
  // BigInt keeps the product exact; its division truncates, which is rounding down here.
  return Number((BigInt(payoffCents) * millionths) / 1_000_000n);
}

function methodMinimumCents(context: PaymentAmountContext): Cents {
  return context.method === 'ACH'
    ? context.settings.minimumAchPaymentCents
    : context.settings.minimumCardPaymentCents;
}

/**
 * The largest amount: for cards the card maximum (when set), for a recurring payment without the
 * additional-amount setting the regular amount, otherwise the payoff amount times the max payoff
 * percent. A card payment is also held to that last cap: nobody may pay more than the payoff.
 */
function maximumCents(context: PaymentAmountContext): Cents {
  const { loan, settings } = context;
  const cap =
    isRecurringFrequency(context.frequency) && !settings.allowAdditionalAmountOnRecurring
      ? loan.regularPaymentCents
      : payoffCapCents(loan.payoffCents, settings.maxPayoffPercent);
  if (context.method === 'Card' && settings.maximumCardPaymentCents > 0) {
    return Math.min(settings.maximumCardPaymentCents, cap);
  }
  return cap;
}

/** The minimum before it is held to the maximum (the card-only-by-ACH check reads this one). */
function uncappedMinimumCents(context: PaymentAmountContext): Cents {
  const { loan, settings } = context;
  const methodMinimum = methodMinimumCents(context);
  let minimum = methodMinimum;
  const datedToday = context.paymentDate !== undefined && context.paymentDate <= context.today;
  if (settings.requireTotalDueWhenDelinquent && loan.delinquent) {
    minimum = loan.totalDueCents;
  } else if (settings.useMinimumPayment && datedToday) {
    minimum = Math.min(loan.amountDueCents, loan.totalDueCents, loan.payoffCents);
  } else if (settings.forceTotalDue && !isRecurringFrequency(context.frequency)) {
    minimum = loan.totalDueCents;
  }
  return Math.max(minimum, methodMinimum);
}

/**
 * The minimum and maximum of the amount step, and whether a card cannot pay at all (spec 001
 * section 5 "Payment amount").
 *
 * Minimum, the first that applies, never below the method minimum
 * (`paymentAmountOptions.minimumAchPaymentAmount` / `minimumCardPaymentAmount`) and never above
 * the maximum:
 * 1. delinquent with `requireTotalDueWhenDelinquentOption`: the total amount due;
 * 2. `useMinimumPaymentOption` and a payment dated today: the smallest of the amount due, the
 *    total amount due and the payoff amount;
 * 3. `forceTotalDueOption` and a one-time payment: the total amount due;
 * 4. otherwise the method minimum.
 */
export function paymentAmountBounds(context: PaymentAmountContext): PaymentAmountBounds {
  assertContext(context);
  const maximum = maximumCents(context);
  const minimum = uncappedMinimumCents(context);
  const cardMaximum = context.settings.maximumCardPaymentCents;
  return {
    minimumCents: Math.min(minimum, maximum),
    maximumCents: maximum,
    achOnly: context.method === 'Card' && cardMaximum > 0 && minimum >= cardMaximum,
  };
}

export interface InitialPaymentAmount {
  amountCents: Cents;
  /**
   * Set when the regular amount was lowered to the maximum: 'Your total due amount of
   * {amount} exceeds the max amount allowed to pay with this payment method...' with
   * `amountCents` as {amount}.
   */
  aboveMaximumWarning?: { amountCents: Cents };
}

/**
 * The amount the step starts with: the regular amount, raised to the minimum when below it, then
 * lowered to the maximum (with the warning) when above it.
 *
 * Decided: a one-time payment starts from the amount due when something is due, the regular
 * amount otherwise. The spec starts from the regular amount (the installment); a newcomer found
 * it left a past-due loan past due (one installment offered while three were due) and made a
 * borrower who had paid part of the installment overpay. A recurring payment starts from the
 * regular amount, which it repeats.
 */
export function initialPaymentAmount(context: PaymentAmountContext): InitialPaymentAmount {
  const bounds = paymentAmountBounds(context);
  const { loan } = context;
  const start =
    context.frequency === 'OneTime' && loan.amountDueCents > 0
      ? loan.amountDueCents
      : loan.regularPaymentCents;
  // Raised to the minimum before it is held to the maximum, so that a total due above a card
  // maximum is what the warning names.
  const raised = Math.max(start, uncappedMinimumCents(context));
  if (raised > bounds.maximumCents) {
    return { amountCents: bounds.maximumCents, aboveMaximumWarning: { amountCents: raised } };
  }
  return { amountCents: raised };
}

/** The warning's text with its amount: 'Your total due amount of $1,234.56 exceeds ...'. */
export function aboveMaximumWarningText(
  amountCents: Cents,
  template = 'Your total due amount of {amount} exceeds the max amount allowed to pay with this payment method. Please select a different payment method to pay your total due.',
): string {
  return template.replaceAll('{amount}', formatUsd(amountCents));
}

export interface PaymentAmountEditing {
  /** The 'Pay Amount Due' checkbox shows (recurring payments only). */
  payAmountDueOffered: boolean;
  /** 'Pay Amount Due' is ticked and disabled: the amount cannot be typed. */
  payAmountDueForced: boolean;
  /** The 'Additional Principal Amount' input shows. */
  additionalPrincipalOffered: boolean;
}

/**
 * What the amount step offers. The amount can be typed for cards, for one-time payments, for the
 * date-based recurring frequencies, and for days-before-due (and on-due-date) payments when
 * `paymentAmountOptions.allowCustomAmountOnDaysBeforeDueOption` is on; otherwise 'Pay Amount
 * Due' is forced on. Additional principal is for recurring ACH with
 * `paymentAmountOptions.allowAdditionalPrincipalOnRecurringAchOption`.
 */
export function paymentAmountEditing(
  context: Pick<PaymentAmountContext, 'method' | 'frequency' | 'settings'>,
): PaymentAmountEditing {
  const recurring = isRecurringFrequency(context.frequency);
  const editable =
    context.method === 'Card' ||
    !recurring ||
    !isDaysBeforeDueFrequency(context.frequency) ||
    context.settings.allowCustomAmountOnDaysBeforeDue;
  return {
    payAmountDueOffered: recurring,
    payAmountDueForced: recurring && !editable,
    additionalPrincipalOffered:
      recurring &&
      context.method === 'ACH' &&
      context.settings.allowAdditionalPrincipalOnRecurringAch,
  };
}

export interface PayAmountDue {
  amountCents: Cents;
  /** The amount output's useTotalDueOrRegularPmtAmount. */
  useTotalDueOrRegularPmtAmount: true;
  /**
   * A recurring line-of-credit payment: the amount is sent as 0, the core takes the total due on
   * each date, and the total step shows that it is calculated at payment time.
   */
  totalDueAtPaymentTime: boolean;
}

/**
 * Ticking 'Pay Amount Due': the regular amount (as the step starts with it, held to the bounds),
 * or 0 for a line of credit, whose total due is then taken at each payment time.
 */
export function payAmountDue(context: PaymentAmountContext): PayAmountDue {
  if (context.loan.lineOfCredit) {
    return {
      amountCents: 0,
      useTotalDueOrRegularPmtAmount: true,
      totalDueAtPaymentTime: isRecurringFrequency(context.frequency),
    };
  }
  return {
    amountCents: initialPaymentAmount(context).amountCents,
    useTotalDueOrRegularPmtAmount: true,
    totalDueAtPaymentTime: false,
  };
}

/**
 * Whether the amount step is skipped: a pay-off, or a days-before-due or on-due-date ACH payment
 * when neither `paymentAmountOptions.allowCustomAmountOnDaysBeforeDueOption` nor
 * `paymentAmountOptions.allowAdditionalPrincipalOnRecurringAchOption` is on.
 */
export function amountStepSkipped(
  context: Pick<PaymentAmountContext, 'method' | 'frequency' | 'isPayoff' | 'settings'>,
): boolean {
  if (context.isPayoff) return true;
  return (
    isDaysBeforeDueFrequency(context.frequency) &&
    context.method === 'ACH' &&
    !context.settings.allowCustomAmountOnDaysBeforeDue &&
    !context.settings.allowAdditionalPrincipalOnRecurringAch
  );
}

/**
 * The amount of a skipped step: the payoff quote (else today's payoff amount) for a pay-off,
 * otherwise what 'Pay Amount Due' gives. Undefined when the step is not skipped.
 */
export function fixedPaymentAmount(context: PaymentAmountContext): PayAmountDue | undefined {
  if (!amountStepSkipped(context)) return undefined;
  if (context.isPayoff) {
    assertContext(context);
    return {
      amountCents: context.payoffQuoteCents ?? context.loan.payoffCents,
      useTotalDueOrRegularPmtAmount: true,
      totalDueAtPaymentTime: false,
    };
  }
  return payAmountDue(context);
}

/**
 * Whether the 'Pay off the full amount' checkbox is offered: `paymentOptions.allowPayoffOption`
 * is on, the payoff amount is above 0, `paymentAmountOptions.maxPayoffPercent` is unset or 1, and
 * for a card the payoff amount is not above `paymentAmountOptions.maximumCardPaymentAmount`.
 */
export function payoffOffered(
  context: Pick<PaymentAmountContext, 'method' | 'loan' | 'settings'>,
): boolean {
  const { loan, settings } = context;
  if (!settings.allowPayoff || loan.payoffCents <= 0) return false;
  if (!payoffPercentIsOff(settings.maxPayoffPercent)) return false;
  const cardMaximum = settings.maximumCardPaymentCents;
  return !(context.method === 'Card' && cardMaximum > 0 && loan.payoffCents > cardMaximum);
}

/** What was typed into an amount field, read (see readPaymentAmountInput). */
export type PaymentAmountInput =
  | { kind: 'empty' }
  /** Letters, a second decimal point, misplaced signs: nothing a person means as an amount. */
  | { kind: 'notANumber' }
  /** A number with three or more decimals ('100.005'): cents are the smallest unit. */
  | { kind: 'tooManyDecimals' }
  /** An amount in cents (negative when typed with a minus: refused as below the minimum). */
  | { kind: 'amount'; cents: Cents }
  /** Digits too many to be money anyone pays (beyond the safe integer of cents): above any maximum. */
  | { kind: 'tooLarge' };

/** What the amount field ignores as formatting: the dollar sign, thousands commas, spaces. */
const AMOUNT_FORMATTING = /[$,\s]/g;
const AMOUNT_DIGITS = /^(-)?(\d*)(?:\.(\d*))?$/;

/**
 * What a typed amount is. The dollar sign, commas and spaces are formatting (the field shows
 * '$1,234.50' after blur) and are dropped; anything else that is not a digit or one decimal
 * point makes the text not a number.
 *
 * Decided (spec 001 section 5 says "non-numeric characters are stripped before parsing"): only
 * formatting is stripped. Stripping letters turned 'abc' into an empty amount ('Payment amount
 * is required', which the borrower had not left empty) and '12a' into $12.00, a guess a bank
 * must not make with money; each mistake now has its own words (issue 20, item 3).
 * Decided (spec 001 section 5 caps the field at 15 characters): the field takes whatever is typed
 * (issue 20: the cap cut '$1,000,000,000.00' silently to a smaller amount), and the words say
 * what is wrong with it: above the maximum, or not a number.
 */
export function readPaymentAmountInput(text: string): PaymentAmountInput {
  const bare = text.replace(AMOUNT_FORMATTING, '');
  if (bare === '') return { kind: 'empty' };
  const match = AMOUNT_DIGITS.exec(bare);
  if (!match) return { kind: 'notANumber' };
  const [, minus, whole = '', fraction] = match;
  if (whole === '' && (fraction ?? '') === '') return { kind: 'notANumber' };
  if (fraction !== undefined && fraction.length > 2) return { kind: 'tooManyDecimals' };
  const cents = Number(whole || '0') * 100 + Number((fraction ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return minus ? { kind: 'notANumber' } : { kind: 'tooLarge' };
  return { kind: 'amount', cents: minus ? -cents : cents };
}

/**
 * What a typed amount is in cents (readPaymentAmountInput): '$1,234.56' is 123456. Undefined
 * when it is empty, not a number or has more than two decimals.
 */
export function parsePaymentAmountInput(text: string): Cents | undefined {
  const input = readPaymentAmountInput(text);
  return input.kind === 'amount' && input.cents >= 0 ? input.cents : undefined;
}

/** Why an amount is refused; each names the setup text that words it. */
export type PaymentAmountIssue =
  /** `paymentTexts.amountRequiredText`: 'Payment amount is required'. */
  | { key: 'amountRequired' }
  /** `paymentTexts.amountNotNumberText`: 'Enter the amount as a number, like 250.00'. */
  | { key: 'notANumber' }
  /** `paymentTexts.amountDecimalsText`: 'The amount cannot have more than two decimal places'. */
  | { key: 'tooManyDecimals' }
  /** `paymentTexts.achOnlyText`: 'Only payment by ACH is allowed at this time...'. */
  | { key: 'achOnly' }
  /** `paymentTexts.amountBelowMinimumText`: 'Payment amount must be at least {min}'. */
  | { key: 'belowMinimum'; minimumCents: Cents; maximumCents: Cents }
  /** `paymentTexts.amountAboveMaximumText`: 'Payment amount cannot be greater than {max}'. */
  | { key: 'aboveMaximum'; minimumCents: Cents; maximumCents: Cents };

/**
 * The settings text (`paymentTexts.*`) that words each issue. The spec's range text
 * ('Payment amount must be between {min} and {max}', `amountRangeText`) said the same for a
 * payment too small and too large; each bound now has its own, naming it.
 */
export const PAYMENT_AMOUNT_ISSUE_TEXT_KEYS = {
  amountRequired: 'paymentTexts.amountRequiredText',
  notANumber: 'paymentTexts.amountNotNumberText',
  tooManyDecimals: 'paymentTexts.amountDecimalsText',
  achOnly: 'paymentTexts.achOnlyText',
  belowMinimum: 'paymentTexts.amountBelowMinimumText',
  aboveMaximum: 'paymentTexts.amountAboveMaximumText',
} as const satisfies Record<PaymentAmountIssue['key'], string>;

/**
 * Why an amount is refused, or undefined when it may be paid. The amount is in cents (undefined
 * when empty), or the typed input as readPaymentAmountInput reads it. A recurring payment without
 * the additional-amount setting is held to the regular amount through the maximum. The server
 * applies the same function to the amount it receives (submittedPaymentAmountIssue).
 */
export function paymentAmountIssue(
  context: PaymentAmountContext,
  amount: Cents | PaymentAmountInput | undefined,
): PaymentAmountIssue | undefined {
  const bounds = paymentAmountBounds(context);
  if (bounds.achOnly) return { key: 'achOnly' };
  const input: PaymentAmountInput =
    amount === undefined
      ? { kind: 'empty' }
      : typeof amount === 'number'
        ? { kind: 'amount', cents: amount }
        : amount;
  if (input.kind === 'empty') return { key: 'amountRequired' };
  if (input.kind === 'notANumber') return { key: 'notANumber' };
  if (input.kind === 'tooManyDecimals') return { key: 'tooManyDecimals' };
  const range = { minimumCents: bounds.minimumCents, maximumCents: bounds.maximumCents };
  if (input.kind === 'tooLarge') return { key: 'aboveMaximum', ...range };
  const amountCents = input.cents;
  // Nothing is paid with 0, even where a zero minimum is configured.
  if (amountCents <= 0 || amountCents < bounds.minimumCents) {
    return { key: 'belowMinimum', ...range };
  }
  if (amountCents > bounds.maximumCents) return { key: 'aboveMaximum', ...range };
  return undefined;
}

/** The settings schema's defaults of PAYMENT_AMOUNT_ISSUE_TEXT_KEYS. */
const ISSUE_TEXT: Record<PaymentAmountIssue['key'], string> = {
  amountRequired: 'Payment amount is required',
  notANumber: 'Enter the amount as a number, like 250.00',
  tooManyDecimals: 'The amount cannot have more than two decimal places',
  achOnly:
    'Only payment by ACH is allowed at this time. Your amount due is greater than the payment amount allowed by card.',
  belowMinimum: 'Payment amount must be at least {min}',
  aboveMaximum: 'Payment amount cannot be greater than {max}',
};

/**
 * The issue in the spec's words, with {min} and {max} as currency ('Payment amount must be
 * between $0.01 and $500.00'); `template` is the setup text when the institution words it.
 */
export function paymentAmountIssueText(issue: PaymentAmountIssue, template?: string): string {
  const text = template ?? ISSUE_TEXT[issue.key];
  if (issue.key !== 'belowMinimum' && issue.key !== 'aboveMaximum') return text;
  return text
    .replaceAll('{min}', formatUsd(issue.minimumCents))
    .replaceAll('{max}', formatUsd(issue.maximumCents));
}

/** The submit error key (spec 001 section 8) the server answers for each issue. */
export const PAYMENT_AMOUNT_ERROR_KEY = {
  amountRequired: 'PaymentAmountMinimum',
  // The wire carries a number with at most two decimals (the Dollars schema refuses others as
  // Invalid before any rule runs); these two are the portal's typed text only.
  notANumber: 'Invalid',
  tooManyDecimals: 'Invalid',
  belowMinimum: 'PaymentAmountMinimum',
  aboveMaximum: 'PaymentAmountMaximum',
  achOnly: 'PaymentAmountMaximum',
} as const satisfies Record<PaymentAmountIssue['key'], string>;

/** A submitted payment's amounts, as the server receives them (PaymentAmount and so on). */
export interface SubmittedPaymentAmount {
  amountCents: Cents;
  additionalPrincipalCents: Cents;
}

export type SubmittedAmountIssue =
  | PaymentAmountIssue
  /** A skipped step's amount (pay-off, days-before-due ACH) differs from the fixed amount. */
  | { key: 'notFixedAmount'; fixedCents: Cents }
  /** A pay-off where the pay-off checkbox is not offered (`payoffOffered`). */
  | { key: 'payoffNotOffered' }
  /** Additional principal where it is not offered, or beyond the payoff amount. */
  | { key: 'additionalPrincipalNotAllowed' }
  | { key: 'additionalPrincipalAboveMaximum'; maximumCents: Cents };

/**
 * A card cannot pay the line of credit's total due (the recurring 'total due at payment time'
 * case): it is above `paymentAmountOptions.maximumCardPaymentAmount` (section 5's card maximum;
 * 'Only payment by ACH is allowed at this time...'). The amount step is skipped in that case, so
 * the submit is where it is caught; each date's charge is held to the maximum again when it
 * posts (the total due may have grown since).
 */
export function totalDueAboveCardMaximum(
  context: Pick<PaymentAmountContext, 'method' | 'loan' | 'settings'>,
): boolean {
  const cardMaximum = context.settings.maximumCardPaymentCents;
  return context.method === 'Card' && cardMaximum > 0 && context.loan.totalDueCents > cardMaximum;
}

/**
 * The server's check of a submitted amount (the portal's guidance is never trusted):
 * - a pay-off only where the checkbox is offered;
 * - a recurring line-of-credit payment may send 0, meaning the total due at payment time (by
 *   card only while that is within the card maximum);
 * - a skipped step, or a forced 'Pay Amount Due', must carry its fixed amount (the regular
 *   amount, a pay-off's quote);
 * - any other amount must pass `paymentAmountIssue`;
 * - additional principal only where offered, and the amount plus additional principal at most the
 *   payoff amount (times the max payoff percent).
 */
export function submittedPaymentAmountIssue(
  context: PaymentAmountContext,
  submitted: SubmittedPaymentAmount,
): SubmittedAmountIssue | undefined {
  assertCents('amountCents', submitted.amountCents);
  assertCents('additionalPrincipalCents', submitted.additionalPrincipalCents);
  if (context.isPayoff && !payoffOffered(context)) return { key: 'payoffNotOffered' };
  const principal = submitted.additionalPrincipalCents;
  if (principal > 0 && !paymentAmountEditing(context).additionalPrincipalOffered) {
    return { key: 'additionalPrincipalNotAllowed' };
  }
  const locTotalDue =
    context.loan.lineOfCredit &&
    isRecurringFrequency(context.frequency) &&
    !context.isPayoff &&
    submitted.amountCents === 0;
  if (locTotalDue && totalDueAboveCardMaximum(context)) return { key: 'achOnly' };
  if (!locTotalDue) {
    const fixed =
      fixedPaymentAmount(context) ??
      (paymentAmountEditing(context).payAmountDueForced ? payAmountDue(context) : undefined);
    if (fixed !== undefined && fixed.amountCents !== submitted.amountCents) {
      return { key: 'notFixedAmount', fixedCents: fixed.amountCents };
    }
    if (fixed === undefined) {
      const issue = paymentAmountIssue(context, submitted.amountCents);
      if (issue) return issue;
    }
  }
  if (principal > 0) {
    const maximumCents = additionalPrincipalMaximumCents(context, submitted.amountCents);
    if (principal > maximumCents) return { key: 'additionalPrincipalAboveMaximum', maximumCents };
  }
  return undefined;
}

/**
 * The most additional principal a payment of `amountCents` may add: the amount plus the
 * additional principal may reach the payoff amount (times `maxPayoffPercent`), not beyond it.
 */
export function additionalPrincipalMaximumCents(
  context: Pick<PaymentAmountContext, 'loan' | 'settings'>,
  amountCents: Cents,
): Cents {
  return Math.max(
    0,
    payoffCapCents(context.loan.payoffCents, context.settings.maxPayoffPercent) - amountCents,
  );
}

/**
 * The additional principal as typed, in cents: empty is 0; undefined when it is not an amount
 * (readPaymentAmountInput: not a number, more than two decimals, negative).
 */
export function parseAdditionalPrincipalInput(text: string): Cents | undefined {
  const input = readPaymentAmountInput(text);
  if (input.kind === 'empty') return 0;
  return input.kind === 'amount' && input.cents >= 0 ? input.cents : undefined;
}
