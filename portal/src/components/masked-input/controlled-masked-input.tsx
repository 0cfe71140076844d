import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { MaskedInput, type MaskedInputProps } from './masked-input';

type ControlledMaskedInputProps<
  T extends FieldValues,
  C = unknown,
  O extends FieldValues = T,
> = Omit<MaskedInputProps, 'name' | 'value' | 'onValueChange' | 'onBlur' | 'inputRef'> & {
  control: Control<T, C, O>;
  name: Path<T>;
  /** Told of each new value after the form took it (a field another one's rule depends on). */
  onValueChanged?(value: string): void;
};

/**
 * A MaskedInput bound to a react-hook-form field (value, change, blur and focus on error). Its
 * message is the field's own (fieldState) unless `errorMessage` is given, which wins: a form that
 * shows its errors by another rule (a section's own subscription) may still pass them in.
 */
export function ControlledMaskedInput<
  T extends FieldValues,
  C = unknown,
  O extends FieldValues = T,
>({ control, name, onValueChanged, errorMessage, ...props }: ControlledMaskedInputProps<T, C, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, onChange, value, ...field }, fieldState }) => (
        <MaskedInput
          {...field}
          value={typeof value === 'string' ? value : ''}
          inputRef={ref}
          onValueChange={(next) => {
            onChange(next);
            onValueChanged?.(next);
          }}
          errorMessage={errorMessage ?? fieldState.error?.message}
          {...props}
        />
      )}
    />
  );
}
