import {
  achFormIssues,
  cleanAchAccountNumber,
  type FeeMethod,
  cardAcceptanceOf,
  cardUse,
  fundingOfDebitCreditType,
  passesAbaChecksum,
  type PaymentRequestMethod,
  type PaymentType,
  type SubmitError,
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DataProtector } from '../../lib/data-protection';
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
}

export type MethodChoice =
  | { kind: 'ok'; method: ChosenPaymentMethod }
  | { kind: 'refused'; error: SubmitError }
  /** Not the caller's (or no such method): answered as a missing loan is. */
  | { kind: 'notFound' };

const NOT_FOUND = { kind: 'notFound' } as const;
const refused = (error: SubmitError): MethodChoice => ({ kind: 'refused', error });

/**
 * The method a payment request names, checked to be the caller's and usable today: a saved or
 * single-use card of this user (by its processor token), a saved bank account of this user, or a
 * bank account typed in the request (single use). The request's own copy of a saved method's
 * details is never trusted: everything but the handle comes from our record.
 */
export async function chooseMethod(
  deps: { db: Kysely<Database>; dataProtector: DataProtector },
  caller: PaymentCaller,
  settings: SettingsAccessor,
  method: PaymentRequestMethod,
  payDate: string,
): Promise<MethodChoice> {
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
    if (!row.saved && !settings.get('cardPaymentOptions.allowSingleUseCardOption')) {
      return refused('PayWithoutSaving');
    }
    return {
      kind: 'ok',
      method: {
        paymentType: 'Card',
        singleUse: !row.saved,
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
  if (!settings.get('achPaymentOptions.allowSingleUseAchOption')) {
    return refused('PayWithoutSaving');
  }
  if (!passesAbaChecksum(info.RoutingNumber)) return refused('RoutingNumberInvalid');
  const accountNumber = cleanAchAccountNumber(info.AccountNumber);
  const issues = achFormIssues(
    { ...info, AccountNumber: accountNumber },
    { allowSavings, hideConfirmAccountNumber: true, routingPreCheck: false },
  );
  if (issues.RoutingNumber) return refused('RoutingNumberInvalid');
  if (Object.keys(issues).length > 0) return refused('Invalid');
  return {
    kind: 'ok',
    method: {
      paymentType: 'ACH',
      singleUse: true,
      fee: { type: 'ACH' },
      expiration: null,
      snapshot: {
        payment_method_id: null,
        is_card: false,
        last_four: accountNumber.slice(-4),
        card_type: null,
        debit_credit_type: null,
        processor_token: null,
        ach_account_type: info.AccountType,
        routing_number: info.RoutingNumber,
        account_number_sealed: deps.dataProtector.encrypt(accountNumber),
        owner_name_sealed: deps.dataProtector.encrypt(info.OwnerName.trim()),
      },
    },
  };
}
