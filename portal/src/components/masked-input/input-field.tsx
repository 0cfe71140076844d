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
  /**
   * A warning about a value still accepted (a payment date after the due date): under the field,
   * linked to it and announced politely; the field stays valid.
   */
  warningMessage?: string;
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
  warningMessage,
  id,
  fullWidth = true,
  inputMode,
  ...inputProps
}: InputFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const descriptionId = `${inputId}-description`;
  const warningId = `${inputId}-warning`;
  // A date input always draws its own 'mm/dd/yyyy': its label must sit above it, never over it
  // (issue 20, item 8: 'First Payment Date' was drawn over the empty recurring date).
  const shrink = inputProps.type === 'date' ? true : undefined;
  const describedByIds = [
    errorMessage ? errorId : undefined,
    warningMessage ? warningId : undefined,
    description ? descriptionId : undefined,
    describedBy,
  ].filter(Boolean);
  return (
    <FormControl variant="outlined" error={Boolean(errorMessage)} fullWidth={fullWidth}>
      <InputLabel htmlFor={inputId} shrink={shrink}>
        {label}
      </InputLabel>
      <OutlinedInput
        notched={shrink}
        {...inputProps}
        // On the <input> itself (as a prop of OutlinedInput it lands on the wrapper, and a phone
        // shows letters for a card number).
        inputProps={inputMode ? { ...inputProps.inputProps, inputMode } : inputProps.inputProps}
        id={inputId}
        label={label}
        aria-describedby={describedByIds.length > 0 ? describedByIds.join(' ') : undefined}
      />
      {errorMessage ? (
        <FormHelperText id={errorId} role="alert">
          {errorMessage}
        </FormHelperText>
      ) : null}
      {/* Only with a warning: an empty status region under every field would be noise. */}
      {warningMessage ? (
        <FormHelperText id={warningId} role="status" error={false} sx={{ color: 'text.primary' }}>
          {warningMessage}
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
