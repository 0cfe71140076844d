import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId } from 'react';

interface TextInputProps extends Omit<OutlinedInputProps, 'error' | 'label'> {
  label: string;
  /** Shown under the field and announced with it; marks the field invalid. */
  errorMessage?: string;
}

/**
 * A labelled outlined text field. MUI's TextField would also bring its select mode (Select, Menu,
 * Popover) into every form chunk; this composes only the input parts.
 */
export function TextInput({
  label,
  errorMessage,
  id,
  fullWidth = true,
  ...inputProps
}: TextInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const helperId = `${inputId}-helper`;
  return (
    <FormControl variant="outlined" error={Boolean(errorMessage)} fullWidth={fullWidth}>
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput
        {...inputProps}
        id={inputId}
        label={label}
        aria-describedby={errorMessage ? helperId : undefined}
      />
      {errorMessage ? <FormHelperText id={helperId}>{errorMessage}</FormHelperText> : null}
    </FormControl>
  );
}
