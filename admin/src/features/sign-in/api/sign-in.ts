import { AdminLoginResponse, StaffMe } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminPath, api } from '../../../lib/api-client';
import { staffKeys } from '../../../lib/session/get-me';

export type LoginChallenge = z.output<typeof AdminLoginResponse>;

/** `POST /admin-api/login`: the password step; answers the second-factor challenge. */
export function startSignIn(input: { email: string; password: string }) {
  return api.post(adminPath('login'), input, AdminLoginResponse, { ignoreUnauthorized: true });
}

/** `POST /admin-api/login/verify`: the code step; sets the session cookie and answers who. */
export function verifySignIn(input: { challengeId: string; code: string }) {
  return api.post(adminPath('login', 'verify'), input, StaffMe, { ignoreUnauthorized: true });
}

export const useStartSignIn = () => useMutation({ mutationFn: startSignIn });

export function useVerifySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifySignIn,
    onSuccess: (me) => {
      queryClient.setQueryData(staffKeys.me(), me);
    },
  });
}

/** `POST /admin-api/logout`: ends the session server-side. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(adminPath('logout'), {}, z.unknown(), { ignoreUnauthorized: true }),
    onSettled: () => {
      queryClient.clear();
      queryClient.setQueryData(staffKeys.me(), null);
    },
  });
}
