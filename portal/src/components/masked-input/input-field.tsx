import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId } from 'react';

export interface InputFieldProps extends Omit<OutlinedInputProps, 'error' | 'label'> {
  /** The visible label, which is also the accessible name. */
  label: string;
  /** The expected format or another hint; always shown and part of the accessible description. */
  description?: string;
  /** Shown under the field, announced when it appears and linked to the field; marks it invalid. */
  errorMessage?: string;
  /** Ids of further elements that describe the field (a password requirements list). */
  describedBy?: string;
}

/**
 * A labelled outlined field whose description (for example the format of a mask) and error are
 * both linked with aria-describedby. The error is an alert, so it is heard when it appears.
 */
export function InputField({
  label,
  description,
  errorMessage,
  describedBy,
  id,
  fullWidth = true,
  ...inputProps
}: InputFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const descriptionId = `${inputId}-description`;
  const describedByIds = [
    errorMessage ? errorId : undefined,
    description ? descriptionId : undefined,
    describedBy,
  ].filter(Boolean);
  return (
    <FormControl variant="outlined" error={Boolean(errorMessage)} fullWidth={fullWidth}>
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput
        {...inputProps}
        id={inputId}
        label={label}
        aria-describedby={describedByIds.length > 0 ? describedByIds.join(' ') : undefined}
      />
      {errorMessage ? (
        <FormHelperText id={errorId} role="alert">
          {errorMessage}
        </FormHelperText>
      ) : null}
      {description ? (
        <FormHelperText id={descriptionId} error={false}>
          {description}
        </FormHelperText>
      ) : null}
    </FormControl>
  );
}
