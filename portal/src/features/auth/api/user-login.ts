import { LoginResponse, type LoginRequest } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /api/login/userlogin`. The session comes back as an HttpOnly cookie. */
export function postUserLogin(request: LoginRequest) {
  // A 401 here means bad credentials, not a lost session.
  return api.post('api/login/userlogin', request, LoginResponse, { ignoreUnauthorized: true });
}

export const useUserLogin = () => useMutation({ mutationFn: postUserLogin });
