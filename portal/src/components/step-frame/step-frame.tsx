import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FormEventHandler, ReactNode } from 'react';
import { FocusHeading } from './focus-heading';

export interface StepFrameProps {
  heading: ReactNode;
  /** Focus the heading when the step appears (see FocusHeading). */
  focusOnMount: boolean;
  headingId?: string;
  /** Text under the heading. */
  intro?: ReactNode;
  /** The step's failures (the server refused, or could not be reached), one line each. */
  errors?: readonly string[];
  /** A call of the step is running: the form says so to assistive technology. */
  busy?: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The step's buttons (Continue first), in one wrapping row under the fields. */
  actions: ReactNode;
  children: ReactNode;
}

/**
 * One step of a multi-step flow (sign-in's post-login steps, registration's sections, recovery):
 * its focusable heading, intro, errors, fields and buttons. Validation is the form's own
 * (noValidate): the fields announce their messages.
 */
export function StepFrame(props: StepFrameProps) {
  const errors = props.errors?.filter((message) => message !== '') ?? [];
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={props.onSubmit}
      aria-busy={props.busy ? true : undefined}
    >
      <FocusHeading id={props.headingId} focusOnMount={props.focusOnMount}>
        {props.heading}
      </FocusHeading>
      {props.intro ? <Typography component="div">{props.intro}</Typography> : null}
      {errors.length > 0 ? (
        <Alert severity="error">
          {errors.map((message) => (
            <div key={message}>{message}</div>
          ))}
        </Alert>
      ) : null}
      {props.children}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {props.actions}
      </Stack>
    </Stack>
  );
}
