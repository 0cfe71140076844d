import {
  achFormIssues,
  cleanAchAccountNumber,
  isAbaRoutingNumber,
  type NewAchPaymentMethod,
  passesAbaChecksum,
  type PaymentMethodError,
  type RoutingLookupOutcome,
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import type { Kysely } from 'kysely';
import { needsAccountValidation } from '../../core/ach/account-validation';
import type { AchProcessor } from '../../core/ach/ach-processor';
import { isFederalReserveBank, type RoutingDirectory } from '../../core/ach/routing-directory';
import type { Database } from '../../db/schema';
import type { DataProtector } from '../../lib/data-protection';
import { isAchAccountBlocked, listInstitutionAchAccounts } from './payment-methods.repository';

/*
 * The server's checks of a bank account, in one place: ValidateAchPaymentMethod and
 * AddAchPaymentMethod run them on the account being saved, and a submit runs them on a bank
 * account typed for that one payment (payment-method-choice.ts), so a typed account can never
 * skip a check a saved one passes.
 */

/** The refusals of a bank account (section 8's payment method keys). */
export type AchAccountIssue = Extract<
  PaymentMethodError,
  | 'AchNotAllowed'
  | 'RoutingNumberInvalid'
  | 'RoutingNumberAchNotAllowed'
  | 'RoutingLookup'
  | 'RoutingAccountInvalidInternal'
  | 'RoutingAccountInvalidThirdParty'
  | 'MethodError'
>;

export interface AchAccountCheckDependencies {
  db: Kysely<Database>;
  achProcessor: AchProcessor;
  routingDirectory: RoutingDirectory;
  dataProtector: DataProtector;
}

/** The keyed digest a bank account is found by (duplicates, first use), never the number. */
export function achDuplicateKey(
  dataProtector: DataProtector,
  routingNumber: string,
  accountNumber: string,
): string {
  return `ach:${dataProtector.digest('payment-method-ach-account', `${routingNumber}:${accountNumber}`)}`;
}

async function routingOutcome(
  routingDirectory: RoutingDirectory,
  routingNumber: string,
): Promise<RoutingLookupOutcome> {
  try {
    return (await routingDirectory.lookup(routingNumber)) ? 'found' : 'notFound';
  } catch {
    return 'failed';
  }
}

/**
 * NACHA's WEB debit rule (account-validation.ts): an account number the institution has not
 * used before is validated by the ACH processor before it is saved or used. "Used before" is
 * any of the institution's stored bank accounts with the same routing and account number (any
 * borrower's: first use is per Originator). Decision: a validation that passes is remembered
 * by the stored method itself; a validate-only call or a typed single-use account stores
 * nothing and validates again the next time. A processor's 'invalid' is
 * RoutingAccountInvalidThirdParty (the bank's or the validation service's word, not our form
 * rules, which answer RoutingAccountInvalidInternal).
 */
async function firstUseIssue(
  deps: AchAccountCheckDependencies,
  institutionId: number,
  ach: NewAchPaymentMethod,
  accountNumber: string,
): Promise<AchAccountIssue | undefined> {
  const account = { routingNumber: ach.RoutingNumber, accountNumber };
  const stored = await listInstitutionAchAccounts(
    deps.db,
    institutionId,
    achDuplicateKey(deps.dataProtector, ach.RoutingNumber, accountNumber),
  );
  const validated = stored.flatMap((row) =>
    row.routing_number && row.account_number_sealed
      ? [
          {
            routingNumber: row.routing_number,
            accountNumber: deps.dataProtector.decrypt(row.account_number_sealed),
          },
        ]
      : [],
  );
  if (!needsAccountValidation(account, validated)) return undefined;
  const outcome = await deps.achProcessor.validateAccount({
    institutionId,
    ...account,
    accountType: ach.AccountType,
  });
  return outcome.status === 'valid' ? undefined : 'RoutingAccountInvalidThirdParty';
}

/**
 * Whether an ACH return said this bank account (its keyed digest, achDuplicateKey) cannot take
 * debits (closed, missing, frozen, not authorised: payments/payment-returns.ts): it is refused as
 * the bank's word, RoutingAccountInvalidThirdParty, saved or typed, until the borrower gives another.
 */
export function achAccountBlocked(
  db: Kysely<Database>,
  institutionId: number,
  accountKey: string,
): Promise<boolean> {
  return isAchAccountBlocked(db, institutionId, accountKey);
}

/** The first reason the bank account cannot be used; undefined when it can. */
export async function achAccountIssue(
  deps: AchAccountCheckDependencies,
  institutionId: number,
  settings: SettingsAccessor,
  ach: NewAchPaymentMethod,
): Promise<AchAccountIssue | undefined> {
  if (settings.get('achPaymentOptions.hideAchOption')) return 'AchNotAllowed';
  if (!passesAbaChecksum(ach.RoutingNumber)) return 'RoutingNumberInvalid';
  // Decision (spec 001 section 8 names RoutingNumberAchNotAllowed without its case): a number
  // that passes the checksum but cannot take a borrower's ACH debit: a prefix the Federal
  // Reserve does not give ACH participants (00 US Government, 80 traveler's checks, 13-20,
  // ...: the domain's isAbaRoutingNumber), or a Federal Reserve Bank's own routing number
  // (FedACH record type 0: it holds no borrower's account).
  if (!isAbaRoutingNumber(ach.RoutingNumber) || isFederalReserveBank(ach.RoutingNumber)) {
    return 'RoutingNumberAchNotAllowed';
  }
  const accountNumber = cleanAchAccountNumber(ach.AccountNumber);
  const routingPreCheck = settings.get('achPaymentOptions.achRoutingPreCheckOption');
  const issues = achFormIssues(
    { ...ach, AccountNumber: accountNumber },
    {
      allowSavings: settings.get('achPaymentOptions.allowSavingsAccountOption'),
      // The confirmation field never reaches the server.
      hideConfirmAccountNumber: true,
      routingPreCheck,
      routingLookup: routingPreCheck
        ? await routingOutcome(deps.routingDirectory, ach.RoutingNumber)
        : undefined,
    },
  );
  if (issues.RoutingNumber === 'routingNumberLookupFailed') return 'RoutingLookup';
  if (issues.RoutingNumber) return 'RoutingNumberInvalid';
  if (issues.AccountNumber) return 'RoutingAccountInvalidInternal';
  if (issues.OwnerName || issues.AccountType) return 'MethodError';
  const key = achDuplicateKey(deps.dataProtector, ach.RoutingNumber, accountNumber);
  if (await isAchAccountBlocked(deps.db, institutionId, key)) {
    return 'RoutingAccountInvalidThirdParty';
  }
  return firstUseIssue(deps, institutionId, ach, accountNumber);
}
