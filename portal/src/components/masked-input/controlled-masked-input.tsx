import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { MaskedInput, type MaskedInputProps } from './masked-input';

type ControlledMaskedInputProps<Values extends FieldValues> = Omit<
  MaskedInputProps,
  'name' | 'value' | 'onValueChange' | 'onBlur' | 'inputRef'
> & {
  control: Control<Values>;
  name: Path<Values>;
};

/** A MaskedInput bound to a react-hook-form field (value, change, blur and focus on error). */
export function ControlledMaskedInput<Values extends FieldValues>({
  control,
  name,
  ...props
}: ControlledMaskedInputProps<Values>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, onChange, value, ...field } }) => (
        <MaskedInput
          {...field}
          value={typeof value === 'string' ? value : ''}
          inputRef={ref}
          onValueChange={onChange}
          {...props}
        />
      )}
    />
  );
}
