import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { ReactNode } from 'react';
import { Controller, type FieldValues } from 'react-hook-form';
import { type ChoiceOption, type ChoiceProps, useHelper } from './form-select-field';

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
