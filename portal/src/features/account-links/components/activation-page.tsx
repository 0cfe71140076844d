import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { fillPlaceholders } from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import { useMemo, useState } from 'react';
import { Link as RouterLink, Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { setAutoLogin } from '../../../lib/session/auto-login';
import type { LoginRouteState } from '../../../lib/session/login-route-state';
import { useSettings } from '../../../lib/settings/settings-context';
import { useActivateAccount } from '../api/activate-account';
import { LinkPage } from './link-page';
import { NewPasswordForm } from './new-password-form';

/** Activation allows 128 characters whatever the institution's rules (spec 000 section 9). */
const ACTIVATION_MAXIMUM_LENGTH = 128;

/** Field labels of the activation form; the settings schema has no keys for them. */
export const ACTIVATION_LABELS = { password: 'New Password', confirm: 'Repeat Password' } as const;

type Failure = 'logonNameTaken' | 'restricted' | 'error';

function failureMessage(failure: Failure, settings: SettingsAccessor): string {
  const phone = settings.get('institutionContactOptions.customerServicePhoneNumber');
  const text =
    failure === 'logonNameTaken'
      ? settings.get('activationTexts.logonNameTakenText')
      : failure === 'restricted'
        ? settings.get('activationTexts.restrictedText')
        : settings.get('activationTexts.errorText');
  return fillPlaceholders(text, { phone });
}

function failureOf(error: unknown): Failure {
  if (error instanceof ApiError && error.code === 'LogonNameTaken') return 'logonNameTaken';
  if (error instanceof ApiError && error.code === 'Restricted') return 'restricted';
  return 'error';
}

const UNAUTHORIZED: LoginRouteState = { reason: 'unauthorized' };

/**
 * home/activate?token= (spec 000 sections 2.11, 4 and 5): the first password of an account
 * created by the institution. Success signs the user in through the login screen.
 */
export function ActivationPage() {
  const settings = useSettings();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const activate = useActivateAccount();
  const [failure, setFailure] = useState<Failure | undefined>(undefined);

  const messages = useMemo(
    () => ({
      required: settings.get('activationTexts.passwordRequiredText'),
      tooShort: settings.get('activationTexts.passwordTooShortText'),
      tooLong: settings.get('activationTexts.passwordTooLongText'),
      lettersAndNumbers: settings.get('activationTexts.letterAndNumberText'),
    }),
    [settings],
  );
  const confirmTexts = useMemo(
    () => ({
      confirmRequired: settings.get('activationTexts.confirmRequiredText'),
      mismatch: settings.get('activationTexts.passwordsDoNotMatchText'),
    }),
    [settings],
  );

  if (token === '') return <Navigate to="/home/login" replace state={UNAUTHORIZED} />;

  async function submit(password: string) {
    setFailure(undefined);
    let response;
    try {
      response = await activate.mutateAsync({ Token: token, Password: password });
    } catch (error) {
      setFailure(failureOf(error));
      return;
    }
    if (response.LogonNameTaken) setFailure('logonNameTaken');
    else if (response.Restricted) setFailure('restricted');
    else {
      setAutoLogin({ username: response.UserName, password });
      await navigate('/home/login');
    }
  }

  return (
    <LinkPage heading={settings.get('activationTexts.headingText')}>
      {failure ? <Alert severity="error">{failureMessage(failure, settings)}</Alert> : null}
      {failure === 'logonNameTaken' ? (
        <Link component={RouterLink} to="/home/login">
          {settings.get('commonTexts.backToLoginText')}
        </Link>
      ) : null}
      <NewPasswordForm
        passwordLabel={ACTIVATION_LABELS.password}
        confirmLabel={ACTIVATION_LABELS.confirm}
        submitText={settings.get('activationTexts.submitButtonText')}
        serverCheck={{ kind: 'none' }}
        messages={messages}
        maximumLength={ACTIVATION_MAXIMUM_LENGTH}
        confirmTexts={confirmTexts}
        submitting={activate.isPending}
        onSubmit={submit}
      />
    </LinkPage>
  );
}
