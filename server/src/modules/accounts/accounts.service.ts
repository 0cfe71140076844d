import {
  ACCOUNT_STATUSES,
  accountCategory,
  type AccountListItem,
  calendarDateIn,
  type CalendarDate,
  centsToDollars,
} from '@portal/domain';
import type { Kysely } from 'kysely';
import type { AccountRow, Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { listVisibleAccounts } from './accounts.repository';

/** A comment containing CLOSED (any case) marks a closed account (spec 002 section 3). */
export function isClosedComment(comment: string): boolean {
  return comment.toUpperCase().includes('CLOSED');
}

/**
 * Closed wins; a loan or line of credit with money due and a due date before the institution's
 * today is past due; everything else is current.
 */
export function accountStatus(account: AccountRow, today: CalendarDate): string {
  if (isClosedComment(account.comment)) return ACCOUNT_STATUSES.closed;
  const category = accountCategory(account.type);
  const owesMoney = category === 'loan' || category === 'lineOfCredit';
  if (
    owesMoney &&
    account.loan_due_date !== null &&
    account.loan_due_date < today &&
    account.loan_amount_due_cents > 0
  ) {
    return ACCOUNT_STATUSES.pastDue;
  }
  return ACCOUNT_STATUSES.current;
}

export function toAccountListItem(account: AccountRow, today: CalendarDate): AccountListItem {
  return {
    Number: account.number,
    Type: account.type,
    Comment: account.comment,
    Description: account.description,
    Balance: centsToDollars(account.balance_cents),
    AvailableBalance: centsToDollars(account.available_balance_cents),
    Rate: account.rate,
    Status: accountStatus(account, today),
    StatementPreference: account.statement_preference,
    LoanDueDate: account.loan_due_date,
    LoanAmountDue: centsToDollars(account.loan_amount_due_cents),
    MonthlyInstallment: centsToDollars(account.monthly_installment_cents),
    FeesDue: centsToDollars(account.fees_due_cents),
    NameOnAcct: account.name_on_account,
  };
}

export interface AccountsService {
  list(input: {
    institutionId: number;
    timeZone: string;
    userId: string;
  }): Promise<AccountListItem[]>;
}

export function createAccountsService(options: {
  db: Kysely<Database>;
  clock: Clock;
}): AccountsService {
  return {
    async list({ institutionId, timeZone, userId }) {
      const today = calendarDateIn(timeZone, options.clock.now());
      const accounts = await listVisibleAccounts(options.db, institutionId, userId);
      return accounts.map((account) => toAccountListItem(account, today));
    },
  };
}
