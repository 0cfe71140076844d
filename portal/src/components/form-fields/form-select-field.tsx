import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, type ReactNode } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

/*
 * The select fields, apart from the radio groups and checkboxes of form-choice-fields.tsx: a
 * route that shows only a select (a phone's sort control, the uploader's file type) loads no
 * Radio or Checkbox code.
 */

export interface ChoiceProps<T extends FieldValues, C = unknown, O extends FieldValues = T> {
  control: Control<T, C, O>;
  name: Path<T>;
  label: string;
  /** Always shown under the field and part of its accessible description. */
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
}

export interface ChoiceOption {
  value: string;
  label: string;
}

/** The ids and elements of a field's helper text and message (announced when it appears). */
export function useHelper(helperText: string | undefined, error: string | undefined) {
  const id = useId();
  const errorId = `${id}-error`;
  const helperId = `${id}-helper`;
  const describedBy = [error ? errorId : undefined, helperText ? helperId : undefined]
    .filter(Boolean)
    .join(' ');
  const texts: ReactNode = (
    <>
      {error ? (
        <FormHelperText id={errorId} role="alert">
          {error}
        </FormHelperText>
      ) : null}
      {helperText ? (
        <FormHelperText id={helperId} error={false}>
          {helperText}
        </FormHelperText>
      ) : null}
    </>
  );
  return { id, describedBy: describedBy === '' ? undefined : describedBy, texts };
}

function SelectControl(props: {
  label: string;
  helperText?: string;
  required?: boolean;
  requiredMark?: boolean;
  disabled?: boolean;
  options: readonly ChoiceOption[];
  error?: string;
  field: { value: unknown; onChange(value: string): void; onBlur(): void; name: string };
  inputRef: (element: HTMLSelectElement | null) => void;
  size?: 'small' | 'medium';
}) {
  const { id, describedBy, texts } = useHelper(props.helperText, props.error);
  return (
    <FormControl
      fullWidth
      size={props.size}
      error={props.error !== undefined}
      required={props.required}
      disabled={props.disabled}
    >
      <InputLabel htmlFor={id} shrink required={props.requiredMark === false ? false : undefined}>
        {props.label}
      </InputLabel>
      <NativeSelect
        input={<OutlinedInput notched label={props.label} />}
        inputRef={props.inputRef}
        value={typeof props.field.value === 'string' ? props.field.value : ''}
        onChange={(event) => props.field.onChange(event.target.value)}
        onBlur={props.field.onBlur}
        inputProps={{
          id,
          name: props.field.name,
          'aria-describedby': describedBy,
          'aria-invalid': props.error !== undefined,
        }}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
      {texts}
    </FormControl>
  );
}

/**
 * A native select outside a form library (its value held by the caller): the same field as
 * `FormSelectField`, for a list item's own choice (the uploader's file type). A native select
 * rather than MUI's menu select keeps Select, Menu and Popover (some 16 KB) out of the routes
 * that show one, and gives a phone its own picker.
 */
export function NativeSelectField(props: {
  label: string;
  name: string;
  value: string;
  options: readonly ChoiceOption[];
  onChange(value: string): void;
  onBlur?(): void;
  helperText?: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  size?: 'small' | 'medium';
}) {
  const { value, onChange, onBlur, name, ...rest } = props;
  return (
    <SelectControl
      {...rest}
      field={{ value, onChange, onBlur: onBlur ?? (() => undefined), name }}
      inputRef={() => undefined}
    />
  );
}

/**
 * A native select (the phone's own picker) bound to the form. A required select marks its label
 * with an asterisk unless `requiredMark` is false (a form whose text fields show none).
 */
export function FormSelectField<T extends FieldValues, C = unknown, O extends FieldValues = T>({
  control,
  name,
  options,
  ...props
}: ChoiceProps<T, C, O> & { options: readonly ChoiceOption[]; requiredMark?: boolean }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, ...field }, fieldState }) => (
        <SelectControl
          {...props}
          options={options}
          field={field}
          inputRef={ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
