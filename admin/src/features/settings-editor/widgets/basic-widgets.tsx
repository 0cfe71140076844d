import Box from '@mui/material/Box';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { RJSFSchema, WidgetProps } from '@rjsf/utils';
import { memo } from 'react';
import { definitionOf } from '../../../lib/settings/definitions';
import {
  describedByIds,
  settingKeyOf,
  textOf,
  type SettingsFormContext,
  type SettingsFormData,
} from '../utils/form-context';

export type SettingWidgetProps = WidgetProps<SettingsFormData, RJSFSchema, SettingsFormContext>;

function hasErrors(props: SettingWidgetProps): boolean {
  return (props.rawErrors?.length ?? 0) > 0;
}

interface PlainTextFieldProps {
  props: SettingWidgetProps;
  multiline?: boolean;
  monospace?: boolean;
  inputMode?: 'text' | 'url' | 'decimal';
  type?: 'text' | 'number';
  min?: number;
  max?: number;
}

function PlainTextField({
  props,
  multiline = false,
  monospace = false,
  inputMode = 'text',
  type = 'text',
  min,
  max,
}: PlainTextFieldProps) {
  const { id, value, onChange, onBlur, onFocus, readonly, disabled, rawErrors } = props;
  const text = textOf(value);
  return (
    <TextField
      id={id}
      value={text}
      type={type}
      size="small"
      fullWidth
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      maxRows={multiline ? 14 : undefined}
      disabled={disabled}
      error={hasErrors(props)}
      onChange={(event) => onChange(event.target.value)}
      onBlur={() => onBlur(id, text)}
      onFocus={() => onFocus(id, text)}
      slotProps={{
        htmlInput: {
          readOnly: readonly,
          inputMode,
          min,
          max,
          step: type === 'number' ? 'any' : undefined,
          spellCheck: !monospace,
          'aria-describedby': describedByIds(id, rawErrors),
        },
      }}
      sx={monospace ? { '& textarea, & input': { fontFamily: 'monospace' } } : undefined}
    />
  );
}

/** Single-line text. */
export const SettingTextWidget = memo(function SettingTextWidget(props: SettingWidgetProps) {
  return <PlainTextField props={props} />;
});

/** Multi-line text (long defaults). */
export const SettingTextareaWidget = memo(function SettingTextareaWidget(
  props: SettingWidgetProps,
) {
  return <PlainTextField props={props} multiline />;
});

/** An address: http(s), a path starting with /, mailto: or tel: (checked by the schema). */
export const SettingUrlWidget = memo(function SettingUrlWidget(props: SettingWidgetProps) {
  return <PlainTextField props={props} inputMode="url" monospace />;
});

/** A number with the schema's bounds (`x-minimum`, `x-maximum`). */
export const SettingNumberWidget = memo(function SettingNumberWidget(props: SettingWidgetProps) {
  const definition = definitionOf(settingKeyOf(props.options) ?? '');
  return (
    <Box sx={{ maxWidth: 240 }}>
      <PlainTextField
        props={props}
        type="number"
        inputMode="decimal"
        min={definition?.minimum}
        max={definition?.maximum}
      />
    </Box>
  );
});

/** On/off: `true` (any case) is on; everything else is off. */
export const SettingSwitchWidget = memo(function SettingSwitchWidget(props: SettingWidgetProps) {
  const { id, value, onChange, onBlur, onFocus, readonly, disabled, rawErrors } = props;
  const checked = textOf(value).trim().toLowerCase() === 'true';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Switch
        id={id}
        checked={checked}
        disabled={disabled || readonly}
        onChange={(event) => onChange(event.target.checked ? 'true' : 'false')}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
        slotProps={{
          input: {
            role: 'switch',
            'aria-describedby': describedByIds(id, rawErrors),
          },
        }}
      />
      <Typography variant="body2" aria-hidden>
        {checked ? 'On' : 'Off'}
      </Typography>
    </Box>
  );
});

/** One of the schema's `enum` values, as a native select (keyboard and screen reader friendly). */
export const SettingEnumWidget = memo(function SettingEnumWidget(props: SettingWidgetProps) {
  const { id, value, onChange, onBlur, onFocus, readonly, disabled, rawErrors } = props;
  const definition = definitionOf(settingKeyOf(props.options) ?? '');
  const choices = definition?.enum ?? [];
  const text = textOf(value);
  const known = choices.includes(text);
  return (
    <TextField
      id={id}
      select
      value={text}
      size="small"
      disabled={disabled || readonly}
      error={hasErrors(props)}
      onChange={(event) => onChange(event.target.value)}
      onBlur={() => onBlur(id, text)}
      onFocus={() => onFocus(id, text)}
      slotProps={{
        select: { native: true },
        htmlInput: { 'aria-describedby': describedByIds(id, rawErrors) },
      }}
      sx={{ minWidth: 200 }}
    >
      {!known && <option value={text}>{text === '' ? '(empty)' : `${text} (not allowed)`}</option>}
      {choices.map((choice) => (
        <option key={choice} value={choice}>
          {choice}
        </option>
      ))}
    </TextField>
  );
});
