import InputAdornment from '@mui/material/InputAdornment';
import { formatUsd, parseUsd } from '@portal/domain';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { z } from 'zod';
import { InputField, type InputFieldProps } from '../masked-input/input-field';

/**
 * The schema of an amount field: what the person typed ("1,234.5", "$20"), checked with the
 * domain's US-currency parser, and handed to the submit handler as integer cents.
 */
export function usdAmount(message: string) {
  return z.string().transform((text, context) => {
    const cents = parseUsd(text);
    if (cents === undefined) {
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return cents;
  });
}

type FormCurrencyFieldProps<T extends FieldValues, C = unknown, O extends FieldValues = T> = {
  control: Control<T, C, O>;
  name: Path<T>;
} & Omit<
  InputFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'inputRef' | 'errorMessage' | 'startAdornment'
>;

/**
 * An amount in dollars. The form keeps the text as typed (validate it with `usdAmount`, which
 * turns it into cents); leaving the field writes a readable amount back with two decimals.
 */
export function FormCurrencyField<T extends FieldValues, C = unknown, O extends FieldValues = T>({
  control,
  name,
  slotProps,
  ...props
}: FormCurrencyFieldProps<T, C, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, onChange, onBlur, ...field }, fieldState }) => (
        <InputField
          {...props}
          {...field}
          value={typeof value === 'string' ? value : ''}
          inputRef={ref}
          onChange={onChange}
          onBlur={() => {
            const cents = typeof value === 'string' ? parseUsd(value) : undefined;
            if (cents !== undefined) onChange(formatGrouped(cents));
            onBlur();
          }}
          startAdornment={<InputAdornment position="start">$</InputAdornment>}
          slotProps={{ ...slotProps, input: { inputMode: 'decimal', ...slotProps?.input } }}
          errorMessage={fieldState.error?.message}
        />
      )}
    />
  );
}

/** 123450 → "1,234.50" (what the field shows after the dollar sign). */
function formatGrouped(cents: number): string {
  return formatUsd(cents).replace('$', '');
}
