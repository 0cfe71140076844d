import { CreateAccountResponse, type CreateAccountRequest } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /api/Register/CreateAccount` (the specs leave the path open; see domain). */
export function postCreateAccount(request: CreateAccountRequest) {
  return api.post('api/Register/CreateAccount', request, CreateAccountResponse, {
    ignoreUnauthorized: true,
  });
}

export const useCreateAccount = () => useMutation({ mutationFn: postCreateAccount });
