import { ProfileDataResponse } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { profileKeys } from '../session/get-profile';

/**
 * `GET /api/Profile` in full (the profile page's sections, and the loan page's Text toggles,
 * which need to know whether a phone is opted in to texting). Its own key: the shell's session
 * query keeps only the part it reads. Profile saves invalidate `profileKeys.all()`, both.
 */
export const profileDataKey = () => [...profileKeys.all(), 'data'] as const;

export const profileDataQuery = () =>
  queryOptions({
    queryKey: profileDataKey(),
    queryFn: ({ signal }) => api.get('api/Profile', ProfileDataResponse, { signal }),
  });

export const useProfileData = () => useQuery(profileDataQuery());
