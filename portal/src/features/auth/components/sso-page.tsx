import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@portal/web-kit';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { LoginRouteState } from '../../../lib/session/login-route-state';
import { setSsoLoginResponse } from '../../../lib/session/sso-login-hand-off';
import { useSettings } from '../../../lib/settings/settings-context';
import { isSingleSignOnInUse } from '../../../lib/single-sign-on';
import { useSsoLogin } from '../api/sso-login';
import { leaveForSingleSignOn } from '../utils/single-sign-on-login';

/** Spinner size of the single sign-on screen (spec 000 section 9). */
const SPINNER_SIZE = 50;

/**
 * home/sso/{token} (spec 000 sections 2.6 and 4). With single sign-on in use and a token, signs
 * in with it (channel Web): signed in → home/login with the answer (in memory), which runs the
 * post-login steps; not signed in → the single sign-on login with reason notLoggedIn; a failure
 * → reason error. Without a token → home/login flagged unauthorized; without single sign-on →
 * home/login.
 */
export function SsoPage() {
  const { token } = useParams();
  const settings = useSettings();
  const navigate = useNavigate();
  const headingId = useId();
  const started = useRef(false);
  /** False once the user has left the screen: a late answer then changes nothing. */
  const onScreen = useRef(true);
  const [noSsoUrl, setNoSsoUrl] = useState(false);
  const { mutateAsync: ssoLogin } = useSsoLogin();

  useEffect(() => {
    onScreen.current = true;
    return () => {
      onScreen.current = false;
    };
  }, []);

  useEffect(() => {
    // Once: the token is single-use, and StrictMode runs effects twice in development.
    if (started.current) return;
    started.current = true;
    const toLogin = (state?: LoginRouteState) =>
      void navigate('/home/login', { replace: true, state });
    const back = (reason: 'notLoggedIn' | 'error') => {
      if (!onScreen.current) return;
      if (!leaveForSingleSignOn(settings, reason)) setNoSsoUrl(true);
    };
    if (!isSingleSignOnInUse(settings)) {
      toLogin();
      return;
    }
    if (!token) {
      toLogin({ reason: 'unauthorized' });
      return;
    }
    ssoLogin({ Token: token, Channel: 'Web' }).then(
      (response) => {
        if (!onScreen.current) return;
        if (!response.IsLoggedIn) {
          back('notLoggedIn');
          return;
        }
        setSsoLoginResponse(response);
        toLogin();
      },
      () => back('error'),
    );
  }, [navigate, settings, ssoLogin, token]);

  return (
    <Box sx={{ display: 'grid', justifyItems: 'center', gap: 2, py: 6 }}>
      <Typography id={headingId} component="h1" sx={visuallyHidden}>
        {settings.get('errorTexts.loadingText')}
      </Typography>
      {noSsoUrl ? (
        <Alert severity="error">{settings.get('loginTexts.noSsoUrlText')}</Alert>
      ) : (
        <CircularProgress size={SPINNER_SIZE} aria-labelledby={headingId} />
      )}
    </Box>
  );
}
