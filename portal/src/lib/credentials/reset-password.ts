import { ResetPasswordResponse, type ResetPasswordRequest } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /api/Login/ResetPassword` with the sign-in's ChangePasswordToken as Enc. */
export function postResetPassword(request: ResetPasswordRequest) {
  return api.post('api/Login/ResetPassword', request, ResetPasswordResponse);
}

export const useResetPassword = () => useMutation({ mutationFn: postResetPassword });
