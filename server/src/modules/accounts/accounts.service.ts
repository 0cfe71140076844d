import {
  ACCOUNT_STATUSES,
  type AccountListItem,
  calendarDateIn,
  type CalendarDate,
  isClosedComment,
} from '@portal/domain';
import type { ReadCache } from '../../lib/read-cache';
import type { Clock } from '../../lib/clock';
import type { CoreAccount, ServicingCore } from '../../core/servicing-core';

/** Closed wins; a loan or line the core reports past due is Past Due; everything else Current. */
export function accountStatus(account: Pick<CoreAccount, 'comment' | 'pastDue'>): string {
  if (isClosedComment(account.comment)) return ACCOUNT_STATUSES.closed;
  return account.pastDue ? ACCOUNT_STATUSES.pastDue : ACCOUNT_STATUSES.current;
}

export function toAccountListItem(account: CoreAccount): AccountListItem {
  return {
    Number: account.number,
    Type: account.type,
    Comment: account.comment,
    Description: account.description,
    Balance: account.balanceCents,
    AvailableBalance: account.availableBalanceCents,
    Rate: account.rate,
    Status: accountStatus(account),
    StatementPreference: account.statementPreference,
    LoanDueDate: account.dueDate,
    LoanAmountDue: account.amountDueCents,
    MonthlyInstallment: account.installmentCents,
    FeesDue: account.feesDueCents,
    NameOnAcct: account.nameOnAccount,
    MaturityDate: account.maturityDate,
  };
}

export interface AccountsService {
  /**
   * The customer's accounts the web may show (hidden ones left out), as of the institution's
   * today, and that today (the dashboard counts days past due to it, not to the device's clock).
   */
  list(input: {
    institutionId: number;
    timeZone: string;
    customerId: string;
  }): Promise<{ accounts: AccountListItem[]; today: CalendarDate }>;
  today(timeZone: string): CalendarDate;
}

export function createAccountsService(options: {
  core: ServicingCore;
  clock: Clock;
  /** Keeps built lists until a write (account-reads.ts); absent, every call asks the core. */
  reads?: ReadCache;
}): AccountsService {
  const today = (timeZone: string) => calendarDateIn(timeZone, options.clock.now());
  return {
    today,
    async list({ institutionId, timeZone, customerId }) {
      const day = today(timeZone);
      const load = async () => {
        const accounts = await options.core.listAccounts({ institutionId, customerId }, day);
        return accounts.filter((account) => !account.hiddenFromWeb).map(toAccountListItem);
      };
      const accounts = await (options.reads
        ? options.reads.get(`list|${institutionId}|${customerId}|${day}`, load)
        : load());
      return { accounts, today: day };
    },
  };
}
