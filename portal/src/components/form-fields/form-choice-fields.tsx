import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId, type ReactNode } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

interface ChoiceProps<T extends FieldValues, C = unknown, O extends FieldValues = T> {
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
function useHelper(helperText: string | undefined, error: string | undefined) {
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
}) {
  const { id, describedBy, texts } = useHelper(props.helperText, props.error);
  return (
    <FormControl
      fullWidth
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

function RadioControl(props: {
  label: string;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
  row?: boolean;
  options: readonly ChoiceOption[];
  error?: string;
  field: { value: unknown; onChange(value: string): void; onBlur(): void; name: string };
  onValueChanged?(value: string): void;
}) {
  const { id, describedBy, texts } = useHelper(props.helperText, props.error);
  return (
    <FormControl
      component="fieldset"
      error={props.error !== undefined}
      required={props.required}
      disabled={props.disabled}
    >
      <FormLabel component="legend" id={`${id}-legend`}>
        {props.label}
      </FormLabel>
      <RadioGroup
        row={props.row}
        name={props.field.name}
        value={typeof props.field.value === 'string' ? props.field.value : ''}
        onChange={(event) => {
          props.field.onChange(event.target.value);
          props.onValueChanged?.(event.target.value);
        }}
        onBlur={props.field.onBlur}
        // The legend names the fieldset; the radio group carries the same name for screen readers
        // that announce the group's role rather than the fieldset's.
        aria-labelledby={`${id}-legend`}
        aria-describedby={describedBy}
      >
        {props.options.map((option) => (
          <FormControlLabel
            key={option.value}
            value={option.value}
            control={<Radio />}
            label={option.label}
          />
        ))}
      </RadioGroup>
      {texts}
    </FormControl>
  );
}

/**
 * Radio buttons in a fieldset whose legend is the question, bound to the form; `row` lays them
 * out in a row, `onValueChanged` hears each choice after the form took it (a field that depends
 * on it starts over).
 */
export function FormRadioGroup<T extends FieldValues, C = unknown, O extends FieldValues = T>({
  control,
  name,
  options,
  ...props
}: ChoiceProps<T, C, O> & {
  options: readonly ChoiceOption[];
  row?: boolean;
  onValueChanged?(value: string): void;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref: _ref, ...field }, fieldState }) => (
        <RadioControl
          {...props}
          options={options}
          field={field}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

function CheckboxControl(props: {
  label: ReactNode;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
  error?: string;
  field: { value: unknown; onChange(value: boolean): void; onBlur(): void; name: string };
  inputRef: (element: HTMLInputElement | null) => void;
}) {
  const { describedBy, texts } = useHelper(props.helperText, props.error);
  return (
    <FormControl error={props.error !== undefined} required={props.required}>
      <FormControlLabel
        disabled={props.disabled}
        label={props.label}
        control={
          <Checkbox
            name={props.field.name}
            checked={props.field.value === true}
            onChange={(event) => props.field.onChange(event.target.checked)}
            onBlur={props.field.onBlur}
            slotProps={{
              input: {
                ref: props.inputRef,
                'aria-describedby': describedBy,
                'aria-invalid': props.error !== undefined,
                required: props.required,
              },
            }}
          />
        }
      />
      {texts}
    </FormControl>
  );
}

/** One checkbox (an agreement, an option) bound to a boolean of the form. */
export function FormCheckbox<T extends FieldValues, C = unknown, O extends FieldValues = T>({
  control,
  name,
  ...props
}: Omit<ChoiceProps<T, C, O>, 'label'> & { label: ReactNode }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, ...field }, fieldState }) => (
        <CheckboxControl
          {...props}
          field={field}
          inputRef={ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
