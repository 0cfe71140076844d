import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { InstitutionLogo } from '../../../components/institution-logo';
import { readLoginRouteState } from '../../../lib/session/login-route-state';
import { useSession } from '../../../lib/session/session-context';
import { useInstitutionOptions, useSettings } from '../../../lib/settings/settings-context';
import { isSingleSignOnInUse } from '../../../lib/single-sign-on';
import { useUserLogin } from '../api/user-login';
import { loginErrorMessage } from '../utils/login-error-message';
import { LoginForm, type LoginFormValues } from './login-form';

/** home/login: the minimal sign-in of this issue; the rest of spec 000 section 2.4 comes later. */
export function LoginPage() {
  const settings = useSettings();
  const { institutionName } = useInstitutionOptions();
  const location = useLocation();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const login = useUserLogin();
  const [stepsNeeded, setStepsNeeded] = useState(false);
  const { reason } = readLoginRouteState(location.state);

  async function submit(values: LoginFormValues) {
    setStepsNeeded(false);
    let response;
    try {
      response = await login.mutateAsync({ username: values.username, password: values.password });
    } catch {
      return; // shown from login.error
    }
    if (!response.IsLoggedIn) {
      setStepsNeeded(true);
      return;
    }
    signIn(response);
    await navigate('/myaccount/dashboard');
  }

  return (
    <Stack spacing={3} sx={{ maxWidth: 440, mx: 'auto', py: 2 }}>
      {settings.get('loginOptions.showLogoOption') ? (
        <Box sx={{ bgcolor: 'primary.main', borderRadius: 1, p: 2 }}>
          <InstitutionLogo alt={institutionName} height={48} />
        </Box>
      ) : null}
      <Typography variant="h4" component="h1">
        {settings.get('loginTexts.topHeadingText')}
      </Typography>
      {reason === 'sessionExpired' ? (
        <Alert severity="warning">{settings.get('loginTexts.sessionExpiredBannerText')}</Alert>
      ) : null}
      {reason === 'unauthorized' ? (
        <Alert severity="error">{settings.get('loginTexts.notAuthorizedBannerText')}</Alert>
      ) : null}
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="login-form-heading"
        sx={{ p: 3 }}
      >
        <Typography id="login-form-heading" variant="h5" component="h2" gutterBottom>
          {settings.get('loginTexts.formHeadingText')}
        </Typography>
        {login.isError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {loginErrorMessage(login.error, settings)}
          </Alert>
        ) : null}
        {stepsNeeded ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            Your account needs another sign-in step (security code, password change, secret question
            or agreements). That part of the portal is being built.
          </Alert>
        ) : null}
        <LoginForm submitting={login.isPending} onSubmit={submit} />
      </Paper>
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
        {isSingleSignOnInUse(settings) ? null : (
          <>
            <Link component={RouterLink} to="/home/register">
              {settings.get('loginTexts.registerLinkText')}
            </Link>
            <Link component={RouterLink} to="/home/recovery">
              {settings.get('loginTexts.forgotLoginLinkText')}
            </Link>
          </>
        )}
        {settings.get('globalOptions.useFAQOption') ? (
          <Link component={RouterLink} to="/home/faq">
            {settings.get('loginTexts.faqLinkText')}
          </Link>
        ) : null}
      </Stack>
    </Stack>
  );
}
