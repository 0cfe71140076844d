import { GenerateMfaCodeResponse, type GenerateMfaCodeRequest } from '@portal/domain';
import type { z } from 'zod';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /api/Register/GenerateMFACode`: e-mails a security code; answers the MFA token. */
export function postGenerateMfaCode(request: z.input<typeof GenerateMfaCodeRequest>) {
  return api.post('api/Register/GenerateMFACode', request, GenerateMfaCodeResponse, {
    ignoreUnauthorized: true,
  });
}

export const useGenerateMfaCode = () => useMutation({ mutationFn: postGenerateMfaCode });
