import { ProfileResponse } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api-client';
import type { UserSession } from './session-context';

export const profileKeys = {
  all: () => ['profile'] as const,
  detail: () => [...profileKeys.all(), 'detail'] as const,
};

/** `GET /api/Profile`. */
export function getProfile(options: { signal?: AbortSignal; ignoreUnauthorized?: boolean } = {}) {
  return api.get('api/Profile', ProfileResponse, options);
}

export const profileQuery = () =>
  queryOptions({
    queryKey: profileKeys.detail(),
    queryFn: ({ signal }) => getProfile({ signal }),
  });

/** The session as a profile answer describes it; null when there is no user. */
export function userSessionFromProfile(profile: ProfileResponse): UserSession | null {
  const info = profile.UserInfo;
  if (!info) return null;
  return {
    username: info.LogonName,
    personalName: info.PersonalName,
    lastLoggedInIP: info.LastLoggedInIP,
    lastLoggedIn: info.LastLoggedIn,
    servicingBranch: info.ServicingBranch,
    emailAddress: info.EmailAddress,
    companyNumber: info.CompanyNumber,
    userToken: '',
  };
}
