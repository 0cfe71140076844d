import type { LoginResponse } from '@portal/domain';

let pending: LoginResponse | null = null;

/**
 * The single sign-on screen hands its sign-in answer to the login screen, which runs the
 * post-login steps with it (spec 000 section 4). Kept in memory, never in history state.
 */
export function setSsoLoginResponse(response: LoginResponse): void {
  pending = response;
}

/** The answer handed over for the next login screen, once; later calls return null. */
export function takeSsoLoginResponse(): LoginResponse | null {
  const response = pending;
  pending = null;
  return response;
}
