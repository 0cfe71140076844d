import { SignInCheckResponse } from '@portal/domain';
import { api } from '../../../lib/api-client';

/** `GET /api/login/SignInCheck`: a challenge for the next sign-in from this address. */
export function getSignInCheck() {
  return api.get('api/login/SignInCheck', SignInCheckResponse);
}
