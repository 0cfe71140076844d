import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useStartSignIn, useVerifySignIn, type LoginChallenge } from '../api/sign-in';

interface SignInPageProps {
  /** Called once the second factor is accepted. */
  onSignedIn: () => void;
}

function PasswordStep({
  onChallenge,
}: {
  onChallenge: (challenge: LoginChallenge, email: string) => void;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const start = useStartSignIn();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (email.trim() === '' || password === '') {
      setMissing(true);
      return;
    }
    start.mutate(
      { email: email.trim(), password },
      { onSuccess: (challenge) => onChallenge(challenge, email.trim()) },
    );
  }

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      {start.isError && (
        <Alert severity="error" role="alert">
          {errorMessage(start.error)}
        </Alert>
      )}
      <TextField
        label="E-mail"
        type="email"
        autoComplete="username"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={missing && email.trim() === ''}
        helperText={missing && email.trim() === '' ? 'Enter your e-mail address.' : undefined}
        required
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={missing && password === ''}
        helperText={missing && password === '' ? 'Enter your password.' : undefined}
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
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const verify = useVerifySignIn();
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    input.current?.focus();
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (code.trim() === '') {
      setMissing(true);
      return;
    }
    verify.mutate(
      { challengeId: challenge.challengeId, code: code.trim() },
      { onSuccess: onSignedIn },
    );
  }

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
      <TextField
        inputRef={input}
        label="Security code"
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={missing && code.trim() === ''}
        helperText={missing && code.trim() === '' ? 'Enter the code.' : undefined}
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
