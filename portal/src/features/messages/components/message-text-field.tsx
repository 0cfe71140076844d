import ErrorOutlineOutlinedIcon from '@mui/icons-material/ErrorOutlineOutlined';
import WarningAmberOutlinedIcon from '@mui/icons-material/WarningAmberOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { messageCounterState, type MessageCounterState } from '@portal/domain';
import { visuallyHidden } from '@portal/web-kit';
import { useId, useState } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { InputField } from '../../../components/masked-input/input-field';
import { useSettings } from '../../../lib/settings/settings-context';
import type { MessageFormValues } from '../utils/message-form';

/**
 * The counter under the message (spec 002 sections 5 and 9): 'Characters left', a warning while
 * 51 to 99 are left, an error at 50 or fewer. Read with the field (aria-describedby); a change of
 * state is announced once, not every key.
 */
function CharactersLeft({ id, left }: { id: string; left: number }) {
  const settings = useSettings();
  const state = messageCounterState(left);
  const text = `${settings.get('messagesTexts.charactersLeftText')}: ${Math.max(0, left)}`;
  const [announced, setAnnounced] = useState<{ state: MessageCounterState; text: string }>({
    state: 'normal',
    text: '',
  });
  // Set while rendering (React's "storing information from previous renders"): the live region
  // changes with the state only.
  if (state !== announced.state) setAnnounced({ state, text: state === 'normal' ? '' : text });
  return (
    <>
      <Box
        id={id}
        data-state={state}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          mt: 0.5,
          mx: 1.75,
          color:
            state === 'error'
              ? 'error.main'
              : state === 'warning'
                ? 'text.primary'
                : 'text.secondary',
          fontWeight: state === 'normal' ? undefined : 600,
        }}
      >
        {state === 'warning' ? (
          <WarningAmberOutlinedIcon
            fontSize="small"
            aria-hidden
            sx={(theme) => ({
              color: theme.palette.mode === 'dark' ? 'warning.main' : 'warning.dark',
            })}
          />
        ) : null}
        {state === 'error' ? <ErrorOutlineOutlinedIcon fontSize="small" aria-hidden /> : null}
        <Typography variant="body2" component="span" sx={{ fontWeight: 'inherit' }}>
          {text}
        </Typography>
      </Box>
      <Box component="span" aria-live="polite" sx={visuallyHidden}>
        {announced.text}
      </Box>
    </>
  );
}

/**
 * The message, at most messagesOptions.messageMaxLength characters (300 by default), with its
 * counter. Required for a question, optional for feedback.
 */
export function MessageTextField({
  control,
  maxLength,
  required,
}: {
  control: Control<MessageFormValues>;
  maxLength: number;
  required: boolean;
}) {
  const settings = useSettings();
  const counterId = useId();
  return (
    <Controller
      control={control}
      name="message"
      render={({ field: { ref, value, ...field }, fieldState }) => (
        <Box>
          <InputField
            {...field}
            value={value}
            inputRef={ref}
            label={settings.get('messagesTexts.messageLabel')}
            required={required}
            multiline
            minRows={4}
            inputProps={{ maxLength }}
            describedBy={counterId}
            errorMessage={fieldState.error?.message}
          />
          <CharactersLeft id={counterId} left={maxLength - value.length} />
        </Box>
      )}
    />
  );
}
