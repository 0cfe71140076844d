import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { errorMessage } from '../../../lib/api-client';
import { useStartSignIn, useVerifySignIn, type LoginChallenge } from '../api/sign-in';

interface SignInPageProps {
  /** Called once the second factor is accepted. */
  onSignedIn: () => void;
}

const PasswordFields = z.object({
  email: z.string().trim().min(1, 'Enter your e-mail address.'),
  password: z.string().min(1, 'Enter your password.'),
});
type PasswordFields = z.infer<typeof PasswordFields>;

const CodeFields = z.object({ code: z.string().trim().min(1, 'Enter the code.') });
type CodeFields = z.infer<typeof CodeFields>;

function PasswordStep({
  onChallenge,
}: {
  onChallenge: (challenge: LoginChallenge, email: string) => void;
}) {
  const start = useStartSignIn();
  const { control, handleSubmit } = useForm<PasswordFields>({
    defaultValues: { email: '', password: '' },
    resolver: zodResolver(PasswordFields),
  });

  const submit = handleSubmit(({ email, password }) => {
    start.mutate({ email, password }, { onSuccess: (challenge) => onChallenge(challenge, email) });
  });

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      {start.isError && (
        <Alert severity="error" role="alert">
          {errorMessage(start.error)}
        </Alert>
      )}
      <FormTextField
        control={control}
        name="email"
        label="E-mail"
        type="email"
        autoComplete="username"
        required
      />
      <FormTextField
        control={control}
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
      />
      <Button type="submit" variant="contained" disabled={start.isPending}>
        Continue
      </Button>
    </Box>
  );
}

function CodeStep({
  challenge,
  email,
  onSignedIn,
  onStartOver,
}: {
  challenge: LoginChallenge;
  email: string;
  onSignedIn: () => void;
  onStartOver: () => void;
}) {
  const verify = useVerifySignIn();
  const { control, handleSubmit, setFocus } = useForm<CodeFields>({
    defaultValues: { code: '' },
    resolver: zodResolver(CodeFields),
  });

  useEffect(() => {
    setFocus('code');
  }, [setFocus]);

  const submit = handleSubmit(({ code }) => {
    verify.mutate({ challengeId: challenge.challengeId, code }, { onSuccess: onSignedIn });
  });

  const mailbox = `/admin-api/demo/mailbox?${new URLSearchParams({ to: email })}`;
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      {challenge.method === 'totp' ? (
        <Typography>
          Enter the 6-digit code your authenticator app shows for this account.
        </Typography>
      ) : (
        <Typography>
          We e-mailed a code to {email}. In demo mode, read it in the{' '}
          <Link href={mailbox} target="_blank" rel="noopener noreferrer">
            demo mailbox
          </Link>
          .
        </Typography>
      )}
      {verify.isError && (
        <Alert severity="error" role="alert">
          {errorMessage(verify.error)}
        </Alert>
      )}
      <FormTextField
        control={control}
        name="code"
        label="Security code"
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 20 } }}
        required
      />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={verify.isPending}>
          Sign in
        </Button>
        <Button onClick={onStartOver}>Start over</Button>
      </Box>
    </Box>
  );
}

/** Staff sign-in: e-mail and password, then the second factor (TOTP, or an e-mailed code). */
export function SignInPage({ onSignedIn }: SignInPageProps) {
  const [step, setStep] = useState<{ challenge: LoginChallenge; email: string } | null>(null);
  return (
    <Box component="main" sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh', p: 2 }}>
      <Paper sx={{ p: 4, width: '100%', maxWidth: 420 }}>
        <Typography variant="h5" component="h1" gutterBottom>
          Sign in to the portal admin
        </Typography>
        {step ? (
          <CodeStep
            challenge={step.challenge}
            email={step.email}
            onSignedIn={onSignedIn}
            onStartOver={() => setStep(null)}
          />
        ) : (
          <PasswordStep onChallenge={(challenge, email) => setStep({ challenge, email })} />
        )}
      </Paper>
    </Box>
  );
}
