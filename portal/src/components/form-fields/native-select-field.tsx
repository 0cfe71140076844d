import Box from '@mui/material/Box';
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
  /**
   * The chosen option's text, shown wrapped over as many lines as it needs (a phone's 390 px cut
   * a long choice short): a closed native select draws its value on one line whatever the CSS.
   */
  wrappedText?: string;
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
  wrappedText,
}: NativeSelectFieldProps) {
  const id = useId();
  // Written here rather than a menu-based select: the platform's picker stays (phones, screen
  // readers), stretched invisibly over the whole field so a tap anywhere opens it, while the text
  // the eye reads is an ordinary block that wraps. Screen readers read the select itself.
  const wrapped = wrappedText !== undefined;
  return (
    <FormControl variant="outlined" fullWidth={fullWidth} disabled={disabled}>
      <InputLabel htmlFor={id} shrink={wrapped ? true : undefined}>
        {label}
      </InputLabel>
      <NativeSelect
        value={value}
        onChange={(event) => onChange(event.target.value)}
        input={
          <OutlinedInput
            label={label}
            notched={wrapped ? true : undefined}
            startAdornment={
              wrapped ? (
                <Box
                  aria-hidden
                  sx={{
                    flex: 1,
                    minWidth: 0,
                    py: '16.5px',
                    pr: '32px',
                    lineHeight: 1.4375,
                    whiteSpace: 'normal',
                    overflowWrap: 'anywhere',
                  }}
                >
                  {wrappedText || '\u00a0'}
                </Box>
              ) : undefined
            }
            sx={
              wrapped
                ? {
                    '& .MuiNativeSelect-select': {
                      position: 'absolute',
                      inset: 0,
                      width: '100%',
                      height: '100%',
                      boxSizing: 'border-box',
                      opacity: 0,
                      cursor: 'pointer',
                    },
                  }
                : undefined
            }
          />
        }
        inputProps={{ id }}
      >
        {children}
      </NativeSelect>
    </FormControl>
  );
}
