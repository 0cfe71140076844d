import type { Cents } from '../rules/money';
import { formatUsd } from '../rules/money';
import { formatUsDate } from '../rules/date-formats';
import { fillPlaceholders } from '../rules/formats';
import { CARD_REFUSAL_ERRORS, type PaymentOfMethod, type SubmitError } from '../api/payments';
import type { FirstPartyFees } from './payment-fees';
import { firstPartyFee } from './payment-fees';
import type { DebitCreditType } from './payment-forms';
import type { PaymentFrequency, PaymentKind } from './payment-eligibility';
import { scheduleWording, type ScheduleWordingTexts } from './schedule-wording';

/*
 * The rules of the payment method step that issue 20 added (items 4, 6, 7 and 9): what a card's
 * refusal offers next, each Debit/Credit choice's fee, the wording of the payments a saved
 * method's deletion cancels, and the one-time ACH authorization.
 */

/** A card answer after which that card cannot pay (section 4: Declined, OverLimit, ...). */
export type CardRefusal = (typeof CARD_REFUSAL_ERRORS)[number];

/**
 * A submit answer that stops a card payment: the card's own refusal, or every card paused by the
 * card testing guard (CardAttemptsPaused, issue 20 item 30). Either way nothing was charged.
 */
export type CardStop = CardRefusal | 'CardAttemptsPaused';

const CARD_STOPS: readonly CardStop[] = [...CARD_REFUSAL_ERRORS, 'CardAttemptsPaused'];

/** The card stop a submit error is, if it is one. */
export function cardStopOf(error: SubmitError): CardStop | undefined {
  return CARD_STOPS.find((stop) => stop === error);
}

/**
 * What the advice under a card stop says: another card or a bank account, one of them, or (with
 * neither left) to contact the institution.
 */
export type CardStopAdvice =
  'anotherCardOrBankAccount' | 'anotherCard' | 'bankAccount' | 'contactInstitution';

export interface CardRefusalNextSteps {
  /** 'Use another card' is offered: it opens the new card form. */
  anotherCard: boolean;
  /** 'Pay from a bank account' is offered: it chooses E-Check. */
  bankAccount: boolean;
  advice: CardStopAdvice;
}

/**
 * What a borrower is offered after a card payment is stopped (issue 20 item 4: a dead end
 * before). The stopped card is unselected by the page; what is left:
 * - another card, while cards are not paused, by adding one (when new cards may be added) or by
 *   picking another saved card (offered by the saved methods list, so only advised);
 * - a bank account, when ACH may pay this loan;
 * - with neither, the institution: it is the only way left to make this payment.
 * Paused cards (CardAttemptsPaused) leave no card at all, whatever is saved.
 */
export function cardRefusalNextSteps(
  stop: CardStop,
  options: { canAddCard: boolean; otherSavedCards: number; achAvailable: boolean },
): CardRefusalNextSteps {
  const cardsPaused = stop === 'CardAttemptsPaused';
  const anotherCard = !cardsPaused && options.canAddCard;
  const cardLeft = anotherCard || (!cardsPaused && options.otherSavedCards > 0);
  const bankAccount = options.achAvailable;
  const advice: CardStopAdvice = cardLeft
    ? bankAccount
      ? 'anotherCardOrBankAccount'
      : 'anotherCard'
    : bankAccount
      ? 'bankAccount'
      : 'contactInstitution';
  return { anotherCard, bankAccount, advice };
}

/**
 * The processing fee of each Debit/Credit choice (issue 20 item 6: shown where it is chosen):
 * the first-party card fee (the same for every kind of payment) plus the third-party fee of
 * that choice (also the same for every kind; 0 when the institution has none).
 */
export function cardChoiceFees(
  fees: FirstPartyFees,
  thirdParty: Readonly<Record<DebitCreditType, Cents>>,
): Record<DebitCreditType, Cents> {
  const of = (debitCredit: DebitCreditType) =>
    firstPartyFee(fees, { type: 'Card', debitCredit }, 'immediate') + thirdParty[debitCredit];
  return { DebitCard: of('DebitCard'), CreditCard: of('CreditCard') };
}

/**
 * The processing fee of a bank-account payment of each kind (issue 20 item 6: e-check, scheduled
 * and recurring ACH fees differ, so the frequency choice shows them): the first-party fee of the
 * kind plus its third-party fee (0 when the institution has none).
 */
export function achKindFees(
  fees: FirstPartyFees,
  thirdParty: Readonly<Record<PaymentKind, Cents>>,
): Record<PaymentKind, Cents> {
  const of = (kind: PaymentKind) => firstPartyFee(fees, { type: 'ACH' }, kind) + thirdParty[kind];
  return { immediate: of('immediate'), scheduled: of('scheduled'), recurring: of('recurring') };
}

export interface FrequencyFeeTexts {
  feeText: string;
  noFeeText: string;
  /** A one-time payment whose fee depends on its date: {todayFee} and {laterFee}. */
  oneTimeFeesText: string;
}

