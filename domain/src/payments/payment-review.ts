import { maskAccountNumber } from '../rules/account-masking';
import type { CalendarDate } from '../rules/calendar';
import { formatUsDate } from '../rules/date-formats';
import { fillPlaceholders } from '../rules/formats';
import { formatUsd, type Cents } from '../rules/money';
import { paymentTotal, processingFee } from './payment-fees';
import { PAYMENT_CARD_TYPE_NAMES, type PaymentCardType } from './payment-forms';

/**
 * How a payment names its loan and what the borrower checks before sending it (issue 20, items
 * 1 and 5): the loan picker's choices, the summary above the confirm-before-submit question and
 * the confirmation's loan row. Masking is `maskAccountNumber`, dates `formatUsDate` and money
 * `formatUsd`: the one formatter of each kind.
 */

/** The loan account dropdown's default wordings (`paymentTexts.loanAccountOptionText` and ...NoDueDateText). */
export const DEFAULT_LOAN_CHOICE_TEXTS = {
  withDueDate: '{name} {number} — {amount} due {date}',
  withoutDueDate: '{name} {number} — {amount} due',
} as const;

/** A loan as the account list gives it (Description, Number). */
export interface NamedLoan {
  description: string;
  number: string;
}

/**
 * A loan by its name and masked number: 'Home Equity Loan ****2352'. A loan without a
 * description is named by its masked number alone.
 */
export function loanName(loan: NamedLoan): string {
  return [loan.description.trim(), maskAccountNumber(loan.number)].filter(Boolean).join(' ');
}

/**
 * One choice of the loan account dropdown: 'Home Equity Loan ****2352 — $775.94 due 12/02/2026'.
 * The spec's choice was the number, the amount due and the due date ('001-100235-2 - $775.94
 * 12/02/2026'), which names no loan: a borrower with two loans could not tell them apart.
 */
export function loanChoiceText(
  loan: NamedLoan & { amountDueCents: Cents; dueDate: CalendarDate | null },
  texts: { withDueDate: string; withoutDueDate: string } = DEFAULT_LOAN_CHOICE_TEXTS,
): string {
  const date = loan.dueDate ? formatUsDate(loan.dueDate) : '';
  return fillPlaceholders(date ? texts.withDueDate : texts.withoutDueDate, {
    name: loan.description.trim(),
    number: maskAccountNumber(loan.number),
    amount: formatUsd(Math.max(0, loan.amountDueCents)),
    date,
  })
    .replace(/\s+/g, ' ')
    .trim();
}

/** The method a payment is made with, as far as a screen may show it (the last four only). */
export type ReviewedMethod =
  | { IsCard: true; CardType: PaymentCardType; lastFour: string }
  | { IsCard: false; AccountType: string; lastFour: string };

/** 'Visa ****4242', 'Checking ****0113'. */
export function maskedMethodText(method: ReviewedMethod): string {
  return method.IsCard
    ? `${PAYMENT_CARD_TYPE_NAMES[method.CardType]} ${maskAccountNumber(method.lastFour)}`
    : `${method.AccountType} ${maskAccountNumber(method.lastFour)}`;
}

/** Everything a payment will send, for its summary. */
export interface PaymentReviewInput {
  loan: NamedLoan;
  amountCents: Cents;
  additionalPrincipalCents: Cents;
  firstPartyFeeCents: Cents;
  thirdPartyFeeCents: Cents;
  /** A recurring line-of-credit payment of the total due: the amount is worked out each time. */
  totalDueAtPaymentTime: boolean;
  payDate: CalendarDate;
  /** A recurring payment: its date is the first of the series ('First Payment Date'). */
  recurring?: boolean;
  method: ReviewedMethod;
  /** The frequency in words (the schedule wording, or 'One Time'). */
  frequencyText: string;
  /**
   * The authorization the payment is made under, in words, when it was given before the review
   * (the ACH draft agreement of a recurring ACH payment, agreed to first): the borrower checks it
   * with the rest.
   */
  authorizationText?: string;
  /**
   * A payoff (Pay off ticked): its word ('Payoff', recurringPaymentTexts.scheduledPayoffText),
   * beside the amount, so the borrower checks that it is one.
   */
  payoffText?: string;
}

/** The rows of the summary; each is labelled by a settings text (see the portal's map). */
export type PaymentReviewRowKey =
  | 'loan'
  | 'amount'
  | 'additionalPrincipal'
  | 'fee'
  | 'total'
  | 'date'
  | 'firstDate'
  | 'method'
  | 'frequency'
  | 'authorization';

export interface PaymentReviewRow {
  key: PaymentReviewRowKey;
  value: string;
}

/**
 * The summary of exactly what a payment will send, in the order a borrower checks it: the loan,
 * the money (amount, additional principal when there is some, the fee, the total), then when
 * and how (date, method masked, frequency in words). A recurring payment's date is its first
 * ('firstDate'). A line of credit paying its total due at each payment has no amount or total to
 * show: its amount row carries `totalDueText`.
 *
 * Decided (issue 20): the fee is one row, the institution's fee and the processor's together,
 * $0.00 when there is none, under the form's own name for it (the Processing Fee line, the
 * confirmation's fee row and the receipt e-mail show the same sum): the summary had called the
 * same money 'Fee' and 'Third-party processing fee' where the form said 'Processing Fee'.
 */
export function paymentReviewRows(
  input: PaymentReviewInput,
  totalDueText: string,
): PaymentReviewRow[] {
  const rows: PaymentReviewRow[] = [{ key: 'loan', value: loanName(input.loan) }];
  rows.push({
    key: 'amount',
    value: input.totalDueAtPaymentTime
      ? totalDueText
      : input.payoffText
        ? `${formatUsd(input.amountCents)} (${input.payoffText})`
        : formatUsd(input.amountCents),
  });
  if (input.additionalPrincipalCents > 0) {
    rows.push({ key: 'additionalPrincipal', value: formatUsd(input.additionalPrincipalCents) });
  }
  rows.push({ key: 'fee', value: formatUsd(processingFee(input)) });
  if (!input.totalDueAtPaymentTime) {
    rows.push({ key: 'total', value: formatUsd(paymentTotal(input)) });
  }
  rows.push(
    { key: input.recurring ? 'firstDate' : 'date', value: formatUsDate(input.payDate) },
    { key: 'method', value: maskedMethodText(input.method) },
    { key: 'frequency', value: input.frequencyText },
  );
  if (input.authorizationText !== undefined) {
    rows.push({ key: 'authorization', value: input.authorizationText });
  }
  return rows;
}
