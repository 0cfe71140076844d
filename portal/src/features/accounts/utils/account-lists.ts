import {
  accountCategory,
  type AccountCategory,
  type AccountListItem,
  isClosedComment,
  isOpenComment,
} from '@portal/domain';

/** The dashboard's four lists, in the order they show (spec 002 "Dashboard"). */
export const ACCOUNT_LISTS: readonly AccountCategory[] = [
  'loan',
  'deposit',
  'lineOfCredit',
  'investment',
];

export interface AccountLists {
  /** Each category the customer has at least one account of, with the rows to show. */
  lists: { category: AccountCategory; rows: AccountListItem[] }[];
  /** Whether any account's comment says Closed: the toggle is offered only then. */
  hasClosed: boolean;
}

/**
 * The account list split into the dashboard's lists. A list appears when the customer has an
 * account of its type, open or not; closed accounts are in it only while the toggle is on.
 */
export function accountLists(
  accounts: readonly AccountListItem[],
  showClosed: boolean,
): AccountLists {
  const hasClosed = accounts.some((account) => isClosedComment(account.Comment));
  const lists = ACCOUNT_LISTS.flatMap((category) => {
    const ofType = accounts.filter((account) => accountCategory(account.Type) === category);
    if (ofType.length === 0) return [];
    const rows = showClosed
      ? ofType
      : ofType.filter((account) => !isClosedComment(account.Comment));
    return [{ category, rows }];
  });
  return { lists, hasClosed };
}

/** How a row looks: a past-due loan is a warning, an account with a comment not open is closed. */
export function accountRowVariant(account: AccountListItem): 'default' | 'warning' | 'closed' {
  if (!isOpenComment(account.Comment)) return 'closed';
  if (account.Status === 'Past Due') return 'warning';
  return 'default';
}

/** The due date shown: none for a closed account. */
export function shownDueDate(account: AccountListItem): string | null {
  return isClosedComment(account.Comment) ? null : account.LoanDueDate;
}
