import { hostDateOf, type HistoryItem } from '../api/account-details';
import { accountCategory, type AccountListItem, isClosedComment } from '../api/accounts';
import { type CalendarDate } from '../rules/calendar';
import { type Cents } from '../rules/money';
import { historyTimeOf } from './history-time';

/**
 * The deposits area (myaccount/deposits, spec 000; its content is not specified). What a
 * depositor looks for first: how much is available to them, and when money tied up in a
 * certificate or investment comes free; then each account, then what moved lately.
 */
export interface DepositsSummary {
  /** The customer's deposit accounts and investments, open or not, in the account list's order. */
  accounts: AccountListItem[];
  /** Deposit accounts and investments not closed: their recent activity is shown. */
  openAccounts: AccountListItem[];
  /**
   * What the open deposit accounts make available, added up. Investments are left out: their
   * available balance is what an early withdrawal would pay, not money to spend.
   */
  availableCents: Cents;
  /** The open account that matures next, today or later, if any has a maturity date. */
  nextMaturity: { account: AccountListItem; date: CalendarDate } | undefined;
}

export function isDepositOrInvestment(account: AccountListItem): boolean {
  const category = accountCategory(account.Type);
  return category === 'deposit' || category === 'investment';
}

export function depositsSummary(
  accounts: readonly AccountListItem[],
  today: CalendarDate,
): DepositsSummary {
  const ofArea = accounts.filter(isDepositOrInvestment);
  const openAccounts = ofArea.filter((account) => !isClosedComment(account.Comment));
  const availableCents = openAccounts
    .filter((account) => accountCategory(account.Type) === 'deposit')
    .reduce((sum, account) => sum + account.AvailableBalance, 0);
  let nextMaturity: DepositsSummary['nextMaturity'];
  for (const account of openAccounts) {
    const date = hostDateOf(account.MaturityDate ?? undefined);
    if (!date || date < today) continue;
    if (!nextMaturity || date < nextMaturity.date) nextMaturity = { account, date };
  }
  return { accounts: ofArea, openAccounts, availableCents, nextMaturity };
}

export interface ActivityLine {
  account: AccountListItem;
  date: CalendarDate;
  /** 'HH:MM:SS' when the core gives the time of day, else undefined. */
  time: string | undefined;
  description: string;
  amountCents: Cents;
  balanceCents: Cents;
}

/**
 * The latest lines of several accounts' histories as one list, newest first (by date, then time
 * of day; lines without a time sort after the timed ones of their day), at most `limit` lines.
 */
export function recentActivity(
  histories: readonly { account: AccountListItem; items: readonly HistoryItem[] }[],
  limit: number,
): ActivityLine[] {
  const lines = histories.flatMap(({ account, items }) =>
    items.flatMap((item): ActivityLine[] => {
      const date = hostDateOf(item.TransactionDate);
      if (!date) return [];
      return [
        {
          account,
          date,
          time: historyTimeOf(item.TransactionTime),
          description: item.TransactionDescription,
          amountCents: item.TotalPaymentAmount,
          balanceCents: item.RunningPrincipalBalance,
        },
      ];
    }),
  );
  lines.sort((a, b) => {
    if (a.date !== b.date) return a.date < b.date ? 1 : -1;
    return (b.time ?? '') > (a.time ?? '') ? 1 : (b.time ?? '') < (a.time ?? '') ? -1 : 0;
  });
  return lines.slice(0, Math.max(0, limit));
}
