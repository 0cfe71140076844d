import type { LoginResponse, ProfileResponse } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import {
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useDialogStack } from '../components/dialogs/dialog-stack';
import { api } from '../lib/api-client';
import { isMobileApp } from '../lib/mobile/mobile-app';
import { clearUserQueries } from '../lib/query-client';
import { profileKeys, userSessionFromProfile } from '../lib/session/get-profile';
import { takeProfileCheck } from '../lib/session/startup-profile';
import type { LoginRouteState } from '../lib/session/login-route-state';
import { postLogout } from '../lib/session/logout';
import {
  SessionContext,
  userSessionFromLogin,
  type LogoutReason,
  type SessionContextValue,
  type SessionStatus,
  type UserSession,
} from '../lib/session/session-context';
import { useSettings } from '../lib/settings/settings-context';
import { useUnsavedChangesStore } from '../lib/unsaved-changes';

interface SessionState {
  status: SessionStatus;
  user: UserSession | null;
  /** Signed out as far as the portal knows, without having asked: no start-up check yet. */
  unchecked?: true;
}

const SIGNED_OUT: SessionState = { status: 'signedOut', user: null };
const SIGNING_OUT: SessionState = { status: 'signingOut', user: null };
const RESTORING: SessionState = { status: 'restoring', user: null };
/**
 * A visitor who opened a logged-out screen (the sign-in page, registration, recovery): nothing
 * there needs to know about a session, so `GET /api/Profile` is not asked (a signed-out visitor
 * got a 401 for it on every visit). The check runs once a myaccount route is reached.
 */
const UNCHECKED: SessionState = { status: 'signedOut', user: null, unchecked: true };

function needsSession(pathname: string): boolean {
  return pathname.startsWith('/myaccount');
}

/** The API client's session headers for a user (the page's start-up, sign-in, restore). */
export function sessionHeadersOf(user: UserSession) {
  return { servicingBranch: user.servicingBranch, userToken: user.userToken };
}

/**
 * The user session (spec 000 sections 3 and 4), in memory only. `GET /api/Profile` tells whether
 * the HttpOnly session cookie is still good: at start-up on a myaccount route, else once the
 * visitor reaches one (never on the sign-in page). Logout (by the user, the idle timeout
 * or an Unauthorized answer) revokes the session on the server, closes the dialogs, drops the
 * unsaved-changes flag and the user's cached data, and goes to the login screen with the reason.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const dialogs = useDialogStack();
  const unsavedChanges = useUnsavedChangesStore();
  const settings = useSettings();
  const [state, setState] = useState<SessionState>(() => {
    if (!needsSession(pathname)) return UNCHECKED;
    // The page came from the server already signed in (its profile is in the query cache, put
    // there by the server's render and by the browser from the page): no check to wait for.
    const served = queryClient.getQueryData<ProfileResponse>(profileKeys.detail());
    const user = served ? userSessionFromProfile(served) : null;
    return user ? { status: 'signedIn', user } : RESTORING;
  });
  const userRef = useRef<UserSession | null>(null);
  const loggingOut = useRef(false);

  // The router commits navigations in a transition: the user counts as signed out only once the
  // login location is committed, so the myaccount guard never redirects first and loses the reason.
  if (state.status === 'signingOut' && !pathname.startsWith('/myaccount')) setState(SIGNED_OUT);
  // A logged-out screen's link (or the back button) into myaccount: find out about the session
  // now, before the guard sends the visitor home.
  if (state.unchecked && needsSession(pathname)) setState(RESTORING);

  useEffect(() => {
    userRef.current = state.user;
  }, [state.user]);

  const restoring = state.status === 'restoring';
  useEffect(() => {
    if (!restoring) return;
    const controller = new AbortController();
    const settle = (user: UserSession | null) => {
      if (controller.signal.aborted) return;
      if (user) api.setSessionHeaders(sessionHeadersOf(user));
      // The signed-in screens mount now: a transition, rendered in slices (see StartupGate).
      startTransition(() =>
        setState((current) => {
          if (current.status !== 'restoring') return current;
          return user ? { status: 'signedIn', user } : SIGNED_OUT;
        }),
      );
    };
    takeProfileCheck(controller.signal).then(
      (profile) => settle(userSessionFromProfile(profile)),
      () => settle(null),
    );
    return () => controller.abort();
  }, [restoring]);

  const signIn = useCallback((response: LoginResponse) => {
    const user = userSessionFromLogin(response);
    api.setSessionHeaders(sessionHeadersOf(user));
    setState({ status: 'signedIn', user });
  }, []);

  const logout = useCallback(
    async (reason?: LogoutReason) => {
      if (loggingOut.current) return;
      loggingOut.current = true;
      try {
        dialogs.closeAll();
        unsavedChanges.setUnsavedChanges(false);
        unsavedChanges.setLogoutChosen(false);
        try {
          await postLogout(userRef.current?.userToken);
        } catch {
          // The session ends on this side whatever the server answered.
        }
        // A logout the user chose may end with the app's in-app review request (spec 000 4).
        if (
          !reason &&
          isMobileApp() &&
          settings.get('mobileAppOptions.requestReviewOnLogoutOption')
        ) {
          void import('../lib/mobile/mobile-bridge').then((bridge) => bridge.requestReview());
        }
        api.clearSessionHeaders();
        setState(SIGNING_OUT);
        clearUserQueries(queryClient);
        const routeState: LoginRouteState | null = reason ? { reason } : null;
        await navigate('/home/login', { replace: true, state: routeState });
      } finally {
        loggingOut.current = false;
      }
    },
    [dialogs, navigate, queryClient, settings, unsavedChanges],
  );

  const signedIn = state.status === 'signedIn';
  useEffect(
    () =>
      api.onUnauthorized(() => {
        if (signedIn) void logout('unauthorized');
      }),
    [logout, signedIn],
  );

  const value = useMemo<SessionContextValue>(
    () => ({ status: state.status, user: state.user, signIn, logout }),
    [state, signIn, logout],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}
