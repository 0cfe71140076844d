import { AccountHistoryResponse, DOWNLOAD_TYPES } from '@portal/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { loanKeys } from './keys';

/** `GET /api/AccountHistory?accountNumber&days&downloadCSV=false`. */
export function getAccountHistory(accountNumber: string, days: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ accountNumber, days: String(days), downloadCSV: 'false' });
  return api.get(`api/AccountHistory?${query.toString()}`, AccountHistoryResponse, { signal });
}

export const accountHistoryQuery = (accountNumber: string, days: number) =>
  queryOptions({
    queryKey: loanKeys.history(accountNumber, days),
    queryFn: ({ signal }) => getAccountHistory(accountNumber, days, signal),
    placeholderData: keepPreviousData,
  });

export const useAccountHistory = (accountNumber: string, days: number) =>
  useQuery(accountHistoryQuery(accountNumber, days));

/**
 * `POST /api/AccountHistory/RetrieveDownloadToken` → a single-use token, then the download opens
 * in a new tab at `GET /api/AccountHistory/DownloadAccountHistory?token=`.
 */
export async function historyDownloadUrl(
  accountNumber: string,
  days: number,
  type: 'csv' | 'pdf',
): Promise<string> {
  const token = await api.post(
    'api/AccountHistory/RetrieveDownloadToken',
    { AccountNumber: accountNumber, DaysOfHistory: days, DownloadType: DOWNLOAD_TYPES[type] },
    z.string(),
    { text: true },
  );
  return `api/AccountHistory/DownloadAccountHistory?token=${encodeURIComponent(token)}`;
}
