import { ValidatePasswordResponse, type ValidatePasswordForResetRequest } from '@portal/domain';
import { api } from '../../lib/api-client';

/** `POST api/Login/ValidatePasswordForResetPassword`: the same checks for a reset-link token. */
export function postValidatePasswordForReset(
  request: ValidatePasswordForResetRequest,
  signal?: AbortSignal,
) {
  return api.post('api/Login/ValidatePasswordForResetPassword', request, ValidatePasswordResponse, {
    signal,
    // The visitor of a reset link has no session: a refusal is about the token, not a logout.
    ignoreUnauthorized: true,
  });
}
