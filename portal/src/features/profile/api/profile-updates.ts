import {
  UpdateNotificationsResponse,
  UpdatePersonalInfoResponse,
  UpdateUserInfoResponse,
  type ProfileDataResponse,
  type UpdateNotificationsRequest,
  type UpdatePersonalInfoRequest,
  type UpdateUserInfoRequest,
} from '@portal/domain';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { profileDataKey } from '../../../lib/profile/profile-data';
import { profileKeys } from '../../../lib/session/get-profile';

/** `POST /api/Profile/UpdateUserInfo`: only what differs from the saved profile is sent. */
export function postUpdateUserInfo(request: UpdateUserInfoRequest) {
  return api.post('api/Profile/UpdateUserInfo', request, UpdateUserInfoResponse);
}

/** `POST /api/Profile/UpdatePersonalInfo`: Address (null keeps it) and the one phone. */
export function postUpdatePersonalInfo(request: UpdatePersonalInfoRequest) {
  return api.post('api/Profile/UpdatePersonalInfo', request, UpdatePersonalInfoResponse);
}

/** `POST /api/Profile/UpdateNotifications`: upper-case keys with AlertsAreDirty true. */
export function postUpdateNotifications(request: UpdateNotificationsRequest) {
  return api.post('api/Profile/UpdateNotifications', request, UpdateNotificationsResponse);
}

/**
 * The answer's section becomes the saved copy at once (the form resets to it), then the profile
 * is read again: a saved e-mail or login name shows in the shell, and a texting opt-in withdrawn
 * clears the text alerts the server turned off.
 */
async function keepSaved(queryClient: QueryClient, part: Partial<ProfileDataResponse>) {
  queryClient.setQueryData<ProfileDataResponse>(profileDataKey(), (old) =>
    old ? { ...old, ...part } : old,
  );
  await queryClient.invalidateQueries({ queryKey: profileKeys.all() });
}

export function useProfileUpdates() {
  const queryClient = useQueryClient();
  return {
    userInfo: useMutation({
      mutationFn: postUpdateUserInfo,
      onSuccess: (answer) => keepSaved(queryClient, { UserInfo: answer.UserInfo }),
    }),
    personalInfo: useMutation({
      mutationFn: postUpdatePersonalInfo,
      onSuccess: (answer) => keepSaved(queryClient, { PersonalInfo: answer.PersonalInfo }),
    }),
    notifications: useMutation({
      mutationFn: postUpdateNotifications,
      onSuccess: (answer) => keepSaved(queryClient, { UserAlertsInfo: answer.UserAlertsInfo }),
    }),
  };
}
