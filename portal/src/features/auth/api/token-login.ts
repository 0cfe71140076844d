import { TokenLoginResponse, type TokenLoginRequest } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /api/login/tokenlogin`: biometric sign-in in the mobile app with the stored token. */
export function postTokenLogin(request: TokenLoginRequest) {
  return api.post('api/login/tokenlogin', request, TokenLoginResponse, {
    ignoreUnauthorized: true,
  });
}

export const useTokenLogin = () => useMutation({ mutationFn: postTokenLogin });
