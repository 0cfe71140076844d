import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { useSettings } from '../../../lib/settings/settings-context';
import { solveMessagesCaptcha } from '../api/messages-captcha';
import type { MessageFormValues } from '../utils/message-form';

type Phase = 'idle' | 'verifying' | 'failed';

interface CaptchaBoxProps {
  /** The solved captcha; '' while not solved. */
  value: string;
  onChange(value: string): void;
  inputRef: Ref<HTMLInputElement>;
  name: string;
  error: string | undefined;
}

/**
 * The captcha (spec 002: 'Must Complete Captcha'): ticking "I'm not a robot" has the browser
 * fetch a proof-of-work challenge and solve it (a second or so, spinner of 22); the solution is
 * the field's value. Unticking, or a solution the server refused, starts over.
 */
function CaptchaBox({ value, onChange, inputRef, name, error }: CaptchaBoxProps) {
  const settings = useSettings();
  const [phase, setPhase] = useState<Phase>('idle');
  const working = useRef<AbortController | null>(null);
  const statusId = useId();
  const errorId = useId();
  useEffect(() => () => working.current?.abort(), []);
  const verified = value !== '';
  const status = phase !== 'idle' || verified;

  async function toggle(checked: boolean) {
    working.current?.abort();
    working.current = null;
    if (!checked) {
      setPhase('idle');
      onChange('');
      return;
    }
    const controller = new AbortController();
    working.current = controller;
    setPhase('verifying');
    try {
      const solution = await solveMessagesCaptcha(controller.signal);
      if (controller.signal.aborted) return;
      setPhase(solution ? 'idle' : 'failed');
      onChange(solution ?? '');
    } catch {
      if (!controller.signal.aborted) setPhase('failed');
    }
  }

  return (
    <FormControl error={error !== undefined}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          columnGap: 2,
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          px: 1.5,
          py: 0.5,
        }}
      >
        <FormControlLabel
          label={settings.get('messagesTexts.captchaLabel')}
          control={
            <Checkbox
              name={name}
              checked={verified || phase === 'verifying'}
              onChange={(event) => void toggle(event.target.checked)}
              slotProps={{
                input: {
                  ref: inputRef,
                  // The status only while it says something (an empty one adds nothing).
                  'aria-describedby':
                    [error ? errorId : undefined, status ? statusId : undefined]
                      .filter(Boolean)
                      .join(' ') || undefined,
                  'aria-invalid': error !== undefined,
                  'aria-busy': phase === 'verifying',
                },
              }}
            />
          }
        />
        <Box
          id={statusId}
          role="status"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 24 }}
        >
          {phase === 'verifying' ? (
            <>
              <CircularProgress size={22} aria-hidden />
              <Typography variant="body2">
                {settings.get('messagesTexts.captchaVerifyingText')}
              </Typography>
            </>
          ) : null}
          {phase !== 'verifying' && verified ? (
            <>
              <CheckCircleOutlinedIcon color="success" aria-hidden />
              <Typography variant="body2">
                {settings.get('messagesTexts.captchaVerifiedText')}
              </Typography>
            </>
          ) : null}
          {phase === 'failed' ? (
            <Typography variant="body2" color="error">
              {settings.get('messagesTexts.captchaFailedText')}
            </Typography>
          ) : null}
        </Box>
      </Box>
      {error ? (
        <FormHelperText id={errorId} role="alert">
          {error}
        </FormHelperText>
      ) : null}
    </FormControl>
  );
}

/** The captcha bound to the compose form's `captcha` field. */
export function CaptchaField({ control }: { control: Control<MessageFormValues> }) {
  return (
    <Controller
      control={control}
      name="captcha"
      render={({ field, fieldState }) => (
        <CaptchaBox
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          inputRef={field.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
