import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { resetPasswordErrorMessage } from '../../../components/password-requirements/reset-password-message';
import { useSettings } from '../../../lib/settings/settings-context';
import { useResetPassword } from '../../../lib/credentials/reset-password';
import { LinkPage } from './link-page';
import { NewPasswordForm } from './new-password-form';

/** How long the success message shows before the login screen takes over. */
export const SUCCESS_REDIRECT_DELAY_MS = 2000;

/**
 * home/forcePasswordChange/{enc}: the reset link of a recovery e-mail (spec 000 sections 2.1, 5
 * and 8). The new password is checked with the link's token; success goes to the login screen,
 * where the user signs in with it. The user's name is not known here, so there is no automatic
 * sign-in, and a session the server may open (IsLoggedIn) is not taken over: signing in runs the
 * post-login steps (agreements, security code) that a reset link must not skip.
 */
export function ForcePasswordChangePage() {
  const settings = useSettings();
  const navigate = useNavigate();
  const { enc = '' } = useParams();
  const reset = useResetPassword({ fromLink: true });
  const [expired, setExpired] = useState(false);

  const confirmTexts = useMemo(
    () => ({
      confirmRequired: settings.get('resetPasswordTexts.passwordRequiredText'),
      mismatch: settings.get('resetPasswordTexts.passwordsDoNotMatchText'),
    }),
    [settings],
  );

  const succeeded = reset.isSuccess;
  useEffect(() => {
    if (!succeeded) return undefined;
    const timer = setTimeout(() => void navigate('/home/login'), SUCCESS_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [succeeded, navigate]);

  async function submit(password: string) {
    try {
      await reset.mutateAsync({ Enc: enc, Password: password });
    } catch (error) {
      if (error instanceof ApiError && error.status < 500 && error.code === 'Expired') {
        setExpired(true);
      }
    }
  }

  const backToLogin = (
    <Link component={RouterLink} to="/home/login">
      {settings.get('commonTexts.backToLoginText')}
    </Link>
  );

  let body;
  if (enc === '' || expired) {
    body = (
      <>
        <Alert severity="error">{settings.get('resetPasswordTexts.expiredText')}</Alert>
        {backToLogin}
      </>
    );
  } else if (succeeded) {
    body = (
      <>
        <Alert severity="success" role="status">
          {settings.get('resetPasswordTexts.successText')}
        </Alert>
        {backToLogin}
      </>
    );
  } else {
    body = (
      <>
        {reset.isError ? (
          <Alert severity="error">{resetPasswordErrorMessage(reset.error, settings)}</Alert>
        ) : null}
        <NewPasswordForm
          passwordLabel={settings.get('resetPasswordTexts.passwordLabel')}
          confirmLabel={settings.get('resetPasswordTexts.confirmPasswordLabel')}
          submitText={settings.get('resetPasswordTexts.submitButtonText')}
          serverCheck={{ kind: 'resetToken', resetToken: enc }}
          confirmTexts={confirmTexts}
          submitting={reset.isPending}
          onSubmit={submit}
        />
      </>
    );
  }

  return <LinkPage heading={settings.get('resetPasswordTexts.headingText')}>{body}</LinkPage>;
}
