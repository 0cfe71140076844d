import { cleanAchAccountNumber } from '@portal/domain';

import type { NachaSecCode } from './nacha-file';

/**
 * NACHA's WEB debit rule (Operating Rules, "Supplementing Fraud Detection Standards for WEB
 * Debits", in force since March 2021): an Originator's fraud detection for WEB debits must
 * validate an account number the first time it is used, and again whenever it changes. "First
 * use" is per Originator, so the pairs passed in are the ones the institution has validated for
 * any borrower, not only this borrower's. How validation happens (a prenote, micro-deposits, a
 * validation service) is the ACH processor's business; this only decides whether it is due.
 */

/** A bank account as an ACH debit addresses it. */
export interface AchAccountRef {
  routingNumber: string;
  accountNumber: string;
}

/**
 * The pair as stored and compared: routing number, a colon, the account number's digits. Leading
 * zeros are kept: some banks tell '0012345' and '12345' apart, and a number written differently
 * counts as a change of account number, which the rule treats as a first use.
 */
export function achAccountKey(account: AchAccountRef): string {
  return `${account.routingNumber.trim()}:${cleanAchAccountNumber(account.accountNumber)}`;
}

/**
 * Whether a debit to `account` needs the account validated first: a WEB debit to a pair the
 * institution has not validated before. PPD debits (authorised in writing) are outside the rule.
 * @param validated the pairs already validated successfully; a failed validation is not one.
 */
export function needsAccountValidation(
  account: AchAccountRef,
  validated: Iterable<AchAccountRef>,
  secCode: NachaSecCode = 'WEB',
): boolean {
  if (secCode !== 'WEB') return false;
  const key = achAccountKey(account);
  for (const known of validated) {
    if (achAccountKey(known) === key) return false;
  }
  return true;
}
