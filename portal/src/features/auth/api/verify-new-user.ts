import { PostLoginStepResponse, type VerifyNewUserRequest } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /api/Login/VerifyNewUser`: the SSN check of an account created for the user. */
export function postVerifyNewUser(request: VerifyNewUserRequest) {
  return api.post('api/Login/VerifyNewUser', request, PostLoginStepResponse);
}

export const useVerifyNewUser = () => useMutation({ mutationFn: postVerifyNewUser });
