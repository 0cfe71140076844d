import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { PasswordField, type PasswordFieldProps } from '../password-requirements/password-field';

type FormNewPasswordFieldProps<T extends FieldValues, C = unknown, O extends FieldValues = T> = {
  control: Control<T, C, O>;
  name: Path<T>;
} & Omit<
  PasswordFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'inputRef' | 'errorMessage'
>;

/**
 * A new password bound to the form: the password with its Show button and, when the institution
 * lists them, the password rules under it as part of its description; the field's message is its
 * own (fieldState).
 */
export function FormNewPasswordField<
  T extends FieldValues,
  C = unknown,
  O extends FieldValues = T,
>({ control, name, ...props }: FormNewPasswordFieldProps<T, C, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, ...field }, fieldState }) => (
        <PasswordField
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
