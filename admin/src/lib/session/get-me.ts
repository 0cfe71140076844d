import { StaffMe } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminPath, ApiError, api } from '../api-client';

export const staffKeys = {
  me: () => ['staff', 'me'] as const,
};

/** `GET /admin-api/me`: who is signed in, or null when nobody is (401). */
export const meQuery = () =>
  queryOptions({
    queryKey: staffKeys.me(),
    queryFn: async ({ signal }): Promise<StaffMe | null> => {
      try {
        return await api.get(adminPath('me'), StaffMe, { signal, ignoreUnauthorized: true });
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: Infinity,
  });

export const useMe = () => useQuery(meQuery());
