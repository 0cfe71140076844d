/*
 * A plain fetcher, without a mutation hook, on purpose: logging out is not a screen's action with
 * a pending state but the end of the session, run by the session provider's sign-out (also from
 * the idle timer and the menu's actions, outside any one component), which clears the query cache
 * around it; a mutation kept in that cache would be cleared with it. The login page calls it too,
 * to end a session that never reached the portal.
 */
import { Envelope } from '@portal/domain';
import { api } from '../api-client';

/** `POST /api/Login/Logout`: the server revokes the session and clears its cookie. */
export function postLogout(userToken: string | undefined) {
  return api.post('api/Login/Logout', userToken ? { UserToken: userToken } : {}, Envelope, {
    ignoreUnauthorized: true,
  });
}
