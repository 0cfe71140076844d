import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { dateOfBirthForPayload, type RecoveryRequest } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router';
import {
  isMaintenanceModeOn,
  maintenanceModeQuery,
} from '../../../lib/session/get-maintenance-mode';
import { useSettings } from '../../../lib/settings/settings-context';
import { useAnswerSecretQuestion } from '../api/answer-secret-question';
import { useGenerateNewPassword } from '../api/generate-new-password';
import { useGetSecretQuestion } from '../api/get-secret-question';
import { identifyFields, type IdentifyValues } from '../utils/identify-form';
import { isMaintenanceError, recoveryErrorMessage } from '../utils/recovery-error';
import { AnswerStep } from './answer-step';
import { IdentifyStep } from './identify-step';
import { FocusHeading } from '../../../components/step-frame/focus-heading';

type Step =
  | { name: 'identify' }
  | { name: 'answer'; identity: RecoveryRequest; logonName: string; secretQuestion: string }
  | { name: 'success' };

/** Maintenance that cannot be asked about does not stop the user: the next call will tell. */
async function maintenanceOn(): Promise<boolean> {
  try {
    return await isMaintenanceModeOn();
  } catch {
    return false;
  }
}

/**
 * home/recovery (spec 000 sections 2.8, 4, 5 and 8): identifying details, then the logon name and
 * the secret question (skipped when recovery goes without a question), then the success panel.
 * Maintenance mode sends the user to the login page.
 */
export function RecoveryPage() {
  const settings = useSettings();
  const navigate = useNavigate();
  const fields = useMemo(() => identifyFields(settings), [settings]);
  const withoutQuestion = settings.get('recoveryOptions.recoverCredentialsWithoutQuestionOption');
  const maintenance = useQuery(maintenanceModeQuery());
  const [step, setStep] = useState<Step>({ name: 'identify' });
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const { mutateAsync: getSecretQuestion } = useGetSecretQuestion();
  const { mutateAsync: generateNewPassword } = useGenerateNewPassword();
  const { mutateAsync: answerSecretQuestion } = useAnswerSecretQuestion();

  if (maintenance.data === true) return <Navigate to="/home/login" replace />;

  /** Runs one recovery call; undefined when it failed (the message is shown) or was cut short. */
  async function run<T>(call: () => Promise<T>): Promise<T | undefined> {
    setError(undefined);
    setBusy(true);
    try {
      if (await maintenanceOn()) {
        await navigate('/home/login', { replace: true });
        return undefined;
      }
      return await call();
    } catch (failure) {
      if (isMaintenanceError(failure)) await navigate('/home/login', { replace: true });
      else setError(recoveryErrorMessage(failure, settings));
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  async function identify(values: IdentifyValues) {
    const identity: RecoveryRequest = {
      EmailAddress: fields.email ? values.email.trim() : '',
      ServicingBranch: fields.branch ? values.branch : '',
      DateOfBirth: fields.dateOfBirth ? dateOfBirthForPayload(values.dateOfBirth) : '',
      ZipCode: fields.zipCode ? values.zipCode : '',
    };
    const response = await run(() => getSecretQuestion(identity));
    if (!response) return;
    if (!response.Credentials) {
      setError(settings.get('recoveryTexts.invalidText'));
      return;
    }
    setStep({
      name: 'answer',
      identity,
      logonName: response.Credentials.LogonName,
      secretQuestion: response.Credentials.SecretQuestion,
    });
  }

  async function recoverPassword(answer: string) {
    if (step.name !== 'answer') return;
    const { identity, logonName } = step;
    const done = await run(() =>
      withoutQuestion
        ? generateNewPassword({
            LogonName: logonName,
            EmailAddress: identity.EmailAddress,
            ZipCode: identity.ZipCode,
            CredentialExpiration: '',
            ServicingBranch: identity.ServicingBranch,
          })
        : answerSecretQuestion({ ...identity, LogonName: logonName, SecretAnswer: answer }),
    );
    if (done) setStep({ name: 'success' });
  }

  return (
    <Stack spacing={3} sx={{ maxWidth: 480, mx: 'auto', py: 2 }}>
      <Typography variant="h4" component="h1">
        {settings.get('recoveryTexts.headingText')}
      </Typography>
      {error ? <Alert severity="error">{error}</Alert> : null}
      {step.name === 'identify' ? (
        <IdentifyStep fields={fields} submitting={busy} focusOnMount={false} onSubmit={identify} />
      ) : null}
      {step.name === 'answer' ? (
        <AnswerStep
          logonName={step.logonName}
          secretQuestion={step.secretQuestion}
          withoutQuestion={withoutQuestion}
          submitting={busy}
          onSubmit={recoverPassword}
        />
      ) : null}
      {step.name === 'success' ? (
        <Stack spacing={2}>
          <FocusHeading focusOnMount>
            {settings.get('recoveryTexts.successHeadingText')}
          </FocusHeading>
          <Alert severity="success" role="status">
            {settings.get('recoveryTexts.successText')}
          </Alert>
        </Stack>
      ) : null}
      {busy ? (
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <CircularProgress size={80} aria-label={settings.get('errorTexts.loadingText')} />
        </Box>
      ) : null}
      <Link component={RouterLink} to="/home/login">
        {settings.get('recoveryTexts.returnToLoginText')}
      </Link>
    </Stack>
  );
}
