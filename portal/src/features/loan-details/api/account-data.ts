import { AccountDataResponse } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountDataPath } from '../../../lib/accounts/account-data-path';
import { api } from '../../../lib/api-client';
import { loanKeys } from './keys';

/** The loan page's data load: `GET /api/AccountData?accountNumber=` (the path the server chose). */
export function getAccountData(accountNumber: string, signal?: AbortSignal) {
  return api.get(accountDataPath(accountNumber), AccountDataResponse, { signal });
}

export const accountDataQuery = (accountNumber: string) =>
  queryOptions({
    queryKey: loanKeys.data(accountNumber),
    queryFn: ({ signal }) => getAccountData(accountNumber, signal),
    // No number, no call: the page sends the user to the dashboard instead.
    enabled: accountNumber !== '',
  });

export const useAccountData = (accountNumber: string) => useQuery(accountDataQuery(accountNumber));
