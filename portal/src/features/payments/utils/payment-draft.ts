import type { PaymentFrequency } from '@portal/domain';

/**
 * What the borrower has chosen and typed in the frequency and amount steps, held by the payment
 * flow of one loan, above the steps that show it.
 *
 * Decided (spec 001 section 4 says "changing an earlier step resets later ones"; issue 20, item
 * 2): a later step is re-judged when an earlier one changes, not wiped. What the borrower typed
 * or picked stays as long as it is still a choice the form offers, and a step hidden for a
 * moment shows it again as it was (a refused date no longer hides the amount: it stays on screen
 * while the total and submit wait):
 * - a frequency stays while it is still offered (a single-use card offers One Time only);
 * - a one-time date, a first recurring date and the days before due stay; a date the new choice
 *   refuses shows its reason under the field, a number of days no longer offered is cleared;
 * - the typed amount, Pay Amount Due and the additional principal stay, checked against the new
 *   bounds (an amount above a card's maximum says so next to it, keeping the figure).
 * Untouched fields (undefined here) follow the rules' starting values, which move with the
 * choices above them (the first selectable date, the amount due).
 * Choosing another loan starts a new draft: the loans' figures differ.
 */
export interface PaymentDraft {
  frequency: PaymentFrequency | '';
  /** The one-time date picked; undefined until one is (the first selectable date shows). */
  oneTimeDate: string | undefined;
  payoff: boolean;
  recurringDate: string;
  daysBeforeDue: string;
  /** The amount as typed; undefined until the borrower types (the starting amount shows). */
  amountText: string | undefined;
  /** Whether the amount field was left once: its error shows from then on. */
  amountTouched: boolean;
  /** 'Pay Amount Due' as ticked; undefined until touched. */
  payAmountDue: boolean | undefined;
  principalText: string;
}

export const EMPTY_PAYMENT_DRAFT: PaymentDraft = {
  frequency: '',
  oneTimeDate: undefined,
  payoff: false,
  recurringDate: '',
  daysBeforeDue: '',
  amountText: undefined,
  amountTouched: false,
  payAmountDue: undefined,
  principalText: '',
};

/** The draft and how to change part of it. */
export interface PaymentDraftState {
  draft: PaymentDraft;
  update(change: Partial<PaymentDraft>): void;
}
