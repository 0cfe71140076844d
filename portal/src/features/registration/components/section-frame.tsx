import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { useSettings } from '../../../lib/settings/settings-context';

interface SectionFrameProps {
  heading: string;
  /** Move the focus to the heading when the section appears (not on a fresh page). */
  focusOnMount: boolean;
  /** The section's fields are valid: Continue looks and is announced as enabled. */
  valid: boolean;
  busy: boolean;
  /** Shown above the fields (server answers of this section). */
  errors?: readonly string[];
  submitText?: string;
  /** Extra buttons next to Continue (Resend Code). */
  extraActions?: ReactNode;
  children: ReactNode;
  onSubmit(): void;
  onGoBack(): void;
  onCancel(): void;
}

/**
 * One registration section (spec 000 section 2.9): its heading, fields and the Go Back, Continue
 * and Cancel buttons. Continue is marked disabled (aria-disabled) while the section is invalid
 * but still answers a click by showing every message and focusing the first invalid field, so a
 * keyboard or screen-reader user learns what is missing.
 */
export function SectionFrame(props: SectionFrameProps) {
  const settings = useSettings();
  const heading = useRef<HTMLHeadingElement>(null);
  const { focusOnMount } = props;
  useEffect(() => {
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!props.busy) props.onSubmit();
  }

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit}>
      <Typography
        ref={heading}
        variant="h5"
        component="h2"
        tabIndex={-1}
        sx={{ '&:focus': { outline: 'none' } }}
      >
        {props.heading}
      </Typography>
      {props.errors && props.errors.length > 0 ? (
        <Alert severity="error">
          {props.errors.map((message) => (
            <div key={message}>{message}</div>
          ))}
        </Alert>
      ) : null}
      {props.children}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={props.onGoBack} disabled={props.busy}>
          {settings.get('registrationTexts.goBackButtonText')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          loading={props.busy}
          aria-disabled={props.valid ? undefined : true}
          sx={props.valid ? undefined : { opacity: 0.6 }}
        >
          {props.submitText ?? settings.get('registrationTexts.continueButtonText')}
        </Button>
        {props.extraActions}
        <Button variant="text" onClick={props.onCancel} disabled={props.busy}>
          {settings.get('registrationTexts.cancelButtonText')}
        </Button>
      </Stack>
    </Stack>
  );
}
