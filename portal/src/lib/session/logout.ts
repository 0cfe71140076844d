import { Envelope } from '@portal/domain';
import { api } from '../api-client';

/** `POST /api/Login/Logout`: the server revokes the session and clears its cookie. */
export function postLogout(userToken: string | undefined) {
  return api.post('api/Login/Logout', userToken ? { UserToken: userToken } : {}, Envelope, {
    ignoreUnauthorized: true,
  });
}
