import { Envelope, type RegisterValidateCodeRequest } from '@portal/domain';
import type { z } from 'zod';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * `POST /api/Register/ValidateCode`: checks the e-mailed code against the MFA token. A 403
 * carries CodeExpired or MaxAttemptsReached; anything else refused means invalid.
 */
export function postValidateRegistrationCode(request: z.input<typeof RegisterValidateCodeRequest>) {
  return api.post('api/Register/ValidateCode', request, Envelope, { ignoreUnauthorized: true });
}

export const useValidateRegistrationCode = () =>
  useMutation({ mutationFn: postValidateRegistrationCode });
