import {
  type FeeMethod,
  cardAcceptanceOf,
  cardUse,
  cleanAchAccountNumber,
  fundingOfDebitCreditType,
  lastFourOf,
  type PaymentRequestMethod,
  type PaymentType,
  savedProfileAllowed,
  type SubmitError,
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import {
  type AchAccountCheckDependencies,
  type AchAccountIssue,
  achAccountBlocked,
  achAccountIssue,
  achDuplicateKey,
} from '../payment-methods/ach-account-checks';
import { type MethodToSave, profileSettingsOf } from '../payment-methods/payment-methods.service';
import type { PaymentCaller } from './payment-context';
import { findUserCard, findUserSavedAccount } from './payments.repository';

/** The method columns a payment or recurring payment keeps (a snapshot of it). */
export interface MethodSnapshot {
  payment_method_id: number | null;
  is_card: boolean;
  last_four: string;
  card_type: string | null;
  debit_credit_type: string | null;
  processor_token: string | null;
  ach_account_type: string | null;
  routing_number: string | null;
  account_number_sealed: string | null;
  owner_name_sealed: string | null;
}

export interface ChosenPaymentMethod {
  paymentType: PaymentType;
  /** Not saved: a single-use card or a bank account typed for this payment. */
  singleUse: boolean;
  fee: FeeMethod;
  snapshot: MethodSnapshot;
  /** The card's MM/YY (cards). */
  expiration: string | null;
  /**
   * A method typed for this payment that the borrower asked to save (the request's
   * SavePaymentMethod, issue 20 item 9): the card's row to mark saved, or the bank account to
   * save, once the payment is accepted (`saveMethodWithPayment`).
   */
  saveWithPayment?: MethodToSave;
}

export type MethodChoice =
  | { kind: 'ok'; method: ChosenPaymentMethod }
  | { kind: 'refused'; error: SubmitError }
  /** Not the caller's (or no such method): answered as a missing loan is. */
  | { kind: 'notFound' };

const NOT_FOUND = { kind: 'notFound' } as const;
const refused = (error: SubmitError): MethodChoice => ({ kind: 'refused', error });

/**
 * A typed bank account's refusal as a submit answers it: the keys ValidateAchPaymentMethod
 * answers (SUBMIT_ERRORS carries them, worded as there), except the two that have a submit key
 * of their own: ACH turned off is the host's "no security for ACH" (loanRefusal answers it
 * first), and a form issue of the owner name or account type is Invalid.
 */
const ACH_ISSUE_SUBMIT_ERRORS: Record<AchAccountIssue, SubmitError> = {
  AchNotAllowed: 'HostACHSecurity',
  RoutingNumberInvalid: 'RoutingNumberInvalid',
  RoutingNumberAchNotAllowed: 'RoutingNumberAchNotAllowed',
  RoutingLookup: 'RoutingLookup',
  RoutingAccountInvalidInternal: 'RoutingAccountInvalidInternal',
  RoutingAccountInvalidThirdParty: 'RoutingAccountInvalidThirdParty',
  MethodError: 'Invalid',
};

/**
 * A method that is not saved while the institution takes none of its kind (the single-use card
 * or bank account settings). Section 8 words PayWithoutSaving and MustSavePaymentMethod as "only
 * an immediate payment with a non-saved method": right for a later payment, wrong for one made
 * today. Decision: section 8 has no key for "single-use methods are not taken", so a payment
 * made today answers Invalid ('...please ensure the information you entered is correct.'); a
 * scheduled or recurring one keeps PayWithoutSaving (save the method to pay later).
 */
const singleUseRefused = (immediate: boolean): MethodChoice =>
  refused(immediate ? 'Invalid' : 'PayWithoutSaving');

/**
 * Decision (section 6: the saved-profile permissions): a saved method the settings no longer
 * let the user keep (card profiles turned off; ACH profiles disallowed, or a business user) is
 * not listed, and a request naming it is refused as Invalid, as a saved savings account is
 * when savings accounts are turned off.
 */
const PROFILE_NOT_ALLOWED: SubmitError = 'Invalid';

/**
 * The method a payment request names, checked to be the caller's and usable today: a saved or
 * single-use card of this user (by its processor token), a saved bank account of this user, or a
 * bank account typed in the request (single use). The request's own copy of a saved method's
 * details is never trusted: everything but the handle comes from our record.
 */
export async function chooseMethod(
  deps: AchAccountCheckDependencies,
  caller: PaymentCaller,
  settings: SettingsAccessor,
  method: PaymentRequestMethod,
  payment: { payDate: string; immediate: boolean },
): Promise<MethodChoice> {
  const { payDate, immediate } = payment;
  const profiles = profileSettingsOf(settings);
  const owner = { institutionId: caller.institutionId, userId: caller.userId };
  if (method.IsCard) {
    const row = await findUserCard(deps.db, owner, method.CardInfo.ProfileId);
    if (!row) return NOT_FOUND;
    const debitCredit = row.debit_credit_type === 'CreditCard' ? 'CreditCard' : 'DebitCard';
    // Brand, debit only (the processor's funding, kept as the card's DebitCreditType) and a card
    // still good on the day it is charged.
    const use = cardUse(
      {
        brand: row.card_type ?? undefined,
        funding: fundingOfDebitCreditType(debitCredit),
        expiration: row.expiration_date ?? '',
      },
      cardAcceptanceOf(settings),
      payDate,
    );
    if (!use.usable) return refused(use.error);
    // A card tokenized for this payment and to be saved with it is a saved card for every rule
    // (it may be scheduled), and needs what a saved card needs: card profiles allowed.
    const saving = !row.saved && method.SavePaymentMethod === true;
    if (!row.saved && !saving && !settings.get('cardPaymentOptions.allowSingleUseCardOption')) {
      return singleUseRefused(immediate);
    }
    if ((row.saved || saving) && !savedProfileAllowed('Card', caller.companyNumber, profiles)) {
      return refused(PROFILE_NOT_ALLOWED);
    }
    return {
      kind: 'ok',
      method: {
        paymentType: 'Card',
        singleUse: !row.saved && !saving,
        ...(saving ? { saveWithPayment: { kind: 'card' as const, methodId: row.id } } : {}),
        fee: { type: 'Card', debitCredit },
        expiration: row.expiration_date,
        snapshot: {
          payment_method_id: row.id,
          is_card: true,
          last_four: row.last_four,
          card_type: row.card_type,
          debit_credit_type: debitCredit,
          processor_token: row.profile_id,
          ach_account_type: null,
          routing_number: null,
          account_number_sealed: null,
          owner_name_sealed: null,
        },
      },
    };
  }
  const allowSavings = settings.get('achPaymentOptions.allowSavingsAccountOption');
  const info = method.AchInfo;
  if ('ProfileId' in info) {
    const row = await findUserSavedAccount(deps.db, owner, info.ProfileId);
    if (!row || row.last_four !== info.AccountNumber) return NOT_FOUND;
    if (row.ach_account_type === 'Savings' && !allowSavings) return refused('Invalid');
    if (!savedProfileAllowed('ACH', caller.companyNumber, profiles)) {
      return refused(PROFILE_NOT_ALLOWED);
    }
    // A return said the account cannot take debits (payment-returns.ts).
    if (await achAccountBlocked(deps.db, caller.institutionId, row.duplicate_key)) {
      return refused(ACH_ISSUE_SUBMIT_ERRORS.RoutingAccountInvalidThirdParty);
    }
    return {
      kind: 'ok',
      method: {
        paymentType: 'ACH',
        singleUse: false,
        fee: { type: 'ACH' },
        expiration: null,
        snapshot: {
          payment_method_id: row.id,
          is_card: false,
          last_four: row.last_four,
          card_type: null,
          debit_credit_type: null,
          processor_token: null,
          ach_account_type: row.ach_account_type,
          routing_number: row.routing_number,
          account_number_sealed: row.account_number_sealed,
          owner_name_sealed: row.owner_name_sealed,
        },
      },
    };
  }
  // A bank account typed for this payment, to be saved with it: what saving one needs (a
  // personal user, ACH profiles allowed), not what single use needs.
  const saving = method.SavePaymentMethod === true;
  if (saving && !savedProfileAllowed('ACH', caller.companyNumber, profiles)) {
    return refused(PROFILE_NOT_ALLOWED);
  }
  if (!saving && !settings.get('achPaymentOptions.allowSingleUseAchOption')) {
    return singleUseRefused(immediate);
  }
  // The checks a bank account being saved passes (ach-account-checks.ts): checksum, an ACH
  // routing number, the form rules with the routing directory pre-check when set, and the
  // processor's validation of an account number on its first use.
  const accountNumber = cleanAchAccountNumber(info.AccountNumber);
  const issue = await achAccountIssue(deps, caller.institutionId, settings, {
    AccountType: info.AccountType,
    RoutingNumber: info.RoutingNumber,
    AccountNumber: accountNumber,
    OwnerName: info.OwnerName,
  });
  if (issue) return refused(ACH_ISSUE_SUBMIT_ERRORS[issue]);
  const accountNumberSealed = deps.dataProtector.encrypt(accountNumber);
  const ownerNameSealed = deps.dataProtector.encrypt(info.OwnerName.trim());
  return {
    kind: 'ok',
    method: {
      paymentType: 'ACH',
      singleUse: !saving,
      ...(saving
        ? {
            saveWithPayment: {
              kind: 'ach' as const,
              duplicateKey: achDuplicateKey(deps.dataProtector, info.RoutingNumber, accountNumber),
              lastFour: lastFourOf(accountNumber),
              accountType: info.AccountType,
              routingNumber: info.RoutingNumber,
              accountNumberSealed,
              ownerNameSealed,
            },
          }
        : {}),
      fee: { type: 'ACH' },
      expiration: null,
      snapshot: {
        payment_method_id: null,
        is_card: false,
        last_four: lastFourOf(accountNumber),
        card_type: null,
        debit_credit_type: null,
        processor_token: null,
        ach_account_type: info.AccountType,
        routing_number: info.RoutingNumber,
        account_number_sealed: accountNumberSealed,
        owner_name_sealed: ownerNameSealed,
      },
    },
  };
}
