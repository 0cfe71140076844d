import type { SettingsAccessor } from '@portal/settings-schema';
import { accountCategory, isClosedComment, type AccountListItem } from '../api/accounts';
import { noPaymentNeeded } from './payment-eligibility';

/**
 * Whether the institution takes loan payments online at all (`depositOptions.disableEZPayOption`
 * off). With it on, no screen offers Make Payment (dashboard, menu, loan page) and the
 * dashboard's loan rows open nothing (spec 002 "Dashboard").
 */
export function onlinePaymentsOn(settings: SettingsAccessor): boolean {
  return !settings.get('depositOptions.disableEZPayOption');
}

/** The loan as the loan page has it: the fields of LoanAccountInformation the offer reads. */
export interface OfferedLoan {
  /** The core's status comment: one containing CLOSED (any case) is a closed loan. */
  Comment: string;
  /** The principal balance in cents (the account list's Balance). */
  PrincipalBalance: number;
}

/** Why a loan is offered no payment. */
export type NoPaymentReason = 'closed' | 'noPaymentNeeded' | 'paymentsOff';

/**
 * Whether a loan is offered a payment: `portal` is Make Payment, the portal's payment screen
 * (which then applies spec 001's selection outcomes: holds, the third-party route); `none` says
 * why not.
 */
export type LoanPaymentOffer = { kind: 'none'; reason: NoPaymentReason } | { kind: 'portal' };

/**
 * Whether and how a loan can be paid, checked in this order: a closed loan takes no payment; a
 * loan that owes nothing needs none (`noPaymentNeeded`, the server's rule: the payment screen
 * would only answer NoPaymentNeeded); then the institution may have turned online payments off.
 * The loan's own reasons come first so that a loan owing nothing is said to owe nothing whether
 * payments are on or not.
 */
export function loanPaymentOffer(loan: OfferedLoan, settings: SettingsAccessor): LoanPaymentOffer {
  if (isClosedComment(loan.Comment)) return { kind: 'none', reason: 'closed' };
  if (noPaymentNeeded(loan.PrincipalBalance)) {
    return { kind: 'none', reason: 'noPaymentNeeded' };
  }
  if (!onlinePaymentsOn(settings)) return { kind: 'none', reason: 'paymentsOff' };
  return { kind: 'portal' };
}

/**
 * The offer for a row of the account list (its Balance is the principal owed, or a line's drawn
 * balance); undefined for an account that is not a loan or a line of credit.
 */
export function accountPaymentOffer(
  account: Pick<AccountListItem, 'Type' | 'Comment' | 'Balance'>,
  settings: SettingsAccessor,
): LoanPaymentOffer | undefined {
  const category = accountCategory(account.Type);
  if (category !== 'loan' && category !== 'lineOfCredit') return undefined;
  return loanPaymentOffer(
    { Comment: account.Comment, PrincipalBalance: account.Balance },
    settings,
  );
}

/**
 * Whether the dashboard offers Make Payment: some loan or line is offered the payment screen and
 * has something due now (its LoanAmountDue: installments due, late charges and fees). A borrower
 * who owes nothing due (paid ahead, or a line with nothing drawn) is not urged to pay; the loan
 * page still lets them pay ahead on a loan with a balance (loanPaymentOffer), and the menu keeps
 * its item (paymentMenuShown).
 */
export function anyLoanPayable(
  accounts: readonly Pick<AccountListItem, 'Type' | 'Comment' | 'Balance' | 'LoanAmountDue'>[],
  settings: SettingsAccessor,
): boolean {
  return accounts.some(
    (account) =>
      accountPaymentOffer(account, settings)?.kind === 'portal' && account.LoanAmountDue > 0,
  );
}

/**
 * The account list as the menu knows it: its rows, still loading, or failed (the borrower's
 * accounts are unknown).
 */
export type MenuAccountList = readonly Pick<AccountListItem, 'Type'>[] | 'loading' | 'failed';

/**
 * Whether the menu lists Make Payment: online payments on and at least one loan or line of credit
 * among the accounts (spec 000 section 2.2 fixes this rule for the menu; the dashboard's button
 * follows the loans' offers, anyLoanPayable). While the account list is loading the item is
 * listed: the menu is drawn at once and most borrowers have a loan; a borrower with deposits only
 * sees it go when the list arrives, and the payment screen itself says there is no loan to pay if
 * it is followed meanwhile. A list that failed is not a list with a loan: the item is not listed
 * (the payment screen could offer no loan either), and the dashboard says the list failed.
 */
export function paymentMenuShown(accounts: MenuAccountList, settings: SettingsAccessor): boolean {
  if (!onlinePaymentsOn(settings)) return false;
  if (accounts === 'loading') return true;
  if (accounts === 'failed') return false;
  return accounts.some((account) => {
    const category = accountCategory(account.Type);
    return category === 'loan' || category === 'lineOfCredit';
  });
}
