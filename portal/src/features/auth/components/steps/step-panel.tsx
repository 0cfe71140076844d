import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useId, type FormEventHandler, type ReactNode } from 'react';
import { StepFrame } from '../../../../components/step-frame/step-frame';
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
 * The frame of a post-login step: the shared step frame (its heading takes the focus when the
 * step appears) in an outlined panel, with Continue and Cancel.
 */
export function StepPanel(props: StepPanelProps) {
  const { heading, intro, error, busy, onSubmit, onCancel, extraActions, children } = props;
  const settings = useSettings();
  const headingId = useId();

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 3 }}>
      <StepFrame
        heading={heading}
        headingId={headingId}
        focusOnMount
        intro={intro}
        errors={error ? [error] : []}
        busy={busy}
        onSubmit={onSubmit}
        actions={
          <>
            <Button type="submit" variant="contained" disabled={busy}>
              {settings.get('postLoginTexts.continueButtonText')}
            </Button>
            {extraActions}
            <Button variant="outlined" onClick={onCancel} disabled={busy}>
              {settings.get('commonTexts.cancelButtonText')}
            </Button>
          </>
        }
      >
        {children}
      </StepFrame>
    </Paper>
  );
}
