import { accountCategory, AccountListResponse, type AccountListItem } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';

/** Loans and lines of credit (Type 0 or 9): the accounts that can be paid. */
export function isLoanAccount(account: Pick<AccountListItem, 'Type'>): boolean {
  const category = accountCategory(account.Type);
  return category === 'loan' || category === 'lineOfCredit';
}

export const accountKeys = {
  all: () => ['accounts'] as const,
  list: () => [...accountKeys.all(), 'list'] as const,
};

/** `GET /api/accountList`. */
export const accountListQuery = () =>
  queryOptions({
    queryKey: accountKeys.list(),
    queryFn: ({ signal }) => api.get('api/accountList', AccountListResponse, { signal }),
  });

export const useAccountList = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...accountListQuery(), enabled: options.enabled ?? true });
