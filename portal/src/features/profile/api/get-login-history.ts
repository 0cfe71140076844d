import { LoginHistoryResponse } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const profileKeys = {
  all: () => ['profile'] as const,
  loginHistory: () => [...profileKeys.all(), 'loginHistory'] as const,
};

/** `GET /api/Profile/LoginHistory`. */
export function getLoginHistory(signal?: AbortSignal) {
  return api.get('api/Profile/LoginHistory', LoginHistoryResponse, { signal });
}

export const loginHistoryQuery = () =>
  queryOptions({
    queryKey: profileKeys.loginHistory(),
    queryFn: ({ signal }) => getLoginHistory(signal),
  });

export const useLoginHistory = () => useQuery(loginHistoryQuery());
