import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, type FormEventHandler, type ReactNode } from 'react';
import { useSettings } from '../../../../lib/settings/settings-context';

interface StepPanelProps {
  heading: string;
  /** Text under the heading. */
  intro?: ReactNode;
  /** The step's failure (the server refused or could not be reached). */
  error?: string;
  /** A call of the step or the maintenance check after it is running. */
  busy: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel(): void;
  /** Buttons beside Continue and Cancel (Resend Code). */
  extraActions?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of a post-login step: its heading, which takes the focus when the step appears (so
 * keyboard and screen reader users start at the new step), the error, the form and its buttons.
 */
export function StepPanel(props: StepPanelProps) {
  const { heading, intro, error, busy, onSubmit, onCancel, extraActions, children } = props;
  const settings = useSettings();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 3 }}>
      <Typography
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        variant="h5"
        component="h2"
        gutterBottom
        sx={{ '&:focus': { outline: 'none' } }}
      >
        {heading}
      </Typography>
      {intro ? <Typography sx={{ mb: 2 }}>{intro}</Typography> : null}
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      ) : null}
      <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} aria-busy={busy}>
        {children}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={busy}>
            {settings.get('postLoginTexts.continueButtonText')}
          </Button>
          {extraActions}
          <Button variant="outlined" onClick={onCancel} disabled={busy}>
            {settings.get('commonTexts.cancelButtonText')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
