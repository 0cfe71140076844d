import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { NavigationProgress } from '../../../components/navigation-progress';
import { useSettings } from '../../../lib/settings/settings-context';
import { useValidateEmail } from '../api/validate-email';
import { LinkPage } from './link-page';

/**
 * home/verifyEmail/{enc} (spec 000 sections 2.7 and 4): confirms the address as soon as the page
 * opens and goes to the login on success; it shows only errors.
 */
export function VerifyEmailPage() {
  const settings = useSettings();
  const navigate = useNavigate();
  const { enc = '' } = useParams();
  const validateEmail = useValidateEmail();
  const { mutateAsync } = validateEmail;
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    // Once per link, also when React runs effects twice in development.
    if (enc === '' || sentFor.current === enc) return;
    sentFor.current = enc;
    mutateAsync({ EncryptedUserData: enc }).then(
      // The sign-in screen says the address is confirmed (spec 000: success goes to home/login).
      () => navigate('/home/login', { replace: true, state: { confirmed: 'emailVerified' } }),
      () => {
        // Shown from validateEmail.isError.
      },
    );
  }, [enc, mutateAsync, navigate]);

  let error: string | undefined;
  if (enc === '') error = settings.get('verifyEmailTexts.invalidLinkText');
  else if (validateEmail.isError) error = settings.get('verifyEmailTexts.activationErrorText');

  return (
    <LinkPage heading={settings.get('verifyEmailTexts.headingText')}>
      <NavigationProgress
        loading={error === undefined}
        label={settings.get('errorTexts.loadingText')}
      />
      {error ? (
        <>
          <Alert severity="error">{error}</Alert>
          <Link component={RouterLink} to="/home/login">
            {settings.get('commonTexts.backToLoginText')}
          </Link>
        </>
      ) : null}
    </LinkPage>
  );
}
