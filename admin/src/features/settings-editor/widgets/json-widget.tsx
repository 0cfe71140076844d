import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { textOf } from '../utils/form-context';
import type { SettingWidgetProps } from './basic-widgets';

function parseProblem(text: string): string | undefined {
  if (text.trim() === '') return undefined;
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : 'not valid JSON';
  }
}

/**
 * A JSON value as text. The parser's own message (with its position) shows under the field as
 * you type; the value's JSON-schema problems come from the validator through the field's errors.
 */
export const SettingJsonWidget = memo(function SettingJsonWidget(props: SettingWidgetProps) {
  const { id, value, onChange, onBlur, onFocus, readonly, disabled, rawErrors } = props;
  const text = textOf(value);
  const problem = parseProblem(text);
  const parseId = `${id}__parse`;
  const describedBy = [
    `${id}__description`,
    problem ? parseId : undefined,
    rawErrors && rawErrors.length > 0 ? `${id}__error` : undefined,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Box>
      <TextField
        id={id}
        value={text}
        multiline
        minRows={3}
        maxRows={16}
        fullWidth
        size="small"
        disabled={disabled}
        error={problem !== undefined || (rawErrors?.length ?? 0) > 0}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => onBlur(id, text)}
        onFocus={() => onFocus(id, text)}
        slotProps={{
          htmlInput: { readOnly: readonly, spellCheck: false, 'aria-describedby': describedBy },
        }}
        sx={{ '& textarea': { fontFamily: 'monospace', fontSize: 13 } }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 0.5 }}>
        {problem ? (
          <Typography id={parseId} variant="body2" color="error">
            Not valid JSON: {problem}
          </Typography>
        ) : (
          <Box sx={{ flex: 1 }} />
        )}
        {!readonly && problem === undefined && text.trim() !== '' && (
          <Button
            size="small"
            onClick={() => onChange(JSON.stringify(JSON.parse(text), null, 2))}
            sx={{ ml: 'auto' }}
          >
            Format JSON
          </Button>
        )}
      </Box>
    </Box>
  );
});
