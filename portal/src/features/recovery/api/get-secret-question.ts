import { GetSecretQuestionResponse, type RecoveryRequest } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /api/Recovery/GetSecretQuestion`: finds the user's logon name and secret question. */
export function postGetSecretQuestion(request: RecoveryRequest) {
  return api.post('api/Recovery/GetSecretQuestion', request, GetSecretQuestionResponse, {
    ignoreUnauthorized: true,
  });
}

export const useGetSecretQuestion = () => useMutation({ mutationFn: postGetSecretQuestion });
