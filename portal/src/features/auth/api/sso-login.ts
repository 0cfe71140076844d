import { LoginResponse, type SsoLoginRequest } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /api/login/ssologin`: sign-in with a single sign-on token, channel Web (spec 000 2.6). */
export function postSsoLogin(request: SsoLoginRequest) {
  return api.post('api/login/ssologin', request, LoginResponse, { ignoreUnauthorized: true });
}

export const useSsoLogin = () => useMutation({ mutationFn: postSsoLogin });
