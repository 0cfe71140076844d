import { ActivateAccountResponse, type ActivateAccountRequest } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

/** `POST /api/Register/ActivateAccount`: sets the first password of an activated account. */
export function postActivateAccount(request: z.input<typeof ActivateAccountRequest>) {
  return api.post('api/Register/ActivateAccount', request, ActivateAccountResponse, {
    ignoreUnauthorized: true,
  });
}

export const useActivateAccount = () => useMutation({ mutationFn: postActivateAccount });
