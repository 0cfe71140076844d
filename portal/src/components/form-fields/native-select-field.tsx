import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, type ReactNode } from 'react';

export interface NativeSelectFieldProps {
  /** The visible label, which is also the accessible name. */
  label: string;
  value: string;
  onChange(value: string): void;
  /** The `<option>` elements. */
  children: ReactNode;
  fullWidth?: boolean;
  disabled?: boolean;
}

/**
 * A labelled outlined native select (the platform's own picker, best on phones and with screen
 * readers). Built from the outlined input the sign-in page already loaded rather than MUI's
 * TextField, whose module brings the menu-based select, its popover and modal code along even
 * when `native` is set (about 11 KB the payment page's first download does without).
 */
export function NativeSelectField({
  label,
  value,
  onChange,
  children,
  fullWidth = true,
  disabled,
}: NativeSelectFieldProps) {
  const id = useId();
  return (
    <FormControl variant="outlined" fullWidth={fullWidth} disabled={disabled}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <NativeSelect
        value={value}
        onChange={(event) => onChange(event.target.value)}
        input={<OutlinedInput label={label} />}
        inputProps={{ id }}
      >
        {children}
      </NativeSelect>
    </FormControl>
  );
}
