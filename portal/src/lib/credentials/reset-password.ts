import { ResetPasswordResponse, type ResetPasswordRequest } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../api-client';

export interface ResetPasswordOptions {
  /**
   * The request's Enc is a reset or activation link's token, not a signed-in session's
   * ChangePasswordToken: a 401 then means the link is no good, not that a session was lost.
   */
  fromLink?: boolean;
}

/** `POST /api/Login/ResetPassword`: the new password, with the token that allows it as Enc. */
export function postResetPassword(
  request: ResetPasswordRequest,
  options: ResetPasswordOptions = {},
) {
  return api.post('api/Login/ResetPassword', request, ResetPasswordResponse, {
    ignoreUnauthorized: options.fromLink ?? false,
  });
}

export const useResetPassword = (options: ResetPasswordOptions = {}) =>
  useMutation({
    mutationFn: (request: ResetPasswordRequest) => postResetPassword(request, options),
  });
