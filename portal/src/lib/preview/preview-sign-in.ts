import { LoginResponse } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../api-client';

/**
 * `POST /api/Preview/SignIn`: in the admin's preview (the preview token rides on every call), a
 * read-only session as the institution's sample borrower, so signed-in screens can be previewed.
 * The session comes back in UserToken and lives in memory only: no cookie.
 */
export function postPreviewSignIn() {
  return api.post('api/Preview/SignIn', {}, LoginResponse, { ignoreUnauthorized: true });
}

export const usePreviewSignIn = () => useMutation({ mutationFn: postPreviewSignIn });
