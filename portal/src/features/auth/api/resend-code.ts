import { Envelope } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /api/Login/ResendCode`: sends a new sign-in security code. */
export function postResendCode(userId: string) {
  return api.post('api/Login/ResendCode', { UserId: userId }, Envelope, {
    ignoreUnauthorized: true,
  });
}

export const useResendCode = () => useMutation({ mutationFn: postResendCode });
