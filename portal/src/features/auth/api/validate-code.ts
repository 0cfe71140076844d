import { ValidateCodeResponse, type ValidateCodeRequest } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /api/Login/ValidateCode`: the sign-in security code; starts the session. */
export function postValidateCode(request: ValidateCodeRequest) {
  return api.post('api/Login/ValidateCode', request, ValidateCodeResponse, {
    ignoreUnauthorized: true,
  });
}

export const useValidateCode = () => useMutation({ mutationFn: postValidateCode });
