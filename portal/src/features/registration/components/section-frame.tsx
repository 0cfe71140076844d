import Button from '@mui/material/Button';
import type { FormEvent, ReactNode } from 'react';
import { StepFrame } from '../../../components/step-frame/step-frame';
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

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!props.busy) props.onSubmit();
  }

  return (
    <StepFrame
      heading={props.heading}
      focusOnMount={props.focusOnMount}
      errors={props.errors}
      onSubmit={submit}
      actions={
        <>
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
        </>
      }
    >
      {props.children}
    </StepFrame>
  );
}
