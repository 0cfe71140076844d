import { Envelope, type GenerateNewPasswordRequest } from '@portal/domain';
import type { z } from 'zod';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /api/Recovery/GenerateNewPassword`: the reset e-mail when recovery has no question. */
export function postGenerateNewPassword(request: z.input<typeof GenerateNewPasswordRequest>) {
  return api.post('api/Recovery/GenerateNewPassword', request, Envelope, {
    ignoreUnauthorized: true,
  });
}

export const useGenerateNewPassword = () => useMutation({ mutationFn: postGenerateNewPassword });