/**
 * The fee words of a frequency choice of a bank-account payment: a one-time payment costs the
 * e-check fee today and the scheduled fee on a later date (one figure when they agree); a
 * recurring one the recurring fee. Undefined when no kind has a fee: '(no fee)' beside every
 * choice would only be noise.
 */
export function achFrequencyFeeWords(
  frequency: PaymentFrequency,
  fees: Readonly<Record<PaymentKind, Cents>>,
  texts: FrequencyFeeTexts,
): string | undefined {
  if (fees.immediate === 0 && fees.scheduled === 0 && fees.recurring === 0) return undefined;
  const words = (cents: Cents) =>
    cents > 0 ? fillPlaceholders(texts.feeText, { fee: formatUsd(cents) }) : texts.noFeeText;
  if (frequency !== 'OneTime') return words(fees.recurring);
  if (fees.immediate === fees.scheduled) return words(fees.immediate);
  return fillPlaceholders(texts.oneTimeFeesText, {
    todayFee: formatUsd(fees.immediate),
    laterFee: formatUsd(fees.scheduled),
  });
}

/** The label of a Debit/Credit choice with its fee: 'Credit Card (fee $4.95)'. */
export function choiceWithFee(
  label: string,
  feeCents: Cents,
  texts: { feeText: string; noFeeText: string },
): string {
  const fee =
    feeCents > 0 ? fillPlaceholders(texts.feeText, { fee: formatUsd(feeCents) }) : texts.noFeeText;
  return `${label} (${fee})`;
}

export interface PaymentOfMethodTexts {
  scheduledItemText: string;
  recurringItemText: string;
  schedule: ScheduleWordingTexts;
}

/**
 * One payment a saved method's deletion cancels, in words (issue 20 item 9: the delete dialog
 * names them): 'Scheduled payment of $50.00 on 12/04/2026 to loan ****2352'.
 */
export function paymentOfMethodWording(
  payment: PaymentOfMethod,
  texts: PaymentOfMethodTexts,
): string {
  const amount = formatUsd(payment.PaymentAmount);
  if (payment.Kind === 'Scheduled' || payment.RecurringOption === null) {
    return fillPlaceholders(texts.scheduledItemText, {
      amount,
      date: formatUsDate(payment.PaymentDate),
      loan: payment.LoanName ?? payment.LoanAccountNumber,
    });
  }
  return fillPlaceholders(texts.recurringItemText, {
    amount,
    schedule: scheduleWording(
      {
        RecurringOption: payment.RecurringOption,
        Date: payment.PaymentDate,
        NumberOfDays: payment.NumberOfDays,
      },
      texts.schedule,
    ),
    loan: payment.LoanName ?? payment.LoanAccountNumber,
  });
}

/**
 * The authorization a one-time ACH debit is made under (issue 20 item 7; NACHA requires an
 * authorization for single entries, made today or scheduled, too): the total debited (amount,
 * fees and additional principal), the account and the date, in the institution's words.
 */
export function oneTimeAchAuthorization(
  text: string,
  debit: { totalCents: Cents; date: string; accountType: string; lastFour: string },
): string {
  return fillPlaceholders(text, {
    amount: formatUsd(debit.totalCents),
    date: formatUsDate(debit.date),
    accountType: debit.accountType,
    lastFour: debit.lastFour,
  });
}

/**
 * Which setting words a one-time ACH debit's authorization (issue 20): one made today is
 * debited once today and cannot be cancelled here (`paymentTexts.todayAchAuthorizationText`); a
 * scheduled one can be, until it is processed (`paymentTexts.oneTimeAchAuthorizationText`). The
 * portal shows it and the server records the same words with the payment.
 */
export function oneTimeAchAuthorizationTextKey(
  kind: 'immediate' | 'scheduled',
  /**
   * A scheduled payoff: debited for the payoff on its date, up to its amount (the server lowers
   * one the loan no longer needs all of), and worded so (`scheduledPayoffAchAuthorizationText`).
   */
  isPayoff = false,
):
  | 'paymentTexts.todayAchAuthorizationText'
  | 'paymentTexts.oneTimeAchAuthorizationText'
  | 'paymentTexts.scheduledPayoffAchAuthorizationText' {
  if (kind === 'immediate') return 'paymentTexts.todayAchAuthorizationText';
  return isPayoff
    ? 'paymentTexts.scheduledPayoffAchAuthorizationText'
    : 'paymentTexts.oneTimeAchAuthorizationText';
}

/**
 * The authorization a recurring ACH debit is made under when no ACH draft agreement is asked for
 * (paymentTexts.recurringAchAuthorizationText): each debit's total, the schedule in words, the
 * first date and the account, so that submitting is the authorization (NACHA: a recurring debit
 * needs one too).
 */
export function recurringAchAuthorization(
  text: string,
  debit: {
    totalCents: Cents;
    frequencyText: string;
    date: string;
    accountType: string;
    lastFour: string;
  },
): string {
  return fillPlaceholders(text, {
    amount: formatUsd(debit.totalCents),
    frequency: debit.frequencyText,
    date: formatUsDate(debit.date),
    accountType: debit.accountType,
    lastFour: debit.lastFour,
  });
}
