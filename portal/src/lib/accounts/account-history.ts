import { AccountHistoryResponse } from '@portal/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';

/**
 * An account's history, read by the loan and deposit pages and the deposits area. Its key sits
 * under the account's page keys (`['loan', accountNumber]`), so invalidating an account's page
 * data refreshes its history too.
 */
export const accountHistoryKey = (accountNumber: string, days: number) =>
  ['loan', accountNumber, 'history', days] as const;

/** `GET /api/AccountHistory?accountNumber&days&downloadCSV=false`. */
export function getAccountHistory(accountNumber: string, days: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ accountNumber, days: String(days), downloadCSV: 'false' });
  return api.get(`api/AccountHistory?${query.toString()}`, AccountHistoryResponse, { signal });
}

export const accountHistoryQuery = (accountNumber: string, days: number) =>
  queryOptions({
    queryKey: accountHistoryKey(accountNumber, days),
    queryFn: ({ signal }) => getAccountHistory(accountNumber, days, signal),
    placeholderData: keepPreviousData,
  });

export const useAccountHistory = (accountNumber: string, days: number) =>
  useQuery(accountHistoryQuery(accountNumber, days));
