import { LoginResponse, solveSignInCheck, type LoginRequest } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api, ApiError } from '../../../lib/api-client';
import { getSignInCheck } from './sign-in-check';

/** `POST /api/login/userlogin`. The session comes back as an HttpOnly cookie. */
export function postUserLogin(request: LoginRequest) {
  // A 401 here means bad credentials, not a lost session.
  return api.post('api/login/userlogin', request, LoginResponse, { ignoreUnauthorized: true });
}

const needsCheck = (error: unknown) =>
  error instanceof ApiError && error.status === 403 && error.code === 'SignInCheckRequired';

/**
 * Sign-in that passes the sign-in check when the server asks for it (many failures from this
 * address; domain rules/sign-in-check.ts): the browser solves a challenge and sends the sign-in
 * again, once. `checking` is true meanwhile, for the status the page shows. A second refusal
 * stays an error (SignInCheckRequired: the check could not be completed).
 */
export function useUserLogin() {
  const [checking, setChecking] = useState(false);
  const mutation = useMutation({
    mutationFn: async (request: LoginRequest) => {
      try {
        return await postUserLogin(request);
      } catch (error) {
        if (!needsCheck(error) || request.SignInCheck) throw error;
      }
      setChecking(true);
      try {
        const solution = await solveSignInCheck(await getSignInCheck());
        if (!solution) throw new ApiError(403, ['SignInCheckRequired']);
        return await postUserLogin({ ...request, SignInCheck: solution });
      } finally {
        setChecking(false);
      }
    },
  });
  return { ...mutation, checking };
}
