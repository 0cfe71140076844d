import { ValidatePasswordResponse, type ValidatePasswordRequest } from '@portal/domain';
import { api } from '../../lib/api-client';

/** `POST api/Login/ValidatePasswordForLoggedInUser`: the SSN, e-mail and reuse checks. */
export function postValidatePasswordForLoggedInUser(
  request: ValidatePasswordRequest,
  signal?: AbortSignal,
) {
  return api.post('api/Login/ValidatePasswordForLoggedInUser', request, ValidatePasswordResponse, {
    signal,
  });
}
