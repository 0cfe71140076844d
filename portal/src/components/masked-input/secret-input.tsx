import InputAdornment from '@mui/material/InputAdornment';
import { useState, type ChangeEvent } from 'react';
import { InputField, type InputFieldProps } from './input-field';
import { VisibilityToggle } from './visibility-toggle';

export interface SecretInputProps extends Omit<InputFieldProps, 'type' | 'endAdornment'> {
  /** Keeps only digits (the SSN), up to `maxDigits`. */
  digitsOnly?: boolean;
  maxDigits?: number;
}

/** Text shown on the reveal button of a secret field. Not a setting: see the report. */
export const revealLabel = (label: string) => `Show ${label}`;

/**
 * A password-type field (password, SSN, secret answer) with a reveal toggle. With `digitsOnly`
 * every non-digit is dropped as the user types or pastes.
 */
export function SecretInput({
  digitsOnly,
  maxDigits,
  onChange,
  slotProps,
  ...props
}: SecretInputProps) {
  const [revealed, setRevealed] = useState(false);
  function handleChange(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) {
    if (digitsOnly) {
      const digits = event.target.value.replace(/\D/g, '').slice(0, maxDigits);
      if (digits !== event.target.value) event.target.value = digits;
    }
    onChange?.(event);
  }
  return (
    <InputField
      {...props}
      type={revealed ? 'text' : 'password'}
      onChange={handleChange}
      slotProps={{
        ...slotProps,
        input: {
          ...(digitsOnly ? { inputMode: 'numeric', maxLength: maxDigits } : {}),
          autoCapitalize: 'off',
          spellCheck: false,
          ...slotProps?.input,
        },
      }}
      endAdornment={
        <InputAdornment position="end">
          <VisibilityToggle
            label={revealLabel(props.label)}
            revealed={revealed}
            onToggle={() => setRevealed((shown) => !shown)}
            disabled={props.disabled}
          />
        </InputAdornment>
      }
    />
  );
}
