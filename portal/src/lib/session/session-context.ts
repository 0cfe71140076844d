import type { LoginResponse, UserSession as DomainUserSession } from '@portal/domain';
import { createContext, useContext } from 'react';

/** Why the session ended; the login screen shows a banner for each (spec 000 sections 4 and 8). */
export type LogoutReason = 'sessionExpired' | 'unauthorized';

/** The signed-in user (spec 000 section 3, "User session"), held in memory only. */
export interface UserSession extends DomainUserSession {
  /** Empty for browsers: their session rides in an HttpOnly cookie. */
  userToken: string;
}

/**
 * `restoring` while the start-up profile call finds out whether a session cookie is still valid;
 * `signingOut` from the logout until the login screen has taken over from the myaccount screens.
 */
export type SessionStatus = 'restoring' | 'signedIn' | 'signingOut' | 'signedOut';

export interface SessionContextValue {
  status: SessionStatus;
  user: UserSession | null;
  /** Keeps the user of a successful sign-in. */
  signIn(response: LoginResponse): void;
  /**
   * Ends the session: `POST /api/Login/Logout`, forgets the user's data and goes to the login
   * screen, with the reason as route state when one is given. No confirmation; see
   * `useLogoutRequest` in app/ for the confirmed flow of the Logout links.
   */
  logout(reason?: LogoutReason): Promise<void>;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside the session provider (app/)');
  return value;
}

/** The signed-in user; only for screens under myaccount/, which the route guard protects. */
export function useSignedInUser(): UserSession {
  const { user } = useSession();
  if (!user) throw new Error('useSignedInUser needs a signed-in user (myaccount routes only)');
  return user;
}

export function userSessionFromLogin(response: LoginResponse): UserSession {
  return {
    username: response.UserName,
    personalName: response.PersonalName,
    lastLoggedInIP: response.LastLoggedInIP,
    lastLoggedIn: response.LastLoggedIn,
    servicingBranch: response.ServicingBranch,
    emailAddress: response.EmailAddress,
    companyNumber: response.CompanyNumber,
    userToken: response.UserToken,
  };
}
