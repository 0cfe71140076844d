import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { InputField, type InputFieldProps } from '../masked-input/input-field';
import { SecretInput, type SecretInputProps } from '../masked-input/secret-input';

interface Bound<T extends FieldValues, C = unknown, O extends FieldValues = T> {
  control: Control<T, C, O>;
  name: Path<T>;
}

type FormTextFieldProps<T extends FieldValues, C = unknown, O extends FieldValues = T> = Bound<
  T,
  C,
  O
> &
  Omit<InputFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'inputRef' | 'errorMessage'>;

/**
 * A text field bound to a react-hook-form form validated by its zod schema: label, description
 * (helper text) and the field's message, each linked to the input (aria-describedby), the message
 * announced when it appears and the input marked invalid.
 */
export function FormTextField<T extends FieldValues, C = unknown, O extends FieldValues = T>({
  control,
  name,
  ...props
}: FormTextFieldProps<T, C, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, ...field }, fieldState }) => (
        <InputField
          {...props}
          {...field}
          value={typeof value === 'string' || typeof value === 'number' ? value : ''}
          inputRef={ref}
          errorMessage={fieldState.error?.message}
        />
      )}
    />
  );
}

type FormPasswordFieldProps<T extends FieldValues, C = unknown, O extends FieldValues = T> = Bound<
  T,
  C,
  O
> &
  Omit<SecretInputProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'inputRef' | 'errorMessage'>;

/** A password (or other secret) bound to the form, with its Show button (aria-pressed). */
export function FormPasswordField<T extends FieldValues, C = unknown, O extends FieldValues = T>({
  control,
  name,
  ...props
}: FormPasswordFieldProps<T, C, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, ...field }, fieldState }) => (
        <SecretInput
          {...props}
          {...field}
          value={typeof value === 'string' ? value : ''}
          inputRef={ref}
          errorMessage={fieldState.error?.message}
        />
      )}
    />
  );
}

type FormDateFieldProps<T extends FieldValues, C = unknown, O extends FieldValues = T> = Bound<
  T,
  C,
  O
> &
  Omit<FormTextFieldProps<T, C, O>, 'type' | 'control' | 'name'> & {
    /** Earliest and latest calendar dates ('YYYY-MM-DD') the picker offers. */
    min?: string;
    max?: string;
  };

/** A calendar date ('YYYY-MM-DD', the browser's date picker) bound to the form. */
export function FormDateField<T extends FieldValues, C = unknown, O extends FieldValues = T>({
  min,
  max,
  slotProps,
  ...props
}: FormDateFieldProps<T, C, O>) {
  return (
    <FormTextField
      {...props}
      type="date"
      slotProps={{ ...slotProps, input: { ...slotProps?.input, min, max } }}
    />
  );
}
