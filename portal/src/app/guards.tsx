import type { SettingsAccessor } from '@portal/settings-schema';
import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { NavigationProgress } from '../components/navigation-progress';
import { currentPreviewToken } from '../lib/preview/preview-token';
import { usePreviewSignIn } from '../lib/preview/preview-sign-in';
import { useSession } from '../lib/session/session-context';
import { useSettings } from '../lib/settings/settings-context';
import { isSingleSignOnInUse } from '../lib/single-sign-on';

export const HOME_PATH = '/home/login';
export const DASHBOARD_PATH = '/myaccount/dashboard';

/**
 * Every myaccount route needs a signed-in user; otherwise the visitor goes home. In the admin's
 * preview the sample borrower signs in instead, so signed-in screens can be previewed.
 */
export function RequireSession() {
  const { status } = useSession();
  const settings = useSettings();
  if (status === 'restoring' || status === 'signingOut') {
    return <NavigationProgress loading label={settings.get('errorTexts.loadingText')} />;
  }
  if (status === 'signedOut') {
    return currentPreviewToken() ? <PreviewSignIn /> : <Navigate to={HOME_PATH} replace />;
  }
  return <Outlet />;
}

/** Signs the preview in as the sample borrower once; home when the preview token is no good. */
function PreviewSignIn() {
  const settings = useSettings();
  const { signIn } = useSession();
  const { mutate, isError } = usePreviewSignIn();
  useEffect(() => {
    mutate(undefined, { onSuccess: signIn });
  }, [mutate, signIn]);
  if (isError) return <Navigate to={HOME_PATH} replace />;
  return <NavigationProgress loading label={settings.get('errorTexts.loadingText')} />;
}

/**
 * Registration, recovery and verify e-mail are blocked under single sign-on. The user goes to
 * home/login, which sends single sign-on institutions on to their single sign-on login
 * (spec 000 section 2.4, the login screen's issue).
 */
export function BlockUnderSingleSignOn() {
  const settings = useSettings();
  if (isSingleSignOnInUse(settings)) return <Navigate to={HOME_PATH} replace />;
  return <Outlet />;
}

interface RequireSettingProps {
  enabled(settings: SettingsAccessor): boolean;
  redirectTo: string;
}

/** A screen the institution switched off is not reachable by typing its URL either. */
export function RequireSetting({ enabled, redirectTo }: RequireSettingProps) {
  const settings = useSettings();
  if (!enabled(settings)) return <Navigate to={redirectTo} replace />;
  return <Outlet />;
}
