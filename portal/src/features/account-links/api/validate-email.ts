import { Envelope, type ValidateEmailRequest } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

/** `POST /api/Login/ValidateEmail`: confirms the address from the verify link. */
export function postValidateEmail(request: z.input<typeof ValidateEmailRequest>) {
  return api.post('api/Login/ValidateEmail', request, Envelope, { ignoreUnauthorized: true });
}

export const useValidateEmail = () => useMutation({ mutationFn: postValidateEmail });
